"""An independent, slow, obvious scorer for `luzhou-guide` (泸州鬼麻将 as the English beginner's
guide, seed 000, scores it; RULINGS E1-E7) checked against `mjscore.score` on random hands with
a fixed seed (`compare`; the tests are in test_guide_audit.py; `python -m tests.guide_oracle N
SEED` runs N hands and prints a summary and the first mismatches; `... N SEED waits` checks
`waits` the same way).

Nothing here imports mjscore's internals. Tile kinds are 0-33: 1m-9m, 1p-9p, 1s-9s, E S W N C F
P; C (中, 31) is the ghost. The scorer lists every reading by brute force and judges it:

- E1 136 tiles, four of each; the four C are ghosts, each standing for any tile kind (中
  included), never a fifth copy of a kind (counting the declared melds), never a tile of the
  voided suit: the final hand (melds included, ghosts as what they stand for) holds at most two
  of m/p/s. A ghost in a declared pong or kong stands for that meld's kind; a chow holds none.
- Shapes: four sets (pong or run; runs are suited, no wrapping) + a pair, declared melds as
  declared; seven pairs with no melds at all, four of a kind counting as two pairs.
- E3 bases (the highest that applies): Basic Win 2 (standard shape); Gui: each kind with four
  copies in the final hand that is not declared as a kong, 5 x 2^(n-1) on a self-draw-type win
  (a kong draw included), 2 x 2^(n-1) on a discard-type one; Seven Pairs 10; All-Triplet 40
  (standard, every set a pong or kong); Pure One Suit Kong Draw 40 (won on a kong replacement,
  every tile of one suit, no honours). Rare seven-pair hands (cap 80, option `rare_cap`), a
  "dragon" being C (ghosts standing as 中), F or P, counted by kinds holding a pair: Three
  Dragon 80 (all three); Triple Luxury 80 (one dragon kind or more, every other pair one suit,
  no winds); Pure Double Dragon 160 (exactly two, the rest one suit); Pure Triple Dragon 320
  (three, the rest one suit); Pure Gui Pair 80 (three four-of-a-kinds + a pair of two ghost
  tiles); Three-Gui Pair 80 (three four-of-a-kinds + any other pair: a natural tile in it);
  Pure Double Gui Pair 160 (exactly two four-of-a-kinds).
- E4 Kong Draw x2; Hand-Stick-One x2 (option, four declared melds, a pong or kong among
  them: "has just called a Triplet or Quad"); Robbing the Kong: a flat
  10 in place of base x multipliers; No-Ghost +10 (no C anywhere); Report Tile (option, with
  `declared`) +40 when the hand has a named pattern (any base but Basic Win, or a multiplier),
  else +10. Cap 40 (option `cap`, `none` allowed), raised to `rare_cap` by a rare base that
  is scored (not when Robbing the Kong's flat 10 stands in its place).
- E5 payments: self-draw: every seat neither the winner nor already won; discard: the
  discarder; robbing: the konger; a discard right after the discarder's kong adds a 10 row.
- E6 a discarded ghost may be won on; a ghost added to a kong cannot be robbed. A robbed tile
  comes from the konger's pong, which holds at least one natural tile of its kind: the winner
  holds at most three of that kind, natural or stood for.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

from mjscore import MjscoreError, score, waits

SEATS = "ESWN"
HONOURS = "ESWNCFP"
GH = 31            # C, 中, the ghost
DRAGONS = (31, 32, 33)
WINDS = (27, 28, 29, 30)


def tname(k: int) -> str:
    return f"{k % 9 + 1}{'mps'[k // 9]}" if k < 27 else HONOURS[k - 27]


def suit(k: int):
    return k // 9 if k < 27 else None


# A meld: (kind, tiles) with kind one of pong, chow, exposed (kong from a discard), concealed,
# added; tiles the kinds written (GH for a ghost inside a pong or kong).
WRAP = {"pong": "[]", "chow": "[]", "exposed": "[]", "concealed": "()", "added": "{}"}
KONGS = ("exposed", "concealed", "added")


def meld_text(kind: str, tiles: list) -> str:
    nat = [k for k in tiles if k != GH]
    g = len(tiles) - len(nat)
    if nat and nat[0] < 27:
        body = "".join(str(k % 9 + 1) for k in nat) + "mps"[nat[0] // 9] + "C" * g
    else:
        body = "".join(HONOURS[k - 27] for k in nat) + "C" * g
    a, b = WRAP[kind]
    return a + body + b


def hand_text(case: dict) -> str:
    return "".join(tname(k) for k in case["concealed"]) + " " + \
        " ".join(meld_text(kind, t) for kind, t in case["melds"])


def meld_kinds(kind: str, tiles: list) -> list:
    """What each tile of a declared meld stands for: a ghost in a pong or kong, its kind."""
    if kind == "chow":
        return list(tiles)
    k = next(t for t in tiles if t != GH)
    return [k] * len(tiles)


# ---------------------------------------------------------------- readings, by brute force

def _runs_with(i: int):
    if i < 27:
        for s in (i - 2, i - 1, i):
            if s >= 0 and s // 9 == i // 9 and s % 9 <= 6:
                yield (s, s + 1, s + 2)


def _pure_ghost_groups(w: int, groups: int, pair: int):
    """Every way w ghosts alone make `groups` sets and `pair` pairs: lists of kind tuples."""
    if w != 3 * groups + 2 * pair:
        return
    if groups == 0 and pair == 0:
        yield []
        return
    if pair:
        for k in range(34):
            for rest in _pure_ghost_groups(w - 2, groups, 0):
                yield [("pair", (k, k))] + rest
        return
    sets = [("pong", (k, k, k)) for k in range(34)] + \
        [("run", (s, s + 1, s + 2)) for s in range(27) if s % 9 <= 6]
    for i, st in enumerate(sets):
        for rest in _pure_ghost_groups(w - 3, groups - 1, 0):
            yield [st] + rest


def standard_readings(c: list, w: int, groups: int, pair: int):
    """Every reading of natural counts c plus w ghosts as `groups` sets and `pair` pairs: yields
    lists of (type, kinds) groups, a ghost standing for whichever kind its group needs. The
    lowest natural tile left is in some group: a pair, a pong or a run, its other places filled
    by natural tiles above it or by ghosts."""
    i = next((k for k in range(34) if c[k]), None)
    if i is None:
        yield from _pure_ghost_groups(w, groups, pair)
        return
    opts = []
    if pair:
        for nat in (1, 2):
            opts.append(("pair", (i, i), {i: nat}, 2 - nat, (groups, 0)))
    if groups:
        for nat in (1, 2, 3):
            opts.append(("pong", (i, i, i), {i: nat}, 3 - nat, (groups - 1, pair)))
        for run in _runs_with(i):
            others = [k for k in run if k != i]
            for mask in range(4):
                take, g = {i: 1}, 0
                for b, k in enumerate(others):
                    if (mask >> b) & 1:
                        g += 1
                    else:
                        take[k] = 1
                opts.append(("run", run, take, g, (groups - 1, pair)))
    for typ, kinds, take, g, (ng, np) in opts:
        if g > w or any(c[k] < n or (k < i) for k, n in take.items()):
            continue
        for k, n in take.items():
            c[k] -= n
        for rest in standard_readings(c, w - g, ng, np):
            yield [(typ, kinds)] + rest
        for k, n in take.items():
            c[k] += n


def seven_pair_readings(n: list, w: int):
    """Every seven-pairs reading of natural counts n plus w ghosts: yields the final counts (each
    kind 0, 2 or 4). A kind with an odd count takes one ghost; ghosts left over go in pairs to
    any kinds."""
    f = n[:]
    odd = [k for k in range(34) if n[k] % 2]
    left = w - len(odd)
    if left < 0 or left % 2:
        return
    for k in odd:
        f[k] += 1
    for extra in combinations_with_replacement(range(34), left // 2):
        g = f[:]
        for k in extra:
            g[k] += 2
        if all(x <= 4 for x in g) and sum(x // 2 for x in g) == 7:
            yield g


# ---------------------------------------------------------------- the scorer

class Bad(Exception):
    """Bad input (mjscore raises MjscoreError)."""


def check_input(case: dict):
    conc, melds = case["concealed"], case["melds"]
    if len(conc) + 3 * len(melds) != 14:
        raise Bad("tile count")
    if case["win"] not in conc:
        raise Bad("win")
    phys = [0] * 34       # physical tiles, ghosts as C
    stood = [0] * 34      # the melds' tiles, their ghosts as the meld's kind
    for k in conc:
        phys[k] += 1
    for kind, tiles in melds:
        for t in tiles:
            phys[t] += 1
        for t, s in zip(tiles, meld_kinds(kind, tiles)):
            stood[s] += 1
    # A fifth copy is of physical tiles: a 贴鬼 meld's ghosts stand for no copy past four, so
    # the natural copies beside it are no fifth (README "How scoring works" 2).
    if any(x > 4 for x in phys):
        raise Bad("fifth copy")
    held = [0] * 34
    for k in conc:
        held[k] += 1
    stood = [n if k == GH else min(4, n + held[k]) for k, n in enumerate(stood)]
    seat, won = case["seat"], case.get("won", ())
    d, r = case.get("discard"), case.get("rob")
    if seat in won or len(won) > 2:
        raise Bad("won")
    for x in (d, r):
        if x is not None and (x == seat or x in won):
            raise Bad("payer")
    if case.get("declared") and not case["opts"].get("report_tile"):
        raise Bad("declared")
    if case.get("kong_draw"):
        if d is not None or r is not None or not any(kd in KONGS for kd, _ in melds):
            raise Bad("kong draw")
    if case.get("after_kong") and d is None:
        raise Bad("after kong")
    if r is not None and case["win"] != GH and stood[case["win"]] >= 4:
        raise Bad("robbed pong")  # the konger's pong holds one more of the four (a natural)
    return phys


def judge(case: dict, only=None):
    """('error',) for bad input, else (legal, value, net, candidate pattern-id sets). With
    `only` (final counts, shape, has_run): the value options of that one reading."""
    try:
        phys = check_input(case)
    except Bad:
        return ("error",)
    opts = case["opts"]
    conc, melds, win = case["concealed"], case["melds"], case["win"]
    seat, d, r = case["seat"], case.get("discard"), case.get("rob")
    kong_draw = bool(case.get("kong_draw"))
    discard_type = d is not None or r is not None
    zero = {s: 0 for s in SEATS}
    if r is not None and win == GH:
        return (False, None, zero, None)  # E6: a ghost added to a kong cannot be robbed
    w = conc.count(GH)
    nat = [0] * 34
    for k in conc:
        if k != GH:
            nat[k] += 1
    in_melds = [0] * 34
    kong_kinds = set()
    for kind, tiles in melds:
        for s in meld_kinds(kind, tiles):
            in_melds[s] += 1
        if kind in KONGS:
            kong_kinds.add(meld_kinds(kind, tiles)[0])
    # (No copy past four with the concealed naturals: a 贴鬼 meld, `check_input`.)
    in_melds = [min(n, 4 - nat[k]) if k != GH else n for k, n in enumerate(in_melds)]
    meld_has_run = any(kind == "chow" for kind, _ in melds)
    no_ghost = phys[GH] == 0
    cap_opt = opts.get("cap", 40)
    cap = None if cap_opt == "none" else int(cap_opt)
    rare_cap = int(opts.get("rare_cap", 80))

    def finish(final, shape, has_run, ghost_pair_kinds):
        """Value options of one reading: a list of (capped, raw, pattern ids)."""
        if any(final[k] > 4 for k in range(34)):
            return []
        if sum(1 for s in range(3) if any(final[s * 9:s * 9 + 9])) > 2:
            return []  # a third suit: the voided-suit rule
        if r is not None and final[win] > 3:
            return []  # the konger's pong keeps one natural tile of the robbed kind
        bases = []  # (value, id, named, rare)
        if shape == "standard":
            bases.append((2, "basic_win", False, False))
            n = sum(1 for k in range(34) if final[k] == 4 and k not in kong_kinds)
            if n:
                if discard_type:
                    bases.append((2 * 2 ** (n - 1), "gui_discard", True, False))
                else:
                    bases.append((5 * 2 ** (n - 1), "gui_self_draw", True, False))
            if not has_run:
                bases.append((40, "all_triplet", True, False))
            suits = {suit(k) for k in range(34) if final[k]}
            if kong_draw and len(suits) == 1 and None not in suits:
                bases.append((40, "pure_one_suit_kong_draw", True, False))
        else:
            bases.append((10, "seven_pairs", True, False))
            dragons = sum(1 for k in DRAGONS if final[k])
            others = [k for k in range(34) if final[k] and k not in DRAGONS]
            one_suit = all(k < 27 for k in others) and len({suit(k) for k in others}) <= 1
            if dragons == 3:
                bases.append((80, "three_dragon_seven_pairs", True, True))
            if one_suit and dragons >= 1:
                bases.append((80, "triple_luxury_seven_pairs", True, True))
            if one_suit and dragons == 2:
                bases.append((160, "pure_double_dragon_seven_pairs", True, True))
            if one_suit and dragons == 3:
                bases.append((320, "pure_triple_dragon_seven_pairs", True, True))
            quads = [k for k in range(34) if final[k] == 4]
            rest = [k for k in range(34) if final[k] == 2]
            if len(quads) == 3:
                (k,) = rest
                g = final[k] - nat[k]  # the ghosts in the seventh pair
                bases.append((80, "pure_gui_pair" if g == 2 else "three_gui_pair", True, True))
            if len(quads) == 2:
                bases.append((160, "pure_double_gui_pair", True, True))
        mults = []
        if kong_draw:
            mults.append("kong_draw")
        if opts.get("hand_stick_one") and len(melds) == 4 and \
                any(kind != "chow" for kind, _ in melds):
            mults.append("hand_stick_one")
        named = any(b[2] for b in bases) or bool(mults)
        top = max(b[0] for b in bases)
        out = []
        for bv, bid, _, rare in bases:
            if bv != top:
                continue
            ids = []
            if r is not None:
                v = 10
                ids.append("robbing_the_kong")
            else:
                v = bv * 2 ** len(mults)
                ids += [bid] + mults
            if no_ghost:
                v += 10
                ids.append("no_ghost")
            if opts.get("report_tile") and case.get("declared"):
                v += 40 if named else 10
                ids.append("report_tile_named" if named else "report_tile")
            c = cap
            if c is not None and rare and r is None:  # robbed: the flat 10 is scored
                c = max(c, rare_cap)
            out.append((v if c is None else min(v, c), v, tuple(sorted(ids))))
        return out

    if only is not None:
        final, shape, has_run = only
        return finish(list(final), shape, has_run or meld_has_run, None)
    found = []
    groups = 4 - len(melds)
    seen = set()
    for reading in standard_readings(nat[:], w, groups, 1):
        final = in_melds[:]
        has_run = meld_has_run
        for typ, kinds in reading:
            for k in kinds:
                final[k] += 1
            has_run = has_run or typ == "run"
        key = (tuple(final), has_run)
        if key in seen:
            continue
        seen.add(key)
        found += finish(final, "standard", has_run, None)
    if not melds:
        for final in seven_pair_readings(nat, w):
            found += finish(final, "seven_pairs", False, None)
    if not found:
        return (False, None, zero, None)
    best = max((c, v) for c, v, _ in found)
    value = best[0]
    pats = {ids for c, v, ids in found if (c, v) == best}
    net = dict(zero)
    if r is not None:
        payers = [r]
    elif d is not None:
        payers = [d]
    else:
        payers = [s for s in SEATS if s != seat and s not in case.get("won", ())]
    for p in payers:
        net[p] -= value
        net[seat] += value
    if d is not None and case.get("after_kong"):
        net[d] -= 10
        net[seat] += 10
    return (True, value, net, pats)


def run_mjscore(case: dict):
    kw = {"seat": case["seat"], "dealer": case["dealer"], "win": tname(case["win"]),
          "opts": dict(case["opts"])}
    for key, arg in (("discard", "discard"), ("rob", "rob_kong")):
        if case.get(key) is not None:
            kw[arg] = case[key]
    for key in ("kong_draw", "after_kong", "declared"):
        if case.get(key):
            kw[key] = True
    if case.get("won"):
        kw["won"] = tuple(case["won"])
    try:
        r = score(hand_text(case), "luzhou-guide", **kw)
    except MjscoreError:
        return ("error",)
    net = dict(r.net)
    assert sum(net.values()) == 0
    if not r.legal:
        assert all(v == 0 for v in net.values()) and r.reasons
        return (False, None, net, None)
    why = check_reading(case, r.decomposition, r.value)
    if why:
        return ("bad reading", r.decomposition, why)
    return (True, r.value, net, tuple(sorted(p.id for p in r.patterns)))


def kind_of(text: str) -> int:
    if text[-1] in "mps":
        return "mps".index(text[-1]) * 9 + int(text[0]) - 1
    return 27 + HONOURS.index(text)


def parse_reading(text: str):
    """mjscore's printed reading: a list of (bracket, [(tile written, tile it stands for)])."""
    groups = []
    for tok in text.split():
        br = tok[0] if tok[0] in "[({" else ""
        body = tok[1:-1] if br else tok
        tiles, digits, i = [], [], 0
        while i < len(body):
            ch = body[i]
            if ch.isdigit():
                digits.append(ch)
                i += 1
            elif ch in "mps":
                tiles += [(kind_of(d + ch),) * 2 for d in digits]
                digits = []
                i += 1
            elif ch == "+":  # (each ghost written after one: `5p+C=5p`)
                i += 1
            elif ch == "C" and body[i + 1:i + 2] == "=":
                j = i + 2
                stand = body[j:j + 2] if body[j].isdigit() else body[j]
                tiles.append((GH, kind_of(stand)))
                i = j + len(stand)
            else:
                tiles.append((kind_of(ch),) * 2)
                i += 1
        assert not digits, text
        groups.append((br, tiles))
    return groups


