"""An independent, slow, obvious 泸州鬼麻将 scorer (RULINGS L1-L14, seed 002) checked against
`mjscore.score` on random hands with a fixed seed (`compare`; the tests are in
test_luzhou_audit.py; `python -m tests.luzhou_oracle N SEED` runs N hands).

Nothing here imports mjscore's internals: the scorer below reads the hand from its own small
description (tile kinds 0-26: 1m-9m, 1p-9p, 1s-9s; 27 the 红中 ghost C), writes it out in the
notation of README/CONTRACT for `score`, and judges it itself:

- L1 108 suited tiles, four of each, and 4 (or with `ghosts=8`, 8) 红中.
- L3 declared melds are pongs and kongs (exposed `[..]`, concealed `(..)`, added `{..}`); a
  ghost may sit in one beside at least one natural tile, and stands for the meld's kind.
- L2 a concealed ghost stands for any suited tile, never a fifth copy of a kind (melds and
  their ghosts counted), never a third suit. Every reading is listed: the pair and the sets,
  in order, each set a pong or a run, then the ghosts are whatever the reading needs.
- L5 four sets and a pair, or seven pairs (no melds; four of a kind is two pairs, a 龙).
- L6 花猫: natural tiles of all three suits (melds included) is no win.
- L4 a discarded 红中 is no win; L14 a robbed one must be written as the tile it stands for.
- L7 steps: 闺 (each kind with four copies, standard shape), 龙 (each in seven pairs),
  大对子 2, 七对 2, 清一色 2, 杠上花 1, 杠上炮 1, 抢杠胡 1, 无鬼 (no C anywhere)
  `wugui_steps`, 手把一 (four declared melds) 1; ladder 2, 5, 10, 20, ...; `pinghu_ten`: 杠上炮
  or 抢杠胡 as the only 名堂 one step more.
- L8 天胡/地胡 40, 报牌 10 (no 名堂) or 40 (a 名堂): fixed, replacing the value.
- L9 cap, then a discard-type win (discard, 杠上炮, 抢杠) pays half, rounded down; L10 under
  `min_discard_win` it is no legal win.
- L11 self-draw: every seat not yet won pays; discard: the discarder; 抢杠: the konger.
- L12 喜钱: n >= 5 红中 drawn (the hand's own when not said) collects 10 * (n - 4) from each
  of the other three, after the cap, on a legal win.
The best reading is the one that pays most (then the larger value before the cap, then the
larger value its own patterns come to); the patterns mjscore shows must be those of one of
the readings that tie on that, and its printed reading (`decomposition`) one of those, with
its ghosts standing for the lowest tiles (README "How scoring works" 7).

Also checked: `waits` (every suited tile that makes a legal self-drawn win, its value and
patterns, 花猫, 查大) on hands one tile short, and `settle`'s 查叫 (L13, with 喜钱 L12) on
records of 0-2 self-drawn wins and an exhausted wall. Hands are written as a player might
type them (C, 7z, 中 or 红中; digits under one suit letter or not; melds first or last), and
options now and then as the strings a command line gives.

Where the rulings leave a point open this follows what README documents: 喜钱 counts the
红中 the hand holds when --ghosts-drawn is not given; a robber may hold all four natural
tiles of the robbed kind (the konger's pong was one natural tile and 红中, L14); 地胡 may be
won on the dealer's first discard (halved) and after other winners.
"""

from __future__ import annotations

import random
import re

from mjscore import MjscoreError, score, settle, waits

SEATS = "ESWN"
G = 27  # 红中



def _meld_copies(melds, nat) -> list:
    """The copies of each kind the declared melds hold, ghosts as the meld's kind, but no copy
    past four with the concealed natural tiles `nat` (a 贴鬼 meld declared before the last
    natural copies were drawn: README "How scoring works" 2)."""
    rep = [0] * 27
    for kind, k, _ in melds:
        rep[k] += MELD_SIZE[kind]
    return [min(r, 4 - nat[k]) for k, r in enumerate(rep)]

def tname(k: int) -> str:
    return "C" if k == G else f"{k % 9 + 1}{'mps'[k // 9]}"


MELD_SIZE = {"pong": 3, "exposed": 4, "concealed": 4, "added": 4}
MELD_WRAP = {"pong": "[]", "exposed": "[]", "concealed": "()", "added": "{}"}


