"""Values and schema errors in the user's own terms, for batch records, settle records and
ruleset files.

A file's reader wrote YAML or JSON, not Python: an unquoted `no` is `false` to them (and YAML
reads it so without a word), a blank value is nothing, `{a: 1}` is a mapping. jsonschema's
messages (`False is not one of ['E', 'S', 'W', 'N']`) speak Python and the schema's own
vocabulary; these say what was found and what is allowed.
"""

from __future__ import annotations

import re
from datetime import date
from functools import lru_cache

YAML_BOOL = "YAML reads unquoted yes, no, on, off as true or false"


class _Spelt(float):
    """A number read as a float it does not fit (1e999 as inf, 1e-999 as 0.0, or more digits
    than a float holds: 2.99999999999999999 as 3.0), shown in a message as it was written:
    "not the number inf" named nothing the file holds. (`amounts.exact` works with `text`.)"""

    def __new__(cls, value: float, text: str):
        obj = super().__new__(cls, value)
        obj.text = text
        return obj

    def __getnewargs__(self) -> tuple:  # (pickled whole: a ruleset sent to a spawned worker)
        return float(self), self.text

    def __repr__(self) -> str:
        return self.text[:40]


def spelt(value: float, text: str) -> float:
    """`value`, read as a float from `text`, keeping `text` where reading lost the number:
    past the largest float, so small it became 0, or of more significant digits than the 15
    that any float gives back as written (`2.99999999999999999` read as 3.0)."""
    digits = text.lower().partition("e")[0]
    if value in (float("inf"), float("-inf")) and "inf" not in digits or \
            value == 0 and any(c in "123456789" for c in digits) or \
            len(_NOT_DIGIT.sub("", digits).strip("0")) > 15:
        return _Spelt(value, text.strip())
    return value


_NOT_DIGIT = re.compile(r"[^0-9]")  # (taken out of a number's text before any exponent)


def describe(value, yaml: bool = True) -> str:
    """A value as an error message shows it. `yaml`: it may have been read from YAML, where
    an unquoted yes or no is true or false (not said of a JSON Lines record's `true`)."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return f'the text "{value[:40]}"'
    if value is None:
        return "nothing (an empty value)"
    if isinstance(value, bool):  # an unquoted YAML yes or no too, which a user may not know
        return f"{str(value).lower()} ({YAML_BOOL})" if yaml else str(value).lower()
    if isinstance(value, (int, float)):
        return f"the number {value!r}"[:60]
    if isinstance(value, date):  # YAML reads 2020-01-01 (and a date with a time) so
        return f"the date {value.isoformat()}"[:60]
    return f"{type(value).__name__} {value!r}"[:60]


# A key `score` and batch take that a settle event has no need of, with where settle reads
# it: a near spelling ("kong_draw") would send the writer the wrong way.
_READ_ELSEWHERE = {"kong_from": "settle reads the seat from the from: of the winner's kong "
                                "event"}


def unknown(what: str, key, keys) -> str:
    """`unknown key "discrad"; did you mean "discard"?`, or the list of `keys` when nothing
    is close: a typo is the usual cause."""
    if what == "key" and key in _READ_ELSEWHERE and key not in keys:
        return f'unknown key "{key}": {_READ_ELSEWHERE[key]}'
    import difflib
    close = difflib.get_close_matches(str(key), keys, n=3)
    # Every key as close as the closest ("wn": win or won), not the first of them alone.
    best = _likeness(key, close[0]) if close else None
    near = [k for k in keys if k in close and _likeness(key, k) == best]
    shown = " or ".join(f'"{k}"' for k in near)
    hint = f"did you mean {shown}?" if close else f"{what}s: {', '.join(keys)}"
    if not close and what == "key" and "opts" in keys and _an_option(key):
        hint = f"a ruleset's option goes under opts ({{{key}: ...}}); {hint}"
    return f'unknown {what} "{str(key)[:40]}"; {hint}'


def _likeness(key, name: str) -> float:
    """How close `key` is to `name`, as difflib's get_close_matches ranks them."""
    import difflib
    return difflib.SequenceMatcher(None, name, str(key)).ratio()


def _an_option(key) -> bool:
    """Whether `key` names an option of a shipped ruleset (read only to word an error)."""
    return isinstance(key, str) and key in _shipped_options()


@lru_cache(maxsize=1)
def _shipped_options() -> frozenset:
    """The options of every shipped ruleset, read once (a batch may word many such errors)."""
    from .ruleset_files import load_raw, shipped_names
    return frozenset(k for n in shipped_names() for k in load_raw(n)[0].get("options") or {})


def after_indicator(n: int) -> str:
    """What a flipped indicator makes ghosts, as `Ghost:` lines say it: "the tile", or under
    翻双鬼 "the two tiles", after it."""
    return "the tile" if n == 1 else "the two tiles"


