"""A JSON Schema's refusal in the reader's language.

The API checks a request's body, and an import checks a file, against a JSON
Schema (``jsonschema``) before the engine reads either.  ``jsonschema`` says
what is wrong in its own English ("'x' is not of type 'integer'"); this module
says it again from what the fault carries (the keyword that failed, its value
in the schema and the value found), in the catalogue's words, so a phone in
Hindi reads "'x' पूर्ण संख्या नहीं है".  Where it is stays a JSON path
(``players/1``), the same in every language, and the API's ``code`` stays its
fixed English word.

A keyword the schemas do not use falls back to one plain sentence ("is not
what this place takes"), never to ``jsonschema``'s English.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from babel.lists import format_list
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from jsonschema import ValidationError

from .engine.bounds import shown
from .languages import DEFAULT
from .note_language import in_language

#: the titles the schemas give a pattern, in the reader's words (a test checks every pattern's title is here)
TITLES: Mapping[str, Any] = {
    "a uid of 1 to 36 visible characters, no spaces": _l("a uid of 1 to 36 visible characters, no spaces"),
    "a player's name as the roster keeps it: 1 to 40 characters, no control characters, "
    "single spaces between words": _l("a player's name as the roster keeps it: 1 to 40 characters, "
                                      "no control characters, single spaces between words"),
    "a date and time (ISO 8601, as 2026-05-01T12:00:00; one with an offset is taken as UTC)": _l(
        "a date and time (ISO 8601, as 2026-05-01T12:00:00; one with an offset is taken as UTC)"),
    "a name with no control characters": _l("a name with no control characters"),
}

#: JSON's kinds of value, as a sentence names them
_KINDS: Mapping[str, Any] = {
    "string": _l("a text"),
    "integer": _l("a whole number"),
    "number": _l("a number"),
    "boolean": _l("true/false"),
    "object": _l("an object"),
    "array": _l("a list"),
    "null": _l("null"),
}


def value(found: Any) -> str:
    """A value as a refusal quotes it, cut short (a long number said in words, in the reader's language)."""
    return in_language(shown(found))


def either(texts: list[str]) -> str:
    """``a, b or c`` as the reader's language lists choices (Babel's CLDR lists)."""
    return format_list(texts, style="or", locale=_locale())


def every(texts: list[str]) -> str:
    """``a, b and c`` as the reader's language lists them."""
    return format_list(texts, locale=_locale())


def _locale() -> str:
    return str(get_locale() or DEFAULT)


def kind(name: Any) -> str:
    """A JSON type's name as a sentence says it (a name no schema uses, as it is)."""
    return str(_KINDS.get(name, name))


def _type(fault: Any) -> str:
    kinds = fault.validator_value if isinstance(fault.validator_value, list) else [fault.validator_value]
    return _("%(value)s is not %(kind)s", value=value(fault.instance), kind=either([kind(k) for k in kinds]))


def _required(fault: Any) -> str:
    missing = [key for key in fault.validator_value if key not in fault.instance]
    return ngettext("%(names)s is missing", "%(names)s are missing", len(missing),
                    names=every([value(key) for key in missing[:3]]))


def _additional(fault: Any) -> str:
    unknown = sorted(set(fault.instance) - set(fault.schema.get("properties", {})))
    return ngettext("%(names)s is not a field here", "%(names)s are not fields here", len(unknown),
                    names=every([value(key) for key in unknown[:3]]))


def _minimum(fault: Any) -> str:
    return _("%(value)s is less than %(least)s, the least allowed", value=value(fault.instance),
             least=fault.validator_value)


def _maximum(fault: Any) -> str:
    return _("%(value)s is more than %(most)s, the most allowed", value=value(fault.instance),
             most=fault.validator_value)


def _min_length(fault: Any) -> str:
    if fault.instance == "":
        return ngettext("is empty: at least %(num)d character", "is empty: at least %(num)d characters",
                        fault.validator_value)
    return ngettext("%(value)s is too short: at least %(num)d character", "%(value)s is too short: at least "
                    "%(num)d characters", fault.validator_value, value=value(fault.instance))


def _max_length(fault: Any) -> str:
    return ngettext("%(value)s is too long: at most %(num)d character",
                    "%(value)s is too long: at most %(num)d characters", fault.validator_value,
                    value=value(fault.instance))


def _min_items(fault: Any) -> str:
    return ngettext("holds %(num)d item; at least %(least)s", "holds %(num)d items; at least %(least)s",
                    len(fault.instance), least=fault.validator_value)


def _max_items(fault: Any) -> str:
    return ngettext("holds %(num)d item; at most %(most)s", "holds %(num)d items; at most %(most)s",
                    len(fault.instance), most=fault.validator_value)


def _enum(fault: Any) -> str:
    if len(fault.validator_value) == 1:
        return _("%(value)s is not %(expected)s", value=value(fault.instance),
                 expected=value(fault.validator_value[0]))
    return _("%(value)s is not one of %(choices)s", value=value(fault.instance),
             choices=either([value(choice) for choice in fault.validator_value[:12]]))


def _const(fault: Any) -> str:
    return _("%(value)s is not %(expected)s", value=value(fault.instance), expected=value(fault.validator_value))


def _pattern(fault: Any) -> str:
    title = fault.schema.get("title")
    if title in TITLES:
        return _("%(value)s is not %(title)s", value=value(fault.instance), title=TITLES[title])
    return _("%(value)s does not have the form this place takes", value=value(fault.instance))


def _any_of(fault: Any) -> str:
    """One of several forms, none of which the value has: the kinds and values it may be."""
    allowed: list[str] = []
    for form in fault.validator_value:
        if isinstance(form.get("type"), str):
            allowed.append(kind(form["type"]))
        elif "enum" in form:
            allowed.extend(value(choice) for choice in form["enum"][:12])
        else:
            return _other(fault)
    return _("%(value)s is not %(kind)s", value=value(fault.instance), kind=either(allowed))


def _other(fault: Any) -> str:
    return _("%(value)s is not what this place takes", value=value(fault.instance))


#: what each keyword's refusal says (the fault as ``jsonschema`` gives it: its instance, validator_value, schema)
_SAID: Mapping[str, Callable[[Any], str]] = {
    "type": _type, "required": _required, "additionalProperties": _additional,
    "minimum": _minimum, "maximum": _maximum, "minLength": _min_length, "maxLength": _max_length,
    "minItems": _min_items, "maxItems": _max_items, "enum": _enum, "const": _const,
    "pattern": _pattern, "anyOf": _any_of,
}


def nearest(fault: ValidationError) -> ValidationError:
    """The fault to say: where a value of one of several forms (a number, or null) has the right
    kind but breaks that form's bound, that bound ("50 is more than 10"), not the list of forms."""
    while fault.validator == "anyOf":
        near = [sub for sub in fault.context or () if sub.validator not in ("type", "enum", "const", "anyOf")]
        if not near:
            break
        fault = near[0]
    return fault


def said(fault: ValidationError) -> str:
    """What is wrong with the value at the fault's place, in the reader's language (the place not named;
    give it :func:`nearest` first)."""
    return _SAID.get(str(fault.validator), _other)(fault)


def place(fault: ValidationError) -> str:
    """Where the fault is: a JSON path such as ``games/0/players/1`` (empty for the whole document)."""
    return "/".join(str(part) for part in fault.absolute_path)
