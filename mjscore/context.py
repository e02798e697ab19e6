"""The situation of a win (`--discard`, `--kong-draw`, ...), checked against hand and ruleset.

An option the ruleset does not have, or one that contradicts the hand or another option, is
bad input (CONTRACT "Commands"): an OptionError, never a silently ignored flag.
"""

from __future__ import annotations

import operator
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property

from .bounded import number_for
from .errors import OptionError, counted, too_large
from .options import WHOLE_NUMBER
from .reading import ghosts_in_set as ghost_supply  # (option `ghosts` in luzhou)
from .robbing import rob_refusal

SEATS = ("E", "S", "W", "N")
# What a ruleset that leaves these out means, for the rule where it is applied and for `rules
# show` where it is said: one place, so that the two cannot drift apart.
_GHOST_DEFAULTS = {"discard_winnable": True}


def max_winners(play: dict) -> int:
    """How many may win one hand (`play.max_winners`, 3 when unset: all but one)."""
    return int(play.get("max_winners", 3))


def discard_wins(hand: dict) -> bool:
    """Whether a discard may be won on at all (`hand.discard_wins`, yes when unset)."""
    return bool(hand.get("discard_wins", True))


def ghost_rule(ghosts: dict, key: str) -> bool:
    """A ghost switch (`ghosts.discard_winnable`, ...), with its default when unset."""
    return bool(ghosts.get(key, _GHOST_DEFAULTS.get(key, False)))


FLAGS = {"discard": "--discard", "kong_draw": "--kong-draw", "after_kong": "--after-kong",
         "rob_kong": "--rob-kong", "won": "--won", "declared": "--declared",
         "heavenly": "--heavenly", "earthly": "--earthly", "ghosts_drawn": "--ghosts-drawn",
         "indicator": "--indicator", "horses": "--horses", "win": "--win",
         "kong_from": "--kong-from"}
# The same in a settle record, whose win event takes them as keys (`from:` is the discarder or
# the robbed konger); `won` and `ghosts_drawn` it tells by other events, and `kong_from` by
# the winner's kong event before a kong draw (`win_event.kong_draw_from`).
RECORD_KEYS = {"discard": "from:", "kong_draw": "kong_draw", "after_kong": "after_kong",
               "rob_kong": "rob_kong", "won": "an earlier win", "declared": "declared",
               "heavenly": "heavenly", "earthly": "earthly", "ghosts_drawn": "a ghosts event",
               "indicator": "opts.indicator", "horses": "horses", "win": "tile:",
               "kong_from": "the claimed kong's from:"}


def refusal(template: str, **values) -> OptionError:
    """An OptionError naming the situation's options as `score` takes them (`{kong_draw}`:
    --kong-draw) and, for a settle record, as the record's keys (kong_draw)."""
    return OptionError(template.format(**FLAGS, **values), None,
                       template.format(**RECORD_KEYS, **values))


