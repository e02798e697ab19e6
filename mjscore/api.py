"""`score()`: the library's front door. Pure: returns a frozen Result, raises MjscoreError."""

from __future__ import annotations

from dataclasses import replace

from . import context as C
from . import tiles as T
from .as_themselves import as_themselves
from .compile import NeedsIndicator
from .hand import build, for_ruleset, one_tile, read_any
from .notation import MAX_CHARS, parse, parse_fast, parse_tiles
from .errors import TOO_DEEP, InputError, MjscoreError, NotationError, OptionError
from .frozen import maker, read_only
from .patterns import physical_ghosts
from .reading import full_ghost_late, full_ghost_words, given, hand_tiles, holds_full_ghost
from .result import Result
from .robbing import rob_ghost_refusal, robbed_may_be_ghost
from .options import as_dict
from .ruleset import Ruleset, load, ruleset_of, shipped_plain
from .pruning import evaluations
from .scoring import best, division_words
from .settlement import (HAND_VALUE, check_extras, due_without_win, kong_notes, net_of,
                         settle_win)


def horse_tiles(horses, rs=None) -> tuple:
    """`--horses` as tile kinds: text in hand notation (`hand.for_ruleset`: `rs`'s honours),
    or kinds from code."""
    if horses is None or isinstance(horses, str) and not horses:
        return ()
    if isinstance(horses, str):
        try:
            return tuple(parse_tiles(horses))
        except Exception as e:
            if isinstance(e, NotationError):
                e = for_ruleset(e, rs)
            why = f"{horses}: {str(e).removeprefix('invalid hand: ')}"
            raise OptionError(f"--horses {why}", None, why) from None
    try:
        items = list(horses)
    except TypeError:
        items = None
    if items is None or not all(isinstance(k, int) and not isinstance(k, bool) and
                                0 <= k < T.NUM_KINDS for k in items):
        # Tile kinds (ints) from code; anything else is given as text. (A bool is an int to
        # Python: False was read as 1m.)
        why = f"takes tiles in hand notation, not {horses!r}"
        raise OptionError(f"--horses {why}", None, why)
    return tuple(items)


def score(hand, rules="luzhou", *, win=None, seat="E", discard=None, kong_draw=False,
          after_kong=False, rob_kong=None, won=(), declared=False, heavenly=False,
          earthly=False, ghosts_drawn=0, indicator=None, dealer="E", horses=None,
          opts=None, kong_from=None) -> Result:
    """Score one winning hand, as `mjscore score` does (README, "Python API").

    hand: the notation, as text. rules: a shipped name, a ruleset file's path, or a compiled
    ruleset (`mjscore.ruleset.load`). win: the winning tile (default: the last concealed
    tile written). seat, dealer: "E", "S", "W" or "N". discard: the seat whose discard was
    won on (None: self-drawn). rob_kong: the seat whose added kong was robbed. won: seats that
    already won this hand ("S,W" or a list). kong_draw, after_kong, declared, heavenly,
    earthly: True or False. ghosts_drawn: the ghosts drawn this hand (喜钱), a whole number;
    0, the default, is the ghosts the hand holds, and fewer than it holds is an error.
    indicator: the flipped ghost indicator (guangdong). horses: 买马 tiles, in notation.
    kong_from: with kong_draw, the seat whose discard the winner konged before the replacement
    tile (杠爆全包, where the ruleset makes that seat pay). opts: the ruleset's options,
    {name: value}, values as text or their own types ({"cap": 100}).

    Returns a frozen Result (`.legal`, `.reasons`, `.value`, `.patterns`, `.payments`,
    `.net`; `.to_dict()` is `--format json`). Bad input raises MjscoreError (NotationError,
    RulesetError, OptionError, InputError) with the message the command prints.

    >>> r = score("111m123m456m789m5pC", win="5p")
    >>> r.value, [h.name for h in r.patterns], r.net["E"]
    (5, ['闺'], 15)
    """
    try:
        if opts is None and indicator is None and type(hand) is str:
            # The usual call (a hand's text, a ruleset's name or the Ruleset, no options): the
            # same steps as below, less those with nothing to do (a few calls a hand).
            rs = rules if isinstance(rules, Ruleset) else \
                shipped_plain(rules) if type(rules) is str else None
            if rs is None:
                rs = load(rules)
            # (`hand.parse_for` and `parse`'s first step written out: two calls less a hand)
            parsed = parse_fast(hand) if len(hand) <= MAX_CHARS else None
            if parsed is None:
                try:
                    parsed = parse(hand)
                except NotationError as e:
                    raise for_ruleset(e, rs) from None
            h = build(parsed, rs, win=win)
        else:
            rs = ruleset_for(rules, indicator, opts)
            h = read_any(hand, rs, win=win)
        ctx = C.make(h, rs, seat, discard, kong_draw, after_kong, rob_kong, won, declared,
                     heavenly, earthly, ghosts_drawn, indicator, dealer,
                     horse_tiles(horses, rs) if horses is not None else None,
                     # (`physical_ghosts`' usual case written out: a call less a hand)
                     h.tiles.ghosts if h.built_for is rs and h.tiles is not None and
                     not h.melds else
                     physical_ghosts(h, rs), kong_from)
        if rs.extra_checks:
            check_extras(ctx, h, rs)
    except RecursionError:  # an argument nested a thousand deep, quoted in its error
        raise InputError(TOO_DEEP) from None
    r = score_hand(h, rs, ctx)
    if win is None and ctx.discard and h.win in rs.ghost_kinds and not r.legal:
        # The winning tile not given is the last one written, a ghost here: a player who
        # meant the natural tile before it read "a discarded C cannot be won on" as a rule
        # against the hand, not as a tile they had not named.
        said = f"a discarded {T.name(h.win)} (ghost) cannot be won on"
        r = replace(r, reasons=tuple(
            f"{x} (the winning tile, not given, is the last one written: --win names another)"
            if x == said else x for x in r.reasons))
    return r


