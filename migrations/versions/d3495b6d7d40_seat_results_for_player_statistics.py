"""seat results for player statistics

One row per seat of each game: what the engine's sheet says that seat came
to (games and hands won, score, best hand, the variant's moments), summed by
the statistics pages.  The app rewrites a game's rows with every change; here
every existing game's log is replayed by the engine once to fill them, so an
upgraded database shows its statistics at once.  A game whose log the engine
refuses gets no rows (its page says what is wrong with it).

Revision ID: d3495b6d7d40
Revises: dba2a0b3f09d
Create Date: 2026-11-30 06:00:28.298101

"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.engine import InvalidEntry, replay
from scorekeeper.models import entry_with_names
from scorekeeper.stats import tally


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

    _fill_from_the_logs(op.get_bind())


#: the tables as this revision knows them (not the models: those move on)
_game = sa.table(
    'game', sa.column('id', sa.Integer()), sa.column('account_id', sa.Integer()),
    sa.column('variant', sa.String(20)), sa.column('options', sa.JSON()),
    sa.column('first_seat', sa.Integer()), sa.column('ended', sa.Boolean()),
)
_seat = sa.table('seat', sa.column('game_id', sa.Integer()), sa.column('seat', sa.Integer()),
                 sa.column('player_id', sa.Integer()))
_player = sa.table('player', sa.column('id', sa.Integer()), sa.column('name', sa.String(40)))
_hand = sa.table('hand_entry', sa.column('game_id', sa.Integer()), sa.column('number', sa.Integer()),
                 sa.column('entry', sa.JSON()))
#: the tallied columns as this revision made them (a later tally may give more, or fewer)
_TALLIED = ('lowest_wins', 'players', 'finished', 'won', 'hands', 'hands_won', 'score_sum', 'best_hand',
            'gins', 'undercuts', 'rummies', 'rum_hands', 'knocks_beaten', 'eliminated', 'drops')
_result = sa.table('seat_result', *(sa.column(name) for name in (
    'game_id', 'seat', 'account_id', 'player_id', 'variant', *_TALLIED)))

_BATCH = 500


def _fill_from_the_logs(connection):
    """Replay every game's log and write its seats' rows, a batch of games at a time."""
    ids = [row.id for row in connection.execute(sa.select(_game.c.id).order_by(_game.c.id))]
    for start in range(0, len(ids), _BATCH):
        batch = ids[start:start + _BATCH]
        seats = {}
        for row in connection.execute(
            sa.select(_seat.c.game_id, _seat.c.seat, _seat.c.player_id, _player.c.name)
            .join(_player, _player.c.id == _seat.c.player_id)
            .where(_seat.c.game_id.in_(batch)).order_by(_seat.c.game_id, _seat.c.seat)
        ):
            seats.setdefault(row.game_id, []).append(row)
        hands = {}
        for row in connection.execute(
            sa.select(_hand.c.game_id, _hand.c.entry).where(_hand.c.game_id.in_(batch))
            .order_by(_hand.c.game_id, _hand.c.number)
        ):
            hands.setdefault(row.game_id, []).append(row.entry)
        rows = []
        for game in connection.execute(sa.select(_game).where(_game.c.id.in_(batch))):
            seated = seats.get(game.id, [])
            names = [seat.name for seat in seated]
            if not names or not 0 <= game.first_seat < len(names):
                continue
            log = {
                'variant': game.variant, 'players': names, 'options': dict(game.options or {}),
                'first_dealer': names[game.first_seat],
                'hands': [entry_with_names(entry, names) for entry in hands.get(game.id, [])],
                'ended': bool(game.ended),
            }
            try:
                results = tally(replay(log))
            except (InvalidEntry, ValueError, TypeError, IndexError, KeyError):
                continue  # the game's page says what is wrong; it counts for nothing here
            for seat, result in zip(seated, results):
                # The tally gives the moments apart (since they are rows of
                # their own, 9b74e5ab6240); here each has its column.
                counts = {**result, **result.get('moments', {})}
                rows.append({'game_id': game.id, 'seat': seat.seat, 'account_id': game.account_id,
                             'player_id': seat.player_id, 'variant': game.variant,
                             **{name: counts.get(name, 0) for name in _TALLIED}})
        if rows:
            connection.execute(_result.insert(), rows)


def downgrade():
    with op.batch_alter_table('seat_result', schema=None) as batch_op:
        batch_op.drop_index('ix_seat_result_head_to_head')
        batch_op.drop_index('ix_seat_result_account_player')

    op.drop_table('seat_result')