@dataclass(frozen=True)
class WinContext:
    seat: str = "E"
    discard: str | None = None
    kong_draw: bool = False
    after_kong: bool = False
    rob_kong: str | None = None
    won: tuple = ()
    declared: bool = False
    heavenly: bool = False
    earthly: bool = False
    ghosts_drawn: int = 0
    indicator: str | None = None
    dealer: str = "E"
    horses: tuple = ()
    ghosts_held: int = 0  # ghost tiles in the winner's hand, melds included
    ghost_kinds: frozenset = frozenset()  # the ruleset's ghost tiles (for pattern predicates)
    # Who discarded the tile of the kong claimed before this kong draw (`--kong-from`): the
    # payer of a `payers.kong_draw_claimed` rule (杠爆全包).
    kong_from: str | None = None
    # The natural tiles of the robbed kind in the robbed kong's pong, where the table shows
    # the pong (`settle`: the konger's hand); None, the fewest the ruleset lets it hold
    # (`robbing.ghost_room`).
    robbed_pong: int | None = None
    # The suit the winner's first discard declared void (`void_suit`: the guide, in a settle
    # record's log): no ghost stands for it (`robbing.ghost_room`). None: not known.
    void: str | None = None
    # The winning tile is a ghost taken from another player (a discard, a robbed kong): held,
    # but never drawn, so 喜钱 does not count it (`settlement.ghost_bonus`).
    ghost_taken: bool = False

    def __getstate__(self) -> dict:
        # The numbers given out differ between processes: a copy sent to another is given
        # its own there.
        return {k: v for k, v in self.__dict__.items() if k != "number"}

    @cached_property
    def number(self) -> int:
        """A number standing for this context in memo keys: an int is hashed and compared in
        C, where the context calls the dataclass's Python `__hash__` and `__eq__` for
        each. Kept once made; the plain self-draw's shared context is numbered once ever.
        Equal contexts numbered apart (one dropped from the table meanwhile) only miss."""
        return number_for(_NUMBERS, self, 1 << 10)

    # Cached: read several times a hand, from a context mostly shared (`make`); as plain
    # values in the instance's dict, a frozen dataclass keeps them, and copies carry them.
    @cached_property
    def win_type(self) -> str:
        """self_draw (自摸, kong draw included), discard (杠上炮 included) or rob_kong."""
        if self.rob_kong:
            return "rob_kong"
        return "discard" if self.discard else "self_draw"

    @cached_property
    def discard_type(self) -> bool:
        return self.win_type != "self_draw"


_NUMBERS: dict = {}  # context -> its number (`WinContext.number`)


def _text(value) -> str:
    """A value as text: a str subclass's own (an Enum of seats, whose str() is "Seat.S")."""
    return str.__str__(value) if isinstance(value, str) else str(value)


def seat(value, flag: str) -> str:
    text = _text(value)
    s = text.strip().upper()
    if s not in SEATS:
        raise OptionError(f'{flag} takes a seat E, S, W or N, not "{text}"{seat_hint(text)}')
    return s


def seat_hint(text: str) -> str:
    """Which seat `text`, no seat letter, names where it is one in other words: " (南 is S)",
    " (West is W)", a full-width "Ｓ"; else ""."""
    from .notation import HONOUR_WORDS  # (the winds as the notation takes them)
    if "，" in text or "、" in text:  # (a Chinese keyboard's comma between seats)
        listed = text.strip().replace("，", ",").replace("、", ",")
        return f' (seats are separated by ",": write "{listed}")'
    plain = unicodedata.normalize("NFKC", text.strip().upper())
    # (东家, 西家: the seat named as a player's place at the table, as players say it)
    wind = HONOUR_WORDS.get(plain.removesuffix("家")) if plain != "家" else None
    near = plain if plain in SEATS else _SEAT_WORDS.get(plain) or \
        (wind if wind in SEATS else None)
    return f" ({text.strip()} is {near})" if near else ""


# A seat as a player may name it: the wind spelt out, in Chinese (the notation's words), or
# in full width; the letter is what a seat option takes.
_SEAT_WORDS = {w: w[0] for w in ("EAST", "SOUTH", "WEST", "NORTH")}


def seats(value, flag: str) -> tuple:
    """A comma list (or a list) of seats; empty text is none. An empty entry in the list
    (`S,,W`, `,,,`) is refused, as `--rules` refuses one: most likely a typo or an empty
    variable, and dropping it would change who pays."""
    if value is None or isinstance(value, str) and not value.strip():
        return ()
    if isinstance(value, str):
        items = value.split(",")
    elif isinstance(value, Iterable) and not isinstance(value, (bytes, bytearray, Mapping)):
        items = list(value)  # a list, tuple or set; a numpy array, a pandas Series
    else:  # (its type said: a pathlib.Path("S") looks like the seat it is not)
        raise OptionError(f"{flag} {value}: seats are written as text or a list of them, not "
                          f"as {type(value).__name__}")
    if any(isinstance(v, str) and not v.strip() for v in items):
        given = _text(value) if isinstance(value, str) else ",".join(map(_text, items))
        raise OptionError(f'{flag} "{given}": an empty seat in the list')
    out = tuple(seat(v, flag) for v in items)
    if len(set(out)) != len(out):
        raise OptionError(f"{flag} names a seat twice")
    return out


