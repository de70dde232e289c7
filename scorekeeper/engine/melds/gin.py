"""Fast path: a whole Gin hand scored and written straight off the tables.

Both hands as the sheet shows them (:func:`gin_shown`), each suit a lookup
in the rules' tables of what it shows; None where the search's order
decides (several best arrangements), and those hands go the long way
(:mod:`.tables`, :mod:`.search`).
"""

from __future__ import annotations

from typing import Literal

from .bits import (
    _ACES,
    _DEFENCE_KEPT,
    _IN_RUNS,
    _MELD_TEXT,
    _MELD_WORDS,
    _SUIT_BITS,
    _WORDS,
    _fold,
    _group_choices,
    _listing_order,
    _mask_value,
    _runs_held,
    _search_order,
    _suit_covers_of,
    mask_text,
    suits,
)
from .rules import MeldRules
from .search import defender_count, shown_arrangement
from .tables import _defence_in_suit
from .types import SEVERAL, DefenceShown, GinShown, KnockerShown, SuitShown


def _suit_shown(kept: list[SuitShown | Literal[False] | None], suit: int, ranks: int,
                rules: MeldRules) -> SuitShown | Literal[False]:
    """What :func:`knocker_shown` shows of one suit once the groups are chosen, or
    :data:`SEVERAL` where several sets of runs are best; kept in ``kept`` (the rules'
    table for the suit) for the next ask."""
    table = rules.run_deadwood
    words = _WORDS[suit]
    found: SuitShown | Literal[False]
    if not _IN_RUNS[ranks]:
        found = SuitShown(table[ranks], 0, (), words[ranks], (), 0)
    else:
        covers = rules.suit_covers
        ways = covers.get(ranks)
        if ways is None:
            ways = _suit_covers_of(ranks, covers, table, rules.suit_values)
        if len(ways) != 1:
            found = SEVERAL
        else:
            held = 0
            for run in ways[0]:
                held |= run
            runs = tuple(sorted(run << 13 * suit for run in ways[0]))
            found = SuitShown(table[ranks], held, runs, words[ranks ^ held], tuple(map(_MELD_WORDS.__getitem__, runs)),
                     held << 13)
    kept[ranks] = found
    return found


def _defence_shown(kept: dict[int, DefenceShown | Literal[False]], suit: int, key: int,
                   rules: MeldRules) -> DefenceShown | Literal[False]:
    """What :func:`gin_shown` shows of the defender's suit for a pair of the defender's ranks
    there and the knocker's run cards there (``key``), or :data:`SEVERAL` where the suit's
    best sets of runs show it differently (the search's order decides); kept in ``kept``
    (the rules' table for the suit) while it holds fewer than :data:`_DEFENCE_KEPT`."""
    ranks = key & _SUIT_BITS
    knocker_runs = key >> 13
    words = _WORDS[suit]
    joined = ranks | knocker_runs
    table = rules.run_deadwood
    found: DefenceShown | Literal[False]
    if not ranks or not _IN_RUNS[joined]:
        found = DefenceShown((), 0, words[ranks], table[joined], (), "")
    else:
        covers = rules.suit_covers
        ways = covers.get(joined)
        if ways is None:
            ways = _suit_covers_of(joined, covers, table, rules.suit_values)
        shown = {(frozenset(ways[0]), 0)} if len(ways) == 1 and not knocker_runs else {
            _defence_in_suit(way, ranks, knocker_runs) for way in ways}
        if len(shown) != 1:
            found = SEVERAL
        else:
            own, laid = shown.pop()
            held = laid
            for run in own:
                held |= run
            runs = tuple(sorted(run << 13 * suit for run in own))
            found = DefenceShown(runs, laid, words[ranks ^ held], table[joined], tuple(map(_MELD_WORDS.__getitem__, runs)),
                     words[laid])
    if len(kept) < _DEFENCE_KEPT:
        kept[key] = found
    return found


def knocker_shown(knocker: int, rules: MeldRules) -> tuple[int, list[str], str] | None:
    """A knocker's lowest deadwood, melds and unmatched cards as the sheet writes them,
    straight off the tables (what :func:`knocker_covers` and :func:`shown_arrangement`
    give); None where several arrangements reach the count, or runs go around the corner."""
    shown = _knocker_shown(knocker, rules)
    return None if shown is None else shown[:3]


