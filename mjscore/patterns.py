"""Pattern predicates, registered by id. Each reads one reading of a hand (and the situation)
and returns how many times it applies: 0 for not at all, 1 for a plain yes, n for "each".

The YAML ruleset decides which patterns are used and what each is worth; nothing here knows a
value. A predicate must depend only on tile counts, suits, group shapes and the situation,
never on a particular rank: `decompose` relies on that to try one unused kind per suit for a
group of ghosts alone.
"""

from __future__ import annotations

REGISTRY: dict = {}
SITUATIONAL: set = set()
BY_SIGNATURE: dict = {}  # predicate -> params -> does it read only the signature and melds
PARAMS: dict = {}  # pattern id -> the params it reads (any other is a typo: refused)
READS: dict = {}  # pattern id -> the situation flags (`context:`) it reads
MANY: set = set()  # pattern ids that may count more than once (an `each_more` reads the rest)
# pattern id -> (the one kind of win it is true on, why): a `win:` of the other kind leaves it
# doing nothing, which `rules check` notes (`inert_keys.idle_patterns`).
ONLY: dict = {}
# pattern id -> fn(params) -> the part of a hand it is never true without, or None: ("shape",
# a shape of hand.shapes) or ("set", a special set): a file without it leaves the pattern
# doing nothing, which `rules check` and `rules show` note (`inert_keys.idle_patterns`).
NEEDS: dict = {}


def pattern(pid: str, situational: bool = False, signature=False, params=(), reads=(),
            many=False, only=None, needs=None):
    """Register a predicate `fn(reading, hand, ctx, params) -> int` under `pid`.

    A predicate may return `(count, note)` instead, the note saying which tiles made it.
    `situational`: it reads only the situation and the hand's declared melds, never the
    reading or the concealed tiles, so scoring asks it once per situation and melds rather
    than once per reading (`scoring.evaluate_all` keeps the answers).
    `signature` (True, or a test of the params): with those params it reads only what a
    reading's signature fixes (shape, and per suit or honour: four-copy kinds, runs, tiles,
    the pair) and the hand's declared melds, so scoring may reuse its answer for every
    reading of that signature (`scoring.evaluate_all`). Anything reading the concealed
    tiles, the winning tile, groups or the situation must leave it False.
    `reads`: the situation flags (`context.FLAGS`) it reads; a ruleset whose `context:` names
    one that none of its patterns, extras or payers reads is refused (`ruleset_check`).
    `many`: it may count more than once (a count past 1, not only 0 or 1).
    `only`: (self_draw or discard, why): the one kind of win (`WinContext.win_type`, a robbed
    kong a discard's kind) it can be true on, as the situation's own checks make it.
    `needs`: `NEEDS`' entry (a function of the params), where it reads one shape or set."""
    def deco(fn):
        REGISTRY[pid] = fn
        if many:
            MANY.add(pid)
        PARAMS[pid] = params  # the params it reads; a ruleset giving any other is refused
        READS[pid] = reads
        if only is not None:
            ONLY[pid] = only
        if needs is not None:
            NEEDS[pid] = needs
        if situational:
            SITUATIONAL.add(fn)
        BY_SIGNATURE[fn] = signature if callable(signature) else (lambda params: signature)
        return fn
    return deco


# (A kong's replacement tile is drawn: `context` refuses --kong-draw beside a discard.)
_KONG_DRAW = ("self_draw", "a kong draw (--kong-draw) is a self-drawn win")

# The flags that tell a win's type (`WinContext.win_type`): a discard, a robbed kong, else a
# self-draw.
WIN_TYPE = ("discard", "rob_kong")


def physical_ghosts(hand, rs) -> int:
    """Ghost tiles the player holds, melds included (a flip ghost in a meld still counts)."""
    if not rs.ghost_kinds:
        return 0
    if hand.built_for is rs and hand.tiles is not None:
        n = hand.tiles.ghosts
        if not hand.melds:
            return n
    else:
        n = sum(1 for k in hand.concealed if k in rs.ghost_kinds)
    return n + sum(1 for m in hand.melds for k in m.raw.tiles if k in rs.ghost_kinds)


def _seven_pairs(params) -> tuple:
    return ("shape", "seven_pairs")


def _shape_param(params) -> tuple | None:
    # (A shape an option gives may be any: not taken as missing.)
    shape = params.get("shape", "any")
    return ("shape", shape) if isinstance(shape, str) and shape != "any" else None


