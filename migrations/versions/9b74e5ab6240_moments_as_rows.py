"""moments as rows

A seat's moments (gins, undercuts, drops, ...) were one column each of
``seat_result``: a game declaring a new moment broke its INSERT until a
migration added the column.  Now they are rows of ``seat_moment`` (the game,
the seat, the moment's key, how many times; only moments that happened), so a
new moment is a new key and no schema change.  The counts move over in SQL,
as they are (no game is replayed); the columns go, and the covering index of
the player pages is made again without them and with the seat's key, which
the moments' join reads.

The downgrade puts the seven columns back and fills them from the rows; a
moment that is none of them has no column to go to and is dropped (an older
app does not count it anyway).

Revision ID: 9b74e5ab6240
Revises: 9a4dca65ab22
Create Date: 2026-12-01 12:38:02.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '9b74e5ab6240'
down_revision = '9a4dca65ab22'
branch_labels = None
depends_on = None

#: the moment columns of seat_result, as revision d3495b6d7d40 made them: each one's key is its name
_COLUMNS = ('gins', 'undercuts', 'rummies', 'rum_hands', 'knocks_beaten', 'eliminated', 'drops')
_SUMMED = ('account_id', 'player_id', 'variant', 'lowest_wins', 'finished', 'won', 'hands', 'hands_won',
           'score_sum', 'best_hand')


def upgrade():
    op.create_table('seat_moment',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('moment', sa.String(length=32), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.CheckConstraint('count > 0', name=op.f('ck_seat_moment_count_positive')),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_seat_moment_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', 'seat', 'moment', name=op.f('pk_seat_moment')),
    sqlite_with_rowid=False,
    )
    # One statement on both databases: a SELECT per column, only the counts above 0.
    op.execute(
        'INSERT INTO seat_moment (game_id, seat, moment, count) '
        + ' UNION ALL '.join(
            f"SELECT game_id, seat, '{column}', {column} FROM seat_result WHERE {column} > 0"
            for column in _COLUMNS
        )
    )
    with op.batch_alter_table('seat_result', schema=None) as batch_op:
        batch_op.drop_index('ix_seat_result_account_player')
        for column in _COLUMNS:
            batch_op.drop_column(column)
        batch_op.create_index('ix_seat_result_account_player', [*_SUMMED, 'game_id', 'seat'], unique=False)


def downgrade():
    with op.batch_alter_table('seat_result', schema=None) as batch_op:
        batch_op.drop_index('ix_seat_result_account_player')
        for column in _COLUMNS:
            batch_op.add_column(sa.Column(column, sa.Integer(), nullable=False, server_default='0'))
    op.execute(
        'UPDATE seat_result SET '
        + ', '.join(
            f"{column} = COALESCE((SELECT m.count FROM seat_moment m WHERE m.game_id = seat_result.game_id "
            f"AND m.seat = seat_result.seat AND m.moment = '{column}'), 0)"
            for column in _COLUMNS
        )
    )
    # The columns as d3495b6d7d40 made them: no default (the app always gives a value).
    with op.batch_alter_table('seat_result', schema=None) as batch_op:
        for column in _COLUMNS:
            batch_op.alter_column(column, existing_type=sa.Integer(), existing_nullable=False, server_default=None)
        batch_op.create_index('ix_seat_result_account_player', [*_SUMMED, *_COLUMNS], unique=False)

    op.drop_table('seat_moment')
