"""game uid for export and import

Every game gets a stable identity that travels in its export, so importing
the same game or backup twice adds it once.  Existing games are given a new
uid each: the column is added nullable, filled, then made non-nullable.

Revision ID: e1345bc4cc2b
Revises: e5d8a2a3638c
Create Date: 2026-11-30 04:07:33.557933

"""
import uuid

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e1345bc4cc2b'
down_revision = 'e5d8a2a3638c'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('uid', sa.String(length=36), nullable=True))

    connection = op.get_bind()
    game = sa.table('game', sa.column('id', sa.Integer()), sa.column('uid', sa.String(36)))
    for (game_id,) in connection.execute(sa.select(game.c.id).where(game.c.uid.is_(None))).all():
        connection.execute(game.update().where(game.c.id == game_id).values(uid=str(uuid.uuid4())))

    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.alter_column('uid', existing_type=sa.String(length=36), nullable=False)
        batch_op.create_unique_constraint(batch_op.f('uq_game_account_id_uid'), ['account_id', 'uid'])


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_game_account_id_uid'), type_='unique')
        batch_op.drop_column('uid')