@pattern("four_of_a_kind", signature=True, params=("shape", "kongs"), many=True,
         needs=_shape_param)
def four_of_a_kind(reading, hand, ctx, params) -> int:
    """Each tile kind with four copies in the final hand (melds and ghosts included).

    `shape`: standard (闺), seven_pairs (龙: four identical tiles read as two pairs) or any.
    `kongs`: false to leave out kinds declared as a kong (the English guide's Gui).
    """
    shape = params.get("shape", "any")
    if shape != "any" and reading.shape != shape:
        return 0
    kinds = reading.quads
    if not params.get("kongs", True):
        konged = {m.tiles[0] for m in hand.melds if m.kind == "kong"}
        kinds = [k for k in kinds if k not in konged]
    return len(kinds)


@pattern("all_triplets", signature=True, needs=lambda params: ("shape", "standard"))
def all_triplets(reading, hand, ctx, params) -> int:
    """大对子: four melds + pair with every set a triplet or kong."""
    if reading.shape != "standard":
        return 0
    if reading.has_run is not None:
        return int(not reading.has_run)
    return int(all(g.kind in ("pair", "triplet", "kong") for g in reading.groups))


@pattern("seven_pairs", signature=True, needs=_seven_pairs)
def seven_pairs(reading, hand, ctx, params) -> int:
    """七对: seven pairs, fully concealed (four identical tiles count as two pairs)."""
    return int(reading.shape == "seven_pairs")


@pattern("one_suit", signature=True)
def one_suit(reading, hand, ctx, params) -> int:
    """清一色: every tile of the final hand is of one suit (ghosts as what they stand for)."""
    return int(len(reading.suits) == 1 and not any(reading.counts[27:]))


@pattern("half_flush", signature=True)
def half_flush(reading, hand, ctx, params) -> int:
    """混一色: every tile of the final hand is of one suit or an honour, with an honour among
    them (ghosts as what they stand for); with none it is `one_suit`'s 清一色."""
    return int(len(reading.suits) == 1 and any(reading.counts[27:]))


@pattern("one_suit_kong_draw", reads=("kong_draw",), only=_KONG_DRAW)
def one_suit_kong_draw(reading, hand, ctx, params) -> int:
    """Pure One Suit Kong Draw (the English guide): one suit, won on a kong replacement."""
    return int(ctx.kong_draw and one_suit(reading, hand, ctx, params))


DRAGON_KINDS = (31, 32, 33)  # P F C


@pattern("seven_pairs_dragons", signature=True, params=("dragons", "at_least", "one_suit"),
         needs=_seven_pairs)
