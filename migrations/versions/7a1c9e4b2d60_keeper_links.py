"""keeper links: anyone at the table may record one game's hands

``keeper_link``: a game's link that lets a phone without an account record,
correct and undo that game's hands until the owner turns it off.  Only the
SHA-256 of its token is stored, with the nonce the app derives the token
from under its secret key.

``hand_entry.via`` and ``change.via``: "keeper" where a hand was recorded,
or a correction made, through a keeper link; null for the owner's (every row
stored before this revision).  The change log names them.

Revision ID: 7a1c9e4b2d60
Revises: 5c3e7f1a2b90
Create Date: 2026-12-01 18:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '7a1c9e4b2d60'
down_revision = '5c3e7f1a2b90'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'keeper_link',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('nonce', sa.String(length=64), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('revoked_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('token_hash'),
    )
    with op.batch_alter_table('keeper_link', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_keeper_link_game_id'), ['game_id'], unique=False)
    for table in ('hand_entry', 'change'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('via', sa.String(length=10), nullable=True))


def downgrade():
    for table in ('change', 'hand_entry'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('via')
    with op.batch_alter_table('keeper_link', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_keeper_link_game_id'))
    op.drop_table('keeper_link')