def _knocker_shown(knocker: int, rules: MeldRules) -> KnockerShown | None:
    """:func:`knocker_shown`, with the knocker's melds as masks."""
    table = rules.run_deadwood
    if rules.around_corner or not table:
        return None
    a, b, c, d = suits(knocker)
    groups = (a & b & (c | d)) | (c & d & (a | b))
    k_groups: list[int] = []
    if groups:
        chosen = _knocker_groups(knocker, a, b, c, d, groups, table)
        if chosen is None:
            return None  # several best arrangements: the search's order decides
        a, b, c, d, k_groups, _ = chosen
    # The knocker's runs, suit by suit, and what is left unmatched: a lookup a suit.
    sa, sb, sc, sd = rules.suits_shown
    wa, wb, wc, wd = sa[a], sb[b], sc[c], sd[d]
    if wa is None:
        wa = _suit_shown(sa, 0, a, rules)
    if wb is None:
        wb = _suit_shown(sb, 1, b, rules)
    if wc is None:
        wc = _suit_shown(sc, 2, c, rules)
    if wd is None:
        wd = _suit_shown(sd, 3, d, rules)
    if not (wa and wb and wc and wd):
        return None  # several best sets of runs in a suit
    melds = [*k_groups, *wa.runs, *wb.runs, *wc.runs, *wd.runs]
    # Each suit's runs come lowest first, and the suits in the order of their bits: in order
    # already, but for the groups, which hold cards of several suits.
    k_melds = [*wa.run_texts, *wb.run_texts, *wc.run_texts, *wd.run_texts] if not k_groups else list(map(_MELD_TEXT, sorted(melds)))
    return KnockerShown(wa.deadwood + wb.deadwood + wc.deadwood + wd.deadwood, k_melds, f"{wa.left}{wb.left}{wc.left}{wd.left}"[:-1],
                        melds)


def _knocker_groups(knocker: int, a: int, b: int, c: int, d: int, groups: int,
                    table: tuple[int, ...]) -> tuple[int, int, int, int, list[int], int] | None:
    """The knocker's groups chosen among the ranks held three or four times (``groups``):
    what is left of each suit (``a``..``d``, 13 bits each), the groups (masks) and their
    ranks (a group of three's fourth, the defender's, lays off); None where several choices
    reach the lowest deadwood (the search's order decides).

    A rank none of whose cards a run could hold is melded whole (left, its
    cards would only count); a single other rank held three times is melded
    or left by comparing the two table sums; any others are listed
    (:func:`_group_choices`).
    """
    in_runs = _IN_RUNS
    choose = groups & (in_runs[a] | in_runs[b] | in_runs[c] | in_runs[d])
    forced = groups ^ choose  # no run could hold a card of these: melded whole
    melds: list[int] = []
    if forced:
        keep = ~forced
        a &= keep
        b &= keep
        c &= keep
        d &= keep
        ranks = forced
        while ranks:
            rank = ranks & -ranks
            ranks ^= rank
            melds.append(knocker & rank * _ACES)
    if not choose:
        return a, b, c, d, melds, forced
    if not choose & (choose - 1) and not a & b & c & d & choose:
        # One rank three times to choose (most hands that choose): melded or left, as
        # :func:`_group_choices` would list the two, without listing them.
        keep = ~choose
        apart = table[a] + table[b] + table[c] + table[d]
        w, x, y, z = a & keep, b & keep, c & keep, d & keep
        grouped = table[w] + table[x] + table[y] + table[z]
        if grouped == apart:
            return None
        if grouped < apart:
            melds.append(knocker & choose * _ACES)
            return w, x, y, z, melds, forced | choose
        return a, b, c, d, melds, forced
    choices = _group_choices(a, b, c, d, choose)
    totals = [table[w] + table[x] + table[y] + table[z] for w, x, y, z, _ in choices]
    lowest = min(totals)
    if totals.count(lowest) != 1:
        return None
    a, b, c, d, chosen = choices[totals.index(lowest)]
    threes = forced
    for group in chosen:
        threes |= _fold(group)
    return a, b, c, d, melds + chosen, threes


