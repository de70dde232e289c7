"""sides: a game's partnerships, and each seat's side in the statistics

``game.side_size``: how many players a side has where the table plays in
sides (Canasta's partnerships).  Partners sit opposite, so the seats and that
number are the whole of the log's ``sides`` header; null for every game
without one, which is every game stored before this revision.

``seat_result.side`` and ``seat_result.sides``: the seat's side (its column
on the sheet) and how many sides the game had, for head to head between the
players of a game of two sides who sat on different ones.  Every game stored
before this revision is played by each for themselves: its seat is its side
and its players are its sides, filled here in one UPDATE (no game is
replayed).  The head-to-head covering index is made again with them.

The downgrade drops the three columns: a game played in sides then has no
header, and the engine refuses its log until it is upgraded again.

Revision ID: 5c3e7f1a2b90
Revises: ce7dc2d07090
Create Date: 2026-12-01 16:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '5c3e7f1a2b90'
down_revision = 'ce7dc2d07090'
branch_labels = None
depends_on = None

#: the head-to-head covering index as ce7dc2d07090 left it (with each game's name), and as it is made here
_HEAD_TO_HEAD = ('account_id', 'players', 'game_id', 'seat', 'player_id', 'variant', 'name', 'finished', 'won')
_BY_SIDES = ('account_id', 'sides', 'side', 'game_id', 'seat', 'player_id', 'variant', 'name', 'finished', 'won')


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('side_size', sa.Integer(), nullable=True))

    with op.batch_alter_table('seat_result', schema=None) as batch_op:
        batch_op.drop_index('ix_seat_result_head_to_head')
        batch_op.add_column(sa.Column('side', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('sides', sa.Integer(), nullable=False, server_default='0'))
    op.execute('UPDATE seat_result SET side = seat, sides = players')
    # The columns as the model has them: no default (the app always gives a value).
    with op.batch_alter_table('seat_result', schema=None) as batch_op:
        for column in ('side', 'sides'):
            batch_op.alter_column(column, existing_type=sa.Integer(), existing_nullable=False, server_default=None)
        batch_op.create_index('ix_seat_result_head_to_head', list(_BY_SIDES), unique=False)


def downgrade():
    with op.batch_alter_table('seat_result', schema=None) as batch_op:
        batch_op.drop_index('ix_seat_result_head_to_head')
        batch_op.drop_column('sides')
        batch_op.drop_column('side')
        batch_op.create_index('ix_seat_result_head_to_head', list(_HEAD_TO_HEAD), unique=False)

    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('side_size')