def check_reading(case: dict, text: str, value: int) -> str | None:
    """Why mjscore's printed reading is not a reading of the hand worth `value`, or None."""
    groups = parse_reading(text)
    phys = sorted(t for br, g in groups if not br for t, _ in g)
    if phys != sorted(case["concealed"]):
        return "the reading's concealed tiles are not the hand's"
    if len([1 for br, _ in groups if br]) != len(case["melds"]):
        return "the reading's melds are not the hand's"
    final, has_run, pairs = [0] * 34, False, 0
    melded = [0] * 34
    for br, g in groups:
        ks = sorted(k for _, k in g)
        for k in ks:
            (melded if br else final)[k] += 1
        if br:
            continue
        if len(ks) == 2 and ks[0] == ks[1]:
            pairs += 1
        elif len(ks) == 3 and ks[0] == ks[2]:
            pass
        elif len(ks) == 3 and ks[0] < 27 and ks[0] // 9 == ks[2] // 9 and \
                ks[1] == ks[0] + 1 and ks[2] == ks[0] + 2:
            has_run = True
        else:
            return f"no set or pair: {ks}"
    shape = "seven_pairs" if pairs == 7 else "standard"
    if shape == "standard" and pairs != 1:
        return f"{pairs} pairs"
    # (A 贴鬼 meld's ghosts stand for no copy past four with the concealed naturals.)
    nat = [case["concealed"].count(k) if k != GH else 0 for k in range(34)]
    final = [f + (min(m, 4 - nat[k]) if k != GH else m) for k, (f, m) in
             enumerate(zip(final, melded))]
    got = judge(case, (final, shape, has_run))
    if not got:
        return "not a legal reading (a fifth copy, a third suit or the robbed kind)"
    if value not in {c for c, _, _ in got}:
        return f"the reading is worth {sorted(got)}, not {value}"
    return None