def ruleset_for(rules, indicator, opts) -> Ruleset:
    """The ruleset `score` and `waits` use: `rules` with its options and --indicator applied
    (an --indicator the ruleset has no use for is refused by `C.applies`)."""
    opts = as_dict(opts)
    if indicator is not None and ("indicator" in opts or "ghost" in opts):
        given = opts.get("indicator", indicator)
        if not _same_tile(given, indicator):
            raise OptionError(f"--indicator {indicator} and indicator={given} disagree")
        if opts.get("ghost") == "fixed":
            raise OptionError(f"--indicator flips the ghost (ghost=flip), which contradicts "
                              f"ghost={opts['ghost']}")
        # Said again by --indicator: left to it (below), so that a ruleset with no such
        # option says --indicator does not apply, naming what was given.
        opts = {k: v for k, v in opts.items()
                if k != "indicator" and (k, v) != ("ghost", "flip")}
    try:
        rs = ruleset_of(rules, opts)
    except NeedsIndicator as e:
        # A file that flips the ghost by default has no ghost until the hand's indicator is
        # known: loaded with it (then again below, from the cache, as any ruleset is).
        if indicator is None or isinstance(rules, Ruleset):
            raise
        # No tile is said of --indicator as typed, as of --win, not of the option it sets
        # ('option "indicator" of guangdong: expected one tile', which the player never typed).
        one_tile(indicator, "--indicator")
        rs = load(rules, {**opts, e.indicator: indicator, **({e.mode: "flip"} if e.mode else {})})
    if indicator is not None and "indicator" in rs.context:
        one_tile(indicator, "--indicator")
        # --indicator implies ghost=flip (CONTRACT); elsewhere make() refuses it. A ruleset
        # loaded here (from a name or a path) is loaded again with it; a compiled one given
        # (ruleset_of returns it as it is) must have been made with it.
        if rs is not rules:
            if not rs.takes("indicator"):
                # A house rule that sets the ghost itself leaves nothing for --indicator to set
                # (the options it would set are dropped: ruleset_check.without_unused_options).
                raise OptionError(f"--indicator does not apply in {rs.name}: the file sets its "
                                  "ghost itself (ghosts: mode, indicator)")
            rs = load(rules, {**opts, "indicator": indicator, "ghost": "flip"})
        elif rs.options.get("ghost") != "flip" or \
                not _same_tile(rs.options.get("indicator"), indicator):
            raise OptionError(f"--indicator {indicator}: the Ruleset given was made without "
                              "that indicator; load it with ghost=flip and this indicator, or "
                              "give its name")
    return rs


