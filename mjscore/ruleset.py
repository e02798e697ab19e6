"""Rulesets: the compiled form scoring reads, and loading one by name or file, cached.

A ruleset names the patterns it uses and their effects; the predicates themselves are code
(`patterns.py`). Shipped rulesets live in the top-level `rulesets/` folder, which the wheel
carries as `mjscore/rulesets/`; they are validated by the test suite, so loading one does not
import jsonschema (start-up time). Any file of the user's is validated on load
(`ruleset_check`). Finding files and merging `extends:` chains is `ruleset_files`'.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from . import tiles as T
from .bounded import make_room
from .errors import TOO_DEEP, InputError, OptionError, RulesetError, times
from .frozen import frozen_tree
from .options import as_dict, option_of, resolve, resolve_refs
from .ruleset_files import is_shipped_name, load_raw, naming_the_writer, stamps

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
    max_tosses: int | None  # None: no limit but the hand's four melds
    concealed_sets: frozenset
    stand_in: int | None  # the tile that may stand in for a missing dragon (幺鸡), or None
    cand: tuple  # per kind: the most copies a ghost may make it up to (0: it may not stand for it)
    unused: tuple  # kinds the ruleset has no tile of
    fewest_copies: int  # no kind has fewer copies: a hand with no more of any needs no count check
    patterns: tuple = field(repr=False)
    context: frozenset = frozenset()
    full_ghost: int = 0  # 满鬼: how many ghost tiles held concealed win at once (0: none do)
    # 满鬼 won only on the dealt hand or the first draw (--heavenly / --earthly), whatever
    # the tile; after the first discard, none (`mid_game`)
    full_ghost_at_start: bool = False
    per_reading: tuple = field(default=(), repr=False)  # patterns asked for every reading
    situational: tuple = field(default=(), repr=False)  # patterns asked once a hand
    plain_lookup: bool = False  # a hand with no ghost or meld is read by suit lookups alone
    # Read on every hand scored, so worked out once: the unit of value, the letter a ghost is
    # shown as, the least a discard-type win pays and what divides it, whether a win needs
    # --declared, and the extras' situation checks as (check, params); the cap before a rare
    # hand raises it (None: uncapped), and the base a hand with no base pattern takes (exact:
    # `amounts.exact`).
    unit: str = ""
    ghost_letter: str = "?"
    min_discard_win: int = 0
    discard_divisor: int = 1
    cap: int | None = None
    base: object = 0
    needs_declared: bool = False
    extra_checks: tuple = field(default=(), repr=False, compare=False)
    names: str = "name"  # which of a pattern's names stands alone where one is shown

    def shown_name(self, pattern) -> str:
        """A pattern's (or hit's) name where the output has room for one: its `en` in a
        ruleset whose players learned it in English (`names: en`, the guide), else `name`."""
        return pattern.en if self.names == "en" else pattern.name

    def takes(self, flag: str) -> bool:
        """Whether `score` takes situation `flag` here: the file's context names it, and, for
        the indicator, the options --indicator sets are there (a house file setting its ghost
        itself drops them: `ruleset_check.without_unused_options`)."""
        return flag in self.context and (flag != "indicator" or
                                         {"ghost", "indicator"} <= set(self.options))

    def flipped(self) -> tuple | None:
        """(the ghost kinds, the indicator's kind) where the ghost is the tile after a flipped
        indicator, which changes from hand to hand; None where the ghost is fixed. The kinds
        in the order they follow it: 翻双鬼 from 8m makes 9m, then 1m."""
        g = self.spec.get("ghosts") or {}
        if g.get("mode") != "flip" or not g.get("indicator"):
            return None
        from .compile import flipped_kinds
        ind = T.parse_name(g["indicator"])
        return flipped_kinds(ind, len(self.ghost_kinds)), ind

    def ghost_order(self) -> tuple:
        """The ghost kinds in the order players name them: where a flipped indicator chose
        them, the order they follow it (`flipped`: 9m, then 1m, from 8m); else tile order."""
        flip = self.flipped()
        return flip[0] if flip is not None else tuple(sorted(self.ghost_kinds))

    def more_ghosts(self, k: int | None = None) -> str:
        """Where the `ghosts` option sets how many copies of kind `k` there are (None: of a
        ghost kind), the count played and how to play more (a fifth 红中 is luzhou's 8 鬼
        game). Not for a ghost whose copies it does not set (a house file's 1m ghost)."""
        copies = (self.data.get("tiles") or {}).get("copies") or {}
        by_option = {T.parse_name(name) for name in copies if option_of(copies, name) == "ghosts"}
        if "ghosts" not in self.options or k not in by_option if k is not None else \
                not by_option & self.ghost_kinds:
            return ""
        now = self.options["ghosts"]
        spec = (self.data.get("options") or {}).get("ghosts") or {}
        more = [c for c in spec.get("choices") or () if isinstance(c, int) and c > now]
        # Of every ghost kind (k None: the ghost tiles in all), those the option does not set
        # counted beside it: a house file's 1m ghosts stay 4 where 红中 go to 8.
        besides = 0 if k is not None else \
            sum(self.copies[g] for g in self.ghost_kinds if g not in by_option)
        return f" (ghosts={now}; {max(more) + besides} with --opt ghosts={max(more)})" if more \
            else "" if spec.get("choices") else f" (ghosts={now}; more with --opt ghosts=N)"

    def _indicated(self, k: int) -> bool:
        """Whether a flipped indicator of kind `k` lies face up."""
        flip = self.flipped()
        return flip is not None and flip[1] == k

    def has(self, k: int) -> str:
        """How many of kind `k` the set holds, as a message says it: where a flipped indicator
        of that kind lies face up, the player counts four, one of them shown, not three."""
        if self._indicated(k):
            return f"{self.name} has {self.copies[k] + 1}, one of them shown as the indicator"
        return f"{self.name} has {self.copies[k]}"

    def with_indicator(self, k: int, n: int) -> str:
        """What a count `n` of kind `k` across the table comes to with a flipped indicator of
        that kind: "4 copies ... (guangdong has 4, one of them shown ...)" hid the fifth."""
        return f", {n + 1} with the indicator" if self._indicated(k) else ""

    def shown_names(self, hits, counts: bool = False) -> str:
        """The shown names of `hits` in one line (`counts`: a hit applied n times says so,
        `中发白 (twice)`), apart by spaces, or by commas where a name has a space in it: the
        guide's 'Basic Win No-Ghost Hand Bonus' read as one name, or as three."""
        return self.shown_column([hits], counts)[0]

    def shown_column(self, rows, counts: bool = False) -> list:
        """`shown_names` of each of `rows` (the hits of each row of a table), all apart alike:
        commas in every row where one row needs them (a waits table read `胡牌, 自摸, 中发白
        (twice)` above `胡牌 自摸 中发白`)."""
        # In words, not `x2`: beside a value in a multiply model (lanzhou's 中发白, the
        # guide's Gui) `中发白x2 8` read as a factor, and a player worked out 4.
        named = [[self.shown_name(h) + (f" ({times(h.count)})" if counts and h.count > 1
                                        else "") for h in hits] for hits in rows]
        apart = ", " if any(" " in n for names in named for n in names) else " "
        return [apart.join(names) for names in named]

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

    @cached_property
    def mid_game(self) -> Ruleset:
        """This ruleset as it reads a hand after the first discard: without 满鬼 where that
        is won only at the start (`full_ghost_at_start`); else itself. One rule then reads
        every path alike (the readings, the reasons, the waits)."""
        if not self.full_ghost_at_start:
            return self
        from dataclasses import replace
        return replace(self, full_ghost=0, full_ghost_at_start=False)

    @cached_property
    def at_start(self) -> Ruleset:
        """This ruleset as it reads a hand won on the deal (the dealt hand, another seat's
        first draw: --heavenly, --earthly): 满鬼 won whatever the tile, as where it is won only
        at the start, since a seat dealt its ghosts had no turn before to win them on (G5's
        "wins on the spot"; a review found a seat dealt all four unable to settle its win);
        else itself."""
        if not self.full_ghost or self.full_ghost_at_start:
            return self
        from dataclasses import replace
        return replace(self, full_ghost_at_start=True)

    def __getstate__(self) -> dict:
        # Pickled (a Result sent between processes holds its ruleset) without the memo: a
        # batch's thousands of evaluations are this process's, not the ruleset's.
        state = dict(self.__dict__)
        state.pop("memo", None)
        state.pop("mid_game", None)  # (each made again where it is asked for)
        state.pop("at_start", None)
        return state

    def remember(self, key, value):
        """Keep `value` in `memo`, bounded (`bounded.make_room`): a long batch's memory
        stays flat."""
        memo = self.memo
        make_room(memo, MEMO_LIMIT)
        memo[key] = value
        return value

    @cached_property
    def chajiao(self) -> dict:
        """The draw's 查叫 rules: `draw` less `kongs`, which says what becomes of kong money
        at a draw and checks no hand (with it alone, nothing is paid at a draw)."""
        return {k: v for k, v in (self.spec.get("draw") or {}).items() if k != "kongs"}

    def special_meld(self, kinds) -> str | None:
        from .hand import special_meld_kind
        return special_meld_kind(kinds, self)


@lru_cache(maxsize=64)
def _shipped(name: str, opts: tuple, bools: tuple) -> Ruleset:
    """`bools`: which of `opts` are True or False (`_bools`), for the cache's key alone."""
    from .shipped_cache import parsed
    data = parsed(name)
    if data is None:  # (no cache for its text, or it extends another: read as a file is)
        data = load_raw(name)[0]
    # Shipped rulesets are checked by the test suite, with every option value they allow.
    return resolve_and_compile(data, name, dict(opts), check=False)


_FILES: OrderedDict = OrderedDict()  # (ref, folder, opts) -> (stamps, Ruleset), oldest first


def _from_file(ref: str, opts: tuple) -> Ruleset:
    """A ruleset file, cached only while every file of its chain holds the same bytes: an
    edited file, or the same relative name used from another folder, is read again rather
    than answered from a stale cache."""
    try:
        key = (ref, os.getcwd(), opts, _bools(opts))
    except OSError:  # the working folder is gone: nothing to key a relative name on
        key = None
    hit = _FILES.get(key)
    if hit is not None and hit[0] is not None and stamps(f for f, _ in hit[0]) == hit[0]:
        try:
            _FILES.move_to_end(key)
        except KeyError:  # another thread dropped it meanwhile (below): still the file's
            pass
        return hit[1]
    files: list = []
    data, label, shipped = load_raw(ref, files)
    with naming_the_writer(ref, label):
        if not shipped:
            from .ruleset_check import validate
            validate(data, label)
        rs = resolve_and_compile(data, label, dict(opts), check=not shipped, files=files)
    if key is not None:
        _FILES[key] = (stamps(files), rs)
        while len(_FILES) > 64:
            try:
                _FILES.popitem(last=False)
            except KeyError:  # another thread emptied it meanwhile
                break
    return rs


def resolve_and_compile(data: dict, label: str, opts: dict | None = None, *,
                        check: bool = True, files=()) -> Ruleset:
    """`files`: the files of the chain, as `load_raw` lists them (to say why an option a
    house file leaves unused does nothing)."""
    if check:
        from .ruleset_check import validate_resolved, without_unused_options
        data = without_unused_options(data, opts, label, files)
    opts = _flipped_by_indicator(data, opts)
    values = resolve(data.get("options") or {}, opts, label)
    spec = resolve_refs(data, values)
    if check:
        validate_resolved(data, spec, values, label)
    from .compile import build_ruleset
    # Read-only before compiling, so that what the compiled patterns hold is too: a ruleset is
    # cached and shared, and a change through one result's `.rules` would reach later ones.
    data, spec, values = frozen_tree(data), frozen_tree(spec), frozen_tree(values)
    rs = build_ruleset(Ruleset, data, spec, label, values, frozenset(opts or ()))
    if check:
        from .context_reads import check_context_read
        check_context_read(data, label)
    return rs


def _flipped_by_indicator(data: dict, opts: dict | None) -> dict | None:
    """`opts` with the ghost flipped where they give its indicator and leave its mode to the
    file: an indicator tile given is a flipped ghost's, as --indicator is (CONTRACT), in
    --opt and a settle record's opts alike (`indicator: 4p` was refused as applying only
    with ghost=flip, which nobody giving an indicator means otherwise)."""
    g = data.get("ghosts") if isinstance(data.get("ghosts"), dict) else {}
    mode, indicator = option_of(g, "mode"), option_of(g, "indicator")
    if opts and mode and indicator and opts.get(indicator) is not None and mode not in opts:
        return {**opts, mode: "flip"}
    return opts


def _opts_key(opts) -> tuple:
    """`opts` as `load` caches and reads them: sorted (name, value) pairs, every one hashable.
    A value of another type than int, str or bool is passed on as its text and refused by the
    option's own type check if it is no value (None is refused first: `options.as_dict`)."""
    return tuple(sorted((str(k), v if isinstance(v, (int, str, bool)) else str(v))
                        for k, v in as_dict(opts).items()))


def _bools(key: tuple) -> tuple:
    """Which values of `key` (`_opts_key`) are True or False, which equal and hash as 1 and 0:
    keyed on the values alone, `{"cap": True}`, refused, was answered from the cache once
    `{"cap": 1}` had been loaded (and taken as a cap of 1)."""
    return tuple(type(v) is bool for _, v in key)


def ruleset_of(rules, opts: dict | None = None) -> Ruleset:
    """A ruleset as the Python API takes it: a compiled Ruleset as it is, else loaded with
    `opts`. A compiled one was made with its options: `opts` may repeat them, and one that
    would change it is refused, not dropped without a word."""
    if not isinstance(rules, Ruleset):
        return load(rules, opts)
    if not _no_opts(opts):
        given = dict(_opts_key(opts))  # read as `load` reads them
        asked = resolve(rules.data.get("options") or {}, given, rules.label)
        for key, value in given.items():
            if asked[key] != rules.options.get(key):
                raise OptionError(f"{key}={value}: the Ruleset given was made with "
                                  f"{key}={rules.options.get(key)}; load it with this option, "
                                  "or give its name", key)
    return rules


def _no_opts(opts) -> bool:
    """Whether `opts` gives no option: None or an empty dict. (Not `not opts`: the truth of an
    array-like is an error of its own; another empty mapping is read as one with options.)"""
    return opts is None or type(opts) is dict and not opts


_PLAIN: dict = {}  # shipped name -> the ruleset with its defaults (the common call)
shipped_plain = _PLAIN.get  # (`load`'s first step, for `score`: a call less a hand)


def load(ref: str | os.PathLike = "luzhou", opts: Mapping | None = None) -> Ruleset:
    """The ruleset `ref` (a shipped name, or a file's path as text or a pathlib.Path) with
    `opts` applied ({name: value}, values as text or their own types, as `score` takes them);
    cached per input, a file's while its bytes are unchanged. The compiled Ruleset may be given
    to `score`, `waits` and `settle` as their `rules`. Raises RulesetError (a ruleset that
    cannot be found, read or validated) or OptionError (an option it does not take); an option
    value nested past Python's recursion limit, InputError, as `score` raises."""
    if _no_opts(opts) and type(ref) is str:
        hit = _PLAIN.get(ref)
        if hit is not None:
            return hit
    if type(ref) is not str and isinstance(ref, os.PathLike):
        ref = os.fspath(ref)  # a pathlib.Path names a file as its text does
    if not isinstance(ref, str) or not ref.strip():
        try:
            shown = repr(ref) if isinstance(ref, str) else str(ref)
        except RecursionError:  # (a list nested a thousand deep: `score` says the same)
            raise InputError(TOO_DEEP) from None
        raise RulesetError(shown, "unknown ruleset: give a shipped name or a file")
    try:
        key = _opts_key(opts)
    except RecursionError:  # an option's value nested a thousand deep (`score` says the same)
        raise InputError(TOO_DEEP) from None
    if is_shipped_name(ref):
        rs = _shipped(ref, key, _bools(key))
        if not key:
            _PLAIN[ref] = rs
        return rs
    return _from_file(ref, key)
