"""Exact JSON round-trips for commands: a small codec driven by dataclass type hints.

A command is a frozen dataclass (a :class:`~rules.values.Record`) whose fields are
JSON-shaped (str, int, bool, ``X | None``, ``tuple[X, ...]``, ``Mapping[str, X]``, or
another such dataclass).
``decode`` checks the shape and refuses unknown or missing fields with a
:class:`~rules.errors.JournalError` (a typo must not pass silently, journal spec);
``encode`` writes the same shape back. Optional fields (default ``None``) are
marked :func:`optional` are left out when ``None``, so ``decode(encode(c)) == c``
and files stay minimal; a field that may be ``null`` but is required stays written.
"""

from __future__ import annotations

import dataclasses
import json
import re
import types
import typing
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, Union, cast, get_args, get_origin, get_type_hints

from rules.errors import JournalError

if TYPE_CHECKING:
    from rules.json_types import JSON, JSONObject

_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")

T = TypeVar("T")

# Limits of one journal line, checked before anything else reads it: a command is a few
# hundred characters, nested three or four deep, with small numbers. Without them a
# hostile line reaches Python's own limits (recursion, 4,300-digit int conversion) and
# crashes the reader instead of being refused in words.
MAX_LINE_CHARS = 65_536
MAX_DEPTH = 32
MAX_NUMBER_DIGITS = 18  # any die, count or seat fits; 10**18 < 2**63, SQLite's integer


def parse_json(line: str) -> object:
    """One journal line as JSON, or :class:`JournalError` naming the limit or syntax it breaks."""
    if len(line) > MAX_LINE_CHARS:
        raise JournalError("error.journal.too_long", limit=MAX_LINE_CHARS)
    if line.count("[") + line.count("{") > MAX_DEPTH and _depth(line) > MAX_DEPTH:
        raise JournalError("error.journal.too_deep", limit=MAX_DEPTH)
    try:
        return json.loads(line, parse_int=_small_int, parse_constant=_not_a_number)
    except json.JSONDecodeError as error:
        raise JournalError("error.journal.bad_json", detail=error.msg, column=error.colno) from None


def dump_json(obj: object) -> str:
    """JSON text for one journal line: non-ASCII kept readable, but U+2028 and U+2029
    escaped, because many line readers (Python's ``str.splitlines`` among them) break a
    line there and the exported file must read back as the same lines."""
    text = json.dumps(obj, ensure_ascii=False)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _depth(line: str) -> int:
    """Deepest nesting of arrays and objects, brackets inside strings not counted."""
    deepest = depth = 0
    in_string = escaped = False
    for char in line:
        if in_string:
            escaped = not escaped and char == "\\"
            in_string = escaped or char != '"'
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _small_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise JournalError("error.journal.number_too_long", limit=MAX_NUMBER_DIGITS)
    return int(digits)


def _not_a_number(literal: str) -> object:
    raise JournalError("error.journal.not_a_number", literal=literal)


# Untyped: a field's default takes the type of the field it is the default of, as
# dataclasses.field's does (its stub returns a type variable bound by ``default``).
def optional(json: str | None = None) -> Any:
    """A field that may be absent from the JSON (then ``None``) and is left out when ``None``."""
    metadata: dict[str, object] = {"omit_if_none": True}
    if json:
        metadata["json"] = json
    return dataclasses.field(default=None, metadata=metadata)


def json_name(field: dataclasses.Field[object]) -> str:
    """The field's name in JSON (``for`` is a Python keyword, so it needs an alias)."""
    return str(field.metadata.get("json", field.name))


# A field's type hint, as get_type_hints gives it: a class, or a form such as ``str | None``
# or ``tuple[int, ...]``, looked at only through typing's own introspection.
Hint = object
_HINTS: dict[type, dict[str, Hint]] = {}


def _hints(cls: type) -> dict[str, Hint]:
    # Resolving string annotations is slow; a journal decodes thousands of commands.
    if cls not in _HINTS:
        _HINTS[cls] = get_type_hints(cls)
    return _HINTS[cls]