def either(items, word: str = "or") -> str:
    """`a, b or c` (`word` "and": `a, b and c`)."""
    items = list(items)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {word} {items[-1]}"


# The schema's types as a file's writer knows them.
_TYPES = {"string": "text", "integer": "a whole number", "number": "a number",
          "boolean": "true or false", "object": "a mapping", "array": "a list",
          "null": "nothing"}


def _shown(value) -> str:
    """An allowed value as the file would spell it."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def tiles_hint(value, hand: bool, yaml: bool) -> str:
    """What to write where tiles are text and a list or mapping came: a hand or meld (`hand`)
    that YAML read so, written unquoted (`E: [19mE]` is a list of one item, `{555p}` a
    mapping), or tiles given apart (`horses: [3m, W]`, `tile: [5p]`)."""
    if isinstance(value, dict) and value and all(v is None for v in value.values()):
        items, bracket = list(value), "{}"
    elif isinstance(value, list) and value and \
            all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
        items, bracket = value, "[]"
    else:
        return ""
    if len(items) == 1 and hand and yaml:
        meld = f"{bracket[0]}{items[0]}{bracket[1]}"
        return (f' (YAML read {meld} as {describe(value)}: a hand or meld that starts with '
                f'"{bracket[0]}" needs quotes, "{meld} 123m...")')
    if bracket == "{}":
        return ""
    return f" (tiles are written together as text: {''.join(map(str, items))})"


def schema_text(err, what: str) -> tuple:
    """(path, words) for a jsonschema error, `what` naming the mapping it checked ("a hand
    record", "a win event"): the path where the value is wrong (a missing key's own, for one
    that is needed) and what is wrong with it, in the terms of the file."""
    v, want, kind = err.instance, err.validator_value, err.validator
    path = list(err.absolute_path)
    if kind == "enum":
        # (A seat in a record written as the table says it, 南: told which, as score does.)
        from .context import SEATS, seat_hint
        hint = seat_hint(v) if isinstance(v, str) and set(want) <= set(SEATS) else ""
        return path, f"must be {either(map(_shown, want))}, not {describe(v)}{hint}"
    if kind == "const":
        return path, f"must be {_shown(want)}, not {describe(v)}"
    if kind == "type":
        names = [want] if isinstance(want, str) else want
        shown = [_TYPES.get(t, t) for t in names]
        if len(shown) > 1:  # "text, a whole number or true/false", not "... or true or false"
            shown = ["true/false" if t == "boolean" else s for t, s in zip(names, shown)]
        text = f"must be {either(shown)}, not {describe(v)}"
        return path, text + (whole_hint(v) if "integer" in names else "")
    if kind == "required":
        missing = next(k for k in want if k not in v)
        return path + [missing], f"missing: {what} needs {either(want, 'and')}"
    if kind == "additionalProperties":
        return path, unknown("key", extra_key(err), list(err.schema.get("properties", ())))
    if kind in ("minProperties", "maxProperties"):
        if kind == "minProperties" and want == 1:
            return path, "must not be empty"
        return path, f"{len(v)} keys, at {'least' if kind == 'minProperties' else 'most'} {want}"
    if kind in ("minItems", "maxItems"):
        return path, f"{len(v)} items, at {'least' if kind == 'minItems' else 'most'} {want}"
    if kind in ("minLength", "maxLength"):
        if kind == "minLength" and want == 1:
            return path, "must not be empty"
        return path, (f"too {'short' if kind == 'minLength' else 'long'}: {len(v)} "
                      f"characters, at {'least' if kind == 'minLength' else 'most'} {want}")
    if kind in ("minimum", "maximum"):
        return path, f"must be at {'least' if kind == 'minimum' else 'most'} {want}, " \
                     f"not {describe(v)}"
    if kind == "uniqueItems":
        return path, f"{describe(_twice(v))} is listed twice"
    if kind == "pattern":
        shape = _PATTERNS.get(want)
        return path, (f"must be {shape}, not {describe(v)}" if shape else
                      f"{describe(v)} does not match the pattern {want}")
    if kind in ("oneOf", "anyOf"):  # (a value of one of several forms, none of which fits)
        inner = _fitting_form(err)
        if inner is not None:
            return schema_text(inner, what)
        # A list of words among other forms goes last, as "one of a, b, c": "a, b or c or a
        # mapping" would read as one list.
        words = [sub for sub in want if len(sub.get("enum", ())) > 1]
        forms = [_form(sub) for sub in want if sub not in words] + \
            [f"one of {', '.join(map(_shown, sub['enum']))}" for sub in words]
        text = f"must be {either(forms)}, not {describe(v)}" if all(forms) else \
            f"{describe(v)} is none of the forms allowed here"
        return path, text + whole_hint(v)
    return path, err.message  # a keyword the schemas above do not use


def whole_hint(v, text: bool = False) -> str:
    """What to add where a whole number is wanted and `v` is one written with a decimal point
    (YAML's 10.0, or 1_0.0_0; with `text`, where a number may be written as text, a
    spreadsheet's "6.0"), else nothing."""
    if isinstance(v, float) and v.is_integer() and not isinstance(v, _Spelt) or \
            text and isinstance(v, str) and _WHOLE_WITH_POINT.fullmatch(v):
        return " (a whole number is written without a decimal point)"
    return ""


_WHOLE_WITH_POINT = re.compile(r"\s*[0-9]+\.0*\s*")


def extra_key(err):
    """The key an `additionalProperties` error is about: the first its mapping may not have
    (jsonschema names the mapping, not the key)."""
    props, pats = err.schema.get("properties", ()), err.schema.get("patternProperties", ())
    return next(k for k in err.instance
                if k not in props and not any(re.search(p, k) for p in pats))


def at_fault(err) -> list:
    """The path of the key a schema error is about, as `schema_text` words it: an unknown
    key's own (`schema_text` names the mapping that holds it), else where it is said."""
    if err.validator in ("oneOf", "anyOf"):
        inner = _fitting_form(err)
        if inner is not None:
            return at_fault(inner)
    path = list(err.absolute_path)
    return path + [extra_key(err)] if err.validator == "additionalProperties" else path


def _twice(items: list):
    """The first item that repeats an earlier one as the schema compares them: `true` is not
    the number 1 there (Python's == says it is, and named true in [1, true, 1])."""
    import json
    seen = set()
    for x in items:
        try:
            key = json.dumps(x, sort_keys=True, default=repr)
        except (TypeError, ValueError):
            key = repr(x)
        if key in seen:
            return x
        seen.add(key)
    # jsonschema also takes 1 and 1.0 as one value, which the text above keeps apart.
    return next((x for i, x in enumerate(items) if x in items[:i]), items[-1])


def _fitting_form(err):
    """The error inside the one form of a oneOf whose kind the value is (a mapping where only
    one form is a mapping: an extra missing its en:), or None: "a mapping is none of the
    forms allowed here" would leave the writer to guess which key is wrong."""
    from jsonschema.exceptions import best_match
    ruled_out, by_value, branches = set(), {}, {}
    for e in err.context:
        branch = e.relative_schema_path[0]
        branches.setdefault(branch, []).append(e)
        # (Only the branch's own check rules it out: a mapping's key refused by its
        # propertyNames is an error inside the one form that fits, as a value's would be.)
        if not e.relative_path and len(e.relative_schema_path) == 2 and \
                e.validator in ("type", "enum", "const"):
            ruled_out.add(branch)
            if e.validator == "enum" and all(type(x) is type(e.instance) for x in e.validator_value):
                by_value[branch] = e  # the right kind, a value not listed: a typo of one
    left = [b for b in branches if b not in ruled_out] or list(by_value)
    return best_match(branches[left[0]]) if len(left) == 1 else None


# The schemas' patterns by what they stand for: a regular expression is no help to a writer.
_PATTERNS = {"^([1-9][mps]|[ESWNCFP])$": "a tile (1m to 9s, or one of E S W N C F P)",
             "^[a-z0-9][a-z0-9_-]*$": "a name of small letters, digits, _ and - (starting with a "
                                     "letter or digit)",
             # (Names and titles are printed inside tables and lines: one line each.)
             r"^(?![\s\S]*[\u0000-\u001f\u007f-\u009f\u2028\u2029])":
                 "one line of text, without a line break, a tab or another control character",
             # (A pattern's name blank left its row nameless, and waits' list without it.)
             r"\S": "text that is not blank"}

# A ruleset's shared forms (`$defs`) by the names a house file's writer knows them.
_REFS = {"#/$defs/ref": "an option reference ({option: NAME})", "#/$defs/tile": "a tile",
         "#/$defs/pattern": "a pattern (a mapping)"}


def _form(sub: dict) -> str | None:
    """One form a value may take (a branch of a oneOf), in the file's terms; None when it
    cannot be said in a few words."""
    if set(sub) <= {"type", "minimum", "maximum"} and isinstance(sub.get("type"), str):
        return _TYPES.get(sub["type"])
    if set(sub) == {"enum"}:
        return either(map(_shown, sub["enum"]))
    if set(sub) == {"const"}:
        return _shown(sub["const"])
    if set(sub) == {"$ref"}:
        return _REFS.get(sub["$ref"])
    if sub.get("type") in ("object", "array"):  # (its keys or items are checked once it is one)
        return _TYPES[sub["type"]]
    return None
