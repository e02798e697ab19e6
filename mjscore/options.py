"""Typed ruleset options (`options:` in YAML, `--opt KEY=VALUE` on the command line)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from .errors import (PAST_MAX, PAST_MIN, MAX_VALUE, MjscoreError, OptionError, RulesetError,
                     too_large)

# A whole number as typed: ASCII digits after at most one "-" (int() also reads "٥" and "５",
# which the batch reader's own check refuses; one rule for both).
WHOLE_NUMBER = re.compile(r"-?[0-9]+")
_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}


def coerce(spec: dict, key: str, value, where: str, yaml: bool = False):
    """`value` (a string or its own type) as the option's type, or OptionError saying why.
    `yaml`: it was read from a YAML file, where an unquoted yes or no is true or false."""
    kind, choices = spec["type"], spec.get("choices")
    words = spec.get("words", [])

    def bad(expect: str, why: str = ""):
        # A record's or file's true as the file spells it, not Python's "True" (a number as
        # --opt's text of it: the API and the command say the same).
        shown = str(value).lower() if isinstance(value, bool) else \
            value if isinstance(value, str) else \
            too_large(value) if isinstance(value, int) and too_large(value) else repr(value)
        if yaml and not why:  # (a bool option's refusal takes none: it is never a bool)
            why = _yaml_bool(value)
        return OptionError(f'option "{key}" of {where}: expected {expect}, got "{shown}"{why}',
                           key)

    if kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, int) and value in (0, 1):  # as "0"/"1" and a record's own flags
            return bool(value)
        if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
            return value.lower() in _TRUE
        raise bad("true or false")
    if kind == "int":
        expect = "an integer" + "".join(f' or "{w}"' for w in words)
        if isinstance(value, str) and value.strip().lower() in words:
            return value.strip().lower()
        if isinstance(value, bool):
            raise bad(expect)
        if isinstance(value, int):
            if too_large(value):
                raise OptionError(f'option "{key}" of {where}: {too_large(value)}', key)
            out = value
        elif isinstance(value, str) and WHOLE_NUMBER.fullmatch(value.strip()) and len(value) < 12:
            out = int(value.strip())
        elif isinstance(value, str) and WHOLE_NUMBER.fullmatch(value.strip()):
            # Digits, but more than any stake: say so rather than "expected an integer".
            raise bad(expect.replace("an integer", "an integer of at most 11 characters", 1))
        else:
            raise bad(expect)
        if "min" in spec and out < spec["min"] or "max" in spec and out > spec["max"]:
            lo, hi = spec.get("min"), spec.get("max")
            rng = f"{lo} to {hi}" if lo is not None and hi is not None else \
                f"at least {lo}" if lo is not None else f"at most {hi}"
            # (With the words it also takes: cap=0 is most often meant as "none", uncapped.)
            raise bad(expect.replace("an integer", f"an integer {rng}", 1))
        if abs(out) > MAX_VALUE:  # (an API or record value: --opt takes 11 characters)
            raise OptionError(f'option "{key}" of {where}: {out} is '
                              f'{PAST_MAX if out > 0 else PAST_MIN}', key)
    elif kind == "tile":
        from .errors import NotationError
        from .notation import parse_tiles
        from .tiles import name
        why = ""
        try:
            got = parse_tiles(str(value))
        except NotationError as e:  # (what the notation says of it: "5P", suits lower case)
            got, why = [], f": {e.detail}"
        if len(got) != 1:
            raise bad("one tile", why)
        out = name(got[0])
    elif not isinstance(value, str):  # (a choice's words, where it has them)
        raise bad("one of " + ", ".join(str(c) for c in choices) if choices else "a word")
    else:
        out = value.strip()
    if choices is not None and out not in choices and out not in words:
        # (With the words it takes too: cap=none stays open under a house cap's choices.)
        raise bad("one of " + ", ".join([str(c) for c in choices] + [str(w) for w in words]))
    return out


def read_as_bool(value, message: str) -> str:
    """Why an option written in a YAML file (a record's `opts:`) refused true or false, where
    `message` refused that value itself (not an unknown option given true): YAML read an
    unquoted yes, no, on or off so (`xiqian: yes`)."""
    return _yaml_bool(value) if f'got "{str(value).lower()}"' in message else ""


def _yaml_bool(value) -> str:
    """What YAML made of a true or false `value` that an option refused, else ""."""
    if isinstance(value, bool):
        from .words import YAML_BOOL
        return f" ({YAML_BOOL})"
    return ""


def resolve(specs: dict, given: dict | None, where: str) -> dict:
    """Defaults overlaid with `given`; unknown names are an OptionError listing the known ones."""
    values = {}
    for key, spec in specs.items():
        # As given values are read (a file's `default: 1` for an on/off option is true).
        default = spec["default"]
        values[key] = default if default is None else coerce(spec, key, default, where)
    for key, value in (given or {}).items():
        if key not in specs:
            known = ", ".join(sorted(specs)) or "none"
            near = _near(specs, key, value, where)
            raise OptionError(f'unknown option "{key}" for {where} ({near}its options: {known})',
                              key)
        values[key] = coerce(specs[key], key, value, where)
    return values


def _near(specs: dict, key, value, where: str) -> str:
    """'did you mean "ghosts"? ' for `--opt ghost=8`: an option named close to `key` (or
    starting with it: `wugui`) that takes `value`; "" where none does (`ghost=flip`,
    guangdong's, given in luzhou: "ghosts" would only mislead; nor guangdong's "horses" for
    luzhou's `ghosts: 8`, near enough by letters only)."""
    import difflib
    typed = str(key).lower()
    starts = [k for k in specs if len(typed) >= 4 and k.startswith(typed)]
    for near in dict.fromkeys(difflib.get_close_matches(typed, list(specs), 3, 0.8) + starts):
        try:
            coerce(specs[near], near, value, where)
        except MjscoreError:  # (refused: not the one meant)
            continue
        return f'did you mean "{near}"? '
    return ""


def check_defaults(specs: dict, source: str) -> None:
    """Each default must be a legal value of its own option (a ruleset-file error otherwise),
    and so must each of its choices, written as the value it stands for: a choice of another
    type (`choices: [4, "8"]` for an int, or `true` where 1 is meant) could never be chosen,
    or would let another value through."""
    for key, spec in specs.items():
        lo, hi = spec.get("min"), spec.get("max")
        for end, bound in (("min", lo), ("max", hi)):
            # (A bound past what any value may be said ok in `rules check` and `rules show`,
            # and the value it allowed was then refused where a record gave it.)
            if isinstance(bound, int) and abs(bound) > MAX_VALUE:
                raise RulesetError(source, f'option "{key}" of {source}: {end} {bound} is '
                                   f"{PAST_MAX if bound > 0 else PAST_MIN}",
                                   f"options.{key}.{end}")
        if lo is not None and hi is not None and lo > hi:
            raise RulesetError(source, f'option "{key}" of {source}: min {lo} is above max '
                               f"{hi}: no value could be given", f"options.{key}.max")
        _check_choices(spec, key, source)
        if spec["default"] is None:
            continue
        try:
            coerce(spec, key, spec["default"], source, yaml=True)  # (a ruleset file's)
        except OptionError as e:
            hint = _widen_hint(spec, key, source)
            raise RulesetError(source, str(e).removeprefix("invalid option: ") + hint,
                               f"options.{key}.default") from None


def _check_choices(spec: dict, key: str, source: str) -> None:
    free = {k: v for k, v in spec.items() if k != "choices"}
    for i, choice in enumerate(spec.get("choices") or ()):
        where = f"options.{key}.choices.{i}"
        try:
            got = coerce(free, key, choice, source, yaml=True)
        except OptionError as e:
            raise RulesetError(source, str(e).removeprefix("invalid option: "), where) from None
        if got != choice or type(got) is not type(choice) and spec["type"] != "bool":
            # (an on/off option's 1 and 0 are its true and false, as a default's are)
            shown = f'the text "{choice}"' if isinstance(choice, str) else f'"{choice}"'
            raise RulesetError(source, f'option "{key}" of {source}: a choice is written as '
                               f'the value it stands for, {as_written(got)}, not {shown}', where)


def as_written(value) -> str:
    """`value` as a ruleset file writes it (true, not Python's True)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _widen_hint(spec: dict, key: str, source: str) -> str:
    """A house file widening a game (12 ghosts where the choices are 4 and 8) must widen the
    choices too: said where the default is refused for its choices alone."""
    if not spec.get("choices"):
        return ""
    try:
        coerce({k: v for k, v in spec.items() if k != "choices"}, key, spec["default"], source)
    except OptionError:
        return ""
    listed = ", ".join(map(str, [*spec["choices"], spec["default"]]))
    return f" (to allow it, list it in choices too: choices: [{listed}])"


def as_dict(opts) -> dict:
    """The API's `opts`: a mapping of option names to values (or None), copied."""
    if opts is None:
        return {}
    if not isinstance(opts, Mapping):
        raise OptionError(f"opts maps option names to values, not {type(opts).__name__}")
    blank = blank_option(opts)
    if blank:
        raise OptionError(f"opts: {blank}", next(k for k, v in opts.items() if v is None))
    names = [str(k) for k in opts]
    if len(set(names)) < len(names):  # 1 and "1": one option, as a name is read (its text)
        twice = next(n for n in names if names.count(n) > 1)
        given = ", ".join(f"{k!r}: {v!r}" for k, v in opts.items() if str(k) == twice)
        raise OptionError(f"opts: {twice} is given twice ({given})", twice)
    return dict(opts)


def blank_option(opts: Mapping) -> str | None:
    """What to say of the first option given as None (the API) or null (a record), or None:
    one rule for both (CONTRACT: a record takes what `score` takes). `cap:` left blank in a
    file would read as no cap, and `none` is the word for that."""
    key = next((k for k, v in opts.items() if v is None), None)
    if key is None:
        return None
    # (An empty or space-padded name quoted, as an unknown option's is: bare, "opts:  has no
    # value" named nothing.)
    name = key if not isinstance(key, str) or key and key.strip() == key else f'"{key}"'
    return f"{name} has no value: give one, or leave it out"


def parse_pairs(pairs, what: str = "--opt", form: str = "KEY=VALUE",
                error=OptionError) -> dict:
    """['cap=100', 'ghosts=8'] -> {'cap': '100', 'ghosts': '8'}. A key given twice is refused
    (the last would win silently); `what`, `form` and `error` word the message for where the
    pairs were written."""
    out: dict = {}
    for item in pairs:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise error(f'{what} takes {form}, not "{item.strip()}"')
        if key in out:
            raise error(f"{what}: {key} is given twice ({key}={out[key]}, {key}={value.strip()})")
        if "=" in value:  # (no option's value holds one: several options written as one)
            parts = [p.strip() for p in item.split(",")]
            each = f": one {form} each ({' '.join(f'{what} {p}' for p in parts)})" \
                if what == "--opt" and len(parts) > 1 and all("=" in p for p in parts) else ""
            raise error(f'{what}: "{item.strip()[:80]}" holds more than one "="{each}')
        out[key] = value.strip()
    return out


def option_of(raw: dict, key: str) -> str | None:
    """The option that sets `raw[key]` (`{option: NAME}`), or None where the file sets it:
    an OptionError about the value names it (OptionError.key), and a reason names the
    player's way to change it."""
    v = raw.get(key)
    return v.get("option") if isinstance(v, dict) else None


def option_refs(node, where: str):
    """(key path, option name) of every `{option: name}` reference in a ruleset mapping,
    outside its own `options:`."""
    if isinstance(node, dict):
        if set(node) == {"option"}:
            yield where, node["option"]
            return
        for k, v in node.items():
            if where != "" or k != "options":
                yield from option_refs(v, f"{where}.{k}" if where else str(k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from option_refs(v, f"{where}.{i}")


def resolve_refs(node, values: dict, top: bool = True):
    """`node` with every `{option: name}` reference replaced by the option's value: those
    `option_refs` finds, so the ruleset's own `options:` is left as written (an option is
    declared there, never filled in)."""
    if isinstance(node, dict):
        if set(node) == {"option"}:
            return values[node["option"]]
        return {k: v if top and k == "options" else resolve_refs(v, values, False)
                for k, v in node.items()}
    if isinstance(node, list):
        return [resolve_refs(v, values, False) for v in node]
    return node