def _same_tile(a, b) -> bool:
    """Whether two indicators name one tile, however written (`1z`, `E`, `东`)."""
    def kinds(x):
        try:
            return tuple(parse_tiles(str(x)))
        except MjscoreError:  # not a tile: let the option's own check name it
            return str(x)
    return kinds(a) == kinds(b)


def _rule_reasons(h, rs, ctx, t, words: dict) -> tuple:
    """Reasons a win is not legal that no reading can change (`score_hand` asks only when
    there may be some), and whether one of them settles it alone, so that no reading need be
    sought (a 花猫; every ghost held before another winning tile); `words` name the
    situation's options (C.FLAGS, C.RECORD_KEYS)."""
    reasons = []
    g = rs.spec.get("ghosts") or {}
    hand_rules = rs.spec["hand"]
    if ctx.discard and not C.discard_wins(hand_rules):
        reasons.append(f"won on a discard: in {rs.name} a win is self-drawn only "
                       "(robbing a kong excepted)")
    if h.win in rs.ghost_kinds:
        ghost = T.name(h.win)
        if ctx.discard and not C.ghost_rule(g, "discard_winnable"):
            reasons.append(f"a discarded {ghost} (ghost) cannot be won on")
        if ctx.rob_kong and robbed_may_be_ghost(rs):
            reasons.append(f"a robbed {ghost} is won as the tile it stands for: "
                           "write that tile as the winning tile")
        refusal = rob_ghost_refusal(rs, h.win) if ctx.rob_kong else None
        if refusal:
            reasons.append(refusal)
    if rs.needs_declared and not ctx.declared:
        # (`--declared`, or a settle record's key with its value: "declared: true")
        flag = words["declared"]
        reasons.append(f"not declared (报章): a win needs {given(words, 'declared')}"
                       # (a record's own way too: its seat's declare event, which says when)
                       + ("" if flag.startswith("--") else ", or a declare event before it"))
    # The tiles' own suits (`too_many_suits`) include every suit named below, so a hand
    # within the limit there needs no closer look.
    if rs.max_suits and t.too_many_suits:
        from .ready import suits_held, void_breach  # (here: `score` starts without them)
        suits = suits_held(h, rs)
        if len(suits) > rs.max_suits:
            # (Named by the suit rule, 缺门, not 花猫: both seeds call a hand 花猫 only at the
            # draw; at a win, a player says the hand is not 缺门.)
            reasons.append(void_breach(suits, rs.max_suits, rs))
            return reasons, True
    ghost_won = h.win in rs.ghost_kinds
    # (Won only at the start, 满鬼 has no "before this tile": the dealt hand, or the first
    # draw, wins whatever the tile; past the start `score_hand` reads no 满鬼.)
    if not rs.full_ghost_at_start and holds_full_ghost(rs, t.ghosts - ghost_won):
        # G5: the ghosts it takes concealed win at once, on the last drawn (seed 001: "Draw
        # the fourth and the hand is over there and then"). Holding them before this tile,
        # the player had won already, whatever else this tile would make: another tile, or
        # under 翻双鬼 (four of eight) a fifth ghost. (Dealt them, --heavenly / --earthly, it
        # had no turn before this one: `Ruleset.at_start`, which wins 满鬼 on any tile.)
        ghosts = " or ".join(T.name(k) for k in rs.ghost_order())
        some = full_ghost_words(rs)
        reasons.append((f"{t.ghosts} ghosts ({ghosts}) are concealed: 满鬼 ({some[0]} ghosts "
                        f"concealed) is won on drawing the {some[1]} ghost" if some else
                        f"all {t.ghosts} ghosts ({ghosts}) are concealed: 满鬼 (every ghost "
                        "concealed) is won on drawing the last ghost")
                       + ", so this hand was won before this tile"
                       + (f", when the {some[1]} was drawn" if ghost_won else
                          f"; write a ghost as the winning tile ({words['win']} {ghosts})")
                       + _dealt_hint(h, rs, ctx, words))
        return reasons, True
    return reasons, False


def _dealt_hint(h, rs, ctx, words: dict) -> str:
    """How to say the hand was dealt its ghosts (its first turn is this win), where the
    ruleset takes that: the dealer's --heavenly, another seat's --earthly. (Not on a kong's
    tile, a robbed one's or a discard, nor with a meld: no win on the deal is.)"""
    flag = "heavenly" if ctx.seat == ctx.dealer else "earthly"
    if h.melds or not rs.takes(flag) or ctx.discard_type or ctx.kong_draw:
        return ""
    return (f", or, where they were dealt, {given(words, flag)} (won on "
            + ("the dealt hand)" if flag == "heavenly" else "the first draw)"))