def gin_shown(knocker: int, defender: int, rules: MeldRules, *, lay_off_on_gin: bool = False) -> GinShown | None:
    """A Gin hand with both hands as cards, scored and written straight off the tables.

    The knocker's lowest deadwood and its arrangement, the defender's lowest
    count with own melds and lay-offs chosen together, and both as a sheet
    shows them: what :func:`knocker_covers`, :func:`defence` and
    :func:`shown_arrangement` give, without a cover, a candidate meld or a
    whole-hand mask made along the way (each suit's 13 bits are worked on
    as small ints, and each suit of both hands is a lookup).  None where the
    knocker has several best arrangements or the defender's best is not the
    only one (the search's order then decides: those hands go the long way),
    and for rules that wrap runs around the corner.  A gin hand (count 0)
    takes no lay-offs unless ``lay_off_on_gin``.
    """
    table = rules.run_deadwood
    if rules.around_corner or not table:
        return None
    # suits() written out, here and for the defender: every Gin hand replayed comes here
    a, b, c, d = knocker & _SUIT_BITS, knocker >> 13 & _SUIT_BITS, knocker >> 26 & _SUIT_BITS, knocker >> 39
    groups = (a & b & (c | d)) | (c & d & (a | b))
    k_groups: list[int] = []
    threes = 0  # ranks of the knocker's groups: the defender may lay off a group of three's fourth
    if groups:
        chosen = _knocker_groups(knocker, a, b, c, d, groups, table)
        if chosen is None:  # several best group choices: the one leaving the defender the most
            chosen = _knocker_leaving_most(knocker, defender, a, b, c, d, groups, rules, lay_off_on_gin)
            if chosen is None:
                return None  # several best arrangements of a suit too: the search's order decides
        a, b, c, d, k_groups, threes = chosen
    # The knocker's runs, suit by suit, and what is left unmatched: a lookup a suit
    # (what _suits_of gives, in place: this is every hand's).
    sa, sb, sc, sd = rules.suits_shown
    wa, wb, wc, wd = sa[a], sb[b], sc[c], sd[d]
    if wa is None:
        wa = _suit_shown(sa, 0, a, rules)
    if wb is None:
        wb = _suit_shown(sb, 1, b, rules)
    if wc is None:
        wc = _suit_shown(sc, 2, c, rules)
    if wd is None:
        wd = _suit_shown(sd, 3, d, rules)
    if not (wa and wb and wc and wd):
        return None  # several best sets of runs in a suit
    k_count = wa.deadwood + wb.deadwood + wc.deadwood + wd.deadwood
    k_melds = [*wa.run_texts, *wb.run_texts, *wc.run_texts, *wd.run_texts] if not k_groups else list(map(
        _MELD_TEXT, sorted([*k_groups, *wa.runs, *wb.runs, *wc.runs, *wd.runs])))
    k_text = f"{wa.left}{wb.left}{wc.left}{wd.left}"[:-1]
    no_lay_offs = k_count == 0 and not lay_off_on_gin
    e, f, g, h = defender & _SUIT_BITS, defender >> 13 & _SUIT_BITS, defender >> 26 & _SUIT_BITS, defender >> 39
    d_groups = (e & f & (g | h)) | (g & h & (e | f))
    # The knocker's run cards in each suit, as the upper half of the defender's key there.
    ka, kb, kc, kd = (0, 0, 0, 0) if no_lay_offs else (wa.held_above, wb.held_above, wc.held_above, wd.held_above)
    # A knocker's group of three's fourth card, where the defender holds it, lays off alone
    # (the whole hand's mask: a few of these hands have any).
    fourths = defender & threes * _ACES & ~knocker if threes and not no_lay_offs else 0
    own: list[int] = []
    laid: list[int] | None = None  # fourths laid off, by suit, where there are any
    if d_groups or fourths:
        runs = (0, 0, 0, 0) if no_lay_offs else (wa.held, wb.held, wc.held, wd.held)
        chosen_defence = _defender_groups(defender, e, f, g, h, d_groups, fourths, *runs, table)
        if isinstance(chosen_defence, int):  # several best arrangements: the search's order decides
            k_cover = [*k_groups, *wa.runs, *wb.runs, *wc.runs, *wd.runs]
            return (k_count, k_melds, k_text, *_searched_defence(knocker, k_cover, no_lay_offs, defender,
                                                                 chosen_defence, rules))
        e, f, g, h, own, laid = chosen_defence
    # Each suit's own runs, lay-offs onto the knocker's runs and cards left: a lookup a suit.
    da, db, dc, dd = rules.defences_shown
    ka |= e
    kb |= f
    kc |= g
    kd |= h
    try:
        xa, xb, xc, xd = da[ka], db[kb], dc[kc], dd[kd]
    except KeyError:
        xa = da[ka] if ka in da else _defence_shown(da, 0, ka, rules)
        xb = db[kb] if kb in db else _defence_shown(db, 1, kb, rules)
        xc = dc[kc] if kc in dc else _defence_shown(dc, 2, kc, rules)
        xd = dd[kd] if kd in dd else _defence_shown(dd, 3, kd, rules)
    if not (xa and xb and xc and xd):  # several best arrangements: the search decides
        d_count = (table[ka & _SUIT_BITS | ka >> 13] + table[kb & _SUIT_BITS | kb >> 13]
                   + table[kc & _SUIT_BITS | kc >> 13] + table[kd & _SUIT_BITS | kd >> 13])
        k_cover = [*k_groups, *wa.runs, *wb.runs, *wc.runs, *wd.runs]
        return (k_count, k_melds, k_text,
                *_searched_defence(knocker, k_cover, no_lay_offs, defender, d_count, rules))
    d_melds = [*xa.run_texts, *xb.run_texts, *xc.run_texts, *xd.run_texts] if not own else list(map(
        _MELD_TEXT, sorted([*own, *xa.runs, *xb.runs, *xc.runs, *xd.runs])))
    if laid is None:
        laid_off = f"{xa.laid_text}{xb.laid_text}{xc.laid_text}{xd.laid_text}".split()
    else:
        spades, hearts, diamonds, clubs = _WORDS
        laid_off = (spades[laid[0] | xa.laid] + hearts[laid[1] | xb.laid] + diamonds[laid[2] | xc.laid]
                    + clubs[laid[3] | xd.laid]).split()
    return (k_count, k_melds, k_text, xa.value + xb.value + xc.value + xd.value, d_melds,
            f"{xa.left}{xb.left}{xc.left}{xd.left}"[:-1], laid_off)