def agree(mine, theirs) -> bool:
    if theirs[0] == "bad reading":
        return False
    if mine[0] == "error" or theirs[0] == "error":
        return mine[0] == theirs[0]
    if mine[:3] != theirs[:3]:
        return False
    return mine[3] is None or theirs[3] in mine[3]


# ---------------------------------------------------------------- random hands

def _pick_suits(rng):
    r = rng.random()
    if r < 0.25:
        return [rng.randrange(3)]
    if r < 0.93:
        return rng.sample(range(3), 2)
    return [0, 1, 2]  # a Flower Cat now and then


def _kinds(suits, honours):
    ks = [s * 9 + i for s in suits for i in range(9)]
    return ks + ([27, 28, 29, 30, 32, 33] if honours else [])


def _set(rng, counts, pool, runs_ok=True):
    """A random set (run or pong) from pool respecting counts; the kinds, or None."""
    for _ in range(40):
        k = rng.choice(pool)
        if runs_ok and k < 27 and rng.random() < 0.55:
            s = k - rng.randrange(3)
            if s < k // 9 * 9 or s % 9 > 6 or s + 2 not in pool:
                continue
            ks = [s, s + 1, s + 2]
        else:
            ks = [k] * 3
        if all(counts[x] + ks.count(x) <= 4 for x in set(ks)):
            for x in ks:
                counts[x] += 1
            return ks
    return None


