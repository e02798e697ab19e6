"""Hand records for `settle`: a YAML (or JSON) file, or a mapping, validated by a JSON Schema.

The record holds the ruleset and options, the dealer, each seat's final hand (what a seat
still held, melds included, its winning tile too for a winner) and the events in order.
Players write only what they remember (wins, kongs, the exhausted wall); a record made from a
game log may also hold every `draw`, `discard` and `call`, which enables the checks that need
them (过水, 漏胡, chow from the left).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from . import tiles as T
from .context import SEATS
from .errors import InputError, OptionError, RulesetError, file_label, too_large
from .options import read_as_bool
from .ruleset import ruleset_of
from .ruleset_files import beside, no_folder
from .words import describe, either, schema_text, tiles_hint, unknown

_HERE = Path(__file__).resolve().parent
EVENT_TYPES = ("kong", "win", "pass", "ghosts", "exhausted", "draw", "discard", "call",
               "declare")
# The events that are no turn of play, which the log's "nothing between" checks step over: a
# pass lets a tile go, a ghosts count counts a hand, a declaration (报章, 报牌) is said of the
# hand as it stands. (One list: written in each check, a ghosts count was a turn to some.)
NO_TURN = frozenset({"pass", "ghosts", "declare"})


@dataclass(frozen=True)
class Event:
    number: int  # from 1, as the record lists them
    type: str
    seat: str | None
    seats: tuple  # for a win: every seat claiming the one tile
    fields: dict


@dataclass(frozen=True)
class Record:
    label: str
    rules: object  # a name or path, or a compiled Ruleset (the API's)
    opts: dict
    dealer: str
    seats: dict  # seat -> hand text
    events: tuple
    yaml: bool = False  # read from YAML (not .json, not a mapping): its `opts:` true may be a yes


def _read(path: Path, label: str):
    from .yamlfile import read
    json = path.suffix.lower() == ".json"  # (read as YAML, of which JSON is a part)
    return read(path, "hand record", lambda message: InputError(
        f"{label}: " + (message.replace("malformed YAML", "malformed JSON (read as YAML)", 1)
                        if json else message)))


def _read_stream(f, label: str) -> tuple:
    """(the record's data, whether it is YAML beyond JSON): a stream has no file name to
    tell, so its text does (JSON on standard input has no unquoted yes to read as true)."""
    import json

    from .yamlfile import from_bytes, stream_bytes

    def fail(message: str) -> InputError:
        return InputError(f"{label}: {message}")
    raw = stream_bytes(f, fail)
    data = from_bytes(raw, fail)
    try:
        json.loads(raw)
    except (ValueError, RecursionError):  # (not JSON; or too deep, which YAML read anyway)
        return data, True
    return data, False


def _place(parts: list) -> str:
    if len(parts) >= 2 and parts[0] == "events" and isinstance(parts[1], int):
        rest = ".".join(str(p) for p in parts[2:])
        return f"event {parts[1] + 1}" + (f" ({rest})" if rest else "")
    return ".".join(str(p) for p in parts) or "the record"


def validate(data, label: str, yaml: bool = True) -> None:
    """InputError naming what in record `data` the schema refuses; `yaml`: read from YAML
    (where a hand written unquoted is read as a list: `words.tiles_hint`)."""
    if not isinstance(data, dict):
        raise InputError(f"{label}: a hand record is a mapping with seats: and events:")
    odd = _not_json(data, [])
    if odd:
        raise InputError(f"{label}: {odd}")
    schema = json.loads((_HERE / "record.schema.json").read_text(encoding="utf-8"))
    events = data.get("events")
    limit = schema["properties"]["events"]["maxItems"]
    if isinstance(events, list) and len(events) > limit:
        # Counted before any event is checked: each check is a schema validation, and a 1 MB
        # file holds 50,000 events (a mapping from Python, any number): minutes of checks
        # before the count refused them anyway.
        raise InputError(f"{label}: events: {len(events)} items, at most {limit}")
    # A non-list `events:` is left to the whole-record schema check below, which names it.
    for i, ev in enumerate(events if isinstance(events, list) else []):
        # Name the event's type in the error rather than the schema's oneOf mismatch list.
        kinds = [k for k in EVENT_TYPES if isinstance(ev, dict) and k in ev]
        if len(kinds) != 1:
            what = "no known type" if not kinds else f"two types ({', '.join(kinds)})"
            raise InputError(f"{label}: event {i + 1}: {what}; an event is one of "
                             f"{', '.join(EVENT_TYPES)}")
        sub = schema["properties"]["events"]["items"]["oneOf"][EVENT_TYPES.index(kinds[0])]
        errs = _errors({"$defs": schema["$defs"], **sub}, ev)
        if errs:
            path, text = _message(errs[0], f"a {kinds[0]} event", yaml)
            raise InputError(f"{label}: {_place(['events', i] + path)}: {text}")
    errs = _errors(schema, data)
    if errs:
        path, text = _message(min(errs, key=lambda x: len(x.absolute_path)), "a hand record",
                              yaml)
        raise InputError(f"{label}: " + (f"{_place(path)}: " if path else "") + text)


def _message(err, what: str, yaml: bool = True) -> tuple:
    """(path, words) of a schema error in the record's terms (`words.schema_text`), and a
    seat in the words the other seats get where the schema speaks of it as a oneOf (a seat
    or a list of them) or as a key no pattern matches."""
    path, odd = list(err.absolute_path), ()  # () : no odd one found (None may be one)
    if err.validator == "oneOf" and path[-1:] == ["win"]:
        items = err.instance if isinstance(err.instance, list) else [err.instance]
        odd = next((k for k in items if k not in SEATS), ())
        twice = [k for i, k in enumerate(items) if k in items[:i]]
        if odd == () and (twice or not items or len(items) > 3):
            return path, f"{twice[0]} is listed twice" if twice else \
                "three seats at most claim one tile" if items else "an empty list names no seat"
        seat = f"({either(SEATS)})"
        return path, (f"must be seats {seat}, not a list holding {describe(odd)}"
                      if isinstance(err.instance, list) else
                      f"must be a seat {seat} or a list of seats, not {describe(odd)}")
    if path == ["seats"] and (err.validator == "additionalProperties" or
                              "propertyNames" in err.schema_path):
        odd = next(k for k in err.instance if k not in SEATS) \
            if isinstance(err.instance, dict) else err.instance
        return path, unknown("seat", odd, SEATS)
    path, text = schema_text(err, what)
    if err.validator == "type" and path[-1:] and path[-1] in (*SEATS, "horses", "tile"):
        text += tiles_hint(err.instance, path[-1] in SEATS, yaml)  # (tiles given as a list)
    return path, text


def _not_json(data, parts: list) -> str | None:
    """What a record given from Python holds that a file could not and the schema check
    cannot word: a key that is not text, or an integer too long to print (over 4,300
    digits, which Python refuses to turn into text). None if nothing."""
    if isinstance(data, dict):
        for k, v in data.items():
            if not isinstance(k, str):
                where = f"{_place(parts)}: " if parts else ""  # (the label names the record)
                return f"{where}a key must be text, not {type(k).__name__} {k!r:.40}"
            got = _not_json(v, parts + [k])
            if got:
                return got
    elif isinstance(data, list):
        for i, v in enumerate(data):
            got = _not_json(v, parts + [i])
            if got:
                return got
    elif isinstance(data, int) and too_large(data):
        return f"{_place(parts)}: {too_large(data)}"
    return None


def _errors(schema, data) -> list:
    from .schemas import validator
    return sorted(validator(schema).iter_errors(data),
                  key=lambda e: list(map(str, e.absolute_path)))


def _as_file(data):
    """A record given from Python as a file would hold it: every mapping (a MappingProxyType,
    an OrderedDict's subclass, any Mapping) a dict, and a tuple a list, which the schema and
    the checks know. (A read-only mapping was refused as "no mapping with seats: and events:",
    and a tuple of events as "must be a list", where `score` takes any sequence of seats.)"""
    if isinstance(data, Mapping):
        return {k: _as_file(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [_as_file(v) for v in data]
    return data


def load(source, rules: str | None = None) -> Record:
    """A Record from a file path, a stream (`settle -`: standard input, read to its end) or a
    mapping; InputError naming what is wrong."""
    if isinstance(source, (str, Path)):
        label = file_label(str(source))
        if source == "":  # (Path("") is the working folder: "is a directory" would mislead)
            raise InputError(f"{label}: no such file")
        data = _read(Path(source), label)
    elif hasattr(source, "read"):
        from .records import STDIN_LABEL
        name = getattr(source, "name", None)  # an open file's path; standard input's <stdin>
        label = file_label(name) if isinstance(name, str) else STDIN_LABEL
        data, yaml = _read_stream(source, label)
    else:
        label, data = "record", _as_file(source)
    if isinstance(data, dict) and "seats" in data and data["seats"] is None:
        # `seats:` with its hands deleted, as `seats:` left out: no hand given (an event
        # needing one says which).
        data = {**data, "seats": {}}
    data = _seats_upper(data, label)
    if not hasattr(source, "read"):
        # (From Python, or a .json file: a list there was written as one, not unquoted YAML.)
        yaml = isinstance(source, (str, Path)) and not str(source).lower().endswith(".json")
    validate(data, label, yaml)
    events = []
    for i, ev in enumerate(data["events"]):
        kind = next(k for k in EVENT_TYPES if k in ev)
        who = ev[kind]
        seats = tuple(who) if isinstance(who, list) else (who,) if isinstance(who, str) else ()
        events.append(Event(i + 1, kind, seats[0] if seats else None, seats,
                            {k: v for k, v in ev.items() if k != kind}))
        if kind == "win" and ev.get("rob_kong") and not ev.get("from"):
            # (Checked here, before the tiles across the table are counted: which kong a win
            # robs decides how many tiles the kong holds.)
            raise InputError(f"{label}: event {i + 1}: rob_kong needs from: (the seat whose "
                             "kong was robbed)")
        if kind == "win" and ev.get("from") in seats:
            # (as a pass or a call on it is; score's words name --discard. Checked here too:
            # where one winner takes a discard, the discarder listed among the claimants would
            # have its hand read as one passed over, and refused as that.)
            own = "rob its own kong" if ev.get("rob_kong") else "win on its own discard"
            raise InputError(f"{label}: event {i + 1}: a seat cannot {own} (from: {ev['from']})")
    if rules is None:  # rules="" is a ruleset named, not one left out: refused as unknown
        rules = data.get("rules", "luzhou")
        where = _path_of(source)
        if where is not None:
            rules = beside(rules, where.parent)
    return Record(label, rules,
                  dict(data.get("opts") or {}),
                  data.get("dealer", "E"), dict(data.get("seats") or {}), tuple(events), yaml)


def _path_of(source) -> Path | None:
    """The record's file: a path given, or the path an open file was opened by (its error
    messages name the record by that path, so its relative ruleset is looked for beside
    it as for the path itself); None for standard input (/dev/stdin too, whose folder is no
    record's: it is read from the working folder, as for `settle -`), a mapping or a stream
    of no file."""
    if isinstance(source, (str, Path)):
        path = Path(source)
    else:
        name = getattr(source, "name", None) if hasattr(source, "read") else None
        # ("<stdin>", as Python names standard input, is no file even where one has that name.)
        if not (isinstance(name, str) and not name.startswith("<") and os.path.isfile(name)):
            return None
        path = Path(name)
    return None if no_folder(path) else path


def ruleset_of_record(rec: Record, given: dict, own_rules: bool = True):
    """The record's ruleset with its `opts:` and then `given` (--opt) over them. An option
    the record gave, and `given` does not override, is refused as the record's: by file and
    key, as its schema errors are, not in the words of a bad --opt; so is a ruleset the
    record names itself (`own_rules`: not one --rules gave). Either way in the record's
    terms: `settle` has no --indicator. A compiled Ruleset given (the API's `rules`, as
    `score` and `waits` take it) is used as it is, refusing options that would change it."""
    try:
        return ruleset_of(rec.rules, {**rec.opts, **given})
    except OptionError as e:
        if e.key in rec.opts and e.key not in given:
            over = [f"--opt {k}={given[k]}" for k in e.also if k in given]
            hint = read_as_bool(rec.opts.get(e.key), e.record) if rec.yaml else ""
            raise InputError(f"{rec.label}: opts.{e.key}: " + (
                f"{e.why} ({', '.join(over)} given over the record's opts)" if over and e.why
                else e.record + hint)) from None
        from .compile import NeedsIndicator
        if isinstance(e, NeedsIndicator) and e.mode not in given and e.key not in given:
            # The ruleset flips its ghost by default, and the record gives no indicator: the
            # record's to give (it read "invalid option: house.yaml: ...", as if mistyped).
            raise InputError(f"{rec.label}: opts: {e.record}") from None
        raise OptionError(e.record, e.key) from None
    except RulesetError as e:
        if own_rules:
            raise InputError(f"{rec.label}: rules: {e}") from None
        raise


_SEAT_FIELDS = frozenset(("kong", "win", "pass", "ghosts", "draw", "discard", "call", "from",
                          "declare"))


def _seats_upper(data, label: str):
    """`data` with its seats in capitals, as `score` takes `--seat s`: the dealer, the seats'
    keys, and each event's seat and `from`. Two keys for one seat (s and S) are refused."""
    if not isinstance(data, dict):
        return data

    def up(v):
        return v.upper() if isinstance(v, str) and v.upper() in SEATS else v

    out = dict(data)
    if "dealer" in out:
        out["dealer"] = up(out["dealer"])
    if isinstance(out.get("seats"), dict):
        seats, written = {}, {}
        for k, v in out["seats"].items():
            if up(k) in seats:
                raise InputError(f"{label}: seats: {up(k)} is given twice ({written[up(k)]} "
                                 f"and {k})")
            seats[up(k)], written[up(k)] = v, k
        out["seats"] = seats
    if isinstance(out.get("events"), list):
        out["events"] = [{k: (v if k not in _SEAT_FIELDS else [up(x) for x in v]
                              if k == "win" and isinstance(v, list) else up(v))
                          for k, v in ev.items()}
                         if isinstance(ev, dict) else ev for ev in out["events"]]
    return out


def event_tiles(ev: Event, key: str, label: str, rs=None) -> list:
    """The tiles an event's `key` names in hand notation; InputError naming the file, the
    event and the key, in the notation's words (`hand.for_ruleset`: `rs`'s honours), if they
    are none."""
    from .errors import NotationError
    from .hand import for_ruleset
    from .notation import parse_tiles
    try:
        return parse_tiles(str(ev.fields[key]))
    except NotationError as e:
        e = for_ruleset(e, rs)
        raise InputError(f"{label}: event {ev.number} ({key}): "
                         f"{str(e).removeprefix('invalid hand: ')}") from None


def event_tile(ev: Event, label: str, rs=None) -> int:
    """The one tile an event's `tile:` names; InputError naming the file and event if not."""
    where = f"{label}: event {ev.number} (tile)"
    text = ev.fields["tile"]
    got = event_tiles(ev, "tile", label, rs)
    if len(got) != 1:
        raise InputError(f'{where}: one tile expected, not "{text}"')
    return got[0]


def check_event_tiles(rec: Record, rs) -> None:
    """Every event's tile is one the ruleset uses, as a hand's tiles must be, and a kong's
    is never a ghost that no declared meld may hold (guangdong's fixed 白, G2), nor is a
    pong or kong called on one: such a record cannot describe a real hand (bad input), and
    the kong would be paid for."""
    for ev in rec.events:
        if "tile" not in ev.fields:
            continue
        k = event_tile(ev, rec.label, rs)
        if k not in rs.tile_kinds:
            raise InputError(f"{rec.label}: event {ev.number} (tile): tile {T.name(k)} is not "
                             f"used in {rs.name}")
        melded = ev.type == "kong" or ev.type == "call" and ev.fields.get("kind") != "chow"
        if melded and k in rs.ghost_kinds and rs.ghosts_in_melds == "forbidden":
            raise InputError(f"{rec.label}: event {ev.number}: the ghost {T.name(k)} cannot be "
                             f"in a declared meld in {rs.name}")
