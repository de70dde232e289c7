"""The words the page's scripts write, in the reader's language.

The scripts (``static/*.js``) write sentences into the page as a person uses
it: "Downloading the scoring engine: 40%.", "Record mine as hand 7".  They
come from the translation catalogues as every other word does: each page
carries them, rendered in the request's language, in a JSON block
(``<script type="application/json" id="script-words">`` in
``templates/base.html``: data, never run, so the Content-Security-Policy's
``script-src 'self'`` stands), and ``static/words.js`` fills in their
``%(name)s`` placeholders in the browser.  Each script also carries its
English, so a page kept on a phone from before this block came still reads,
and an English page carries no block at all.

A sentence that changes with a count has two keys, ``.one`` and ``.other``,
and the script picks by ``n === 1``: the English has two forms, and so does
every language here for now (languages with more plural forms than two get
their "other" form for every count but one; a known limit).
"""

from __future__ import annotations

from flask_babel import get_locale
from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString

from ..languages import DEFAULT

#: key -> the English sentence (the msgid), %(name)s where the script puts a value in
WORDS: dict[str, LazyString] = {
    # -- static/engine.js: the scoring engine's switch on the sheet
    "engine.off": _l("The scoring engine is off: hands kept offline show what was typed and are scored when sent."),
    "engine.downloaded": _l("Downloaded: starting the scoring engine."),
    "engine.downloading_percent": _l("Downloading the scoring engine: %(percent)s%%."),
    "engine.downloading": _l("Downloading the scoring engine."),
    "engine.ready": _l("The scoring engine is on this phone: hands kept offline are scored exactly."),
    "engine.unavailable": _l(
        "The scoring engine could not start on this phone: hands kept offline are scored when sent."),
    # -- static/links.js: Copy and Share beside a link
    "links.copy": _l("Copy link"),
    "links.copied": _l("Copied"),
    "links.hold": _l("Press and hold the link to copy it"),
    "links.share": _l("Share…"),
    # -- static/newgame.js and static/outbox-page.js: a seat, a side, who partners whom
    "seat": _l("Seat %(number)s"),
    "seat.named": _l("Seat %(number)s: %(name)s"),
    "side": _l("Side %(number)s"),
    "partners": _l("%(first)s & %(second)s"),
    "against": _l("%(first)s against %(second)s"),
    # -- static/drafts.js: every phone types its own seat
    "drafts.this_phone": _l("This phone is"),
    "drafts.keepers": _l("the keeper's (every seat)"),
    "drafts.hint": _l("Pick your name to type your own cards or count here; every phone with this hand open sees "
                      "them."),
    "drafts.cards.one": _l("%(count)s card"),
    "drafts.cards.other": _l("%(count)s cards"),
    "drafts.count": _l("a count of %(count)s"),
    "drafts.nothing": _l("nothing yet"),
    "drafts.sent": _l("%(player)s: sent to the table, from this phone"),
    "drafts.arrived": _l("%(player)s: %(summary)s, from %(by)s"),
    "drafts.saved_elsewhere": _l("Hand %(number)s was saved from another phone, so what was typed here for it was "
                                 "cleared. %(sheet)s."),
    "drafts.saved_elsewhere_next": _l("Hand %(number)s was saved from another phone, so what was typed here for it "
                                      "was cleared. %(sheet)s or %(next)s."),
    "drafts.see_sheet": _l("See the sheet"),
    "drafts.record_next": _l("record hand %(number)s"),
    # -- static/entry.js: the card picker and the live value
    "entry.pick_one": _l("Pick the card"),
    "entry.pick_many": _l("Pick cards"),
    "entry.suit.spades": _l("spades"),
    "entry.suit.hearts": _l("hearts"),
    "entry.suit.diamonds": _l("diamonds"),
    "entry.suit.clubs": _l("clubs"),
    "entry.rank.ace": _l("ace"),
    "entry.rank.jack": _l("jack"),
    "entry.rank.queen": _l("queen"),
    "entry.rank.king": _l("king"),
    "entry.card": _l("%(rank)s of %(suit)s"),
    "entry.joker": _l("Joker"),
    "entry.joker_label": _l("joker"),
    "entry.labelled": _l("%(label)s: %(value)s"),
    "entry.worth.one": _l("%(count)s card, worth %(value)s"),
    "entry.worth.other": _l("%(count)s cards, worth %(value)s"),
    "entry.worth_melds.one": _l("%(count)s card, worth %(value)s, melds %(melds)s"),
    "entry.worth_melds.other": _l("%(count)s cards, worth %(value)s, melds %(melds)s"),
    "entry.valid": _l("A valid declaration"),
    "entry.not_valid": _l("Not a valid declaration yet"),
    "entry.also": _l("%(card)s (also %(player)s's)"),
    "entry.also_another": _l("%(card)s (also another player's)"),
    "entry.one_deck": _l("One deck holds each card once: %(cards)s"),
    # -- static/outbox-page.js: what this phone keeps, on the entry form, the sheet and the offline page
    "outbox.out": _l("out"),
    "outbox.out_and": _l("out, %(typed)s"),
    "outbox.nobody_out": _l("nobody out"),
    "outbox.labelled": _l("%(label)s: %(typed)s"),
    "outbox.nothing_typed": _l("nothing typed"),
    "outbox.what.hand": _l("Hand %(number)s"),
    "outbox.what.edit": _l("The correction of hand %(number)s"),
    "outbox.what.undo": _l("Undoing hand %(number)s"),
    "outbox.what.end": _l("Ending the game"),
    "outbox.kept": _l("%(change)s is kept on this phone and will be sent when the network is back."),
    "outbox.kept_behind.one": _l("%(change)s is kept on this phone, behind the %(count)s change it keeps, and sent "
                                 "in order."),
    "outbox.kept_behind.other": _l("%(change)s is kept on this phone, behind the %(count)s changes it keeps, and "
                                   "sent in order."),
    "outbox.kept_sign_in": _l("%(change)s is kept on this phone; sign in again to send it."),
    "outbox.no_storage": _l("This phone cannot keep the hand (its storage is off). Keep this page open and save "
                            "again when the network is back: what you typed stays here."),
    "outbox.waiting": _l("waiting"),
    "outbox.waiting_note": _l("Hand %(number)s: kept on this phone, scored when sent"),
    "outbox.taken": _l("Hand %(number)s was recorded by another phone first"),
    "outbox.refused": _l("%(change)s was refused"),
    "outbox.link_off": _l("%(change)s was not recorded: the keeper link is off"),
    "outbox.not_made": _l("%(change)s could not be made"),
    "outbox.on_sheet": _l("On the sheet"),
    "outbox.their_hand": _l("hand %(number)s"),
    "outbox.kept_here": _l("Kept on this phone"),
    "outbox.record_as": _l("Record mine as hand %(number)s"),
    "outbox.fix": _l("Fix mine"),
    "outbox.discard_mine": _l("Discard mine"),
    "outbox.correction_waiting": _l("correction waiting"),
    "outbox.undo_waiting": _l("undo waiting"),
    "outbox.provisional": _l("provisional"),
    "outbox.undo": _l("Undo hand %(number)s"),
    "outbox.undo_confirm": _l("Undo hand %(number)s? It was only kept on this phone."),
    "outbox.next_after_one": _l("Hand %(next)s · after hand %(number)s, kept on this phone"),
    "outbox.next_after_many": _l("Hand %(next)s · after hands %(first)s–%(last)s, kept on this phone"),
    "outbox.status.one": _l("%(count)s change kept on this phone, sent when the network is back. The totals are "
                            "provisional until then."),
    "outbox.status.other": _l("%(count)s changes kept on this phone, sent when the network is back. The totals are "
                              "provisional until then."),
    "outbox.removed": _l("Hand %(number)s (kept on this phone) was removed."),
    "outbox.nothing_changed": _l("Nothing was changed."),
    "outbox.game_gone": _l("This game is no longer on the server."),
    "outbox.sent.one": _l("%(count)s change kept on this phone was sent and recorded."),
    "outbox.sent.other": _l("%(count)s changes kept on this phone were sent and recorded."),
    "outbox.sign_out.one": _l("%(count)s change kept on this phone has not reached the server yet. Signing out "
                              "throws it away. Sign out anyway?"),
    "outbox.sign_out.other": _l("%(count)s changes kept on this phone have not reached the server yet. Signing out "
                                "throws them away. Sign out anyway?"),
    "outbox.offline_waiting": _l("%(change)s of game %(game)s (waiting)"),
    "outbox.offline_waiting_typed": _l("%(change)s of game %(game)s: %(typed)s (waiting)"),
    "outbox.offline_held": _l("%(change)s of game %(game)s (needs you: open the game)"),
    "outbox.offline_held_typed": _l("%(change)s of game %(game)s: %(typed)s (needs you: open the game)"),
    "outbox.game": _l("Game %(number)s"),
    "outbox.kept_typed": _l("%(change)s: %(typed)s"),
    "outbox.discard": _l("Discard"),
    "outbox.provisional_note": _l("Hand %(number)s: kept on this phone, provisional score"),
    "outbox.provisional_note_notes": _l("Hand %(number)s: kept on this phone, provisional score · %(notes)s"),
    # -- static/share.js: the live sheet
    "share.recorded": _l("Hand %(number)s recorded"),
    "share.recorded_many": _l("Hands %(first)s–%(last)s recorded"),
    "share.undone": _l("Hand %(number)s undone"),
    "share.updated": _l("Sheet updated"),
    "share.off": _l("This live link was turned off"),
    "share.live": _l("Live"),
    "share.reconnecting": _l("Reconnecting…"),
    # -- static/signed.js: the ± beside a number that may be below 0
    "signed.toggle": _l("Change the sign: below 0 or above"),
}


def script_words() -> dict[str, str]:
    """Every script's words in this request's language, placeholders left in for the script.

    None in English: every ``words()`` call carries its English already (a test holds each to its
    message), so an English page goes without the block and its 6 kB on every page it loads.
    """
    if str(get_locale()) == DEFAULT:
        return {}
    return {key: str(words) for key, words in WORDS.items()}
