"""Settle a whole hand from its record: wins in turn, kong payments, 喜钱 and the draw.

Checks run in two tiers: a record that cannot describe a real hand (a fifth copy across the
table, a winning tile the winner does not hold) is bad input (RecordError, exit 2); a record
whose play breaks the ruleset (a fourth winner, a win blocked by 过水 / 漏胡, a chow not from
the left) is settled up to that event and reported as not legal (exit 1).
"""

from __future__ import annotations

from dataclasses import replace

from . import context as C
from . import tiles as T
from .declaring import declare_summary, kong_refusal, named_waits, stood_refusal
from .claims import (check_call_shown, check_kong_kinds_shown, check_kong_shown,
                     check_meld_count, check_robbed, discarded_ghost_refusal,
                     four_ghosts_refusal, ghost_added, kong_paid, lets_go_a_rob,
                     robbing_win)
from .draw_game import charged_unended, count_ghosts, exhausted, ghost_money, void_kongs
from .errors import TOO_DEEP, InputError, counted
from .follow_dealer import FollowDealer
from .frozen import read_only
from .options import as_dict
from .passes import check_pass_value, logged
from .record import NO_TURN, check_event_tiles, event_tile
from .record import load as load_record
from .record import ruleset_of_record
from .ruleset_files import one_ruleset
from .settled import EventResult, SettleResult, first_claim
from .settlement import net_of
from .table_counts import tiles_on_table
from .claim_groups import claim_group
from .table_hands import kongs_told, on_table, read_hands, winners
from .win_event import settle_win
from .words import either
from .void_suit import first_discards
from .void_suit import unchecked as void_unchecked

SEATS = C.SEATS


def left_of(seat: str) -> str:
    """The seat that plays just before `seat` (play passes E -> S -> W -> N)."""
    return SEATS[(SEATS.index(seat) - 1) % 4]


class Refused(Exception):
    """Play that breaks the ruleset: settlement stops at the event."""


# A seat's own turns (and a pass, a win it let go), which a seat that has won makes no more;
# a ghosts event counts its hand, and may follow.
_TURN_TYPES = frozenset({"draw", "discard", "call", "kong", "pass", "declare"})


def _lets_go_a_kong(events: tuple, ev, rs, label: str) -> bool:
    """Whether pass `ev` lets go a kong's tile (a robbing win passed), not a discard: the turn
    it follows, what is no turn and the robbing wins aside, is its from: seat's kong that a
    win may rob of that tile (`lets_go_a_rob`). (Any kong was taken: a concealed or exposed one, which no
    win may rob, and another tile's.)"""
    for e in reversed(events[:ev.number - 1]):
        # (A win between is another claim on the same tile: a robber, the pass beside it.)
        if e.type not in NO_TURN and e.type != "win":
            return e.seat == ev.fields.get("from") and \
                lets_go_a_rob(e, event_tile(ev, label), rs, label)
    return False


