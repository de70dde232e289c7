"""hand drafts: each seat's input typed on its own phone before the hand is saved

``hand_draft``: one row per game, hand number and seat, the last typed
winning; the hand's rows are deleted when it is saved.  Nothing here is part
of a game's log.

Revision ID: 8b2d0f5c3e71
Revises: 7a1c9e4b2d60
Create Date: 2026-12-01 18:10:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '8b2d0f5c3e71'
down_revision = '7a1c9e4b2d60'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'hand_draft',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('fields', sa.JSON(), nullable=False),
        sa.Column('by', sa.String(length=80), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('game_id', 'number', 'seat'),
    )
    with op.batch_alter_table('hand_draft', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_hand_draft_game_id'), ['game_id'], unique=False)


def downgrade():
    with op.batch_alter_table('hand_draft', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_hand_draft_game_id'))
    op.drop_table('hand_draft')