def meld_text(meld) -> str:
    kind, k, ghosts = meld
    n = MELD_SIZE[kind]
    a, b = MELD_WRAP[kind]
    return a + str(k % 9 + 1) * (n - ghosts) + "mps"[k // 9] + "C" * ghosts + b


def hand_text(case: dict) -> str:
    """The hand in the plain notation: concealed tiles one by one, then the melds."""
    return "".join(tname(k) for k in case["concealed"]) + " " + \
        " ".join(meld_text(m) for m in case["melds"])


GHOST_WORDS = ["C", "C", "7z", "中", "红中"]


def written(case: dict) -> str:
    """The hand as a player might type it (CONTRACT "Hand notation"): the ghost as C, 7z, 中
    or 红中, runs of one suit's digits under one suit letter or not, melds first or last."""
    style = case.get("style", (0, False, False))
    ghost = GHOST_WORDS[style[0]]
    out, run = [], ""
    for k in case["concealed"]:
        if k == G:
            if run:
                out.append(run)
                run = ""
            out.append(ghost)
        elif style[1] and run and run[-1] == "mps"[k // 9]:
            run = run[:-1] + str(k % 9 + 1) + run[-1]
        else:
            if run:
                out.append(run)
            run = tname(k)
    if run:
        out.append(run)
    melds = [meld_text(m).replace("C", ghost) for m in case["melds"]]
    return " ".join(melds + ["".join(out)] if style[2] else ["".join(out)] + melds)


def ladder(steps: int) -> int:
    return 2 if steps == 0 else 5 * 2 ** (steps - 1)


# ---------------------------------------------------------------- every reading

def _sets(suits) -> list:
    """Every set in the given suits, in order: (lowest kind, kinds)."""
    out = []
    for s in sorted(suits):
        for r in range(9):
            k = 9 * s + r
            out.append((k, 0, (k, k, k)))
            if r <= 6:
                out.append((k, 1, (k, k + 1, k + 2)))
    out.sort()
    return [ks for _, _, ks in out]


def standard_readings(nat: list, w: int, groups: int, room: list, suits):
    """Every (concealed counts, all-pongs) of four sets and a pair (`groups` sets in the
    concealed hand) whose tiles cover the natural counts `nat`, with ghosts (w of them) for
    the rest, no kind above `room`, every tile of `suits`."""
    sets = _sets(suits)
    kinds = [k for s in sorted(suits) for k in range(9 * s, 9 * s + 9)]
    if any(nat[k] for k in range(27) if k // 9 not in suits):
        return
    found = set()

    def ghosts_used(F):
        return sum(max(0, F[k] - nat[k]) for k in range(27))

    def go(F, start, left, allpong):
        if ghosts_used(F) > w or any(F[k] > room[k] for k in range(27)):
            return
        if left == 0:
            if all(F[k] >= nat[k] for k in range(27)):
                found.add((tuple(F), allpong))
            return
        for i in range(start, len(sets)):
            ks = sets[i]
            low = ks[0]
            # a later set starts at `low` or above: every kind below it must be covered now
            if any(F[k] < nat[k] for k in range(low)):
                break
            for k in ks:
                F[k] += 1
            go(F, i, left - 1, allpong and ks[0] == ks[1])
            for k in ks:
                F[k] -= 1

    for p in kinds:
        F = [0] * 27
        F[p] = 2
        go(F, 0, groups, True)
    yield from found


def seven_pairs_readings(nat: list, w: int, suits):
    """Every concealed count of seven pairs (four of a kind two pairs) over `nat` and w
    ghosts, every tile of `suits`."""
    if any(nat[k] for k in range(27) if k // 9 not in suits):
        return
    kinds = [k for s in sorted(suits) for k in range(9 * s, 9 * s + 9)]
    F = [nat[k] + nat[k] % 2 for k in range(27)]
    left = w - sum(nat[k] % 2 for k in range(27))
    if left < 0 or left % 2:
        return
    found = set()

    def go(F, i, left):
        if left == 0:
            found.add(tuple(F))
            return
        for j in range(i, len(kinds)):
            k = kinds[j]
            if F[k] + 2 <= 4:
                F[k] += 2
                go(F, j, left - 2)
                F[k] -= 2

    go(F, 0, left)
    yield from found


# ---------------------------------------------------------------- the independent scorer

def _error(case):
    """True when the input is bad (exit 2) by the CONTRACT, README and rulings."""
    opts = case["opts"]
    ghosts = int(opts.get("ghosts", 4))
    conc, melds, win = case["concealed"], case["melds"], case["win"]
    seat, discard, rob, won = case["seat"], case.get("discard"), case.get("rob"), \
        tuple(case.get("won", ()))
    if len(conc) + 3 * len(melds) != 14 or win not in conc:
        return True
    nat = [0] * 28
    rep = [0] * 27  # the declared melds' tiles, their ghosts as the meld's kind
    for k in conc:
        nat[k] += 1
    for kind, k, g in melds:
        nat[k] += MELD_SIZE[kind] - g
        nat[G] += g
        rep[k] += MELD_SIZE[kind]
        if g >= MELD_SIZE[kind]:
            return True
    # A fifth copy is of physical tiles: a 贴鬼 meld's ghosts stand for no copy past four, so
    # the natural copies beside it are no fifth (README "How scoring works" 2).
    if any(nat[k] > 4 for k in range(27)) or nat[G] > ghosts:
        return True
    if seat in won or len(won) >= 3 or len(set(won)) != len(won):
        return True
    for s in (discard, rob):
        if s is not None and (s == seat or s in won):
            return True
    if discard is not None and rob is not None:
        return True
    if case.get("kong_draw") and (discard is not None or rob is not None or
                                  all(kind == "pong" for kind, _, _ in melds)):
        return True
    if case.get("after_kong") and discard is None:
        return True
    drawn = case.get("ghosts_drawn", 0)
    # A winning ghost taken from another player (a discard, a robbed kong) was never drawn.
    taken = int(win == G and (discard is not None or rob is not None))
    if drawn and (drawn > ghosts or drawn < nat[G] - taken):
        return True
    if case.get("heavenly") or case.get("earthly"):
        if melds or (case.get("heavenly") and case.get("earthly")):
            return True
        # A hand won on the deal drew only the tiles it holds.
        if drawn > nat[G]:
            return True
    if case.get("heavenly"):
        # (Seed 002: the dealer reports ready, 报牌, only after its first discard.)
        if seat != case["dealer"] or discard is not None or rob is not None or won or \
                case.get("declared"):
            return True
    if case.get("earthly"):
        if seat == case["dealer"] or (discard is not None and discard != case["dealer"]):
            return True
    return False


def judge(case: dict):
    """('error',) for bad input, else (legal, reasons, value, net, candidate patterns)."""
    if _error(case):
        return ("error",)
    opts = case["opts"]
    cap = opts.get("cap", 40)
    cap = None if cap == "none" else int(cap)
    minimum = int(opts.get("min_discard_win", 2))
    wugui_steps = int(opts.get("wugui_steps", 2))
    shoubayi_on = opts.get("shoubayi", True) not in (False, "false", "no")
    ten = opts.get("pinghu_ten", False) in (True, "true", "yes")
    conc, melds, win = case["concealed"], case["melds"], case["win"]
    seat, discard, rob, won = case["seat"], case.get("discard"), case.get("rob"), \
        tuple(case.get("won", ()))
    after_kong, kong_draw = bool(case.get("after_kong")), bool(case.get("kong_draw"))
    discard_type = discard is not None or rob is not None

    nat = [0] * 27
    for k in conc:
        if k != G:
            nat[k] += 1
    w = conc.count(G)
    held_ghosts = w + sum(g for _, _, g in melds)
    rep = _meld_copies(melds, nat)
    room = [4 - rep[k] for k in range(27)]
    natural_suits = {k // 9 for k in range(27) if nat[k] or rep[k]}

    reasons = set()
    if win == G and discard is not None:
        reasons.add("ghost_discard")
    if win == G and rob is not None:
        reasons.add("ghost_robbed")
    if len(natural_suits) == 3:
        reasons.add("flower")
        return (False, reasons, None, {s: 0 for s in SEATS}, None)

    # every reading: (total counts, shape, all pongs)
    readings = set()
    suit_pairs = [p for p in ({0, 1}, {0, 2}, {1, 2}) if natural_suits <= p]
    for suits in suit_pairs:
        for F, allpong in standard_readings(nat, w, 4 - len(melds), room, suits):
            readings.add((tuple(F[k] + rep[k] for k in range(27)), "standard", allpong))
        if not melds:
            for F in seven_pairs_readings(nat, w, suits):
                readings.add((F, "pairs", False))
    if not readings:
        reasons.add("shape")
        return (False, reasons, None, {s: 0 for s in SEATS}, None)

    best, cands, every = None, set(), {}
    for F, shape, allpong in readings:
        pats = {}
        fours = sum(1 for k in range(27) if F[k] == 4)
        if shape == "standard":
            if fours:
                pats["gui"] = fours
            if allpong:
                pats["daduizi"] = 2
        else:
            if fours:
                pats["long"] = fours
            pats["qidui"] = 2
        if len({k // 9 for k in range(27) if F[k]}) == 1:
            pats["qingyise"] = 2
        if kong_draw:
            pats["gangshanghua"] = 1
        if after_kong:
            pats["gangshangpao"] = 1
        if rob is not None:
            pats["qiangganghu"] = 1
        if held_ghosts == 0:
            pats["wugui"] = wugui_steps
        if len(melds) == 4 and shoubayi_on:
            pats["shoubayi"] = 1
        named = bool(pats)
        if ten and after_kong and set(pats) == {"gangshangpao"}:
            pats["gangshangpao_pinghu"] = 1
        if ten and rob is not None and set(pats) == {"qiangganghu"}:
            pats["qiangganghu_pinghu"] = 1
        own = ladder(sum(pats.values()))
        if not named:
            pats["pinghu"] = 0
        fixed = []
        if case.get("heavenly"):
            pats["tianhu"] = 0
            fixed.append(40)
        if case.get("earthly"):
            pats["dihu"] = 0
            fixed.append(40)
        if case.get("declared"):
            pats["baopai_named" if named else "baopai"] = 0
            fixed.append(40 if named else 10)
        raw = max(fixed) if fixed else own
        capped = raw if cap is None else min(raw, cap)
        paid = capped // 2 if discard_type else capped
        key = (paid, raw, own)
        shown = frozenset((i, n if i in ("gui", "long") else 0) for i, n in pats.items())
        every[(F, shape, allpong)] = (key, shown)
        if best is None or key > best:
            best, cands = key, {shown}
        elif key == best:
            cands.add(shown)
    case["_readings"], case["_best"] = every, best
    case["_raw"] = (best[1], cap)  # the value before the cap, and the cap (JSON raw_value, cap)
    paid = best[0]
    if discard_type and paid < minimum:
        reasons.add("min")
    zero = {s: 0 for s in SEATS}
    if reasons:
        return (False, reasons, None, zero, None)
    net = dict(zero)
    if rob is not None:
        payers = [rob]
    elif discard is not None:
        payers = [discard]
    else:
        payers = [s for s in SEATS if s != seat and s not in won]
    for s in payers:
        net[s] -= paid
        net[seat] += paid
    n = case.get("ghosts_drawn", 0) or held_ghosts
    if n >= 5:
        for s in SEATS:
            if s != seat:
                net[s] -= 10 * (n - 4)
                net[seat] += 10 * (n - 4)
    return (True, set(), paid, net, cands)


REASON_WORDS = [("discarded", "ghost_discard"), ("robbed", "ghost_robbed"),
                ("缺门)", "flower"), ("not a winning hand", "shape"), ("at least", "min")]


def run_mjscore(case: dict):
    win = tname(case["win"])
    if win == "C":
        win = GHOST_WORDS[case.get("style", (0,))[0]]
    kw = {"seat": case["seat"], "dealer": case["dealer"], "win": win,
          "opts": dict(case["opts"])}
    for key, arg in (("discard", "discard"), ("rob", "rob_kong")):
        if case.get(key) is not None:
            kw[arg] = case[key]
    for key in ("kong_draw", "after_kong", "declared", "heavenly", "earthly"):
        if case.get(key):
            kw[key] = True
    if case.get("won"):
        kw["won"] = tuple(case["won"])
    if case.get("ghosts_drawn"):
        kw["ghosts_drawn"] = case["ghosts_drawn"]
    try:
        r = score(written(case), "luzhou", **kw)
    except MjscoreError:
        return ("error",)
    if r.to_dict()["kong_payments"]:  # luzhou's kongs pay nothing (L13)
        return ("kong payments", r.to_dict()["kong_payments"])
    if not r.legal:
        assert all(v == 0 for v in r.net.values())
        reasons = set()
        for text in r.reasons:
            for word, tag in REASON_WORDS:
                if word in text:
                    reasons.add(tag)
                    break
            else:
                reasons.add(text)
        return (False, reasons, None, dict(r.net), None)
    shown = []
    for p in r.patterns:
        n = 0
        if p.id in ("gui", "long"):
            n = int(re.match(r"\+(\d+) step", p.effect).group(1))
        shown.append((p.id, n))
    case["_their_raw"] = (r.raw, r.cap)
    return (True, set(), r.value, dict(r.net), frozenset(shown), r.decomposition)


def _tiles(text: str):
    """The tiles of one group of a decomposition: (kind, is a ghost)."""
    out, pos = [], 0
    for m in re.finditer(r"\+|C=(\d)([mps])|(\d+)([mps])|C", text):
        if m.start() != pos:
            raise ValueError(text)
        pos = m.end()
        if m.group(0) == "+":  # (each ghost written after one: `5p+C=5p`)
            continue
        if m.group(1):
            out.append((int(m.group(1)) - 1 + 9 * "mps".index(m.group(2)), True))
        elif m.group(3):
            out += [(int(d) - 1 + 9 * "mps".index(m.group(4)), False) for d in m.group(3)]
        else:
            raise ValueError(text)  # a ghost not saying what it stands for
    if pos != len(text):
        raise ValueError(text)
    return out


def reading_problem(case: dict, decomposition: str, shown) -> str | None:
    """Why mjscore's printed reading of a legal win is not one of the hand's readings that pay
    the most, with the patterns it printed; None when it is."""
    try:
        groups = decomposition.split()
        conc_nat, ghosts, F, sets, pairs, allpong = [0] * 27, 0, [0] * 27, 0, 0, True
        melds = []
        for g in groups:
            wrap = g[0] + g[-1] if g[0] in "[({" else ""
            tiles = _tiles(g[1:-1] if wrap else g)
            ks = sorted(k for k, _ in tiles)
            for k, _ in tiles:
                F[k] += not wrap  # (the melds' after: no copy past four, `_meld_copies`)
            if wrap:
                kind = {"[]": "pong" if len(ks) == 3 else "exposed", "()": "concealed",
                        "{}": "added"}[wrap]
                if len(set(ks)) != 1:
                    return f"meld {g} holds other tiles"
                melds.append((kind, ks[0], sum(1 for _, gh in tiles if gh)))
                continue
            for k, gh in tiles:
                if gh:
                    ghosts += 1
                else:
                    conc_nat[k] += 1
            if len(ks) == 2 and ks[0] == ks[1]:
                pairs += 1
            elif len(ks) == 3 and (ks[0] == ks[2] or (ks[0] // 9 == ks[2] // 9 and
                                   ks[1] == ks[0] + 1 and ks[2] == ks[0] + 2)):
                sets += 1
                allpong = allpong and ks[0] == ks[2]
            else:
                return f"group {g} is no set and no pair"
    except ValueError as e:
        return f"cannot read {e}"
    nat = [0] * 27
    for k in case["concealed"]:
        if k != G:
            nat[k] += 1
    F = [f + m for f, m in zip(F, _meld_copies(melds, nat))]
    if nat != conc_nat or ghosts != case["concealed"].count(G):
        return "its concealed tiles are not the hand's"
    if sorted(melds) != sorted(case["melds"]):
        return "its melds are not the hand's"
    if pairs == 1 and sets == 4 - len(melds):
        shape = "standard"
    elif pairs == 7:
        shape, allpong = "pairs", False
    else:
        return "not four sets and a pair, nor seven pairs"
    got = case["_readings"].get((tuple(F), shape, allpong))
    if got is None:
        return "not a reading the rules allow"
    if got[0] != case["_best"]:
        return f"it pays {got[0]}, the best reading {case['_best']}"
    if got[1] != shown:
        return f"its patterns are {sorted(got[1])}, not the ones shown"
    # README "How scoring works" 7: among the best, the ghosts stand for the lowest tiles
    rep = _meld_copies(melds, nat)

    def stand_ins(F):
        return sorted(k for k in range(27) for _ in range(F[k] - rep[k] - nat[k]))

    lowest = min(stand_ins(R[0]) for R, (key, _) in case["_readings"].items()
                 if key == case["_best"])
    if stand_ins(F) != lowest:
        return f"its ghosts stand for {stand_ins(F)}, a best reading's for {lowest}"
    return None


def agree(mine, theirs) -> bool:
    if mine[0] == "error" or theirs[0] == "error":
        return mine == theirs
    if mine[:4] != theirs[:4]:
        return False
    return mine[4] is None or theirs[4] in mine[4]


def check(case, mine, theirs) -> bool:
    """Agreement, and mjscore's printed reading is one of the best readings."""
    if not agree(mine, theirs):
        return False
    if mine[0] is True:
        if case["_raw"] != case["_their_raw"]:
            case["_why"] = f"raw value and cap {case['_their_raw']}, not {case['_raw']}"
            return False
        why = reading_problem(case, theirs[5], theirs[4])
        if why:
            case["_why"] = why
            return False
    return True


# ---------------------------------------------------------------- random hands

def _place(rng, counts, suits):
    for _ in range(50):
        s = rng.choice(suits)
        if rng.random() < 0.5:
            r = rng.randrange(7)
            ks = [9 * s + r, 9 * s + r + 1, 9 * s + r + 2]
        else:
            ks = [9 * s + rng.randrange(9)] * 3
        if all(counts[k] + ks.count(k) <= 4 for k in set(ks)):
            for k in ks:
                counts[k] += 1
            return ks
    return None


def make_ghostly_case(rng: random.Random) -> dict:
    """Eight ghosts, most of them concealed beside a few natural tiles of one or two suits,
    often uncapped: the hands where a reading search that skips assignments would go wrong."""
    opts = {"ghosts": 8, "cap": rng.choice(["none", "none", 40, 100])}
    if rng.random() < 0.3:
        opts["shoubayi"] = rng.choice([True, False])
    suits = rng.sample(range(3), rng.choice([1, 2, 2]))
    melds, counts, used = [], [0] * 27, 0
    for _ in range(rng.choice([0, 0, 1, 2, 3, 4])):
        k = 9 * rng.choice(suits) + rng.randrange(9)
        kind = rng.choice(["pong", "exposed", "concealed", "added"])
        g = min(rng.choice([0, 0, 1, 2]) if used < 6 else 0, MELD_SIZE[kind] - 1)
        if counts[k] + MELD_SIZE[kind] <= 4:
            counts[k] += MELD_SIZE[kind]
            melds.append((kind, k, g))
            used += g
    n = 14 - 3 * len(melds)
    conc = [G] * min(rng.randint(max(0, n - 8), n), 8 - used)
    while len(conc) < n:
        k = 9 * rng.choice(suits) + rng.randrange(9)
        if counts[k] < 4:
            counts[k] += 1
            conc.append(k)
    rng.shuffle(conc)
    case = {"concealed": conc, "melds": melds, "opts": opts, "seat": "E", "dealer": "E",
            "win": rng.choice(conc), "style": (rng.randrange(len(GHOST_WORDS)), True, False)}
    r = rng.random()
    if r < 0.2:
        case["discard"] = "S"
    elif r < 0.3 and any(kind != "pong" for kind, _, _ in melds):
        case["kong_draw"] = True
    elif r < 0.4:
        case["rob"] = "W"
    return case


def make_case(rng: random.Random) -> dict:
    if rng.random() < 0.04:
        return make_ghostly_case(rng)
    opts = {}
    eight = rng.random() < 0.2
    if eight:
        opts["ghosts"] = 8
    elif rng.random() < 0.1:
        opts["ghosts"] = 4
    r = rng.random()
    if r < 0.15:
        opts["cap"] = "none"
    elif r < 0.3:
        opts["cap"] = rng.choice([100, 20, 10, 5, 3, 80, 1, 2, 7])
    if rng.random() < 0.1:
        opts["min_discard_win"] = rng.choice([0, 1, 3, 5, 10, 20, 40])
    if rng.random() < 0.15:
        opts["wugui_steps"] = rng.choice([1, 2, 3])
    if rng.random() < 0.15:
        opts["shoubayi"] = rng.choice([True, False])
    if rng.random() < 0.2:
        opts["pinghu_ten"] = rng.choice([True, False])
    if rng.random() < 0.05:
        opts["xiqian"] = rng.choice(["always", "win_only"])
    suits = rng.sample(range(3), 2) if rng.random() < 0.85 else [rng.randrange(3)]
    counts = [0] * 27
    melds, conc = [], []
    shape = rng.random()
    if shape < 0.2:  # seven pairs
        for _ in range(7):
            s = rng.choice(suits)
            k = 9 * s + rng.randrange(9)
            if counts[k] + 2 <= 4:
                counts[k] += 2
                conc += [k, k]
            else:
                conc += [9 * s + rng.randrange(9)] * 2
    elif shape < 0.35:  # drawn from one suit's wall: many readings
        s = rng.choice(suits)
        nm = rng.choice([0, 0, 1, 2])
        for _ in range(nm):
            k = 9 * s + rng.randrange(9)
            kind = rng.choice(["pong", "concealed", "added", "exposed"])
            if counts[k] + MELD_SIZE[kind] <= 4:
                counts[k] += MELD_SIZE[kind]
                melds.append([kind, k, 0])
        wall = [k for k in range(9 * s, 9 * s + 9) for _ in range(4 - counts[k])]
        rng.shuffle(wall)
        conc = wall[:14 - 3 * len(melds)]
        for k in conc:
            counts[k] += 1
    else:
        nm = rng.choice([0, 0, 0, 1, 1, 2, 2, 3, 4, 4])
        for _ in range(nm):
            k = 9 * rng.choice(suits) + rng.randrange(9)
            kind = rng.choice(["pong", "pong", "exposed", "concealed", "added"])
            if counts[k] + MELD_SIZE[kind] > 4:
                continue
            counts[k] += MELD_SIZE[kind]
            melds.append([kind, k, 0])
        for _ in range(4 - len(melds)):
            g = _place(rng, counts, suits)
            conc += g if g else [9 * rng.choice(suits) + rng.randrange(9)] * 3
        k = 9 * rng.choice(suits) + rng.randrange(9)
        for _ in range(20):
            if counts[k] + 2 <= 4:
                break
            k = 9 * rng.choice(suits) + rng.randrange(9)
        counts[k] += 2
        conc += [k, k]
    # ghosts in melds (贴鬼碰) and in the concealed hand
    total = 8 if eight else 4
    used = 0
    for m in melds:
        if rng.random() < 0.25 and used < total:
            m[2] = rng.randint(1, min(MELD_SIZE[m[0]] - (rng.random() > 0.03), total - used))
            used += m[2]
    most = min(total - used, rng.choice([6, 8]) if eight else 4)
    nghost = rng.choice([0, 0, 1, 1, 1, 2, 2, 3, most])
    for _ in range(min(nghost, most)):
        j = rng.randrange(len(conc))
        if conc[j] != G:
            conc[j] = G
    if rng.random() < 0.3:  # break it (maybe)
        j = rng.randrange(len(conc))
        conc[j] = rng.randrange(27) if rng.random() < 0.8 else G
    if rng.random() < 0.05:  # a third suit
        j = rng.randrange(len(conc))
        conc[j] = rng.randrange(27)
    if rng.random() < 0.02:  # a wrong count now and then
        conc.append(rng.randrange(27))
    melds = [tuple(m) for m in melds]
    seat = rng.choice(SEATS)
    dealer = seat if rng.random() < 0.3 else rng.choice(SEATS)
    case = {"concealed": conc, "melds": melds, "opts": opts, "seat": seat, "dealer": dealer}
    others = [s for s in SEATS if s != seat]
    kongs = any(kind != "pong" for kind, _, _ in melds)
    r = rng.random()
    if r < 0.15 and (kongs or rng.random() < 0.05):
        case["kong_draw"] = True
    elif r < 0.25:
        case["rob"] = rng.choice(others)
    elif r < 0.55:
        case["discard"] = rng.choice(others)
        if rng.random() < 0.3:
            case["after_kong"] = True
    elif r < 0.58:
        case["after_kong"] = True  # (no discard: bad input)
    if rng.random() < 0.2:
        pool = [s for s in others if s not in (case.get("discard"), case.get("rob"))]
        if rng.random() < 0.05:
            pool = SEATS
        case["won"] = tuple(rng.sample(pool, rng.randint(1, 2)))
    if rng.random() < 0.1:
        case["declared"] = True
    if rng.random() < 0.06 and not melds:
        case["heavenly"] = True
        if rng.random() < 0.9:
            case["dealer"] = seat
            for key in ("discard", "rob", "after_kong", "won"):
                case.pop(key, None)
    elif rng.random() < 0.06 and not melds:
        case["earthly"] = True
        if case["dealer"] == seat and rng.random() < 0.9:
            case["dealer"] = rng.choice(others)
        case.pop("rob", None)
        if case.get("discard") is not None and rng.random() < 0.9:
            case["discard"] = case["dealer"]
    if not eight and rng.random() < 0.05:
        case["ghosts_drawn"] = rng.randint(1, 5)
    if eight and rng.random() < 0.4:
        held = conc.count(G) + sum(g for _, _, g in melds)
        case["ghosts_drawn"] = rng.randint(min(max(held, 1), 8), 8) if rng.random() < 0.95 \
            else rng.randint(1, 8)
    # the winning tile
    if G in conc and rng.random() < 0.3:
        case["win"] = G
    else:
        case["win"] = rng.choice(conc)
    rng.shuffle(conc)
    case["style"] = (rng.randrange(len(GHOST_WORDS)), rng.random() < 0.5, rng.random() < 0.3)
    if rng.random() < 0.15:  # options as the strings a command line gives
        case["opts"] = {k: str(v).lower() if isinstance(v, bool) else str(v)
                        for k, v in opts.items()}
    return case


def judge_waits(case: dict):
    """(ready, flower cat, {tile: value}, candidate patterns per tile, 查大) of a hand one
    tile short: each suited tile that makes it a legal self-drawn win, valued as one with no
    situation and capped."""
    conc, melds = case["concealed"], case["melds"]
    suits = {k // 9 for k in conc if k != G} | {k // 9 for _, k, _ in melds}
    flower = len(suits) == 3
    values, cands = {}, {}
    for t in range(27):
        full = {"concealed": conc + [t], "melds": melds, "opts": case["opts"], "seat": "E",
                "dealer": "E", "win": t}
        if _error(full):
            continue
        got = judge(full)
        if got[0] is True:
            values[t], cands[t] = got[2], got[4]
    return (bool(values), flower, values, cands, max(values.values(), default=0))


def run_waits(case: dict):
    try:
        r = waits(written(case), "luzhou", opts=dict(case["opts"])).to_dict()
    except MjscoreError:
        return ("error",)
    values, shown = {}, {}
    for w in r["waits"]:
        k = int(w["tile"][0]) - 1 + 9 * "mps".index(w["tile"][1])
        values[k] = w["value"]
        shown[k] = frozenset(
            (p["id"], int(re.match(r"\+(\d+) step", p["effect"]).group(1))
             if p["id"] in ("gui", "long") else 0) for p in w["patterns"])
    return (r["ready"], r["flower_cat"], values, shown, r["chada"])


def compare_waits(n: int, seed: int):
    """`waits` against the scorer on n hands one tile short (made as make_case's, one
    concealed tile taken away)."""
    rng = random.Random(seed)
    stats, bad = {"ready": 0, "not ready": 0, "flower cat": 0, "error": 0}, []
    for i in range(n):
        case = make_case(rng)
        case["concealed"].pop(rng.randrange(len(case["concealed"])))
        if len(case["concealed"]) + 3 * len(case["melds"]) != 13:
            continue
        theirs = run_waits(case)
        if theirs == ("error",):
            stats["error"] += 1
            nat = [0] * 28
            for k in case["concealed"]:
                nat[k] += 1
            for kind, k, g in case["melds"]:
                nat[k] += MELD_SIZE[kind]
                nat[G] += g
            if all(x <= 4 for x in nat[:27]) and nat[G] <= int(case["opts"].get("ghosts", 4)) \
                    and all(g < MELD_SIZE[kind] for kind, _, g in case["melds"]):
                bad.append((i, case, written(case), "a bad-input error", theirs))
            continue
        mine = judge_waits(case)
        stats["ready" if mine[0] else "not ready"] += 1
        stats["flower cat"] += mine[1]
        ok = mine[:3] == theirs[:3] and mine[4] == theirs[4] and \
            all(theirs[3][t] in mine[3][t] for t in mine[2])
        if not ok:
            bad.append((i, case, written(case), mine[:3] + mine[4:], theirs[:3] + theirs[4:]))
    return stats, bad


def _table_room(table: list, hand: dict, ghosts: int) -> bool:
    """Whether `hand` fits beside the hands in `table`: four of a tile kind across the table
    (a meld's ghosts counted as its kind too), `ghosts` 红中."""
    nat = [0] * 28
    for h in table + [hand]:
        for k in h["concealed"]:
            nat[k] += 1
        for kind, k, g in h["melds"]:
            nat[k] += MELD_SIZE[kind]
            nat[G] += g
    return all(x <= 4 for x in nat[:27]) and nat[G] <= ghosts


def make_chajiao(rng: random.Random) -> dict:
    """A record of a hand that ends at an exhausted wall: 0-2 self-drawn wins first, then
    查叫 among the (2-4) players not yet won."""
    opts = {}
    if rng.random() < 0.3:
        opts["ghosts"] = 8
    if rng.random() < 0.3:
        opts["cap"] = rng.choice([100, 20, 10, 80])
    if rng.random() < 0.3:
        opts["flower_cat_pays"] = rng.choice([0, 5, 40, "cap"])
    if rng.random() < 0.2:
        opts["wugui_steps"] = rng.choice([1, 3])
    if rng.random() < 0.2:
        opts["shoubayi"] = False
    if rng.random() < 0.3:
        opts["xiqian"] = rng.choice(["always", "win_only"])
    ghosts = opts.get("ghosts", 4)
    seats = rng.sample(SEATS, 4)
    winners = seats[:rng.choice([0, 1, 1, 2])]
    table, hands, events = [], {}, []
    for seat in SEATS:
        for _ in range(400):
            case = make_case(rng)
            case["opts"] = opts
            if any(g >= MELD_SIZE[kind] for kind, _, g in case["melds"]):
                continue
            if seat in winners:
                case.update(seat=seat, dealer="E", won=())
                for key in ("discard", "rob", "after_kong", "kong_draw", "declared",
                            "heavenly", "earthly", "ghosts_drawn"):
                    case.pop(key, None)
                if case["win"] == G and rng.random() < 0.7:
                    continue
                if _error(case) or judge(case)[0] is not True:
                    continue
            else:
                case["concealed"].pop(rng.randrange(len(case["concealed"])))
                if len(case["concealed"]) + 3 * len(case["melds"]) != 13:
                    continue
            if _table_room(table, case, ghosts):
                table.append(case)
                hands[seat] = case
                break
        else:
            return None
    for seat in winners:
        events.append({"win": seat, "tile": tname(hands[seat]["win"])})
    events.append({"exhausted": True})
    return {"rules": "luzhou", "dealer": "E", "opts": opts, "events": events,
            "seats": {seat: hand_text(h) for seat, h in hands.items()},
            "_hands": hands, "_winners": winners}


def judge_chajiao(rec: dict) -> dict:
    """Each seat's net: the wins (self-drawn, every seat not yet won pays; 喜钱 as `judge`),
    then 查叫 (L13): a 花猫 pays each other non-won non-花猫 player `flower_cat_pays` (the cap
    by default); one not ready (and no 花猫) pays each ready player that player's 查大; one
    holding n >= 5 红中 (each was drawn) collects 10 * (n - 4) from each other player, or with
    `xiqian=win_only` pays it to each (L12)."""
    opts, hands, winners = rec["opts"], rec["_hands"], rec["_winners"]
    net = {s: 0 for s in SEATS}
    for i, seat in enumerate(winners):
        case = dict(hands[seat], won=tuple(winners[:i]))
        got = judge(case)
        assert got[0] is True
        for s in SEATS:
            net[s] += got[3][s]
    left = [s for s in SEATS if s not in winners]
    for s in left:
        h = hands[s]
        n = h["concealed"].count(G) + sum(g for _, _, g in h["melds"])
        if n >= 5:
            sign = -1 if opts.get("xiqian") == "win_only" else 1
            for t in SEATS:
                if t != s:
                    net[s] += sign * 10 * (n - 4)
                    net[t] -= sign * 10 * (n - 4)
    status = {s: judge_waits(hands[s]) for s in left}
    cap = opts.get("cap", 40)
    fcp = opts.get("flower_cat_pays", "cap")
    fcp = cap if fcp == "cap" else fcp
    cats = [s for s in left if status[s][1]]
    for cat in cats:
        for s in left:
            if s != cat and s not in cats:
                net[cat] -= fcp
                net[s] += fcp
    for s in left:
        if s in cats or status[s][0]:
            continue
        for t in left:
            if t not in cats and status[t][0]:
                net[s] -= status[t][4]
                net[t] += status[t][4]
    return net


def compare_chajiao(n: int, seed: int):
    """`settle` against the scorer on n records ending at an exhausted wall."""
    rng = random.Random(seed)
    stats, bad = {"records": 0, "花猫": 0, "ready": 0, "not ready": 0}, []
    for i in range(n):
        rec = make_chajiao(rng)
        if rec is None:
            continue
        stats["records"] += 1
        mine = judge_chajiao(rec)
        for s in SEATS:
            if s not in rec["_winners"]:
                ready, cat = judge_waits(rec["_hands"][s])[:2]
                stats["花猫" if cat else "ready" if ready else "not ready"] += 1
        try:
            r = settle({k: v for k, v in rec.items() if not k.startswith("_")})
            theirs = dict(r.net) if r.legal else ("not legal", r.reasons)
        except MjscoreError as e:
            theirs = ("error", str(e))
        if mine != theirs:
            bad.append((i, rec["seats"], rec["events"], rec["opts"], mine, theirs))
    return stats, bad


def compare(n: int, seed: int):
    rng = random.Random(seed)
    stats = {"error": 0, "legal": 0, "not legal": 0}
    patterns, bad = {}, []
    for i in range(n):
        case = make_case(rng)
        mine = judge(case)
        theirs = run_mjscore(case)
        stats["error" if mine[0] == "error" else "legal" if mine[0] else "not legal"] += 1
        if mine[0] is True and theirs[0] is True:
            for pid, _ in theirs[4]:
                patterns[pid] = patterns.get(pid, 0) + 1
        if mine[0] is False:
            for why in mine[1]:
                stats["not legal: " + why] = stats.get("not legal: " + why, 0) + 1
        if not check(case, mine, theirs):
            bad.append((i, case, written(case), mine, theirs))
    return stats, patterns, bad


def show(case) -> str:
    return str({k: v for k, v in case.items() if k not in ("concealed", "melds", "_readings")
                and v is not None}) + " win " + tname(case["win"])


if __name__ == "__main__":
    import sys
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    stats, patterns, bad = compare(n, seed)
    print(n, "hands:", stats, "mismatches:", len(bad))
    print("patterns:", dict(sorted(patterns.items())))
    for i, case, text, mine, theirs in bad[:30]:
        print(i, repr(text), show(case), case.get("_why", ""),
              "\n   mine", mine, "\n   mjscore", theirs)
    stats, bad = compare_waits(n // 10, seed)
    print(n // 10, "waits hands:", stats, "mismatches:", len(bad))
    for i, case, text, mine, theirs in bad[:10]:
        print(i, repr(text), case["opts"], "\n   mine", mine, "\n   mjscore", theirs)
    stats, bad = compare_chajiao(n // 20, seed)
    print(n // 20, "查叫 records:", stats, "mismatches:", len(bad))
    for row in bad[:10]:
        print(*row[:4], "\n   mine", row[4], "\n   mjscore", row[5])
