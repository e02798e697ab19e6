"""An independent, slow, obvious Guangdong 推倒胡 scorer (RULINGS G1-G10, seed 001) checked
against `mjscore.score` on random hands with a fixed seed (`compare`; the tests are in
test_guangdong_audit.py; `python -m tests.guangdong_oracle N SEED` runs N hands).

Nothing here imports mjscore's internals: the scorer below reads the hand from its own small
description (tile kinds 0-33: 1m-9m, 1p-9p, 1s-9s, E S W N C F P), writes it out in the
notation of README/CONTRACT for `score`, and judges it itself:

- G1 the ghost is 白 (P), or with `ghost=flip` the tile after the indicator (9 -> 1 within a
  suit, E S W N C F P -> E); the indicator lies face up, so a hand holds at most three of it.
- G2 pong and kong only may be declared; the fixed ghost is never in a meld, a flip ghost may
  be ponged or konged as itself (and is then no longer wild). Runs (self-drawn, concealed)
  count in a finished hand (seed 001: "Runs still count in a finished hand").
- G4 four sets + a pair; seven pairs only with `seven_pairs` (no melds; four of a kind reads
  as two pairs). A ghost is wild in the concealed hand, itself included, but a reading holds
  at most four of a kind (three of the flipped indicator) counting the declared melds.
  翻双鬼 (`flip_ghosts=2`, research 2.4): the two tiles after the indicator are both ghosts.
- G5 满鬼: four ghost tiles concealed (none in any meld; under 翻双鬼 of either kind) and the
  winning tile a ghost.
- G3 self-draw (a kong draw included) or robbing an added kong; a discard win is not legal.
  A robbed kong is a pong of the winning tile's kind (three natural tiles) plus that tile.
- G6 value = base, x2 with no ghost tile anywhere (no_ghost_double), x2 on a kong draw
  (kong_draw_double); G7 the konger of a robbed kong pays all three shares.
- G9 买马 (option horses): each horse tile names a seat counted from the dealer (1/5/9/E the
  dealer, 2/6/S/C the next, 3/7/W/F across, 4/8/N/P the previous); each naming the winner
  adds one base, undoubled, from each payer (the konger of a robbed kong: three). Horses are
  tiles too: with the hand's own (and a robbed kong's pong), no more copies than the set has.
"""

from __future__ import annotations

import random

from mjscore import MjscoreError, score

SEATS = "ESWN"
HONOURS = "ESWNCFP"
P = 33


def tname(k: int) -> str:
    return f"{k % 9 + 1}{'mps'[k // 9]}" if k < 27 else HONOURS[k - 27]


def next_tile(k: int) -> int:
    if k < 27:
        return k // 9 * 9 + (k % 9 + 1) % 9
    return 27 + (k - 27 + 1) % 7


def ghosts_of(indicator, opts: dict) -> list:
    """The ghost kinds: 白, or the tile after the indicator (and the one after that too with
    flip_ghosts=2)."""
    if indicator is None:
        return [P]
    out = [next_tile(indicator)]
    if opts.get("flip_ghosts", 1) == 2:
        out.append(next_tile(out[0]))
    return out


MELD_SIZE = {"pong": 3, "exposed": 4, "concealed": 4, "added": 4}
MELD_WRAP = {"pong": "[]", "exposed": "[]", "concealed": "()", "added": "{}"}