_PLAIN: dict = {}  # (seat, dealer, ghosts held, ghost kinds) -> the plain self-draw's context


def make(hand, rs, seat_="E", discard=None, kong_draw=False, after_kong=False, rob_kong=None,
         won=(), declared=False, heavenly=False, earthly=False, ghosts_drawn=0, indicator=None,
         dealer="E", horses=None, ghosts_held=0, kong_from=None) -> WinContext:
    # Plain only where each flag is its default itself: another false value (None, 0.0, "",
    # {}) is _make's to take or refuse, as it is when another option is given.
    plain = discard is None and rob_kong is None and indicator is None and \
        kong_draw is False and after_kong is False and declared is False and \
        heavenly is False and earthly is False and type(won) is tuple and won == () and \
        type(ghosts_drawn) is int and not ghosts_drawn and horses is None and \
        type(seat_) is str and type(dealer) is str and kong_from is None
    if plain:
        # Most wins are a plain self-draw: nothing in it depends on the hand but the ghosts
        # held, so its checked context is made once (immutable, shared).
        key = (seat_, dealer, ghosts_held, rs.ghost_kinds)
        ctx = _PLAIN.get(key)
        if ctx is None:
            ctx = _make(hand, rs, seat_, None, False, False, None, (), False, False, False, 0,
                        None, dealer, None, ghosts_held, None)
            if len(_PLAIN) < 256:
                _PLAIN[key] = ctx
        return ctx
    return _make(hand, rs, seat_, discard, kong_draw, after_kong, rob_kong, won, declared,
                 heavenly, earthly, ghosts_drawn, indicator, dealer, horses, ghosts_held,
                 kong_from)


def applies(rs, given: dict) -> None:
    """Refuse each situation option `given` (key -> whether given) that ruleset `rs` has no
    use for: taken, it would change nothing (README: never silently ignored)."""
    for key, on in given.items():
        if on and key not in rs.context:
            off = switched_off(rs, key)
            # (Why, where no option turned it off: a user told only "does not apply" was
            # left asking whether it was mistyped; the first-time-user review.)
            if off:
                why = f" (option {off} is off)"
            elif key == "won" and rs.spec.get("play", {}).get("max_winners") == 1:
                why = ": a hand there ends at its first win"
            elif key == "indicator":
                why = ": its ghost is fixed, not flipped" if rs.ghost_kinds else \
                    ": it has no ghost"
            else:
                # (A file's own context: may leave out a flag its rules read: a player told
                # "nothing reads a discard" of a file whose payers do was sent the wrong way.)
                from .context_reads import reader_in
                reader = reader_in(rs.data, key)
                why = f": none of its patterns or payments reads {_READ[key]}" \
                    if reader is None else f": its context: does not list {key}" + (
                        f" (read by {reader})" if reader else "")
            raise refusal("{%s} does not apply in {name}{off}" % key, name=rs.name, off=why)


# What each situation option tells, as `applies` says none of a ruleset's rules reads it.
_READ = {"discard": "a discard", "kong_draw": "a kong draw",
         "after_kong": "a discard right after a kong", "rob_kong": "a robbed kong",
         "won": "the seats that have won", "declared": "a declared ready hand",
         "heavenly": "a heavenly hand (天胡)", "earthly": "an earthly hand (地胡)",
         "ghosts_drawn": "the ghosts drawn (喜钱)", "horses": "horses", "kong_from": "who fed a kong"}


