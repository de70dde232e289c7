"""device of a failed sign-in: each known phone's failures counted apart

``sign_in_attempt.device``: the device id of the phone's device cookie for
the account tried, or "" for every client without one (OWASP's device
cookies), so a stranger's failures never lock out the owner's known phones.

Revision ID: c4f1a9d27e58
Revises: 8b2d0f5c3e71
Create Date: 2026-12-04 16:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c4f1a9d27e58'
down_revision = '8b2d0f5c3e71'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('sign_in_attempt', schema=None) as batch_op:
        batch_op.add_column(sa.Column('device', sa.String(length=32), server_default='', nullable=False))


def downgrade():
    with op.batch_alter_table('sign_in_attempt', schema=None) as batch_op:
        batch_op.drop_column('device')
