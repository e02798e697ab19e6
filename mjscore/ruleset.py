"""Rulesets: YAML files, `extends:` chains, schema validation, options, and the compiled form.

A ruleset names the patterns it uses and their effects; the predicates themselves are code
(`patterns.py`). Shipped rulesets live in the top-level `rulesets/` folder, which the wheel
carries as `mjscore/rulesets/`; they are validated by the test suite, so loading one does not
import jsonschema (start-up time). Any file of the user's is validated on load.
"""

from __future__ import annotations

import json
import os
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

from . import tiles as T
from .bounded import make_room
from .errors import OptionError, RulesetError
from .options import as_dict, check_defaults, resolve

_HERE = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def shipped_dir() -> Path:
    """The installed copy inside the package, else the source tree's top-level folder.
    (Looked up once a process: scoring asks on every call.)"""
    inside = _HERE / "rulesets"
    return inside if inside.is_dir() else _HERE.parent / "rulesets"


@lru_cache(maxsize=1)
def _shipped_set() -> frozenset:
    return frozenset(p.stem for p in shipped_dir().glob("*.yaml"))


def shipped_names() -> list[str]:
    return sorted(_shipped_set())


def _load_yaml(path: Path, label: str) -> dict:
    if _is_shipped(path):
        from .shipped_cache import lookup
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, ValueError):
            text = None
        data = lookup(path, text) if text is not None else None
        if isinstance(data, dict):
            return data
    from .yamlfile import read
    data = read(path, "ruleset file", lambda message: RulesetError(label, message))
    if not isinstance(data, dict):
        raise RulesetError(label, "must be a mapping of keys (name, tiles, hand, value, ...)")
    return data


EFFECT_KEYS = ("steps", "base", "multiply", "add", "flat", "fixed")


def _merge(base: dict, over: dict, where: str = "") -> dict:
    """Mappings merge key by key; lists and scalars replace; a null value removes the key.

    A pattern that names a new effect (say `multiply` where the parent had `steps`) drops the
    parent's effect: a pattern has exactly one."""
    out = dict(base)
    if where.startswith("patterns.") and where.count(".") == 1 and \
            any(k in over for k in EFFECT_KEYS):
        for k in EFFECT_KEYS:
            out.pop(k, None)
    for key, value in over.items():
        if value is None:
            out.pop(key, None)
        elif isinstance(value, dict) and isinstance(base.get(key), dict):
            out[key] = _merge(base[key], value, f"{where}.{key}" if where else str(key))
        else:
            out[key] = value
    return out


def _is_shipped_name(ref: str) -> bool:
    looks_like_path = os.sep in ref or "/" in ref or ref.endswith((".yaml", ".yml"))
    return not looks_like_path and ref in _shipped_set()


def _locate(ref: str, relative_to: Path | None) -> tuple[Path, str, bool]:
    """(path, label, shipped?) for a ruleset name or path."""
    if _is_shipped_name(ref):
        return shipped_dir() / f"{ref}.yaml", ref, True
    path = Path(ref) if relative_to is None else relative_to / ref
    try:
        found = path.exists()
    except (OSError, ValueError):  # a name too long for the file system, or a NUL byte
        found = False
    if found:
        return path, ref, False
    known = ", ".join(shipped_names())
    raise RulesetError(ref, f"unknown ruleset: no shipped ruleset or file of that name "
                            f"(shipped: {known})")