def meld_text(kind: str, k: int) -> str:
    n = MELD_SIZE[kind]
    body = (str(k % 9 + 1) * n + "mps"[k // 9]) if k < 27 else HONOURS[k - 27] * n
    a, b = MELD_WRAP[kind]
    return a + body + b


def hand_text(case: dict) -> str:
    return "".join(tname(k) for k in case["concealed"]) + " " + \
        " ".join(meld_text(kind, k) for kind, k in case["melds"])


# ---------------------------------------------------------------- the independent scorer

def _runs_with(i: int):
    """Every run (three kinds) holding kind i: suited, no wrapping."""
    if i >= 27:
        return
    for s in (i - 2, i - 1, i):
        if s >= 0 and s // 9 == i // 9 and s % 9 <= 6:
            yield (s, s + 1, s + 2)


def _all_wild(w: int, groups: int, pair: int, cap: list) -> bool:
    """Can w ghosts alone make `groups` sets and `pair` pairs within the caps?"""
    if w != 3 * groups + 2 * pair:
        return False
    if groups == 0 and pair == 0:
        return True
    if pair:
        for k in range(34):
            if cap[k] >= 2:
                cap[k] -= 2
                ok = _all_wild(w - 2, groups, 0, cap)
                cap[k] += 2
                if ok:
                    return True
        return False
    for k in range(34):
        if cap[k] >= 3:
            cap[k] -= 3
            ok = _all_wild(w - 3, groups - 1, pair, cap)
            cap[k] += 3
            if ok:
                return True
    for s in range(27):
        if s % 9 <= 6 and all(cap[s + d] >= 1 for d in range(3)):
            for d in range(3):
                cap[s + d] -= 1
            ok = _all_wild(w - 3, groups - 1, pair, cap)
            for d in range(3):
                cap[s + d] += 1
            if ok:
                return True
    return False


def standard(c: list, w: int, groups: int, pair: int, cap: list) -> bool:
    """Can the natural counts c plus w wild ghosts make `groups` sets (pong or run) and `pair`
    pairs? cap[k]: how many more of kind k the ghosts may stand for. Brute force: the lowest
    natural tile left is in a pair, a pong or a run, with ghosts filling any gap."""
    i = next((k for k in range(34) if c[k]), None)
    if i is None:
        return _all_wild(w, groups, pair, cap)
    # The lowest tile in the pair, then in a pong: its natural copies, ghosts for the rest.
    for size, left in ((2, (groups, 0)), (3, (groups - 1, pair))):
        if not (pair if size == 2 else groups):
            continue
        for nat in range(1, min(size, c[i]) + 1):
            g = size - nat
            if g <= w and cap[i] >= g:
                c[i] -= nat
                cap[i] -= g
                ok = standard(c, w - g, *left, cap)
                c[i] += nat
                cap[i] += g
                if ok:
                    return True
    if groups:
        for run in _runs_with(i):
            others = [k for k in run if k != i]
            # each other kind: natural (if any left and not below i) or a ghost
            for choice in range(4):
                use_ghost = [(choice >> b) & 1 for b in range(2)]
                take, ghosts, good = [i], [], True
                for k, gh in zip(others, use_ghost):
                    if gh:
                        ghosts.append(k)
                    elif k > i and c[k] > 0:
                        take.append(k)
                    else:
                        good = False
                if not good or len(ghosts) > w or any(cap[k] < 1 for k in ghosts):
                    continue
                for k in take:
                    c[k] -= 1
                for k in ghosts:
                    cap[k] -= 1
                ok = standard(c, w - len(ghosts), groups - 1, pair, cap)
                for k in take:
                    c[k] += 1
                for k in ghosts:
                    cap[k] += 1
                if ok:
                    return True
    return False


def seven_pairs(c: list, w: int, cap: list) -> bool:
    need = 0
    for k in range(34):
        if c[k] % 2:
            need += 1
            if cap[k] < 1:
                return False
    left = w - need
    if left < 0 or left % 2:
        return False
    cap = [cap[k] - (c[k] % 2) for k in range(34)]
    while left:
        k = next((k for k in range(34) if cap[k] >= 2), None)
        if k is None:
            return False
        cap[k] -= 2
        left -= 2
    return True


def judge(case: dict, rob_limits_ghosts: bool = True):
    """('error',) for bad input, else (legal, value, net)."""
    opts, ind = case["opts"], case.get("indicator")
    flip = ind is not None
    Gs = ghosts_of(ind, opts)
    base = opts.get("base", 2)
    conc, melds, win = list(case["concealed"]), case["melds"], case["win"]
    seat, discard, rob, kong_draw = case["seat"], case.get("discard"), case.get("rob"), \
        case.get("kong_draw", False)
    copies = [4] * 34
    if flip:
        copies[ind] = 3
    # -- bad input
    if len(conc) + 3 * len(melds) != 14 or win not in conc:
        return ("error",)
    if not flip and any(k in Gs for _, k in melds):
        return ("error",)
    nat = [0] * 34  # natural tiles held anywhere (ghost tiles included, as tiles)
    in_melds = [0] * 34
    for k in conc:
        nat[k] += 1
    for kind, k in melds:
        nat[k] += MELD_SIZE[kind]
        in_melds[k] += MELD_SIZE[kind]
    if any(nat[k] > copies[k] for k in range(34)):
        return ("error",)
    horses = case.get("horses") or []
    seen = nat[:]
    if rob is not None:
        seen[win] += 3  # the konger's pong is on the table
    for k in horses:
        seen[k] += 1
    if any(seen[k] > copies[k] for k in range(34)):
        return ("error",)
    if kong_draw and not any(kind != "pong" for kind, _ in melds):
        return ("error",)
    if discard is not None and (discard == seat):
        return ("error",)
    if rob is not None:
        if rob == seat or (win in Gs and not flip) or nat[win] + 3 > copies[win]:
            return ("error",)
    # -- the reading
    ghosts = sum(1 for k in conc if k in Gs)
    c = [0] * 34
    for k in conc:
        if k not in Gs:
            c[k] += 1
    cap = [copies[k] - c[k] - in_melds[k] for k in range(34)]
    if rob is not None and rob_limits_ghosts:
        cap[win] = min(cap[win], copies[win] - 3 - c[win] - in_melds[win])
    cap = [max(0, x) for x in cap]
    groups = 4 - len(melds)
    won = standard(c[:], ghosts, groups, 1, cap[:])
    if not won and opts.get("seven_pairs") and not melds:
        won = seven_pairs(c[:], ghosts, cap[:])
    if ghosts - (win in Gs) >= 4:  # 满鬼 held before this tile (any, or a fifth ghost): won then
        won = False
    elif ghosts >= 4:  # 满鬼, won on drawing the fourth ghost
        won = True
    zero = {s: 0 for s in SEATS}
    if not won or discard is not None:
        return (False, None, zero)
    value = base
    if opts.get("no_ghost_double", True) and not any(nat[g] for g in Gs):
        value *= 2
    if kong_draw and opts.get("kong_draw_double", True):
        value *= 2
    net = dict(zero)

    def paid(amount):  # from each opponent, or all three shares from the konger robbed
        for s in ([rob] * 3 if rob is not None else [s for s in SEATS if s != seat]):
            net[s] -= amount
        net[seat] += 3 * amount

    paid(value)
    d = SEATS.index(case["dealer"])
    for k in horses:
        # seats on from the dealer: 1/5/9/E 0, 2/6/S/C 1, 3/7/W/F 2, 4/8/N/P 3
        n = k % 9 % 4 if k < 27 else {"E": 0, "S": 1, "W": 2, "N": 3, "C": 1, "F": 2,
                                      "P": 3}[HONOURS[k - 27]]
        if SEATS[(d + n) % 4] == seat:
            paid(base)
    return (True, value, net)


def run_mjscore(case: dict):
    kw = {"seat": case["seat"], "dealer": case["dealer"], "win": tname(case["win"]),
          "opts": dict(case["opts"])}
    if case.get("indicator") is not None:
        if case.get("indicator_as_opt"):  # --opt ghost=flip --opt indicator=TILE
            kw["opts"].update(ghost="flip", indicator=tname(case["indicator"]))
        else:
            kw["indicator"] = tname(case["indicator"])
    for key, arg in (("discard", "discard"), ("rob", "rob_kong")):
        if case.get(key) is not None:
            kw[arg] = case[key]
    if case.get("kong_draw"):
        kw["kong_draw"] = True
    if case.get("horses"):
        kw["horses"] = "".join(tname(k) for k in case["horses"])
        kw["opts"]["horses"] = len(case["horses"])
    try:
        r = score(hand_text(case), "guangdong", **kw)
    except MjscoreError:
        return ("error",)
    if not r.legal:
        assert all(v == 0 for v in r.net.values())
        return (False, None, dict(r.net))
    return (True, r.value, dict(r.net))


# ---------------------------------------------------------------- random hands

WRAPPING = [8, 17, 26, 30, 33]  # 9m 9p 9s N P


def _group(rng, counts, limit, honours_ok=True):
    for _ in range(50):
        if rng.random() < 0.5:
            s = rng.randrange(27)
            if s % 9 > 6:
                continue
            ks = [s, s + 1, s + 2]
        else:
            k = rng.randrange(34 if honours_ok else 27)
            ks = [k] * 3
        if all(counts[k] + ks.count(k) <= limit[k] for k in set(ks)):
            for k in ks:
                counts[k] += 1
            return ks
    return None


def make_case(rng: random.Random) -> dict:
    flip = rng.random() < 0.5
    indicator = (rng.choice(WRAPPING) if rng.random() < 0.4 else rng.randrange(34)) \
        if flip else None
    opts = {}
    if flip and rng.random() < 0.3:
        opts["flip_ghosts"] = 2  # 翻双鬼
    Gs = ghosts_of(indicator, opts)
    limit = [4] * 34
    if flip:
        limit[indicator] = 3
    counts = [0] * 34
    if rng.random() < 0.5:
        opts["seven_pairs"] = True
    elif rng.random() < 0.2:
        opts["seven_pairs"] = False
    if rng.random() < 0.25:
        opts["no_ghost_double"] = False
    if rng.random() < 0.25:
        opts["kong_draw_double"] = False
    if rng.random() < 0.35:
        opts["base"] = rng.choice([1, 3, 3, 5])
    melds, conc = [], []
    shape = rng.random()
    if shape < 0.12 and opts.get("seven_pairs"):
        for _ in range(7):
            k = rng.randrange(34)
            if counts[k] + 2 <= limit[k]:
                counts[k] += 2
                conc += [k, k]
            else:
                conc += [rng.randrange(34)] * 2
    elif shape < 0.3:  # drawn from one suit's wall (and the ghosts): many readings
        suit = rng.randrange(3) * 9
        nm = rng.choice([0, 0, 1, 2])
        for _ in range(nm):
            k = suit + rng.randrange(9)
            kind = rng.choice(["pong", "concealed", "added", "exposed"])
            if counts[k] + MELD_SIZE[kind] <= limit[k] and k not in Gs:
                counts[k] += MELD_SIZE[kind]
                melds.append((kind, k))
        wall = [k for k in range(suit, suit + 9) for _ in range(limit[k] - counts[k])]
        wall += [rng.choice(Gs) for _ in range(rng.randrange(5))]
        rng.shuffle(wall)
        conc = wall[:14 - 3 * len(melds)]
        for k in conc:
            counts[k] += 1
    elif shape < 0.38:  # junk, often with all four ghosts
        conc = [rng.randrange(34) for _ in range(10)] + \
            [rng.choice(Gs) for _ in range(4 if rng.random() < 0.7 else rng.randrange(4))]
        while len(conc) < 14:
            conc.append(rng.randrange(34))
    else:
        nm = rng.choice([0, 0, 0, 1, 1, 2, 2, 3, 4])
        for _ in range(nm):
            k = rng.choice(Gs) if (flip and rng.random() < 0.15) else rng.randrange(34)
            if not flip and k == P and rng.random() < 0.9:
                k = rng.randrange(33)
            kind = rng.choice(["pong", "pong", "exposed", "concealed", "added"])
            if counts[k] + MELD_SIZE[kind] > limit[k] and rng.random() < 0.9:
                continue
            counts[k] += MELD_SIZE[kind]
            melds.append((kind, k))
        for _ in range(4 - len(melds)):
            g = _group(rng, counts, limit)
            conc += g if g else [rng.randrange(34)] * 3
        for _ in range(20):
            k = rng.randrange(34)
            if counts[k] + 2 <= limit[k]:
                break
        counts[k] += 2
        conc += [k, k]
    # ghosts: replace some concealed tiles with the ghost
    nghost = rng.choice([0, 0, 1, 1, 2, 3, 4])
    held = [0] * 34
    for k in conc:
        held[k] += 1
    for kind, k in melds:
        held[k] += MELD_SIZE[kind]
    for _ in range(nghost):
        j, G = rng.randrange(len(conc)), rng.choice(Gs)
        if conc[j] != G and (held[G] < 4 or rng.random() < 0.05):
            held[conc[j]] -= 1
            held[G] += 1
            conc[j] = G
    if rng.random() < 0.35:  # break it (maybe)
        j = rng.randrange(len(conc))
        k = rng.randrange(34)
        if held[k] < limit[k] or rng.random() < 0.05:
            held[conc[j]] -= 1
            held[k] += 1
            conc[j] = k
    if rng.random() < 0.03:  # a wrong count now and then
        conc.append(rng.randrange(34))
    seat = rng.choice(SEATS)
    case = {"concealed": conc, "melds": melds, "indicator": indicator, "opts": opts,
            "seat": seat, "dealer": rng.choice(SEATS)}
    if flip and rng.random() < 0.3:
        opts["ghost"] = "flip"
    elif flip and rng.random() < 0.3:
        case["indicator_as_opt"] = True
    others = [s for s in SEATS if s != seat]
    kongs = any(kind != "pong" for kind, _ in melds)
    r = rng.random()
    if r < 0.2 and (kongs or rng.random() < 0.1):
        case["kong_draw"] = True
    elif r < 0.4:
        case["rob"] = rng.choice(others)
    elif r < 0.47:
        case["discard"] = rng.choice(others)
    # the winning tile
    held_ghosts = [k for k in conc if k in Gs]
    if held_ghosts and rng.random() < 0.4:
        case["win"] = rng.choice(held_ghosts)
    else:
        case["win"] = rng.choice(conc)
    if case.get("rob") is not None and rng.random() < 0.9:
        once = [k for k in conc if held[k] == 1 and k not in Gs]
        if once:
            case["win"] = rng.choice(once)
    if rng.random() < 0.15:
        case["horses"] = [rng.randrange(34) if rng.random() < 0.8 else case["win"]
                          for _ in range(rng.randint(1, 4))]
    rng.shuffle(conc)
    return case


def compare(n: int, seed: int, rob_limits_ghosts: bool = True):
    rng = random.Random(seed)
    stats, bad = {"error": 0, "legal": 0, "not legal": 0}, []
    for i in range(n):
        case = make_case(rng)
        mine = judge(case, rob_limits_ghosts)
        theirs = run_mjscore(case)
        stats["error" if mine[0] == "error" else "legal" if mine[0] else "not legal"] += 1
        if mine != theirs:
            bad.append((i, case, hand_text(case), mine, theirs))
    return stats, bad


if __name__ == "__main__":
    import sys
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rl = (sys.argv[3] != "0") if len(sys.argv) > 3 else True
    stats, bad = compare(n, seed, rl)
    print(n, stats, "mismatches:", len(bad))
    for i, case, text, mine, theirs in bad[:40]:
        print(i, repr(text), {k: v for k, v in case.items() if k not in ("concealed", "melds")
                              and v is not None}, "win", tname(case["win"]),
              "\n   mine", mine, "\n   mjscore", theirs)