def _suits_of(a: int, b: int, c: int, d: int,
              rules: MeldRules) -> tuple[SuitShown, SuitShown, SuitShown, SuitShown] | None:
    """What each suit of a hand shows once its groups are chosen (``a``..``d``: what is left
    of each, 13 bits), off the rules' tables; None where a suit has several best sets of runs."""
    sa, sb, sc, sd = rules.suits_shown
    wa, wb, wc, wd = sa[a], sb[b], sc[c], sd[d]
    if wa is None:
        wa = _suit_shown(sa, 0, a, rules)
    if wb is None:
        wb = _suit_shown(sb, 1, b, rules)
    if wc is None:
        wc = _suit_shown(sc, 2, c, rules)
    if wd is None:
        wd = _suit_shown(sd, 3, d, rules)
    if not (wa and wb and wc and wd):
        return None
    return wa, wb, wc, wd


def _knocker_leaving_most(knocker: int, defender: int, a: int, b: int, c: int, d: int, groups: int,
                          rules: MeldRules, lay_off_on_gin: bool) -> tuple[int, int, int, int, list[int], int] | None:
    """Where several of the knocker's group choices reach its lowest deadwood: the one whose
    cover leaves the defender the highest count, the first such in the search's order (what
    :func:`knocker_covers` and the defence of each cover give); a gin hand without lay-offs
    takes the first.  Given as :func:`_knocker_groups` gives one; None where a suit of any
    of them has several best sets of runs (its covers are listed the long way).

    Each choice is one cover here (its suits' runs are the only best ones), so
    the covers are ordered as :func:`_table_cover` orders them: each by its
    melds' places in the search (:func:`_search_order`), then by those places.
    """
    table = rules.run_deadwood
    values = rules.suit_values
    ordered = []
    for w, x, y, z, melds, threes in _knocker_choices(knocker, a, b, c, d, groups, table):
        found = _suits_of(w, x, y, z, rules)
        if found is None:
            return None
        cover = [*melds, *found[0].runs, *found[1].runs, *found[2].runs, *found[3].runs]
        places = sorted(_search_order(meld, values) for meld in cover)
        ordered.append((places, (w, x, y, z, melds, threes), found))
    ordered.sort(key=lambda tied: tied[0])
    _, first, (wa, wb, wc, wd) = ordered[0]
    if wa.deadwood + wb.deadwood + wc.deadwood + wd.deadwood == 0 and not lay_off_on_gin:
        return first
    best_count = -1
    for _, choice, (wa, wb, wc, wd) in ordered:
        *_, threes = choice  # the ranks of the choice's groups
        count = _defender_count_of(knocker, defender, threes, wa.held, wb.held, wc.held, wd.held, table)
        if count > best_count:
            best_count, best = count, choice
    return best


