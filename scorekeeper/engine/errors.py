"""The one exception the engine raises for a log it cannot score."""

from __future__ import annotations

from typing import Any

from .notes import sentences

#: the whole refusal: where it is (the hand and player, or the log's field and player) and its message;
#: then the refusals several modules make (and the API and an import, of an entry or a name they check
#: before the engine): ``name`` a name as given, quoted; ``sides`` the game's sides
NOTES = sentences({
    "errors.hand_player": "hand {hand}, {player}: {message}",
    "errors.hand": "hand {hand}: {message}",
    "errors.where_player": "{where}, {player}: {message}",
    "errors.where": "{where}: {message}",
    "errors.player": "{player}: {message}",
    "errors.refuse.not_a_player": "{name} is not a player in this game",
    "errors.refuse.true_or_false": "{field} must be true or false",
    "errors.refuse.not_a_side": "{name} is not a side in this game (sides: {sides:list})",
    "errors.refuse.entry_not_an_object": "an entry must be an object with who went out and each player's hand",
    "errors.refuse.hands_not_a_map": "hands must map each player to their cards or count",
})


class InvalidEntry(ValueError):
    """A game log that cannot be scored, with where the problem is.

    ``hand`` is the 1-based number of the offending hand, or ``None`` for a bad
    header (players, options, variant).  ``player`` names the player whose
    input is wrong, or is ``None``.  ``where`` is the header field at fault
    when ``hand`` is ``None`` ("players", "options", ...).  ``field`` is the
    input the mistake is about (``count``, ``cards``, ``target``...), or
    ``None``; ``code`` a stable word for the kind of mistake (``out_of_bounds``,
    ``bad_option``, ``bad_name``...; ``invalid_entry`` when nothing more
    particular is said), for the web layer and the API to act on instead of
    the wording.  ``missing`` is, for a ``missing_input``, every player of the
    hand still without input, in the order the rules ask for them (``player``
    is the first): a form can mark them all at once.

    ``message`` is the refusal itself, a keyed note (:class:`~.declare.Note`:
    English that keeps its key and values, so a page writes it again in its
    reader's language; its values may be notes too).  ``str()`` gives the full message a player can act on::

        >>> str(InvalidEntry('"ZZ" is not a card', hand=3, player="Bob"))
        'hand 3, Bob: "ZZ" is not a card'
        >>> str(InvalidEntry("target must be a positive whole number", where="options"))
        'options: target must be a positive whole number'
        >>> str(InvalidEntry("no input for Cara", hand=4, player="Cara", named=True))
        'hand 4: no input for Cara'
    """

    def __init__(
        self,
        message: str,
        *,
        hand: int | None = None,
        player: str | None = None,
        where: str | None = None,
        field: str | None = None,
        code: str = "invalid_entry",
        named: bool = False,
        missing: tuple[str, ...] = (),
    ) -> None:
        self.message = message
        self.hand = hand
        self.player = player
        self.where = where
        self.field = field
        self.code = code
        self.missing = missing
        # The message names the player itself ("no input for Cara"): no second time in front.
        self._named = named
        super().__init__(self._full_message())

    def _full_message(self) -> str:
        if self.hand is not None:
            prefix = f"hand {self.hand}"
        else:
            prefix = self.where or ""
        if self.player is not None and not self._named:
            prefix = f"{prefix}, {self.player}" if prefix else self.player
        return f"{prefix}: {self.message}" if prefix else self.message

    @property
    def note(self) -> str:
        """The whole message as a keyed note (:class:`~.declare.Note`, the same English as ``str()``),
        so a page writes where and what in its reader's language; the log's field names (``where``)
        stay as the log spells them."""
        from .declare import Note  # (declare needs bounds, which needs this module)

        player = self.player if self.player is not None and not self._named else None
        values: dict[str, Any] = {"message": self.message}
        if self.hand is not None:
            key = "errors.hand"
            values["hand"] = self.hand
        elif self.where:
            key = "errors.where"
            values["where"] = self.where
        elif player is not None:
            return Note("errors.player", player=player, message=self.message)
        else:
            return self.message
        if player is not None:
            key += "_player"
            values["player"] = player
        return Note(key, **values)

    def __repr__(self) -> str:
        return (
            f"InvalidEntry({self.message!r}, hand={self.hand!r}, "
            f"player={self.player!r}, where={self.where!r}, field={self.field!r}, code={self.code!r})"
        )
