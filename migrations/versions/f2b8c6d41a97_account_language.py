"""account language: the language an account's phones read the pages in

``account.language``: a language code the app offers, or NULL (each phone's
browser decides, through Accept-Language).

Revision ID: f2b8c6d41a97
Revises: c4f1a9d27e58
Create Date: 2026-12-05 11:45:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'f2b8c6d41a97'
down_revision = 'c4f1a9d27e58'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('account', schema=None) as batch_op:
        batch_op.add_column(sa.Column('language', sa.String(length=16), nullable=True))


def downgrade():
    with op.batch_alter_table('account', schema=None) as batch_op:
        batch_op.drop_column('language')