def seven_pairs_dragons(reading, hand, ctx, params) -> int:
    """Seven pairs with dragon pairs (C, F or P; ghosts standing as 中 count as 中).

    `dragons`: how many dragon kinds hold a pair (`at_least` to make it a minimum);
    `one_suit`: every other pair is of one suit (no winds).
    """
    if reading.shape != "seven_pairs":
        return 0
    d = sum(1 for k in DRAGON_KINDS if reading.counts[k] >= 2)
    want = params.get("dragons", 0)
    if d < want or not params.get("at_least") and d != want:
        return 0
    if params.get("one_suit"):
        others = [k for k in range(31) if reading.counts[k]]
        if any(k >= 27 for k in others) or len({k // 9 for k in others}) != 1:
            return 0
    return 1


@pattern("seven_pairs_quads", signature=lambda params: "ghost_pair" not in params,
         params=("quads", "at_least", "ghost_pair"), needs=_seven_pairs)
def seven_pairs_quads(reading, hand, ctx, params) -> int:
    """Seven pairs holding `quads` four-of-a-kinds (as two pairs each; `at_least` to make it
    a minimum). `ghost_pair`: true when the one other pair is two ghost tiles, false when
    it is not (a natural tile in it, the other maybe a ghost standing for it)."""
    if reading.shape != "seven_pairs":
        return 0
    quads = sum(1 for n in reading.counts if n == 4)
    want = params.get("quads", 0)
    if quads < want or not params.get("at_least") and quads != want:
        return 0
    if "ghost_pair" in params:
        pairs = [k for k, n in enumerate(reading.counts) if n == 2]
        natural = sum(1 for k in hand.concealed if k in pairs and k not in ctx.ghost_kinds)
        # The guide sets "a pair of Ghost Tiles" against "a pair of normal tiles (not Ghost
        # Tiles)". A pair of one of each is a pair of the natural tile's kind, as a ghost
        # is the tile it stands for: Three-Gui Pair. (Read as neither, it was named by
        # Pure Double Gui Pair, 160 where the same hand with a natural pair was 80.)
        if len(pairs) != 1 or (natural == 0) != params["ghost_pair"]:
            return 0
    return 1


@pattern("kong_draw", situational=True, reads=("kong_draw",), only=_KONG_DRAW)
def kong_draw(reading, hand, ctx, params) -> int:
    """杠上花: won on the replacement tile drawn after a kong."""
    return int(ctx.kong_draw)


@pattern("after_kong", situational=True, reads=("after_kong",),
         only=("discard", "杠上炮 (--after-kong) is won on a discard"))
def after_kong(reading, hand, ctx, params) -> int:
    """杠上炮: won on the discard a player made right after konging."""
    return int(ctx.after_kong)


@pattern("robbing_kong", situational=True, reads=("rob_kong",),
         only=("discard", "a robbed kong (--rob-kong) is won as a discard is"))
def robbing_kong(reading, hand, ctx, params) -> int:
    """抢杠胡: won on the tile another player added to a pong to make a kong."""
    return int(ctx.rob_kong is not None)


@pattern("no_ghost", situational=True)
def no_ghost(reading, hand, ctx, params) -> int:
    """无鬼: no ghost tile anywhere in the hand, melds included."""
    return int(ctx.ghosts_held == 0)


@pattern("four_melds", situational=True, params=("called_set",))
def four_melds(reading, hand, ctx, params) -> int:
    """手把一: four declared melds, so the win came on the single tile left (the pair).
    `called_set`: one of them a pong or kong, as the guide has it ("has just called a Triplet
    or Quad": four called chows are not it; which call came last a hand does not show)."""
    if len(hand.melds) != 4:
        return 0
    return int(not params.get("called_set") or any(m.kind in ("pong", "kong")
                                                   for m in hand.melds))


@pattern("full_ghost", signature=True)
def full_ghost(reading, hand, ctx, params) -> int:
    """满鬼: every ghost tile concealed in the hand (none spent in a meld), whatever the rest."""
    return int(reading.shape == "full_ghost")


@pattern("self_drawn", situational=True, reads=WIN_TYPE,
         only=("self_draw", "it is true of a self-drawn win only"))
def self_drawn(reading, hand, ctx, params) -> int:
    """A self-draw-type win: 自摸, a kong replacement draw included."""
    return int(ctx.win_type == "self_draw")


@pattern("dragon_sets", reads=WIN_TYPE, many=True,
         needs=lambda params: ("set", "dragon_set"))
def dragon_sets(reading, hand, ctx, params) -> int:
    """Each 中发白 set made of tiles the winner drew: concealed or tossed (a pong never is),
    and not completed by a winning tile taken from another player. The winning tile is
    placed outside a set whenever another copy of it can be."""
    sets = [g for g in reading.groups if g.kind == "dragon_set"]
    counted = [g.text() for g in sets]
    if ctx.discard_type and hand.win is not None:
        concealed = [g for g in reading.groups if not g.meld]
        in_sets = [g for g in concealed if g.kind == "dragon_set" and hand.win in g.tiles]
        elsewhere = sum(g.tiles.count(hand.win) for g in concealed if g.kind != "dragon_set")
        if in_sets and not elsewhere:
            counted.remove(in_sets[0].text())
    return len(counted), ", ".join(counted)


@pattern("plain_win", situational=True)
def plain_win(reading, hand, ctx, params) -> int:
    """平胡: any legal reading (with `when_named: false`, the hand has no 名堂)."""
    return 1


@pattern("heavenly", situational=True, reads=("heavenly",),
         only=("self_draw", "a heavenly hand (--heavenly) is won on the dealt hand"))
def heavenly(reading, hand, ctx, params) -> int:
    """天胡: the dealer wins on the dealt hand."""
    return int(ctx.heavenly)


@pattern("earthly", situational=True, reads=("earthly",))
def earthly(reading, hand, ctx, params) -> int:
    """地胡: a non-dealer wins on the first tile."""
    return int(ctx.earthly)


@pattern("declared", situational=True, reads=("declared",))
def declared(reading, hand, ctx, params) -> int:
    """报牌 / 报章: the winner declared ready."""
    return int(ctx.declared)