def _knocker_choices(knocker: int, a: int, b: int, c: int, d: int, groups: int,
                     table: tuple[int, ...]) -> list[tuple[int, int, int, int, list[int], int]]:
    """Every choice of the knocker's groups that reaches its lowest deadwood, in the order
    :func:`_group_choices` lists them, each as :func:`_knocker_groups` gives one."""
    in_runs = _IN_RUNS
    choose = groups & (in_runs[a] | in_runs[b] | in_runs[c] | in_runs[d])
    forced = groups ^ choose
    melds: list[int] = []
    if forced:
        keep = ~forced
        a &= keep
        b &= keep
        c &= keep
        d &= keep
        ranks = forced
        while ranks:
            rank = ranks & -ranks
            ranks ^= rank
            melds.append(knocker & rank * _ACES)
    choices = _group_choices(a, b, c, d, choose)
    totals = [table[w] + table[x] + table[y] + table[z] for w, x, y, z, _ in choices]
    lowest = min(totals)
    found = []
    for (w, x, y, z, chosen), total in zip(choices, totals):
        if total == lowest:
            threes = forced
            for group in chosen:
                threes |= _fold(group)
            found.append((w, x, y, z, melds + chosen, threes))
    return found


def _defender_count_of(knocker: int, defender: int, threes: int, ra: int, rb: int, rc: int, rd: int,
                       table: tuple[int, ...]) -> int:
    """The defender's lowest count after lay-offs against a knocker whose run cards in each
    suit are ``ra``..``rd`` (13 bits each) and whose groups' ranks are ``threes``
    (what :func:`defence_count` gives for that cover)."""
    e, f, g, h = suits(defender)
    d_groups = (e & f & (g | h)) | (g & h & (e | f))
    fourths = defender & threes * _ACES & ~knocker if threes else 0
    if d_groups or fourths:
        chosen = _defender_groups(defender, e, f, g, h, d_groups, fourths, ra, rb, rc, rd, table)
        if isinstance(chosen, int):
            return chosen
        e, f, g, h = chosen[:4]
    return table[e | ra] + table[f | rb] + table[g | rc] + table[h | rd]


