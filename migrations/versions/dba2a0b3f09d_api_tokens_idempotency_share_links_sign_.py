"""api tokens, idempotency, share links, sign-in attempts

The tables the JSON API (personal tokens, Idempotency-Key answers), the
live share view (read-only links) and sign-in throttling (failed attempts,
shared by every worker through the database) keep.

Revision ID: dba2a0b3f09d
Revises: e1345bc4cc2b
Create Date: 2026-11-30 05:57:42.830086

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'dba2a0b3f09d'
down_revision = 'e1345bc4cc2b'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('sign_in_attempt',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=False),
    sa.Column('address', sa.String(length=64), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_sign_in_attempt'))
    )
    with op.batch_alter_table('sign_in_attempt', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sign_in_attempt_address'), ['address'], unique=False)
        batch_op.create_index(batch_op.f('ix_sign_in_attempt_at'), ['at'], unique=False)
        batch_op.create_index(batch_op.f('ix_sign_in_attempt_email'), ['email'], unique=False)

    op.create_table('api_token',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('account_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('prefix', sa.String(length=16), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('last_used_at', sa.DateTime(), nullable=True),
    sa.Column('revoked_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['account_id'], ['account.id'], name=op.f('fk_api_token_account_id_account'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_api_token')),
    sa.UniqueConstraint('token_hash', name=op.f('uq_api_token_token_hash'))
    )
    with op.batch_alter_table('api_token', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_api_token_account_id'), ['account_id'], unique=False)

    op.create_table('idempotency_record',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('account_id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(length=255), nullable=False),
    sa.Column('fingerprint', sa.String(length=64), nullable=False),
    sa.Column('status_code', sa.Integer(), nullable=False),
    sa.Column('response', sa.JSON(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['account.id'], name=op.f('fk_idempotency_record_account_id_account'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_idempotency_record')),
    sa.UniqueConstraint('account_id', 'key', name=op.f('uq_idempotency_record_account_id_key'))
    )
    with op.batch_alter_table('idempotency_record', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_idempotency_record_account_id'), ['account_id'], unique=False)

    op.create_table('share_link',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('token', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('revoked_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_share_link_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_share_link')),
    sa.UniqueConstraint('token', name=op.f('uq_share_link_token'))
    )
    with op.batch_alter_table('share_link', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_share_link_game_id'), ['game_id'], unique=False)



def downgrade():
    with op.batch_alter_table('share_link', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_share_link_game_id'))

    op.drop_table('share_link')
    with op.batch_alter_table('idempotency_record', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_idempotency_record_account_id'))

    op.drop_table('idempotency_record')
    with op.batch_alter_table('api_token', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_api_token_account_id'))

    op.drop_table('api_token')
    with op.batch_alter_table('sign_in_attempt', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sign_in_attempt_email'))
        batch_op.drop_index(batch_op.f('ix_sign_in_attempt_at'))
        batch_op.drop_index(batch_op.f('ix_sign_in_attempt_address'))

    op.drop_table('sign_in_attempt')