def make_case(rng: random.Random) -> dict:
    suits = _pick_suits(rng)
    honours = rng.random() < 0.35
    pool = _kinds(suits, honours)
    counts = [0] * 34
    counts[GH] = 0
    melds, conc = [], []
    shape = rng.random()
    if shape < 0.06:  # junk, often with many ghosts
        conc = [rng.choice(pool) for _ in range(rng.choice([10, 11, 12]))]
        conc += [GH] * (14 - len(conc))
    elif shape < 0.12:  # dragon seven pairs: F, P and ghosts as the 中 pair
        s = rng.choice(suits)
        conc = [32, 32, 33, 33] + [GH, GH] * rng.choice([0, 1, 1, 2])
        if rng.random() < 0.3:
            conc += [rng.choice([27, 28, 29, 30, 32, 33])] * 2
        while len(conc) < 14:
            k = s * 9 + rng.randrange(9)
            if conc.count(k) <= 2:
                conc += [k, k]
        conc = conc[:14]
    elif shape < 0.3:  # seven pairs, often rare-looking
        one = rng.random() < 0.6
        spool = _kinds(suits[:1] if one else suits, False)
        dpool = [32, 33] if rng.random() < 0.6 else []
        wpool = [27, 28, 29, 30] if rng.random() < 0.2 else []
        quads = rng.choice([0, 0, 1, 2, 3, 3])
        for _ in range(quads):
            k = rng.choice(spool + dpool)
            if counts[k] == 0:
                counts[k] = 4
                conc += [k] * 4
        for _ in range(30):
            if len(conc) >= 14:
                break
            k = rng.choice(spool + dpool + dpool + wpool)
            if counts[k] + 2 <= 4:
                counts[k] += 2
                conc += [k, k]
        if rng.random() < 0.3:  # a natural ghost pair (中 pair, or a pair of ghosts)
            conc = conc[:12] + [GH, GH]
        conc = conc[:14]
        while len(conc) < 14:
            conc.append(rng.choice(spool))
    elif shape < 0.42:  # one suit's wall: many readings, Gui, one suit
        s = rng.choice(suits)
        nm = rng.choice([0, 0, 1, 1, 2])
        for _ in range(nm):
            k = s * 9 + rng.randrange(9)
            kind = rng.choice(["pong", "concealed", "added", "exposed", "chow"])
            if kind == "chow":
                if k % 9 > 6 or any(counts[k + j] >= 4 for j in range(3)):
                    continue
                for j in range(3):
                    counts[k + j] += 1
                melds.append(("chow", [k, k + 1, k + 2]))
                continue
            size = 3 if kind == "pong" else 4
            if counts[k] + size <= 4:
                counts[k] += size
                melds.append((kind, [k] * size))
        wall = [k for k in range(s * 9, s * 9 + 9) for _ in range(4 - counts[k])]
        rng.shuffle(wall)
        conc = wall[:14 - 3 * len(melds)]
        for k in conc:
            counts[k] += 1
    else:  # four sets and a pair, some declared
        nm = rng.choice([0, 0, 0, 1, 1, 2, 2, 3, 4])
        for _ in range(nm):
            kind = rng.choice(["pong", "pong", "chow", "exposed", "concealed", "added"])
            if kind == "chow":
                ks = _set(rng, counts, [k for k in pool if k < 27] or pool, True)
                if ks and len(set(ks)) == 3:
                    melds.append(("chow", ks))
                elif ks:
                    melds.append(("pong", ks))
                continue
            k = rng.choice(pool)
            size = 3 if kind == "pong" else 4
            if counts[k] + size <= 4:
                counts[k] += size
                melds.append((kind, [k] * size))
        alltrip = rng.random() < 0.2
        for _ in range(4 - len(melds)):
            ks = _set(rng, counts, pool, not alltrip)
            conc += ks if ks else [rng.choice(pool)] * 3
        for _ in range(20):
            k = rng.choice(pool)
            if counts[k] + 2 <= 4:
                break
        counts[k] += 2
        conc += [k, k]
    # ghosts: some concealed tiles become C
    nghost = rng.choice([0, 0, 1, 1, 2, 2, 3, 4])
    for _ in range(nghost):
        j = rng.randrange(len(conc))
        if conc.count(GH) < 4:
            conc[j] = GH
    # ghosts inside declared pongs and kongs (one natural tile stays)
    held = conc.count(GH)
    for i, (kind, tiles) in enumerate(melds):
        if kind != "chow" and held < 4 and rng.random() < 0.2:
            n = rng.randint(1, min(len(tiles) - 1, 4 - held))
            melds[i] = (kind, tiles[:len(tiles) - n] + [GH] * n)
            held += n
    if rng.random() < 0.3:  # break it (maybe)
        j = rng.randrange(len(conc))
        conc[j] = rng.choice(pool + [GH])
    if rng.random() < 0.02:  # a wrong count now and then
        conc.append(rng.choice(pool))
    seat = rng.choice(SEATS)
    opts = {}
    if rng.random() < 0.25:
        opts["cap"] = rng.choice(["none", 100, 20, 60])
    if rng.random() < 0.2:
        opts["rare_cap"] = rng.choice([200, 400, 60, 30])
    if rng.random() < 0.25:
        opts["hand_stick_one"] = True
    case = {"concealed": conc, "melds": melds, "opts": opts, "seat": seat,
            "dealer": rng.choice(SEATS)}
    if rng.random() < 0.2:
        opts["report_tile"] = True
        if rng.random() < 0.8:
            case["declared"] = True
    elif rng.random() < 0.01:
        case["declared"] = True  # without the option: bad input
    others = [s for s in SEATS if s != seat]
    kongs = any(kind in KONGS for kind, _ in melds)
    r = rng.random()
    if r < 0.25 and (kongs or rng.random() < 0.05):
        case["kong_draw"] = True
    elif r < 0.5:
        case["discard"] = rng.choice(others)
        if rng.random() < 0.3:
            case["after_kong"] = True
    elif r < 0.62:
        case["rob"] = rng.choice(others)
    if rng.random() < 0.3:
        free = [s for s in others if s not in (case.get("discard"), case.get("rob"))]
        case["won"] = tuple(rng.sample(free, rng.randint(1, min(2, len(free)))))
    if GH in conc and rng.random() < 0.3:
        case["win"] = GH
    else:
        case["win"] = rng.choice(conc)
    if case.get("rob") is not None and rng.random() < 0.8:
        phys = [conc.count(k) + sum(t.count(k) for _, t in melds) for k in range(34)]
        once = [k for k in conc if k != GH and phys[k] <= 2]
        if once:
            case["win"] = rng.choice(once)
    rng.shuffle(conc)
    return case