def _defender_groups(defender: int, e: int, f: int, g: int, h: int, d_groups: int, fourths: int, ra: int, rb: int,
                     rc: int, rd: int, table: tuple[int, ...]) -> tuple[int, int, int, int, list[int], list[int] | None] | int:
    """The defender's groups chosen among the ranks held three or four times (``d_groups``),
    and the fourths of the knocker's groups of three laid off (``fourths``), the knocker's run
    cards in each suit being ``ra``..``rd`` (13 bits each): what is left of each suit, the
    defender's groups (masks) and the cards laid off alone, by suit (13 bits each; None where
    none is); or, where
    several choices reach the lowest count, that count (the search's order decides).

    The defender's cards that a run (with the knocker's) could hold decide:
    a group or a fourth with none of them is melded or laid off in every
    best arrangement; any other is a choice.
    """
    in_runs = _IN_RUNS
    ie, if_, ig, ih = in_runs[e | ra] & e, in_runs[f | rb] & f, in_runs[g | rc] & g, in_runs[h | rd] & h
    choose = d_groups & (ie | if_ | ig | ih)
    forced = d_groups ^ choose
    own: list[int] = []
    laid: list[int] | None = None
    if forced:
        keep = ~forced
        ranks = forced
        while ranks:
            rank = ranks & -ranks
            ranks ^= rank
            own.append(defender & rank * _ACES)
        e &= keep
        f &= keep
        g &= keep
        h &= keep
    in_play = 0
    if fourths:
        in_play = fourths & (ie | if_ << 13 | ig << 26 | ih << 39)
        alone = fourths ^ in_play
        if alone:
            laid = list(suits(alone))
            e ^= laid[0]
            f ^= laid[1]
            g ^= laid[2]
            h ^= laid[3]
    if choose and not in_play and not choose & (choose - 1) and not e & f & g & h & choose:
        # One rank three times to choose and no fourth (most defenders that choose): the
        # group melded or left, as :func:`_group_choices` would list the two, without listing them.
        keep = ~choose
        apart = table[e | ra] + table[f | rb] + table[g | rc] + table[h | rd]
        w, x, y, z = e & keep, f & keep, g & keep, h & keep
        grouped = table[w | ra] + table[x | rb] + table[y | rc] + table[z | rd]
        if grouped == apart:
            return apart
        if grouped < apart:
            own.append(defender & choose * _ACES)
            e, f, g, h = w, x, y, z
    elif choose or in_play:
        choices = _group_choices(e, f, g, h, choose) if choose else [(e, f, g, h, [])]
        while in_play:  # suit by suit, lowest first
            card = in_play & -in_play
            in_play ^= card
            suit = (card.bit_length() - 1) // 13
            keep = ~(card >> 13 * suit)  # a single card among the groups: laid off
            if suit == 0:
                choices += [(w & keep, x, y, z, [*chosen, card]) for w, x, y, z, chosen in choices]
            elif suit == 1:
                choices += [(w, x & keep, y, z, [*chosen, card]) for w, x, y, z, chosen in choices]
            elif suit == 2:
                choices += [(w, x, y & keep, z, [*chosen, card]) for w, x, y, z, chosen in choices]
            else:
                choices += [(w, x, y, z & keep, [*chosen, card]) for w, x, y, z, chosen in choices]
        totals = [table[w | ra] + table[x | rb] + table[y | rc] + table[z | rd] for w, x, y, z, _ in choices]
        lowest = min(totals)
        if totals.count(lowest) != 1:
            return lowest
        e, f, g, h, chosen = choices[totals.index(lowest)]
        for meld in chosen:
            if meld.bit_count() == 1:
                suit = (meld.bit_length() - 1) // 13
                if laid is None:
                    laid = [0, 0, 0, 0]
                laid[suit] |= meld >> 13 * suit
            else:
                own.append(meld)
    return e, f, g, h, own, laid


def _searched_defence(knocker: int, cover: list[int], no_lay_offs: bool, defender: int, count: int,
                      rules: MeldRules) -> tuple[int, list[str], str, list[str]]:
    """The defender's part of :func:`gin_shown` where several arrangements reach ``count``:
    :func:`defender_count` picks one, told the count, trying lay-offs in the order the
    knocker's melds come in from :func:`knocker_covers` (its only best cover)."""
    ordered = () if no_lay_offs else _in_search_order(knocker, cover, rules)
    count, own, laid = defender_count(defender, ordered, rules, count=count)
    melds, left = shown_arrangement(defender, own, rules, laid)
    return count, melds, left, mask_text(laid).split()


def _in_search_order(mask: int, cover: list[int], rules: MeldRules) -> tuple[int, ...]:
    """A hand's only best cover (no corner) in :func:`knocker_covers`'s order (see :func:`_table_cover`)."""
    by_kind = sorted(cover, key=_listing_order)
    a, b, c, d = suits(mask)
    groups = (a & b & (c | d)) | (c & d & (a | b))
    fours = a & b & c & d
    candidates = (groups ^ fours).bit_count() + 5 * fours.bit_count() + _runs_held(mask)
    if len(by_kind) > 1 and candidates != len(by_kind):
        values = rules.suit_values
        by_kind.sort(key=lambda meld: -_mask_value(meld, values))  # stable: ties stay in listing order
    return tuple(by_kind)