class _Table:
    """The state of one hand being settled."""

    def __init__(self, rec, rs):
        self.rec, self.rs = rec, rs
        self.play = rs.spec.get("play") or {}
        self.won: list = []
        self.ended_at: int | None = None
        self.ended_why = ""  # (said of a later event: a house max_winners puzzled its players)
        self.out: list = []
        self.skipped: list = []
        # Every event's tile read first, by the ruleset (`hand.for_ruleset`): the hands' and
        # the log's readers take them as any tile, and a luzhou kong of "1h" was told to
        # write "1z", which it has not.
        check_event_tiles(rec, rs)
        self.log = logged(rec)
        self.winners = winners(rec, rs, self.play)
        self.hands = read_hands(rec, rs, self.play, self.winners)
        self.on_table = on_table(rec, rs, self.play, self.hands)  # horses are beside these
        self.ghosts_drawn: dict = {}  # seat -> (event number, ghosts drawn)
        self.waits_named: dict = {}  # declare event's number -> the tiles it names (`run`)
        self.konged: dict = {}  # (seat, tile) -> event numbers of its kongs
        self.formed: dict = {}  # index in out of a robbed kong -> (robbing wins, as formed)
        self.claimed: set = set()  # numbers of the win events settled (`on_win`)
        self.follow = FollowDealer(rs, rec)
        self.first_discards = first_discards(self)  # seat -> event (`void_suit`)

    # -- what the record must hold --------------------------------------------------------
    def need_hand(self, seat: str, ev, why: str):
        if seat not in self.hands:
            raise InputError(f"{self.rec.label}: event {ev.number}: seats.{seat} is needed "
                             f"({why})")
        return self.hands[seat]

    # -- events ---------------------------------------------------------------------------
    def refuse(self, ev, why: str):
        raise Refused(f"event {ev.number}: {why}")

    def _won_at(self, seat: str) -> int:
        """The event at which `seat` won."""
        events = self.rec.events
        return next(e.number for e in self.out if e.type == "win" and seat in
                    events[e.number - 1].seats)

    def run(self) -> None:
        events = self.rec.events
        self.waits_named = named_waits(self)  # (the declare events' waits:, read once)
        check_meld_count(self.rec, self.rs)
        check_kong_kinds_shown(self.rec, self.rs, self.hands)
        tiles_on_table(self.rec, self.rs, self.play, self.hands)
        kongs_told(self.rec, self.rs, self.hands)
        for i, ev in enumerate(events):
            if ev.number in self.claimed:
                continue  # a claim on a tile settled with the win event before it
            # Any turn after the end (a discard, call, draw or pass too: a pong after the
            # wall ran out was taken in silence); a ghosts event counts the hand, so may follow.
            if self.ended_at is not None and ev.type != "ghosts":
                self.refuse(ev, f"the hand ended at event {self.ended_at} ({self.ended_why})")
            if ev.type in _TURN_TYPES and ev.seat in self.won:
                # A winner leaves the table (血战: the others play on): a turn of its own after
                # its win was taken as play, a pass as a win it let go.
                self.refuse(ev, f"{ev.seat} won at event {self._won_at(ev.seat)} and plays "
                                "no more")
            # A win, pass, call or kong of a winner's discard or kong: a turn of its too (a
            # review found a pass and a pong of it taken, where a win was refused).
            frm = ev.fields.get("from")
            if frm in self.won:
                self.refuse(ev, f"{frm} won at event {self._won_at(frm)} and plays no more "
                                f"(from: {frm})")
            # A kong is handed the win robbing it, if any (it then never forms); others none.
            robber = robbing_win(events, i, self.rs, self.rec.label) if ev.type == "kong" \
                else None
            getattr(self, "on_" + ev.type)(ev, robber)
            got = self.follow.on_event(ev)
            if got is not None:
                self.out.append(EventResult(ev.number, "follow_dealer", *got))

    def on_kong(self, ev, robber) -> None:
        kind = ev.fields["kind"]
        tile = event_tile(ev, self.rec.label)
        frm = ev.fields.get("from")
        if kind == "exposed" and not frm:
            raise InputError(f"{self.rec.label}: event {ev.number}: an exposed kong needs from:")
        if frm == ev.seat:
            raise InputError(f"{self.rec.label}: event {ev.number}: a seat cannot kong its own "
                             "discard")
        if frm and kind != "exposed":
            art = "an" if kind == "added" else "a"
            raise InputError(f"{self.rec.label}: event {ev.number}: {art} {kind} kong is made "
                             "from the seat's own tiles; from: is for an exposed kong")
        why = four_ghosts_refusal(ev, tile, self.rs)
        if why:
            raise InputError(f"{self.rec.label}: event {ev.number}: {why}")
        why = discarded_ghost_refusal(tile, self.rs) if kind == "exposed" else None
        if why:  # (as its call is: `on_call`)
            self.refuse(ev, why)
        # (A robbed kong never forms: the seat's turn before it is checked, `stood_refusal`.)
        why = kong_refusal(self, ev, kind) or (stood_refusal(self, ev) if robber is None
                                               else None)
        if why:
            self.refuse(ev, why)
        # A kong event is one of the melds its seat's hand shows, never the same one twice
        # (paid twice). A seat with no hand given has its kongs' tiles counted across the
        # table instead (`table_hands.read_hands`); ghosts in kongs let two seats kong one kind.
        hand = self.hands.get(ev.seat)
        earlier = self.konged.setdefault((ev.seat, tile), [])
        # (A ghost added, written as the ghost, may be any melded kind's: `claims`.)
        ghost = ghost_added(ev, tile, self.rs, False)
        if hand is not None and earlier and len(earlier) >= sum(
                1 for m in hand.melds if m.kind in ("kong", "pong") and (
                    m.tiles[0] == tile or ghost and m.ghosts)):
            raise InputError(f"{self.rec.label}: event {ev.number}: {ev.seat}'s kong of "
                             f"{T.name(tile)} was declared at event {earlier[-1]}")
        robbed = robber is not None
        if not robbed:  # (a robbed kong never forms: its pong may be added to again)
            earlier.append(ev.number)
        if robbed:
            try:
                check_robbed(self, tile, robber)
                if kind != "added":
                    # An exposed kong is claimed from a discard: the tile is that discard, and
                    # a win on it is a discard win from that player, not a rob.
                    self.refuse(robber, f"{'an exposed' if kind == 'exposed' else 'a concealed'}"
                                        " kong cannot be robbed: only an added kong can be")
            except Refused:
                # A refused rob robbed nothing: the kong, settled before it, formed.
                self.out.append(self.kong(ev, kind, tile, frm, False))
                raise
        if hand is not None:
            check_kong_shown(self, ev, hand, tile, robber)
        if robbed:  # as formed, should the robbing win be refused (`kongs_as_settled`)
            # (Any win of the claim robs it: `claim_group`, several robbers written apart.)
            self.formed[len(self.out)] = ({e.number for e in claim_group(self.rec, robber)},
                                          self.kong(ev, kind, tile, frm, False))
        self.out.append(self.kong(ev, kind, tile, frm, robbed))

    def kong(self, ev, kind: str, tile: int, frm, robbed: bool) -> EventResult:
        return EventResult(ev.number, "kong", *kong_paid(self.rs, ev, kind, tile, frm, robbed))

    def kongs_as_settled(self) -> None:
        """Where settlement stopped at a refusal, a kong's robbing win refused or never reached
        robbed nothing: the kong formed and pays as declared."""
        settled = {e.number for e in self.out if e.type == "win"}
        for i, (wins, formed) in self.formed.items():
            if not wins & settled:
                self.out[i] = formed

    def on_win(self, ev, robber) -> None:
        # Its claim whole: the win events next to it on the same tile are settled with it
        # (`claim_group`), in turn order, and passed over when the loop reaches them.
        self.claimed.update(e.number for e in claim_group(self.rec, ev))
        if ev.fields.get("rob_kong"):
            check_call_shown(self, ev)  # (the claim's first robs the kong: the others too)
        settled, refused = settle_win(self, ev)
        for e, text, rows, results in settled:
            self.out.append(EventResult(e.number, "win", text, rows, results, ev.number))
        if refused is not None:
            self.refuse(*refused)

    def skip(self, text: str) -> None:
        if text not in self.skipped:
            self.skipped.append(text)

    def on_pass(self, ev, robber) -> None:
        tile = event_tile(ev, self.rec.label)
        check_pass_value(self, ev)
        self._not_own(ev, "pass on")
        # (A review's: a pass of a 红中 discard was taken as 过水, refusing a later win. A
        # 红中 added to a kong may be robbed, L14: a pass on that is no discard's.)
        why = None if _lets_go_a_kong(self.rec.events, ev, self.rs, self.rec.label) else \
            discarded_ghost_refusal(tile, self.rs, "won on: there is no win to pass")
        if why:
            self.refuse(ev, why)

    def on_draw(self, ev, robber) -> None:
        if "tile" in ev.fields:  # a draw may leave its tile unsaid; one said must be a tile
            event_tile(ev, self.rec.label)

    def _not_own(self, ev, what: str) -> None:
        if ev.fields["from"] == ev.seat:
            raise InputError(f"{self.rec.label}: event {ev.number}: a seat cannot {what} its "
                             f"own discard (from: {ev.seat})")

    def on_discard(self, ev, robber) -> None:
        event_tile(ev, self.rec.label)
        why = stood_refusal(self, ev)
        if why:
            self.refuse(ev, why)

    def on_call(self, ev, robber) -> None:
        f = ev.fields
        tile = event_tile(ev, self.rec.label)
        self._not_own(ev, "call")
        why = discarded_ghost_refusal(tile, self.rs) if f["kind"] in ("pong", "kong") else None
        if why:
            self.refuse(ev, why)
        if f["kind"] == "chow" and self.play.get("chow_from_left") and f["from"] != \
                left_of(ev.seat):
            self.refuse(ev, f"{ev.seat} chowed from {f['from']}: a chow is claimed only from "
                            f"the player on the left ({left_of(ev.seat)})")
        if f["kind"] == "chow" and "chow" not in self.rs.meld_kinds:
            self.refuse(ev, f"there is no chow in {self.rs.name}")
        if f["kind"] == "chow" and (not T.is_suited(tile) or tile in self.rs.ghost_kinds):
            # (No such meld: a seat whose hand is not given had its chow of E taken.)
            what = "a ghost" if tile in self.rs.ghost_kinds else "an honour"
            raise InputError(f"{self.rec.label}: event {ev.number}: a chow of {T.name(tile)}: "
                             f"a chow is a run of suited tiles, and never holds {what}")
        why = (kong_refusal(self, ev, "exposed") if f["kind"] == "kong" else None) or \
            stood_refusal(self, ev)
        if why:
            self.refuse(ev, why)
        check_call_shown(self, ev)

    def on_declare(self, ev, robber) -> None:
        text = declare_summary(self, ev)
        why = stood_refusal(self, ev)
        if why:
            self.refuse(ev, why)
        self.out.append(EventResult(ev.number, "declare", text, ()))

    def on_ghosts(self, ev, robber) -> None:
        drawn = int(ev.fields["drawn"])
        try:
            rows = ghost_money(self.rs, ev.seat, drawn, ev.seat in self.winners)
            count_ghosts(self, ev, drawn)
            charged_unended(self, ev, rows)
        except InputError as e:  # name the record and the event, as every record error does
            raise InputError(f"{self.rec.label}: event {ev.number}: {e}") from None
        self.out.append(EventResult(ev.number, "ghosts", f"{ev.seat} drew {counted(drawn, 'ghost')}", tuple(rows)))

    def ghosts_as_settled(self) -> None:
        """A ghosts event is paid as its seat's hand ends (under win_only, a seat that does
        not win pays instead), known by looking ahead. Where settlement stopped at a refusal,
        a win refused or never reached is no win: its seat's ghosts are paid again as such."""
        events = {e.number: e for e in self.rec.events}
        for i, out in enumerate(self.out):
            ev = events[out.number]
            if out.type == "ghosts" and ev.seat in self.winners and ev.seat not in self.won:
                rows = ghost_money(self.rs, ev.seat, int(ev.fields["drawn"]), False)
                self.out[i] = replace(out, payments=tuple(rows))

    def end(self, number: int, why: str) -> None:
        """The hand ends at event `number`; `why` is said of any event after it."""
        self.ended_at, self.ended_why = number, why

    def on_exhausted(self, ev, robber) -> None:
        # A win written after the wall's end: its 14-tile hand was checked at 查叫 as not
        # ready, and paid for, before the win was refused as a turn after the end.
        later = next((e for e in self.rec.events[ev.number:] if e.type == "win"), None)
        if later is not None:
            self.refuse(ev, f"the wall ran out before {either(list(later.seats), 'and')}'s win "
                            f"at event {later.number}: a win comes before the wall's end (events "
                            "are in the order they happened)")
        self.end(ev.number, "the wall ran out")
        text, rows = exhausted(self, ev)
        text += void_kongs(self)
        self.out.append(EventResult(ev.number, "exhausted", text, tuple(rows)))

    def chows_unchecked(self) -> None:
        has_chow = any(m.kind == "chow" for h in self.hands.values() for m in h.melds)
        if self.play.get("chow_from_left") and has_chow and \
                not any(e.type == "call" for e in self.rec.events):
            self.skip("chow from the left not checked: the record has no calls")