def decode(cls: type[T], obj: object, where: str) -> T:
    """Build ``cls`` from a JSON object, naming the first field that does not fit."""
    if not isinstance(obj, Mapping):
        raise JournalError("error.journal.not_object", where=where)
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    known = {json_name(f) for f in fields} | {"type"}
    unknown = sorted(set(obj) - known)
    if unknown:
        raise JournalError("error.journal.unknown_field", where=where, field=shown(unknown[0]))
    values: dict[str, object] = {}
    for field in fields:
        name = json_name(field)
        if name in obj:
            values[field.name] = _decode_value(
                _hints(cls)[field.name], obj[name], f"{where}.{name}"
            )
        elif field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            raise JournalError("error.journal.missing_field", where=where, field=name)
    return cls(**values)


def _decode_value(hint: Hint, value: object, where: str) -> object:
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = get_args(hint)
        if value is None and type(None) in options:
            return None
        (inner,) = [option for option in options if option is not type(None)]
        return _decode_value(inner, value, where)
    if origin is typing.Literal:
        if value not in get_args(hint):
            raise _expected(where, " | ".join(map(repr, get_args(hint))))
        return value
    if origin is tuple:
        if not isinstance(value, list):
            raise _expected(where, "a list")
        inner = get_args(hint)[0]
        return tuple(_decode_value(inner, item, f"{where}[{i}]") for i, item in enumerate(value))
    if origin is Mapping or origin is dict:
        if not isinstance(value, Mapping):
            raise _expected(where, "an object")
        inner = get_args(hint)[1]
        return types.MappingProxyType(
            {_key(k, where): _decode_value(inner, v, f"{where}.{k}") for k, v in value.items()}
        )
    if dataclasses.is_dataclass(hint):
        return decode(hint, value, where)  # type: ignore[arg-type]
    return _decode_scalar(hint, value, where)


def _key(key: object, where: str) -> str:
    if not isinstance(key, str) or not _printable(key):
        raise _expected(where, "string keys")
    return key


def _decode_scalar(hint: Hint, value: object, where: str) -> object:
    # bool is a subclass of int in Python, but true is not a count in JSON.
    if hint is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if hint is bool and isinstance(value, bool):
        return value
    if hint is str and isinstance(value, str):
        if not _printable(value):
            raise _expected(where, "a text without control characters or lone surrogates")
        return value
    raise _expected(where, _SCALARS[hint])


_SCALARS: dict[Hint, str] = {int: "a whole number", bool: "true or false", str: "a string"}


def _printable(value: str) -> bool:
    """False for a lone surrogate (cannot be written as UTF-8: neither stored nor printed)
    or a control character, U+0000-U+001F or U+007F-U+009F (not drawable; NUL ends a C
    string)."""
    return _UNPRINTABLE.search(value) is None


def shown(value: str) -> str:
    """``value`` safe to echo on a terminal: unprintable characters as JSON escapes."""
    return value if _printable(value) else json.dumps(value)[1:-1]


def _expected(where: str, what: str) -> JournalError:
    return JournalError("error.journal.expected", where=where, expected=what)


def encode(value: object) -> JSON:
    """The JSON shape of a command or of one of its field values."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return encode_fields(value)
    if isinstance(value, tuple):
        return [encode(item) for item in value]
    if isinstance(value, Mapping):
        return {key: encode(item) for key, item in value.items()}
    # a scalar field: str, int, bool or None, as the command's hints say (decode checked it)
    return cast("JSON", value)


def encode_fields(value: object) -> JSONObject:
    """The JSON object of a command (or of a dataclass inside one), field by field."""
    assert dataclasses.is_dataclass(value), "a command is a frozen dataclass"
    out: JSONObject = {}
    # Keyword-only fields (a command's ``seat``) last: each command's own come first.
    for field in sorted(dataclasses.fields(value), key=lambda f: bool(f.kw_only)):
        item = getattr(value, field.name)
        if item is None and field.metadata.get("omit_if_none"):
            continue
        out[json_name(field)] = encode(item)
    return out