def load_raw(ref: str, files: list | None = None) -> tuple[dict, str, bool]:
    """The merged mapping for `ref`, its label, and whether every file in the chain is shipped.
    `files`, when given, receives the resolved path of every file read."""
    if not ref.strip():  # Path("") is the current folder
        raise RulesetError(repr(ref), "unknown ruleset: give a shipped name or a file")
    chain: list[tuple[dict, str]] = []
    seen: set[Path] = set()
    path, label, all_shipped = _locate(ref, None)
    while True:
        real = path.resolve()
        if real in seen:
            trail = " -> ".join([lb for _, lb in chain] + [label])
            raise RulesetError(label, f"extends itself in a cycle ({trail})", "extends")
        seen.add(real)
        if files is not None:
            files.append(real)
        data = _load_yaml(path, label)
        chain.append((data, label))
        parent = data.get("extends")
        if parent is None:
            break
        if not isinstance(parent, str) or not parent.strip():
            raise RulesetError(label, "must name a shipped ruleset or a file", "extends")
        try:
            path, plabel, shipped = _locate(parent, path.parent if not _is_shipped(path) else None)
        except RulesetError:
            known = ", ".join(shipped_names())
            raise RulesetError(label, f'"{parent}" is no shipped ruleset (shipped: {known}) and '
                                      "no file beside this one", "extends") from None
        if path.is_dir():  # named here, not as the folder's own error with no file or key
            raise RulesetError(label, f'"{parent}" is a folder, not a ruleset file', "extends")
        all_shipped = all_shipped and shipped
        label = plabel if shipped else str(path)
    merged: dict = {}
    for data, _ in reversed(chain):
        merged = _merge(merged, data)
    merged.pop("extends", None)
    return merged, chain[0][1], all_shipped


def _is_shipped(path: Path) -> bool:
    return path.resolve().parent == shipped_dir().resolve()


