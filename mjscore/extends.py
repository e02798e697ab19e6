"""What a ruleset file's `extends:` makes of it and the files it extends: their mappings
merged in turn (`merge_chain`), a null removing a key, a pattern naming a new effect dropping
its parent's, and what `rules show` says of a house file's entries (their origin, its source
line). Reading and finding the files is `ruleset_files`'. Never prints or exits."""

from __future__ import annotations

from functools import lru_cache

from .errors import RulesetError
from .words import either


def merge_chain(chain: list, shipped) -> dict:
    """The merged mapping of `chain` ((mapping, label) of a file, then of each file it
    extends, as `ruleset_files._chain` reads them); `shipped(label)`: whether a label names a
    shipped ruleset (a user's file from scratch has no seed behind it)."""
    merged: dict = {}
    above = None  # the label of the file merged last: the parent of the next
    removed: dict = {}  # (section, key) -> the label of the file whose null removed it
    for data, lb in reversed(chain):
        _brought_back(data, merged, removed, lb)
        merged = _merge(merged, data, names=(lb, above) if above else None)
        if above:
            _mark_house(merged, data, lb, above)
        elif not shipped(lb):
            _mark_own(merged)
        above = lb
    merged.pop("extends", None)
    return merged


EFFECT_KEYS = ("steps", "base", "multiply", "add", "flat", "fixed")


def _merge(base: dict, over: dict, where: str = "", names=None) -> dict:
    """Mappings merge key by key; lists and scalars replace; a null value removes the key.

    A pattern that names a new effect (say `multiply` where the parent had `steps`) drops the
    parent's effect: a pattern has exactly one. `names`: (this file's label, its parent's),
    when `over` extends `base`: a null there for a key the parent does not have removes
    nothing, a typo (`wu_gui: null`) that would leave the pattern in play with no word."""
    out = dict(base)
    if where.startswith("patterns.") and where.count(".") == 1 and \
            any(k in over for k in EFFECT_KEYS):
        for k in EFFECT_KEYS:
            out.pop(k, None)
    for key, value in over.items():
        at = f"{where}.{key}" if where else str(key)
        if value is None:
            if names and key not in base and (where or key not in _sections()):
                _removes_nothing(names, at, key, base)
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(base.get(key), dict):
            out[key] = _merge(base[key], value, at, names)
        else:
            out[key] = value
    return out


@lru_cache(maxsize=1)
def _sections() -> frozenset:
    """The top-level keys a ruleset may have: `extras: null` where the parent has no extras
    leaves what it asks (none), so only a null inside a section, or for no section at all,
    removes nothing."""
    from .ruleset_check import ruleset_schema
    return frozenset(ruleset_schema()["properties"])


def _removes_nothing(names: tuple, at: str, key: str, base: dict):
    from difflib import get_close_matches
    near = get_close_matches(str(key), [str(k) for k in base], 1)
    raise RulesetError(names[0], f'null removes nothing: {names[1]} has no "{key}" here' +
                       (f' (did you mean "{near[0]}"?)' if near else ""), at)


def _needs(section: str) -> list:
    """What an option or pattern written from nothing needs: the schema's `required`."""
    from .ruleset_check import ruleset_schema
    return ruleset_schema()["$defs"][section[:-1]]["required"]


def _brought_back(data: dict, merged: dict, removed: dict, label: str) -> None:
    """Refuse an option or pattern of `data` that a file it extends removed (a null) and that
    it writes only in part, as changing it (`wugui: {steps: 1}` under a parent's `wugui:
    null`): the schema took it for a new one missing its name, with a "did you mean" another
    pattern that sent the writer to change that one. Note the nulls of `data` in `removed`
    with the entry each removed from `merged` (the files `data` extends)."""
    for section in ("options", "patterns"):
        entries = data.get(section)
        if not isinstance(entries, dict):
            continue
        for key, entry in entries.items():
            if entry is None:
                removed[section, key] = (label, (merged.get(section) or {}).get(key))
                continue
            by, was = removed.pop((section, key), (None, None))
            if by is None or not isinstance(entry, dict):
                continue
            lacking = [k for k in _needs(section) if k not in entry]
            if isinstance(was, dict) and "pattern" in was and "pattern" not in entry:
                lacking.insert(0, f"pattern ({was['pattern']})")
            if lacking:
                raise RulesetError(label, f'{section[:-1]} "{key}" was removed by {by} '
                                          f"({section}.{key}: null): to bring it back, write "
                                          f"it whole (missing: {either(lacking, 'and')})",
                                   f"{section}.{key}")


# What only names or explains an entry: changed alone, the value is still the parent's.
_WORDS = frozenset(("name", "en", "help", "ruling", "note", "origin"))


def _mark_house(merged: dict, over: dict, label: str, parent: str) -> None:
    """What `rules show` says of a house file `over` (labelled `label`, extending `parent`),
    merged into `merged`: each option or pattern whose value it sets is the house's (origin
    `house`), not the seed's its parent cited, unless it says otherwise; without a `source`
    of its own, the source line names it before its parent's, and without `departures` of its
    own, it has none."""
    for section in ("options", "patterns"):
        entries = over.get(section)
        if not isinstance(entries, dict):
            continue
        for key, entry in entries.items():
            now = (merged.get(section) or {}).get(key)
            if isinstance(entry, dict) and isinstance(now, dict) and "origin" not in entry \
                    and set(entry) - _WORDS:
                merged[section][key] = {**now, "origin": "house"}
    if "source" not in over and isinstance(merged.get("source"), str):
        merged["source"] = f"{label}, a house rule extending {parent}: {merged['source']}"
    # The parent's notes on where it departs from another ruleset are not the house file's:
    # a value it changes made them wrong, printed under its name (the guide's "All-Triplet is
    # 40" beside a house All-Triplet of 20).
    if "departures" not in over:
        merged.pop("departures", None)


def _mark_own(merged: dict) -> None:
    """Each option and pattern of a user's file written from scratch is the house's (origin
    `house`) unless it says otherwise: `rules show` called them the seed's."""
    for section in ("options", "patterns"):
        entries = merged.get(section)
        if isinstance(entries, dict):
            merged[section] = {k: {**v, "origin": "house"}
                               if isinstance(v, dict) and "origin" not in v else v
                               for k, v in entries.items()}