def _make(hand, rs, seat_, discard, kong_draw, after_kong, rob_kong, won, declared, heavenly,
          earthly, ghosts_drawn, indicator, dealer, horses, ghosts_held,
          kong_from) -> WinContext:
    for flag, on in (("--kong-draw", kong_draw), ("--after-kong", after_kong),
                     ("--declared", declared), ("--heavenly", heavenly), ("--earthly", earthly)):
        # "false" is true to Python; 1 and 0 are taken (they are True and False), as is
        # numpy's bool; 1.0 is not, nor an array (whose truth numpy calls ambiguous).
        try:
            ok = not isinstance(on, (str, float, complex)) and on in (0, 1)
        except (ValueError, TypeError):
            ok = False
        if not ok:
            raise OptionError(f"{flag} takes True or False, not {on!r}")
    n = _int(ghosts_drawn, "--ghosts-drawn")
    # Given: any value but none, blank text or an integer 0 (the API's default, of any integer
    # type); the command passes the count as typed, text, so that `--ghosts-drawn 0` is
    # given: refused where the ruleset has no 喜钱, and below the ghosts the hand holds, as
    # any other count is.
    counted_given = _given_count(ghosts_drawn)
    # An option given empty (`--won ''`, horses=()) is given: refused where the ruleset has
    # no such option, as any value is (README: never silently ignored). Not given: won's
    # default (), an empty list alike (a caller's list of the seats won so far, none yet), or
    # None; horses None. Any other collection of seats is read as a tuple first (an iterator
    # once only): an empty set or numpy array was taken as given, and refused in guangdong.
    if isinstance(won, Iterable) and not isinstance(won, (str, bytes, bytearray, Mapping)):
        won = tuple(won)
    applies(rs, {"discard": discard is not None, "kong_draw": kong_draw,
                 "after_kong": after_kong, "rob_kong": rob_kong is not None,
                 "won": won is not None and not (isinstance(won, (tuple, list)) and not won),
                 "declared": declared, "heavenly": heavenly, "earthly": earthly,
                 "ghosts_drawn": counted_given,
                 "indicator": indicator is not None, "horses": horses is not None,
                 "kong_from": kong_from is not None})
    w = seat(seat_, "--seat")
    d = seat(discard, "--discard") if discard is not None else None
    r = seat(rob_kong, "--rob-kong") if rob_kong is not None else None
    k = seat(kong_from, "--kong-from") if kong_from is not None else None
    done = seats(won, "--won")
    dl = seat(dealer, "--dealer")
    if w in done:
        raise OptionError(f"--won lists the winner {w}: a seat wins once a hand")
    if len(done) >= 3:
        raise OptionError("--won lists three seats: the hand ended at the third win")
    for flag, who in (("discard", d), ("rob_kong", r), ("kong_from", k)):
        if who == w:
            raise refusal("{%s} names the winner {w}" % flag, w=w)
        if who in done:
            raise refusal("{%s} names {who}, who has already won" % flag, who=who)
    if d and r:
        raise refusal("{discard} and {rob_kong} cannot both apply: a robbed tile is no discard")
    if kong_draw and (d or r):
        raise refusal("{kong_draw} is a self-drawn win: not with {discard} or {rob_kong}")
    if kong_draw and not hand.kongs:
        raise refusal("{kong_draw}: the hand has no kong to have drawn after")
    if k and not kong_draw:
        raise refusal("{kong_from} needs {kong_draw} (won on the replacement tile of a kong "
                      "claimed from that seat's discard)")
    if k and not any(m.exposure == "exposed" for m in hand.kongs):
        # (杠爆全包 is about a kong of another player's discard: a concealed or added kong is
        # made of the winner's own tiles, and nobody is liable for its replacement.)
        raise refusal("{kong_from} {k}: the hand has no kong claimed from a discard (written in square brackets, as [5555p]); "
                      "a concealed or added kong is made of the winner's own tiles", k=k)
    if after_kong and r:
        # (A record's from: names the konger of a rob too: "needs from:" beside a from:
        # given sent the writer looking for a key that was there.)
        raise refusal("{after_kong} is a discard right after a kong: a robbed kong is no "
                      "discard (not with {rob_kong})")
    if after_kong and not d:
        raise refusal("{after_kong} needs {discard} (the discarder had just konged)")
    if heavenly and earthly:
        raise refusal("{heavenly} and {earthly} cannot both apply")
    if heavenly and w != dl:
        raise refusal("{heavenly} is the dealer's win: the winner {w} is not the dealer {dl}", w=w,
                      dl=dl)
    if earthly and w == dl:
        raise refusal("{earthly} is a non-dealer's win: the winner {w} is the dealer", w=w)
    if (heavenly or earthly) and hand.melds:
        raise refusal("{heavenly} / {earthly}: a hand won on the deal has no melds")
    if heavenly and (d or r):
        raise refusal("{heavenly} is won on the dealt hand, not on "
                      + ("a robbed kong ({rob_kong})" if r else "a discard"))
    if heavenly and done:
        raise refusal("{heavenly} is won on the deal: no seat can have won before it ({won})")
    if heavenly and declared:
        # (Seed 002: the dealer reports ready after its first discard; 天胡 is won before it.
        # Only luzhou reads both; the value was right, 40, but 报牌 was listed beside 天胡.)
        raise refusal("{heavenly} is won on the dealt hand, before the dealer's first discard, "
                      "after which it reports ready ({declared}): not both")
    why = r and rob_refusal(hand, rs, r)
    if why:
        raise refusal("{rob_kong} {r}: {why}", r=r, why=why)
    if earthly and r:
        raise refusal("{earthly} is won on the first tile (a first draw, or the dealer's first "
                      "discard), not on a robbed kong "
                      "({rob_kong})")
    if earthly and d and d != dl:
        raise refusal("{earthly} on a discard is won on the dealer's first discard: {discard} "
                      "names {d}, not the dealer {dl}", d=d, dl=dl)
    taken = bool((d or r) and hand.win in rs.ghost_kinds)
    if n or counted_given:
        supply = ghost_supply(rs)
        if n > supply:
            # (The option named only where the ruleset has it: a house file may set the
            # count itself, or have no ghosts at all.)
            raise OptionError(f"--ghosts-drawn {n}: {rs.name} has {supply} ghost tiles"
                              f"{rs.more_ghosts()}")
        if n < ghosts_held - taken:
            raise OptionError(f"--ghosts-drawn {n}: the hand holds {counted(ghosts_held, 'ghost')}"
                              + (", one of them the winning tile taken from "
                                 f"{d or r}" if taken else ""))
        if n > ghosts_held and (heavenly or earthly):
            # (The dealt hand, and the one tile drawn or won after it, are all it drew.)
            raise refusal("{ghosts_drawn} says {n} drawn, but a hand won on the deal "
                          "({%s}) drew only the tiles it holds: {held}"
                          % ("heavenly" if heavenly else "earthly"), n=counted(n, "ghost"),
                          held=counted(ghosts_held, "ghost"))
    horses = tuple(horses) if horses is not None else ()
    return WinContext(w, d, bool(kong_draw), bool(after_kong), r, done, bool(declared),
                      bool(heavenly), bool(earthly), n, indicator, dl, horses, ghosts_held,
                      rs.ghost_kinds, k, ghost_taken=taken)


