"""sign-ins, so signing out signs out

One row per signed-in phone or browser, keyed by the SHA-256 of a secret
its session and remember-me cookies carry: signing out deletes the row, so
a copy of those cookies is refused from then on.  Cookies from before this
migration carry no secret and are refused: everyone signs in once again.

Revision ID: 9a4dca65ab22
Revises: d3495b6d7d40
Create Date: 2026-12-01 09:11:31.522250

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '9a4dca65ab22'
down_revision = 'd3495b6d7d40'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('sign_in',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('account_id', sa.Integer(), nullable=False),
    sa.Column('key_hash', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['account.id'], name=op.f('fk_sign_in_account_id_account'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_sign_in')),
    sa.UniqueConstraint('key_hash', name=op.f('uq_sign_in_key_hash'))
    )
    with op.batch_alter_table('sign_in', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sign_in_account_id'), ['account_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_sign_in_created_at'), ['created_at'], unique=False)


def downgrade():
    with op.batch_alter_table('sign_in', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sign_in_created_at'))
        batch_op.drop_index(batch_op.f('ix_sign_in_account_id'))

    op.drop_table('sign_in')