def compare(n: int, seed: int):
    rng = random.Random(seed)
    stats, bad = {"error": 0, "legal": 0, "not legal": 0}, []
    patterns: dict = {}
    for i in range(n):
        case = make_case(rng)
        mine = judge(case)
        theirs = run_mjscore(case)
        stats["error" if mine[0] == "error" else "legal" if mine[0] else "not legal"] += 1
        if mine[0] is True and theirs[0] is True:
            for p in theirs[3]:
                patterns[p] = patterns.get(p, 0) + 1
        if not agree(mine, theirs):
            bad.append((i, case, hand_text(case), mine, theirs))
    return stats, patterns, bad


def compare_waits(n: int, seed: int):
    """`waits` against the scorer: a random case less one tile is ready on each kind (never a
    ghost) whose adding makes a legal self-draw, worth that win's value; a Flower Cat holds
    natural tiles of three suits. Returns (hands, ready hands, mismatches)."""
    rng = random.Random(seed)
    hands, ready, bad = 0, 0, []
    while hands < n:
        case = make_case(rng)
        if len(case["concealed"]) + 3 * len(case["melds"]) != 14:
            continue
        conc = case["concealed"][:]
        conc.pop(rng.randrange(len(conc)))
        opts = {k: v for k, v in case["opts"].items() if k != "report_tile"}
        short = {"concealed": conc, "melds": case["melds"], "seat": case["seat"], "opts": opts}
        mine, any_ok = {}, False
        for t in range(34):
            if t == GH:
                continue
            got = judge(dict(short, concealed=conc + [t], win=t))
            any_ok = any_ok or got[0] != "error"
            if got[0] is True:
                mine[tname(t)] = got[1]
        if not any_ok:
            continue  # bad input whatever the tile (a fifth copy, a wrong count)
        hands += 1
        ready += bool(mine)
        held = conc + [k for _, ts in case["melds"] for k in ts]
        cat = len({suit(k) for k in held if k < 27}) == 3
        text = hand_text(short)
        try:
            d = waits(text, "luzhou-guide", seat=case["seat"], opts=opts).to_dict()
            theirs = ({w["tile"]: w["value"] for w in d["waits"]}, d["flower_cat"], d["ready"])
        except MjscoreError as e:
            theirs = ("error", str(e))
        if theirs != (mine, cat, bool(mine)):
            bad.append((text, opts, (mine, cat, bool(mine)), theirs))
    return hands, ready, bad


def describe(case: dict) -> str:
    keep = {k: v for k, v in case.items() if k not in ("concealed", "melds", "win") and v}
    return f"win {tname(case['win'])} {keep}"


if __name__ == "__main__":
    import sys
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    if len(sys.argv) > 3 and sys.argv[3] == "waits":
        hands, ready, bad = compare_waits(n, seed)
        print(hands, "hands less a tile, seed", seed, ready, "ready; mismatches:", len(bad))
        for b in bad[:30]:
            print(*b, sep="\n   ")
        sys.exit(0)
    stats, patterns, bad = compare(n, seed)
    print(n, "hands, seed", seed, stats, "mismatches:", len(bad))
    print("patterns:", dict(sorted(patterns.items())))
    for i, case, text, mine, theirs in bad[:30]:
        print(i, repr(text), describe(case), "\n   mine   ", mine, "\n   mjscore", theirs)
