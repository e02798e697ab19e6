"""The voided suit a seat's first discard declares (the English guide, seed 000: "Your first
discard of the hand determines which suit you are voiding ... When you declare a win, you must
have discarded every single tile of that suit", and E1: "no ghost may stand for a tile of the
voided suit"), read from a settle record's game log where the ruleset has `play.
void_from_first_discard`. `score` sees no discards: there the voided suit is whichever one the
reading leaves out (at most two suits). Never prints or exits.
"""

from __future__ import annotations

from . import tiles as T
from .context import SEATS
from .errors import MjscoreError
from .record import NO_TURN, event_tile
from .terms import term
from .words import either

# The guide's own names for the suits ("If you voided Dots"), and the Chinese ones.
_WORDS = {"m": ("万", "Characters"), "p": ("筒", "Dots"), "s": ("条", "Bamboo")}


def first_discards(table) -> dict:
    """seat -> its first discard event, where the ruleset declares the void by it, for the
    seats whose first discard the log shows for sure (`_in_turn`)."""
    if not table.play.get("void_from_first_discard"):
        return {}
    first: dict = {}
    for e in _in_turn(table.rec.events, table.rec.dealer):
        first.setdefault(e.seat, e)
    return first


def _run_end(events, dealer: str) -> int:
    """The number of the event that ended `_in_turn`'s run (past the last: the log's end)."""
    ends: list = []
    for _e in _in_turn(events, dealer, ends):
        pass
    return ends[0] if ends else len(events) + 1


def _in_turn(events, dealer: str, ends: list | None = None):
    """The discards of the log's unbroken run of turns from the deal: the dealer's first,
    then each turn in order (a draw, which a log may leave out, and a discard of the next
    seat; a call or kong and its discard), up to the first win or the first event out of
    turn. A log may leave events out (README: those not needed are not asked for), and a
    seat's first discard left out would make its second seem its first and refuse a legal
    win: a gap ends the run where it shows (a draw or discard of a seat whose turn it is not,
    two draws, a call of no discard). A log opening with a draw of the dealer's does not
    open at the deal (the dealer is dealt 14 and discards first): it is not read."""
    def end(e) -> None:
        if ends is not None:
            ends.append(e.number if e is not None else 1)

    if dealer not in SEATS or events and events[0].type == "draw":
        end(None)
        return
    turn, holding, konged, last, called = dealer, True, False, None, None
    for e in events:
        kind = e.fields.get("kind")
        if e.type in NO_TURN:
            continue
        if e.type == "draw" and e.seat == turn and (not holding or konged):
            holding, konged = True, False
        elif e.type == "discard" and e.seat == turn:
            yield e
            turn, holding, konged = SEATS[(SEATS.index(e.seat) + 1) % 4], False, False
            last, called = e.seat, None
        elif e.type == "call" and e.fields.get("from") == last and not holding:
            # (a kong called: its replacement's draw next; the kong event may follow)
            turn, holding, konged = e.seat, True, kind == "kong"
            called = e if kind == "kong" else None
        elif e.type == "kong" and called is not None and e.seat == called.seat and \
                kind == "exposed" and _tile(e) == _tile(called) is not None:
            called = None  # (the called kong's own event, as guangdong's kong money asks)
        elif e.type == "kong" and (kind == "exposed" and not holding and
                                   e.fields.get("from") == last or
                                   kind != "exposed" and e.seat == turn):
            turn, holding, konged, called = e.seat, True, True, None  # (its replacement next)
        else:  # (a win, the wall's end, or a turn out of order: the run ends)
            end(e)
            return


def _tile(e) -> int | None:
    """An event's tile, however written (5s, 5条); None where it is no tile (the record's
    check of event tiles says so, later)."""
    try:
        return event_tile(e, "")
    except MjscoreError:
        return None


def unchecked(table) -> tuple:
    """What the output says where the rule is on and a seat's voided suit was needed (a
    winner's, in a win settled; at a 查叫 settled, each seat checked but a 花猫, which pays
    whatever it voided) but not read from the log (`_in_turn`), or the record has no
    discards at all."""
    events = table.rec.events
    if not table.play.get("void_from_first_discard"):
        return ()
    from .ready import is_flower_cat
    needed = [(r.context.seat, o.number) for o in table.out if o.type == "win"
              for r in o.results]
    needed += [(s, o.number) for o in table.out if o.type == "exhausted" and table.rs.chajiao
               for s in SEATS if s not in table.won and s in table.hands
               and not is_flower_cat(table.hands[s], table.rs)]
    if not needed:
        return ()
    if not any(e.type == "discard" for e in events):  # (as 跟庄 says it: an empty list of
        # skipped checks read as checked)
        return (f"{term(table.rs, 'void_suit')} by first discard not checked: the record has "
                "no discards",)
    # (A seat with no discard before the run's end, where the run reached the event that
    # needs it, had none to declare a suit by: nothing is unread there.)
    end = _run_end(events, table.rec.dealer)
    unread = [s for s, n in needed if n > end and s not in table.first_discards]
    if not unread:
        return ()
    return (f"{term(table.rs, 'void_suit')} by first discard not checked for "
            f"{either(sorted(set(unread), key=SEATS.index), 'and')}: the log does not show the "
            "first discard in an unbroken run of turns from the deal",)


def declared_void(table, ev, seat: str, hand) -> tuple:
    """(the suit, m, p or s, `seat`'s first discard before win `ev` declared void, or None:
    no such rule, no such discard in the log, or an honour discarded first, which names no
    suit; why the win is refused, or None): a win whose hand holds a tile of that suit,
    melds included, is no win."""
    first = table.first_discards.get(seat)
    suit = void_of(table, seat) if first is not None and first.number < ev.number else None
    held = _held(table, hand, suit) if suit is not None else []
    if not held:
        return suit, None
    return suit, (f"{seat}'s win is not legal: {seat}'s first discard, "
                  f"{T.name(event_tile(first, table.rec.label))} (event {first.number}), "
                  f"declared {suit_words(table.rs, suit)} void{_glossed(table.rs)}, and the "
                  f"hand holds {T.name(min(held))}")


def void_of(table, seat: str) -> str | None:
    """The suit `seat`'s first discard declared void, as the log shows it (`first_discards`),
    or None."""
    first = table.first_discards.get(seat)
    return T.suit_of(event_tile(first, table.rec.label)) if first is not None else None


def _held(table, hand, suit: str) -> list:
    """The kinds of `suit` `hand` holds: its natural tiles, and a meld's, ghosts in it
    standing for its kind (no ghost stands for a voided suit)."""
    return [k for k in list(hand.concealed) + [k for m in hand.melds for k in m.tiles]
            if T.suit_of(k) == suit and k not in table.rs.ghost_kinds]


def void_words(table, seat: str, hand) -> str:
    """Why a hand at 查叫 is not ready where it holds the suit its first discard voided
    (" (holds Dots, voided by its first discard)"), else ""."""
    suit = void_of(table, seat)
    if suit is None or not _held(table, hand, suit):
        return ""
    return f" (holds {suit_words(table.rs, suit)}, voided by its first discard)"


def _glossed(rs) -> str:
    return "" if rs.names == "en" else f" ({term(rs, 'void_suit')})"


def suit_words(rs, suit: str) -> str:
    chinese, english = _WORDS[suit]
    return english if rs.names == "en" else f"{chinese} ({suit})"
