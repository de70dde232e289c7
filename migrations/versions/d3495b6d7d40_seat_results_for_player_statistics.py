"""seat results for player statistics

One row per seat of each game: what the engine's sheet says that seat came
to (games and hands won, score, best hand, the variant's moments), summed by
the statistics pages.  The app rewrites a game's rows with every change; the
games already there get theirs from ``flask --app scorekeeper stats-refresh
--missing``, which ``make migrate`` and ``make serve`` run after upgrading
(a migration never replays a game with the engine of the day: what an old
upgrade does must not change as the rules do).

Revision ID: d3495b6d7d40
Revises: dba2a0b3f09d
Create Date: 2026-11-30 06:00:28.298101

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd3495b6d7d40'
down_revision = 'dba2a0b3f09d'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('seat_result',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('account_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('variant', sa.String(length=20), nullable=False),
    sa.Column('lowest_wins', sa.Boolean(), nullable=False),
    sa.Column('players', sa.Integer(), nullable=False),
    sa.Column('finished', sa.Boolean(), nullable=False),
    sa.Column('won', sa.Boolean(), nullable=False),
    sa.Column('hands', sa.Integer(), nullable=False),
    sa.Column('hands_won', sa.Integer(), nullable=False),
    sa.Column('score_sum', sa.Double(), nullable=False),
    sa.Column('best_hand', sa.Double(), nullable=True),
    sa.Column('gins', sa.Integer(), nullable=False),
    sa.Column('undercuts', sa.Integer(), nullable=False),
    sa.Column('rummies', sa.Integer(), nullable=False),
    sa.Column('rum_hands', sa.Integer(), nullable=False),
    sa.Column('knocks_beaten', sa.Integer(), nullable=False),
    sa.Column('eliminated', sa.Integer(), nullable=False),
    sa.Column('drops', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['account.id'], name=op.f('fk_seat_result_account_id_account'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_seat_result_game_id_game'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], name=op.f('fk_seat_result_player_id_player'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', 'seat', name=op.f('pk_seat_result'))
    )
    with op.batch_alter_table('seat_result', schema=None) as batch_op:
        batch_op.create_index('ix_seat_result_account_player', [
            'account_id', 'player_id', 'variant', 'lowest_wins', 'finished', 'won', 'hands', 'hands_won',
            'score_sum', 'best_hand', 'gins', 'undercuts', 'rummies', 'rum_hands', 'knocks_beaten', 'eliminated',
            'drops'], unique=False)
        batch_op.create_index('ix_seat_result_head_to_head', [
            'account_id', 'players', 'game_id', 'seat', 'player_id', 'variant', 'finished', 'won'], unique=False)


def downgrade():
    with op.batch_alter_table('seat_result', schema=None) as batch_op:
        batch_op.drop_index('ix_seat_result_head_to_head')
        batch_op.drop_index('ix_seat_result_account_player')

    op.drop_table('seat_result')