_ZERO = read_only(net_of([]))
_result = maker(Result)  # Result(*values), made faster (one per hand)


def _not_legal(rs, parsed, reasons: list, ctx, kong: tuple, skip: frozenset) -> Result:
    # No reading to raise it: the ruleset's own cap (null would read as uncapped).
    return _result(rs.name, parsed, False, tuple(reasons), 0, 0, rs.cap, (), None,
                   (), _ZERO, ctx, rs.unit, (), rs.ghost_letter, kong, rs, None,
                   due_without_win(ctx, rs, skip))


def score_hand(h, rs, ctx, skip: frozenset = frozenset(), words: dict = C.FLAGS,
               shown: bool = True) -> Result:
    """Score an already-built hand in a checked context; `skip`: extra rules paid elsewhere
    (`settlement.settle_win`); `words`: how a reason names an option (a settle record's keys
    for --declared); `shown`: False where no one reads the chosen reading's text (a wait's
    value), which then keeps the ghosts where the decomposer put them (`as_themselves`)."""
    late = None  # the ruleset whose 满鬼 is won only at the start, where this hand is past it
    if ctx.heavenly or ctx.earthly:
        rs = rs.at_start  # (满鬼 dealt is won whatever the tile)
    elif rs.full_ghost_at_start:
        late, rs = rs, rs.mid_game  # (past the start, no 满鬼 at all)
    t = h.tiles  # (`hand_tiles`, its usual case written out: a call less a hand)
    if t is None or h.built_for is not rs:
        t = hand_tiles(h, rs)
    unit, ghost, minimum = rs.unit, rs.ghost_letter, rs.min_discard_win
    parsed = h.parsed if h.parsed.win == h.win else replace(h.parsed, win=h.win)
    kong = kong_notes(h, ctx, rs) if h.melds else ()
    # A self-draw within the suit limit has none (most hands): a ghost won is refused only
    # when taken from another player.
    reasons, final = _rule_reasons(h, rs, ctx, t, words) if ctx.discard_type or \
        rs.needs_declared or t.too_many_suits or rs.full_ghost else ([], False)

    if final:
        return _not_legal(rs, parsed, reasons, ctx, kong, skip)
    evs, unread, top = evaluations(h, rs, t, ctx)
    if top is None:
        top = evs[0] if len(evs) == 1 else best(evs, ghost)  # (one reading: most plain hands)
    if top is None:
        from .no_reading import no_reading  # (a hand with no reading: most never come here)
        reasons.append(no_reading(h, rs, t, ctx, words))
        if late is not None and holds_full_ghost(late, t.ghosts):  # (what the player meant)
            reasons.append(full_ghost_late(late, words))
        return _not_legal(rs, parsed, reasons, ctx, kong, skip)
    if shown and t.ghosts > 1:  # (a pair of ghosts at least; most hands hold fewer)
        top = as_themselves(top, evs, h, rs, ctx)
    if ctx.discard_type and top.value < minimum:
        after = division_words(rs.discard_divisor)[1]
        rule = rs.spec["value"].get("min_discard_rule")
        reasons.append(f"a discard-type win must pay at least {minimum} {unit}; this hand pays "
                       f"{top.value}" + (f" after {after}" if after else "")
                       # (The rule's own name where it is what refuses: a hand paying under
                       # the minimum it names, which the ruleset's may exceed.)
                       + (f" ({rule['why']})" if rule and top.value < rule["below"] <= minimum
                          else ""))
    payments, net, due = (), _ZERO, ()
    if not reasons:
        # (`settle_win`'s usual case, a value settled before in this situation, written out)
        got = rs.memo.get(("settle", top.value, ctx.number, HAND_VALUE, skip))
        payments, net = got if got is not None else \
            settle_win(top.value, ctx, rs, HAND_VALUE, skip)
    else:
        due = due_without_win(ctx, rs, skip)
    return _result(rs.name, parsed, not reasons, tuple(reasons), top.value, top.raw, top.cap,
                   top.hits, top, payments, net, ctx, unit, evs, ghost, kong, rs, unread, due)
