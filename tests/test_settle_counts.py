"""settle's count of the tiles across the table (table_counts) never refuses a real deal: a
small simulated table plays a wall out (draws, discards, pongs and kongs, ghost-filled ones in
luzhou and the guide, ghosts added to pongs (robbed, in luzhou), passes, the guide's chows,
lanzhou's 136 tiles with no ghost and its toss groups; with `wins`, luzhou's 8 ghosts (喜钱),
guangdong's flipped ghost, horses and house options at times, legal wins, declared in
lanzhou (and at times luzhou), wins let go (过水, 漏胡), then at times play on, or 查叫), and
any part of its log, with any of its hands, must be taken, its nets summing to zero. (The
audits' larger simulator found 350 such refusals in 2,500 deals of the first version.)"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from mjscore import MjscoreError, score, settle

SEATS = "ESWN"
SUITED = [f"{r}{s}" for s in "mps" for r in range(1, 10)]
ORDER = {k: i for i, k in enumerate(SUITED + list("ESWNCFP"))}


def _wall(rules: str, rng: random.Random, eight: bool = False) -> list:
    kinds = SUITED + (["C"] if rules == "luzhou" else list("ESWNCFP"))  # (the guide: 136)
    wall = [k for k in kinds for _ in range(4)] + ["C"] * 4 * eight  # (luzhou's ghosts=8)
    rng.shuffle(wall)
    return wall


def _after(k: str) -> str:
    """The tile after indicator k (G1): 9 -> 1 within a suit, E S W N C F P -> E."""
    if len(k) == 2:
        return f"{int(k[0]) % 9 + 1}{k[1]}"
    honours = "ESWNCFP"
    return honours[(honours.index(k) + 1) % 7]


class Table:
    """One deal played out at random, every tile tracked, down to `stop` tiles left in the
    wall."""

    stop = 10

    def __init__(self, rules: str, seed: int, wins: bool = False):
        self.rules, self.rng, self.wins = rules, random.Random(seed), wins
        self.winners: list = []
        # (luzhou and the guide play on after a win, up to three winners, at times here)
        self.limit = 3 if wins and rules in ("luzhou", "luzhou-guide") and \
            self.rng.random() < 0.5 else 1
        self.shown: dict = {}  # seat: the discard won that another winner holds
        self.ghost = {"guangdong": "P", "lanzhou": None}.get(rules, "C")  # (lanzhou: none)
        eight = wins and rules == "luzhou" and self.rng.random() < 0.3
        self.wall = _wall(rules, self.rng, eight)
        # guangdong, with `wins`, at times flips its ghost (G1): the tile after the indicator,
        # shown from the wall and out of play.
        self.indicator = self.wall.pop() if wins and rules == "guangdong" and \
            self.rng.random() < 0.5 else None
        if self.indicator is not None:
            self.ghost = _after(self.indicator)
        self.hands = {s: [self.wall.pop() for _ in range(13)] for s in SEATS}
        self.ghosts = {s: self.hands[s].count(self.ghost) for s in SEATS}
        self.opts = {"ghost": "flip", "indicator": self.indicator} if self.indicator else {}
        if eight:
            self.opts["ghosts"] = 8
        if wins and rules == "guangdong":  # (its house options, at random)
            self.opts.update(horses=self.rng.choice([0, 2, 4]),
                             kongs_on_draw=self.rng.choice(["paid", "void"]),
                             gangbao_quanbao=self.rng.random() < 0.5,
                             genzhuang=self.rng.choice([0, 1]))
        self.melds = {s: [] for s in SEATS}  # (bracket, tiles, kind)
        self.events: list = []
        self.first: dict = {}  # seat: its first discard
        if rules == "lanzhou":
            for s in SEATS:
                self.toss(s)

    def toss(self, s: str) -> None:
        """Lanzhou's 摔牌 (Z2), dealt hands only: up to three exposed groups of three 1s, 9s
        and honours, not all alike (that is a pong), at random."""
        hand = self.hands[s]
        for _ in range(3):
            end = [x for x in hand if len(x) == 1 or x[0] in "19"]
            if len(set(end)) < 2 or self.rng.random() < 0.5:
                return
            group = self.rng.sample(end, 3) if len(end) >= 3 else []
            if len(group) < 3 or len(set(group)) == 1:
                return
            for x in group:
                hand.remove(x)
            self.melds[s].append(("[", group, None))

    def draw(self, s: str) -> str:
        t = self.wall.pop()
        self.hands[s].append(t)
        self.ghosts[s] += t == self.ghost
        self.events.append({"draw": s, "tile": t})
        return t

    def play(self) -> None:
        turn = 0
        while len(self.wall) > self.stop and len(self.winners) < self.limit:
            s = SEATS[turn % 4]
            if s in self.winners:
                turn += 1
                continue
            t = self.draw(s)
            hand = self.hands[s]
            if self.won(s, t, None):
                turn += 1
                continue
            pong = next((m for m in self.melds[s] if m[0] == "[" and m[2] == t and
                         len(m[1]) == 3 and t != self.ghost and
                         set(m[1]) <= {t, self.ghost}), None)  # (not a chow)
            if pong is not None and self.rng.random() < 0.5:  # an added kong
                hand.remove(t)
                self.events.append({"kong": s, "kind": "added", "tile": t})
                if any(self.won(o, t, s, rob=True) for o in self.others(s)):
                    # (robbed: the pong stays one, its fourth tile the robber's)
                    turn = SEATS.index(self.winners[-1]) + 1
                    continue
                self.melds[s][self.melds[s].index(pong)] = ("{", pong[1] + [t], t)
                continue
            how = self.ghost_kong(s, t)
            if how is not None:
                if how == "robbed":
                    turn = SEATS.index(self.winners[-1]) + 1
                continue
            nat = hand.count(t)
            gh = hand.count(self.ghost) if self.rules in ("luzhou", "luzhou-guide") else 0
            if t != self.ghost and (nat == 4 or nat >= 2 and nat + gh >= 4 and
                                    self.rng.random() < 0.3) and self.rng.random() < 0.5:
                use = [t] * nat + [self.ghost] * (4 - nat)  # (luzhou, the guide: ghosts too)
                for x in use:
                    hand.remove(x)
                self.melds[s].append(("(", use, t))
                self.events.append({"kong": s, "kind": "concealed", "tile": t})
                continue  # (its replacement is the next draw of the same seat)
            out = self.discard(hand, s)
            hand.remove(out)
            self.discarded(s, out)
            turn = self.claim(s, out, turn)
        if self.wins and len(self.winners) < self.limit and self.rng.random() < 0.5 and \
                all(self.writable(s) for s in SEATS):
            self.events.append({"exhausted": True})

    def ghost_kong(self, s: str, t: str) -> str | None:
        """luzhou and the guide: a ghost drawn may be added to a pong of two natural tiles at
        least ("added"). In luzhou another seat may rob it with the pong's tile (L14): it
        takes a natural one, and the 红中 stays in the pong ("robbed"). None: not added."""
        if t != self.ghost or self.rules not in ("luzhou", "luzhou-guide"):
            return None
        pong = next((m for m in self.melds[s] if m[0] == "[" and len(m[1]) == 3 and
                     m[1].count(m[2]) >= 2 and set(m[1]) <= {m[2], t}), None)
        if pong is None or self.rng.random() < 0.5:
            return None
        self.hands[s].remove(t)
        self.events.append({"kong": s, "kind": "added", "tile": t})
        i, k = self.melds[s].index(pong), pong[2]
        tiles = list(pong[1])
        if self.rules == "luzhou" and any(self.won(o, k, s, rob=True) for o in self.others(s)):
            tiles.remove(k)
            self.melds[s][i] = ("[", tiles + [t], k)
            return "robbed"
        self.melds[s][i] = ("{", tiles + [t], k)
        return "added"

    def discarded(self, s: str, tile: str) -> None:
        self.events.append({"discard": s, "tile": tile})
        self.first.setdefault(s, tile)

    def void(self, s: str) -> str | None:
        """The suit seat s's first discard declared void (the guide: `play.
        void_from_first_discard`), or None."""
        first = self.first.get(s) if self.rules == "luzhou-guide" else None
        return first[1] if first and len(first) == 2 else None

    def discard(self, hand: list, s: str) -> str:
        """Any tile but a ghost; with `wins`, one with no copy or neighbour in the hand where
        there is one, so that hands come to be ready. In the guide, a seat's first discard
        is of the suit it holds least of, which it then voids, and it discards that suit's
        tiles first (a win holding one is no win)."""
        pick = [x for x in hand if x != self.ghost] or hand
        if self.rules == "luzhou-guide" and s not in self.first:
            suited = [x for x in pick if len(x) == 2]
            if suited:
                least = min({x[1] for x in suited}, key=lambda u: sum(x[1] == u for x in suited))
                return self.rng.choice([x for x in suited if x[1] == least])
        void = self.void(s)
        if void and any(len(x) == 2 and x[1] == void for x in pick):
            return self.rng.choice([x for x in pick if len(x) == 2 and x[1] == void])
        if self.wins:
            lone = [x for x in pick if hand.count(x) == 1 and not any(
                len(x) == 2 and f"{int(x[0]) + d}{x[1]}" in hand for d in (-2, -1, 1, 2))]
            pick = lone or pick
        return self.rng.choice(pick)

    def others(self, s: str) -> list:
        """The other seats still playing, in turn order after s."""
        i = SEATS.index(s)
        return [o for o in SEATS[i + 1:] + SEATS[:i] if o not in self.winners]

    def won(self, s: str, t: str, by: str | None, rob: bool = False) -> bool:
        """With `wins`: seat s wins on tile t (drawn, or the tile of the kong `by` is adding,
        `rob`) if it is a legal win there, and plays no more."""
        got = self.win_flags(s, t, by, rob)
        if got is not None:
            self.end([s], t, by, got[0])
        return got is not None

    def win_flags(self, s: str, t: str, by: str | None, rob: bool = False) -> tuple | None:
        """(the win event's flags, what the hand is worth) if seat s may win on tile t (drawn,
        or `by`'s discard or added kong's tile), else None. A draw right after s's kong is its replacement
        (杠上花), a discard right after the discarder's kong and replacement is 杠上炮."""
        if not self.wins:
            return None
        hand = self.hands[s] + ([t] if by else [])
        if len(hand) % 3 != 2 or not self.writable(s):
            return None
        conc = "".join(sorted(hand, key=ORDER.get))
        text = " ".join([conc] + [self.meld_text(m) for m in self.melds[s]])
        ev = self.events
        flags = {"kong_draw": by is None and len(ev) > 1 and ev[-2].get("kong") == s,
                 "after_kong": by is not None and not rob and len(ev) > 2 and
                 ev[-3].get("kong") == by and ev[-2].get("draw") == by,
                 # (lanzhou's 两报 asks one; luzhou's 报牌 (L8) at times)
                 "rob_kong": rob, "declared": self.rules == "lanzhou" or
                 self.rules == "luzhou" and self.rng.random() < 0.2}
        flags = {k: True for k, v in flags.items() if v}
        try:
            got = score(text, self.rules, win=t, seat=s, discard=None if rob else by,
                         opts={k: v for k, v in self.opts.items() if k != "horses"},
                         kong_draw=flags.get("kong_draw", False),
                         after_kong=flags.get("after_kong", False),
                         rob_kong=by if rob else None,
                         declared=flags.get("declared", False))
            if not got.legal:
                return None
        except MjscoreError:
            return None
        void = self.void(s)
        if void and (any(len(x) == 2 and x[1] == void for x in hand) or any(
                len(x) == 2 and x[1] == void for m in self.melds[s] for x in m[1]) or
                re.search(rf"=\d{void}", got.decomposition or "")):
            return None  # (its voided suit held, or a ghost standing for it: no win there)
        # (What a pass on it says the hand was worth: 过水 compares 颗 before halving.)
        return flags, got.raw if got.cap is None else min(got.raw, got.cap)

    def end(self, seats: list, t: str, by: str | None, flags: dict) -> None:
        """`seats` win (several: one discard, or one robbed tile, that is one tile, held by
        the first and shown in the others' hands too), and play no more."""
        if by:
            self.hands[seats[0]].append(t)
            self.shown.update({w: t for w in seats[1:]})
        self.winners += seats
        horses = [self.wall.pop() for _ in range(self.opts.get("horses", 0))]  # (买马, G9)
        self.events.append({"win": seats[0] if len(seats) == 1 else seats, "tile": t,
                            **({"from": by} if by else {}), **flags,
                            **({"horses": "".join(horses)} if horses else {})})

    def claim(self, s: str, out: str, turn: int) -> int:
        """Another seat may pong or kong the discard (luzhou: with ghosts beside one natural
        tile), or pass it; else the turn moves on."""
        can, let_go = [], set()
        for o in self.others(s):
            got = self.win_flags(o, out, s)
            if got is not None and self.rules in ("luzhou", "lanzhou") and \
                    self.rng.random() < 0.3:
                # A win let go (过水, 漏胡): written with what it was worth.
                self.events.append({"pass": o, "tile": out, "from": s, "value": got[1]})
                let_go.add(o)
            elif got is not None:
                can.append((o, got[0]))
        if can:  # (where several may win on it, at times all of them do)
            several = self.rules in ("luzhou", "luzhou-guide") and self.rng.random() < 0.5
            room = self.limit - len(self.winners)
            self.end([o for o, _f in can][:room] if several else [can[0][0]], out, s, can[0][1])
            return SEATS.index(self.winners[-1]) + 1
        if out == self.ghost:
            return turn + 1
        for o in self.others(s):
            hand = self.hands[o]
            nat = hand.count(out)
            gh = hand.count(self.ghost) if self.rules in ("luzhou", "luzhou-guide") else 0
            if (nat >= 3 or nat >= 1 and nat + gh >= 3 and self.rng.random() < 0.3) and \
                    self.rng.random() < 0.3:
                use = [out] * min(nat, 3)
                use += [self.ghost] * (3 - len(use))
                for x in use:
                    hand.remove(x)
                self.melds[o].append(("[", [out] + use, out))
                self.events.append({"kong": o, "kind": "exposed", "tile": out, "from": s})
                return SEATS.index(o)  # (the konger draws its replacement next)
            if nat + min(gh, 2) >= 2 and nat >= 1 and self.rng.random() < 0.3:
                use = [out] * min(nat, 2)
                use += [self.ghost] * (2 - len(use))
                for x in use:
                    hand.remove(x)
                self.melds[o].append(("[", [out] + use, out))
                self.events.append({"call": o, "kind": "pong", "tile": out, "from": s})
                drop = self.discard(hand, o)
                hand.remove(drop)
                self.discarded(o, drop)
                return self.claim(o, drop, SEATS.index(o))
            if self.rng.random() < 0.1 and self.rules != "luzhou-guide" and \
                    o not in let_go:  # (the guide has no pass rule; one pass a seat)
                self.events.append({"pass": o, "tile": out, "from": s, "value": 2})
        if self.rules == "luzhou-guide":
            return self.chow(s, out, turn)
        return turn + 1

    def chow(self, s: str, out: str, turn: int) -> int:
        """The guide's chow, by the seat after the discarder (on its left, E1), of natural
        tiles only (a chow never holds a ghost)."""
        o = SEATS[(SEATS.index(s) + 1) % 4]
        hand = self.hands[o]
        if len(out) != 2 or self.rng.random() > 0.5 or o in self.winners:
            return turn + 1
        r, suit = int(out[0]), out[1]
        runs = [[f"{r + a}{suit}", f"{r + b}{suit}"] for a, b in ((-2, -1), (-1, 1), (1, 2))
                if 1 <= r + a and r + b <= 9]
        runs = [two for two in runs if all(x in hand for x in two)]
        if not runs:
            return turn + 1
        two = self.rng.choice(runs)
        for x in two:
            hand.remove(x)
        self.melds[o].append(("[", sorted(two + [out], key=ORDER.get), out))
        self.events.append({"call": o, "kind": "chow", "tile": out, "from": s})
        drop = self.discard(hand, o)
        hand.remove(drop)
        self.discarded(o, drop)
        return self.claim(o, drop, SEATS.index(o))

    def text(self, s: str) -> str:
        held = self.hands[s] + ([self.shown[s]] if s in self.shown else [])
        conc = "".join(sorted(held, key=ORDER.get))
        return " ".join([conc] + [self.meld_text(m) for m in self.melds[s]])

    @staticmethod
    def meld_text(m: tuple) -> str:
        b, t, _k = m
        return b + "".join(sorted(t, key=ORDER.get)) + {"[": "]", "(": ")", "{": "}"}[b]

    def writable(self, s: str) -> bool:
        """Whether seat s's hand can be written: a ghost in a meld stands for its kind, and
        no hand may make a fifth copy so (CONTRACT), though the table played it."""
        held = Counter(self.hands[s])
        for _b, tiles, k in self.melds[s]:
            held.update(x if x != self.ghost else k for x in tiles)
        return all(n <= 4 for x, n in held.items() if x != self.ghost)

    def record(self) -> dict:
        """A part of the log and some of the hands, as a player might write them."""
        keep = self.rng.choice([1.0, 0.7, 0.3, 0.0])  # (0: kongs, calls and wins alone)
        events = []
        # (A self-drawn win is written with the draw it won on, or with no draw of that seat
        # named after the last one written: else the log says it drew another tile last.)
        won_on = {i - 1 for i, e in enumerate(self.events) if "win" in e and "from" not in e}
        for i, e in enumerate(self.events):
            if self.rng.random() > keep and "kong" not in e and "call" not in e and \
                    "win" not in e and "exhausted" not in e and i not in won_on:
                continue  # (kongs and calls the hands given show are written: kongs_told)
            if "draw" in e and self.rng.random() < 0.3:
                e = {"draw": e["draw"]}  # a draw written without its tile
            events.append(e)
        # (查叫 at an exhausted wall needs the hand of every player not yet won.)
        every = any("exhausted" in e for e in self.events)
        seats = {s: self.text(s) for s in SEATS if (self.rng.random() < 0.5 or every or
                                                    s in self.winners) and self.writable(s)}
        if self.rules == "luzhou":
            most = self.opts.get("ghosts", 4)
            events += [{"ghosts": s, "drawn": self.ghosts[s]} for s in SEATS
                       if self.rng.random() < 0.3 and self.ghosts[s] <= most]
        return {"rules": self.rules, "seats": seats, "events": events,
                **({"opts": self.opts} if self.opts else {})}


def _physical(t: Table) -> Counter:
    held = Counter()
    for s in SEATS:
        held.update(t.hands[s])
        for _b, tiles, _k in t.melds[s]:
            held.update(tiles)
    return held


@pytest.mark.parametrize("rules", ["luzhou", "guangdong", "luzhou-guide", "lanzhou"])
@pytest.mark.parametrize("seed", range(60))
def test_a_simulated_real_deal_is_never_refused(rules, seed):
    t = Table(rules, seed)
    t.play()
    assert max(_physical(t).values()) <= 4  # (the simulator's own check)
    for part in range(3):
        rec = t.record()
        settle(rec)  # raises MjscoreError (bad input) if it finds the deal impossible


@pytest.mark.parametrize("rules", ["luzhou", "guangdong", "luzhou-guide", "lanzhou"])
@pytest.mark.parametrize("seed", range(40))
def test_a_deal_to_the_walls_last_tile_is_never_refused(rules, seed):
    """The whole set counted (`table_counts._whole_set`): a wall played to its last tile
    shows nearly every tile, and a seat with no hand given, its pongs ghost-filled and its
    kept draws logged, or holding chows, was counted a tile or three past the set."""
    t = Table(rules, seed, wins=seed % 2 == 1)
    t.stop = 0
    t.play()
    most = {"C": t.opts.get("ghosts", 4)} if rules == "luzhou" else {}  # (luzhou's ghosts=8)
    assert all(n <= most.get(k, 4) for k, n in _physical(t).items())
    for part in range(3):
        settle(t.record())


@pytest.mark.parametrize("rules", ["luzhou", "guangdong", "luzhou-guide", "lanzhou"])
@pytest.mark.parametrize("seed", range(30))
def test_a_simulated_deal_won_is_settled_as_won(rules, seed):
    """A seat wins where `score` finds a legal win (a self-draw, a discard where the ruleset
    takes one, a robbed kong), several on one discard at times; luzhou and the guide play on
    at times to a third winner, and a wall played out may end in 查叫. settle takes any part
    of its log with the winners' hands (every hand, for 查叫), and the wins stand unless 过水
    may block one (a pass by a winner)."""
    t = Table(rules, seed, wins=True)
    t.play()
    passed = any(e.get("pass") in t.winners for e in t.events)
    for part in range(3):
        got = settle(t.record())
        assert got.legal or not t.winners or passed, got.reasons
        assert sum(got.net.values()) == 0