@lru_cache(maxsize=1)
def _validator():
    import jsonschema
    schema = json.loads((_HERE / "ruleset.schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def _schema_error(data: dict):
    """The most relevant schema error of `data`, or None."""
    import jsonschema
    errors = sorted(_validator().iter_errors(data),
                    key=lambda e: (len(e.path), list(map(str, e.path))))
    return jsonschema.exceptions.best_match(errors) if errors else None


def validate(data: dict, label: str) -> None:
    """Schema validation (jsonschema), then the references a schema cannot see."""
    from .patterns import REGISTRY
    from .settlement import EXTRAS
    err = _schema_error(data)
    if err is not None:
        key = ".".join(str(p) for p in err.absolute_path) or None
        message = err.message
        if err.validator == "oneOf" and key and key.startswith("patterns.") and \
                len(err.absolute_path) == 2:
            message = "a pattern has exactly one effect: steps, base, multiply, add, flat or fixed"
        raise RulesetError(label, _short(message), key)
    specs = data.get("options") or {}
    check_defaults(specs, label)
    for pid, pat in (data.get("patterns") or {}).items():
        if pat is not None and pat.get("pattern", pid) not in REGISTRY:
            raise RulesetError(label, f'unknown pattern "{pat.get("pattern", pid)}" '
                                      f"(known: {', '.join(sorted(REGISTRY))})", f"patterns.{pid}")
    for xid, extra in (data.get("extras") or {}).items():
        if extra is not None and extra["rule"] not in EXTRAS:
            raise RulesetError(label, f'unknown extra rule "{extra["rule"]}"', f"extras.{xid}.rule")
    for where, ref in _option_refs(data, ""):
        if not isinstance(ref, str) or ref not in specs:
            raise RulesetError(label, f'refers to option "{ref}", which options: does not declare',
                               where)


def validate_resolved(data: dict, spec: dict, values: dict, label: str) -> None:
    """The ruleset with its options filled in must still fit the schema: an option's value
    (its default, or one given with --opt) lands where the ruleset refers to it, and an
    option of the wrong type there (a word where a number goes) is named here rather than
    failing inside scoring."""
    err = _schema_error(spec)
    if err is None:
        return
    key = ".".join(str(p) for p in err.absolute_path) or None
    refs = dict(_option_refs(data, ""))
    name = next((refs[k] for k in refs if key and (key == k or key.startswith(k + "."))), None)
    if name is None:
        raise RulesetError(label, _short(err.message), key)
    shown = json.dumps(values[name], ensure_ascii=False, default=str)  # as YAML writes it
    raise RulesetError(label, f'option "{name}" is {shown} here, which does not fit: '
                              f"{_short(err.message)}", key)


def _short(message: str) -> str:
    return message if len(message) < 160 else message[:157] + "..."


def _option_refs(node, where: str):
    if isinstance(node, dict):
        if set(node) == {"option"}:
            yield where, node["option"]
            return
        for k, v in node.items():
            if where != "" or k != "options":
                yield from _option_refs(v, f"{where}.{k}" if where else str(k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _option_refs(v, f"{where}.{i}")


def _resolve_refs(node, values: dict):
    if isinstance(node, dict):
        if set(node) == {"option"}:
            return values[node["option"]]
        return {k: _resolve_refs(v, values) for k, v in node.items()}
    if isinstance(node, list):
        return [_resolve_refs(v, values) for v in node]
    return node


MEMO_LIMIT = 1 << 14


@dataclass(frozen=True)
class Ruleset:
    """A ruleset with its options applied: everything scoring needs, nothing left to look up."""

    name: str
    label: str
    data: dict = field(repr=False, compare=False)  # the merged file, for `rules show`
    spec: dict = field(repr=False, compare=False)  # `data` with option references resolved
    options: dict = field(compare=False)
    tile_kinds: frozenset
    copies: tuple
    ghost_kinds: frozenset
    ghost_targets: frozenset
    ghosts_in_melds: str
    meld_kinds: frozenset
    shapes: tuple
    max_suits: int | None
    max_tosses: int
    concealed_sets: frozenset
    cand: tuple  # per kind: may a ghost stand for it
    unused: tuple  # kinds the ruleset has no tile of
    fewest_copies: int  # no kind has fewer copies: a hand with no more of any needs no count check
    patterns: tuple = field(repr=False)
    context: frozenset = frozenset()
    full_ghost: bool = False  # 满鬼: holding every ghost tile wins
    per_reading: tuple = field(default=(), repr=False)  # patterns asked for every reading
    situational: tuple = field(default=(), repr=False)  # patterns asked once a hand
    plain_lookup: bool = False  # a hand with no ghost or meld is read by suit lookups alone
    # Read on every hand scored, so worked out once: the unit of value, the letter a ghost is
    # shown as, the least a discard-type win pays, whether a win needs --declared, and the
    # extras' situation checks as (check, params).
    unit: str = ""
    ghost_letter: str = "?"
    min_discard_win: int = 0
    needs_declared: bool = False
    extra_checks: tuple = field(default=(), repr=False, compare=False)

    @cached_property
    def memo(self) -> dict:
        """Evaluations by reading signature and situation (`scoring.evaluate_all`): kept off
        the fields, so no repr, comparison or copy of a ruleset walks it. (Made once and
        then an attribute like any other: it is read for every hand scored.)"""
        return {}

    @cached_property
    def kinds_below(self) -> int:
        """Every kind below this one is a tile the ruleset has: sorted tiles all below it need
        no closer check (`hand.build`). Worked out from `tile_kinds`, so a copy made with
        other tiles (dataclasses.replace) works out its own."""
        return min((k for k in range(T.NUM_KINDS) if k not in self.tile_kinds),
                   default=T.NUM_KINDS)

    def remember(self, key, value):
        """Keep `value` in `memo`, bounded (`bounded.make_room`): a long batch's memory
        stays flat."""
        memo = self.memo
        make_room(memo, MEMO_LIMIT)
        memo[key] = value
        return value

    def special_meld(self, kinds) -> str | None:
        from .hand import special_meld_kind
        return special_meld_kind(kinds, self)


@lru_cache(maxsize=64)
def _shipped(name: str, opts: tuple) -> Ruleset:
    data, label, _ = load_raw(name)
    # Shipped rulesets are checked by the test suite, with every option value they allow.
    return resolve_and_compile(data, label, dict(opts), check=False)


_FILES: OrderedDict = OrderedDict()  # (ref, folder, opts) -> (stamps, Ruleset), oldest first


def _stamps(files) -> tuple | None:
    """What each file of an extends: chain holds now, as a digest of its bytes (None if one
    cannot be read). Reading a small file is cheap; parsing and validating it is not, and a
    modification time can miss an edit made within the same clock tick."""
    from hashlib import sha256

    from .yamlfile import MAX_BYTES
    try:
        out = []
        for f in files:
            with open(f, "rb") as fh:
                out.append((f, sha256(fh.read(MAX_BYTES + 1)).digest()))
        return tuple(out)
    except (OSError, ValueError):
        return None


def _from_file(ref: str, opts: tuple) -> Ruleset:
    """A ruleset file, cached only while every file of its chain holds the same bytes: an
    edited file, or the same relative name used from another folder, is read again rather
    than answered from a stale cache."""
    try:
        key = (ref, os.getcwd(), opts)
    except OSError:  # the working folder is gone: nothing to key a relative name on
        key = None
    hit = _FILES.get(key)
    if hit is not None and hit[0] is not None and _stamps(f for f, _ in hit[0]) == hit[0]:
        _FILES.move_to_end(key)
        return hit[1]
    files: list = []
    data, label, shipped = load_raw(ref, files)
    if not shipped:
        validate(data, label)
    rs = resolve_and_compile(data, label, dict(opts), check=not shipped)
    if key is not None:
        _FILES[key] = (_stamps(files), rs)
        if len(_FILES) > 64:
            _FILES.popitem(last=False)
    return rs


def resolve_and_compile(data: dict, label: str, opts: dict | None = None, *,
                        check: bool = True) -> Ruleset:
    if check:
        data = _without_unused_options(data, opts, label)
    values = resolve(data.get("options") or {}, opts, label)
    spec = _resolve_refs(data, values)
    if check:
        validate_resolved(data, spec, values, label)
    from .compile import build_ruleset
    return build_ruleset(Ruleset, data, spec, label, values)


def _without_unused_options(data: dict, opts: dict | None, label: str) -> dict:
    """`data` less the options no key refers to any more: a house rule that sets a key
    outright (`value: {cap: 100}`) leaves the option it inherited for that key with nothing
    to change, and `--opt cap=5` would be accepted and do nothing. Such an option is not
    one of this ruleset's (nor listed by `rules show`); given, it is refused saying why.
    (Shipped rulesets use every option they declare: a test says so.)"""
    specs = data.get("options") or {}
    used = {ref for _where, ref in _option_refs(data, "")}
    unused = [k for k in specs if k not in used]
    if not unused:
        return data
    for key in opts or {}:
        if key in unused:
            raise OptionError(f'option "{key}" does nothing in {label}: the file sets every '
                              "key it stood for itself")
    return {**data, "options": {k: v for k, v in specs.items() if k in used}}


def ruleset_of(rules, opts: dict | None = None) -> Ruleset:
    """A ruleset as the Python API takes it: a compiled Ruleset as it is, else loaded."""
    return rules if isinstance(rules, Ruleset) else load(rules, opts)


_PLAIN: dict = {}  # shipped name -> the ruleset with its defaults (the common call)


def load(ref: str = "luzhou", opts: dict | None = None) -> Ruleset:
    """The ruleset `ref` (shipped name or path) with `opts` applied; cached per input."""
    if not opts and type(ref) is str:
        hit = _PLAIN.get(ref)
        if hit is not None:
            return hit
    if type(ref) is not str and isinstance(ref, os.PathLike):
        ref = os.fspath(ref)  # a pathlib.Path names a file as its text does
    if not isinstance(ref, str) or not ref.strip():
        raise RulesetError(repr(ref) if isinstance(ref, str) else str(ref),
                           "unknown ruleset: give a shipped name or a file")
    key = tuple(sorted((str(k), v if isinstance(v, (int, str, bool)) else str(v))
                       for k, v in as_dict(opts).items()))
    # Every key is hashable: a value of another type is passed on as its text and refused
    # by the option's own type check.
    if _is_shipped_name(ref):
        rs = _shipped(ref, key)
        if not key:
            _PLAIN[ref] = rs
        return rs
    return _from_file(ref, key)
