"""game types, and each game's name in the statistics

``game_type``: the games an account defined (a house game such as "Our
Marriage"), each a variant and its whole definition; a game started from
one copies the definition into its own log.

``seat_result.name``: the game's name as its sheet gives it, so the
statistics group a house game under its own name rather than under
"House rules"; the two covering indexes of the statistics pages are made
again with it.  The name is the engine's to give, so the rows there were
(a cache of the logs) go, and ``flask --app scorekeeper stats-refresh
--missing``, which ``make migrate`` and ``make serve`` run after upgrading,
writes them again (a migration never runs the engine of the day).

The downgrade drops both (the account's own game types are lost; their
games keep their definitions in their logs).

Revision ID: ce7dc2d07090
Revises: 9b74e5ab6240
Create Date: 2026-12-01 16:00:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'ce7dc2d07090'
down_revision = '9b74e5ab6240'
branch_labels = None
depends_on = None

#: the covering indexes as 9b74e5ab6240 left them, and as they are made here (with the name after the variant)
_ACCOUNT_PLAYER = ('account_id', 'player_id', 'variant', 'lowest_wins', 'finished', 'won', 'hands', 'hands_won',
                   'score_sum', 'best_hand', 'game_id', 'seat')
_HEAD_TO_HEAD = ('account_id', 'players', 'game_id', 'seat', 'player_id', 'variant', 'finished', 'won')


def _with_name(columns):
    at = columns.index('variant') + 1
    return [*columns[:at], 'name', *columns[at:]]



def upgrade():
    op.create_table('game_type',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('account_id', sa.Integer(), nullable=False),
    sa.Column('variant', sa.String(length=20), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['account.id'], name=op.f('fk_game_type_account_id_account'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_game_type')),
    sa.UniqueConstraint('account_id', 'name', name=op.f('uq_game_type_account_id_name'))
    )
    with op.batch_alter_table('game_type', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_type_account_id'), ['account_id'], unique=False)

    # The statistics rows, a cache of the logs, go: stats-refresh --missing writes them with their names.
    op.execute('DELETE FROM seat_moment')
    op.execute('DELETE FROM seat_result')
    with op.batch_alter_table('seat_result', schema=None) as batch_op:
        batch_op.drop_index('ix_seat_result_account_player')
        batch_op.drop_index('ix_seat_result_head_to_head')
        batch_op.add_column(sa.Column('name', sa.String(length=40), nullable=False, server_default=''))
    # The column as the model has it: no default (the app always gives a name).
    with op.batch_alter_table('seat_result', schema=None) as batch_op:
        batch_op.alter_column('name', existing_type=sa.String(length=40), existing_nullable=False,
                              server_default=None)
        batch_op.create_index('ix_seat_result_account_player', _with_name(_ACCOUNT_PLAYER), unique=False)
        batch_op.create_index('ix_seat_result_head_to_head', _with_name(_HEAD_TO_HEAD), unique=False)


def downgrade():
    with op.batch_alter_table('seat_result', schema=None) as batch_op:
        batch_op.drop_index('ix_seat_result_head_to_head')
        batch_op.drop_index('ix_seat_result_account_player')
        batch_op.drop_column('name')
        batch_op.create_index('ix_seat_result_account_player', list(_ACCOUNT_PLAYER), unique=False)
        batch_op.create_index('ix_seat_result_head_to_head', list(_HEAD_TO_HEAD), unique=False)

    with op.batch_alter_table('game_type', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_type_account_id'))
    op.drop_table('game_type')