def settle(record, rules=None, *, opts=None) -> SettleResult:
    """Settle a whole hand from a record, as `mjscore settle` does. record: a file's path, a
    stream holding such a file (binary or text, read to its end; named in messages by its
    name, else <stdin>), or a mapping, as the file would hold. rules: a shipped name, a file's
    path or a compiled ruleset, over the record's own `rules:`; opts: options over the
    record's `opts:`.
    Returns a frozen SettleResult (`.events`, `.net`, `.next_dealer`; `.to_dict()` is
    `--format json`); bad input raises MjscoreError."""
    try:
        rec = load_record(record, one_ruleset(rules, "settle"))
        rs = ruleset_of_record(rec, as_dict(opts), own_rules=rules is None)
    except RecursionError:  # a record or argument nested a thousand deep
        raise InputError(TOO_DEEP) from None
    if "dealer" not in rs.context and rec.dealer not in SEATS:
        raise InputError(f"{rec.label}: dealer must be a seat")
    table = _Table(rec, rs)
    reasons = []
    try:
        table.run()
    except Refused as e:
        reasons.append(str(e))
        table.ghosts_as_settled()
        table.kongs_as_settled()
    table.chows_unchecked()
    for note in (table.follow.unchecked(), *void_unchecked(table)):
        if note is not None:
            table.skip(note)
    rows = [p for e in table.out for p in e.payments]
    # The first win settled: a refused one makes no dealer (with none, the dealer stays), and
    # of several claims on one tile, only those settled count.
    first = first_claim(table.out)
    if not first:
        dealer = rec.dealer
    else:
        dealer = first[0].context.rob_kong or first[0].context.discard if len(first) > 1 \
            else first[0].context.seat
    return SettleResult(rs.name, rec.label, not reasons, tuple(reasons), tuple(table.out),
                        read_only(net_of(rows)), dealer, tuple(table.skipped),
                        rs.unit, rs)