def switched_off(rs, key: str) -> str | None:
    """The option that turned flag `key` off in this ruleset, if one did."""
    for item in rs.data.get("context", ()):
        if isinstance(item, dict) and isinstance(item.get(key), dict):
            return item[key].get("option")
    return None


def _given_count(value) -> bool:
    """Whether a `ghosts_drawn` value counts as given (`_make`)."""
    if value is None or isinstance(value, str) and not value.strip():
        return False
    if isinstance(value, (str, bool)):
        return True
    try:
        return operator.index(value) != 0
    except TypeError:
        return True  # (refused by `_int`, which says why)


def _int(value, flag: str) -> int:
    if isinstance(value, str):
        text = value.strip()
        if text and not WHOLE_NUMBER.fullmatch(text):  # ASCII digits, as --opt takes them
            raise OptionError(f'{flag} takes a whole number, not "{value}"')
        try:
            n = int(text) if text else 0
        except ValueError:  # digits past the 4,300 Python reads
            raise OptionError(f"{flag}: a number too large ({len(text)} digits)") from None
    else:
        try:  # an integer of any type, numpy's too; a float is no count of tiles (5.9, inf)
            n = 0 if value is None else operator.index(value)
        except TypeError:
            n = None
        if n is None or isinstance(value, bool):
            raise OptionError(f"{flag} takes a whole number, not {value!r}")
    if n < 0:
        raise OptionError(f"{flag} cannot be negative")
    if too_large(n):
        raise OptionError(f"{flag}: {too_large(n)}")
    return n
