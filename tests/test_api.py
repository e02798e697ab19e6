"""The Python API as a script writer uses it (CONTRACT "Python API"): from several threads at
once, and with results and rulesets that stay as they were made."""

from __future__ import annotations

import enum
import inspect
import json
import pathlib
import pickle
import re
import typing
from types import MappingProxyType

import pytest

import mjscore
from mjscore import InputError, OptionError, score, settle
from mjscore import ruleset as R
from mjscore.ruleset_files import shipped_dir

from .threads import in_threads

HAND = "111m123m456m789m5pC"  # a legal luzhou win on 5p


@pytest.fixture
def house(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text("extends: luzhou\nname: house\n", encoding="utf-8")
    return str(path)


def test_a_house_file_dropped_from_the_cache_meanwhile(house, monkeypatch):
    # Another thread evicts the entry between this one finding it and marking it recent
    # (the cache holds 64 files and options): it was KeyError from inside load().
    first = R.load(house)
    real = R.stamps

    def evicting(files):
        R._FILES.clear()
        return real(files)
    monkeypatch.setattr(R, "stamps", evicting)
    assert R.load(house) is first


def test_threads_loading_more_house_options_than_the_cache_holds(house):
    # 70 caps between them, each 10 or more: the hand's 5 every time.
    def work(t):
        return {score(HAND, house, win="5p", opts={"cap": 10 + (8 * k + t) % 70}).value
                for k in range(30)}
    assert in_threads(work, 8) == [{5}] * 8
    assert len(R._FILES) <= 64


# Hands whose results the mutations below would change: 20 (闺, 无鬼); 2 on a discard.
PROBES = [("111m123m456m789m5p5p", {"win": "5p"}), (HAND, {"win": "5p", "discard": "S"})]


def _probed() -> list:
    return [score(hand, **kw).to_dict() for hand, kw in PROBES]


# What a result reaches, each shared by every later call with its ruleset (cached).
MUTATIONS = [
    pytest.param(lambda r: r.patterns[0].spec.kw.update(shape="seven_pairs"), id="hit-params"),
    pytest.param(lambda r: r.rules.spec["hand"].__setitem__("discard_wins", False), id="spec"),
    pytest.param(lambda r: r.rules.spec.pop("patterns"), id="spec-pop"),
    pytest.param(lambda r: r.rules.spec["hand"]["shapes"].remove("standard"), id="spec-list"),
    pytest.param(lambda r: r.rules.data["patterns"].clear(), id="data"),
    pytest.param(lambda r: r.rules.options.__setitem__("cap", 1), id="options"),
    pytest.param(lambda r: pickle.loads(pickle.dumps(r)).rules.spec.clear(), id="pickled"),
]


@pytest.mark.parametrize("mutate", MUTATIONS)
def test_a_result_cannot_change_the_ruleset_later_calls_share(mutate):
    before = _probed()
    with pytest.raises(TypeError, match="read-only"):
        mutate(score(PROBES[0][0], **PROBES[0][1]))
    assert _probed() == before


# A value is taken or refused the same whether or not another option is given: a plain
# self-draw (no option) took these false values without a look.
@pytest.mark.parametrize("kwargs", [
    pytest.param({"kong_draw": None}, id="flag-None"),
    pytest.param({"declared": None}, id="declared-None"),
    pytest.param({"heavenly": ""}, id="flag-empty-text"),
    pytest.param({"earthly": []}, id="flag-empty-list"),
    pytest.param({"after_kong": 0.0}, id="flag-0.0"),
    pytest.param({"ghosts_drawn": 0.0}, id="ghosts_drawn-0.0"),
    pytest.param({"ghosts_drawn": False}, id="ghosts_drawn-False"),
    pytest.param({"won": 0}, id="won-0"),
    pytest.param({"won": {}}, id="won-dict"),
])
def test_a_false_value_is_refused_with_or_without_another_option(kwargs):
    for other in ({}, {"discard": "S"}):
        with pytest.raises(OptionError):
            score(HAND, win="5p", **kwargs, **other)


@pytest.mark.parametrize("kwargs", [
    pytest.param({"kong_draw": 0, "declared": False}, id="flags-0"),
    pytest.param({"won": None}, id="won-None"),
    pytest.param({"won": ""}, id="won-empty-text"),
    pytest.param({"won": []}, id="won-empty-list"),
    pytest.param({"ghosts_drawn": None}, id="ghosts_drawn-None"),
])
def test_a_false_value_taken_either_way(kwargs):
    assert score(HAND, win="5p", **kwargs).value == 5
    assert score(HAND, win="5p", discard="S", **kwargs).value == 2


def test_ghosts_drawn_given_as_text_is_given_as_the_command_gives_it():
    # The command passes the count as typed: "0" is a count given (below the ghost held, so
    # refused), where the default int 0 is none given.
    with pytest.raises(OptionError, match="--ghosts-drawn 0: the hand holds 1 ghost"):
        score(HAND, win="5p", ghosts_drawn="0")
    assert score(HAND, win="5p", ghosts_drawn=0).value == 5


class _Int(int):
    """An integer of another type (numpy's int64 from a pandas column, say)."""


@pytest.mark.parametrize("none", [pytest.param(_Int(0), id="an int subclass 0"),
                                  pytest.param("", id="empty text"),
                                  pytest.param(" ", id="blank text")])
def test_ghosts_drawn_none_given_in_any_integer_type_or_blank(none):
    # Only a plain int 0 counted as none given: guangdong refused an int64 0 as "does not
    # apply", and luzhou a blank as "--ghosts-drawn 0: the hand holds 1 ghost".
    assert score(HAND, win="5p", ghosts_drawn=none).value == 5
    assert score("111m123m456m789m55p", "guangdong", ghosts_drawn=none).legal


SETTLED = {"seats": {"E": HAND}, "events": [{"win": "E", "tile": "5p"}]}


@pytest.mark.parametrize("rules, opts", [
    pytest.param(lambda: R.load("luzhou"), None, id="compiled"),
    pytest.param(lambda: R.load("luzhou", {"cap": 40}), {"cap": 40}, id="compiled-same-opts"),
])
def test_settle_takes_a_compiled_ruleset_as_score_does(rules, opts):
    assert settle(SETTLED, rules(), opts=opts).to_dict() == settle(SETTLED).to_dict()


# Any mapping is a mapping, as score's opts take it: read-only ones were refused as "no
# mapping with seats: and events:", "must be a mapping, not mappingproxy", "no known type".
@pytest.mark.parametrize("record", [
    pytest.param(MappingProxyType(SETTLED), id="the-record"),
    pytest.param({**SETTLED, "seats": MappingProxyType(SETTLED["seats"])}, id="seats"),
    pytest.param({**SETTLED, "events": [MappingProxyType(SETTLED["events"][0])]}, id="an-event"),
    pytest.param({**SETTLED, "opts": MappingProxyType({"cap": 40})}, id="opts"),
])
def test_settle_takes_any_mapping_as_a_dict(record):
    assert settle(record).to_dict() == settle(SETTLED).to_dict()


def test_settle_takes_a_tuple_as_a_list():
    # As score's `won` takes any sequence ("events: must be a list, not tuple").
    record = {**SETTLED, "events": tuple(SETTLED["events"])}
    assert settle(record).to_dict() == settle(SETTLED).to_dict()


class _Reads:
    def __init__(self, gives):
        self.gives = gives

    def read(self, n=-1):
        return self.gives


def test_a_stream_whose_read_gives_no_text_is_refused():
    # (It escaped as TypeError: "object of type 'int' has no len()".)
    with pytest.raises(InputError, match=r"^<stdin>: cannot be read \(its read\(\) gave int, "):
        settle(_Reads(5))


def test_a_stream_whose_read_gives_a_bytearray_is_read():
    text = f"seats: {{E: {HAND}}}\nevents: [{{win: E, tile: 5p}}]\n"
    got = settle(_Reads(bytearray(text.encode())))
    assert got.net == settle(SETTLED).net == {"E": 15, "S": -5, "W": -5, "N": -5}


def test_settle_refuses_a_record_option_that_would_change_the_compiled_ruleset():
    with pytest.raises(InputError, match=r"^record: opts\.cap: cap=100: the Ruleset given"):
        settle({**SETTLED, "opts": {"cap": 100}}, R.load("luzhou"))


# help() on each says what every argument takes, not only where to read about it.
@pytest.mark.parametrize("name", ["score", "waits", "settle"])
def test_help_names_every_argument(name):
    fn = getattr(mjscore, name)
    assert [p for p in inspect.signature(fn).parameters if f"{p}:" not in fn.__doc__
            and f"{p}," not in fn.__doc__] == []


# raw_value is the value before the cap.
@pytest.mark.parametrize("hand, win, opts, value, raw", [
    pytest.param("111m123m456m789m5pC", "5p", {"cap": 2}, 2, 5, id="capped-at-2"),
    pytest.param("111m123m456m789m5pC", "5p", None, 5, 5, id="uncapped"),
])
def test_to_dict_value_and_raw_value(hand, win, opts, value, raw):
    d = score(hand, win=win, opts=opts).to_dict()
    assert (d["value"], d["raw_value"]) == (value, raw)


# Horses given as kinds from code: out of range is an OptionError, never an IndexError.
@pytest.mark.parametrize("horses", [
    pytest.param([34], id="one-past-the-last-kind"),
    pytest.param([-1], id="negative"),
    pytest.param(["1m"], id="text-in-a-list"),
])
def test_horses_as_kinds_out_of_range_are_an_option_error(horses):
    with pytest.raises(OptionError, match="takes tiles in hand notation"):
        score("123m456m789mEEE55p", "guangdong", horses=horses, opts={"horses": 1})


# True and False equal 1 and 0 and hash alike: the ruleset cache keyed on the values alone
# answered a refused True or False from a number's ruleset loaded before it.
@pytest.mark.parametrize("rules, opts, loaded_first", [
    pytest.param("luzhou", {"cap": True}, {"cap": 1}, id="shipped-cap-True-after-1"),
    pytest.param("luzhou", {"min_discard_win": False}, {"min_discard_win": 0},
                 id="shipped-False-after-0"),
    pytest.param("house", {"cap": True}, {"cap": 1}, id="house-file-cap-True-after-1"),
])
def test_a_bool_option_value_is_refused_after_its_number_was_loaded(house, rules, opts,
                                                                     loaded_first):
    rules = house if rules == "house" else rules
    score(HAND, rules, win="5p", opts=loaded_first)
    with pytest.raises(OptionError, match='expected an integer.*got "(true|false)"'):
        score(HAND, rules, win="5p", opts=opts)


# Two keys with one text: read as one option, sorting them raised a bare TypeError, or the
# later silently won.
@pytest.mark.parametrize("call", [
    pytest.param(lambda o: score(HAND, win="5p", opts=o), id="score"),
    pytest.param(lambda o: mjscore.waits("111m123m456m789mC", opts=o), id="waits"),
    pytest.param(lambda o: settle(SETTLED, opts=o), id="settle"),
])
@pytest.mark.parametrize("opts", [
    pytest.param({1: 5, "1": "x"}, id="int-and-text-unorderable"),
    pytest.param({1: 5, "1": 5}, id="int-and-text-same-value"),
])
def test_opts_naming_one_option_twice_is_an_option_error(call, opts):
    with pytest.raises(OptionError, match=r"^invalid option: opts: 1 is given twice \(1: 5, "):
        call(opts)


# help(mjscore) and tab completion read dir(): the names imported on first use were missing
# from it, so help() listed no score, waits or settle, only __getattr__. (Asked of a fresh
# interpreter: here they are imported already.)
@pytest.fixture(scope="module")
def fresh_help():
    import subprocess
    import sys
    code = ("import json, pydoc, mjscore; print(json.dumps([dir(mjscore), "
            "pydoc.render_doc(mjscore, renderer=pydoc.plaintext)]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         encoding="utf-8", check=True).stdout
    return json.loads(out)


@pytest.mark.parametrize("name", mjscore.__all__)
def test_every_public_name_is_listed_by_dir_and_help(fresh_help, name):
    names, text = fresh_help
    assert name in names
    kind = "class " if isinstance(getattr(mjscore, name), type) else ""
    assert name == "__version__" or f"\n    {kind}{name}(" in text


# Each says what it is, not only the fields a dataclass's own generated docstring lists.
@pytest.mark.parametrize("name", [n for n in mjscore.__all__ if n != "__version__"])
def test_every_public_name_has_its_own_docstring(name):
    doc = getattr(mjscore, name).__doc__ or ""
    assert len(doc) > 20 and not doc.startswith(f"{name}(")


@pytest.mark.parametrize("fn, result", [
    pytest.param("score", "Result", id="score"),
    pytest.param("waits", "WaitsResult", id="waits"),
    pytest.param("settle", "SettleResult", id="settle"),
])
def test_the_result_type_each_returns_is_exported(fn, result):
    assert inspect.signature(getattr(mjscore, fn)).return_annotation == result
    assert result in mjscore.__all__ and getattr(mjscore, result).__name__ == result


# A ruleset that is not there raised a private subclass (`ruleset_files._NotFound`), which a
# traceback or repr() showed the caller; it is the documented RulesetError itself.
@pytest.mark.parametrize("call", [
    pytest.param(lambda: score(HAND, "nosuch"), id="score-unknown-name"),
    pytest.param(lambda: score(HAND, "luzhou,guangdong"), id="score-comma-list"),
    pytest.param(lambda: mjscore.waits("111m123m456m789mC", "no/such.yaml"), id="waits-no-file"),
    pytest.param(lambda: R.load("nosuch"), id="load-unknown-name"),
])
def test_a_ruleset_not_found_is_a_ruleset_error_itself(call):
    with pytest.raises(mjscore.RulesetError) as got:
        call()
    assert type(got.value) is mjscore.RulesetError


class ArrayLike:
    """As a numpy array or a pandas Series: == answers item by item, and that answer (or the
    array itself) has no truth value."""

    def __init__(self, *items):
        self.items = items

    def __iter__(self):
        return iter(self.items)

    def __len__(self):
        return len(self.items)

    def __eq__(self, other):
        return ArrayLike()

    __ne__ = __eq__

    def __bool__(self):
        raise ValueError("The truth value of an array is ambiguous")


# won given as a numpy array (a column of a DataFrame) raised that ValueError from inside
# the checks; any iterable of seats is taken as a list of them (not text's bytes, a mapping).
@pytest.mark.parametrize("won, same_as", [
    pytest.param(lambda: ArrayLike("S"), ["S"], id="array-one-seat"),
    pytest.param(lambda: ArrayLike("S", "w"), ["S", "W"], id="array-two-seats"),
    pytest.param(lambda: ArrayLike(), (), id="array-empty"),
    pytest.param(lambda: (s for s in ["N"]), ["N"], id="generator"),
])
def test_won_as_an_array_of_seats(won, same_as):
    for other in ({}, {"discard": "E", "seat": "N" if same_as != ["N"] else "W"}):
        assert score(HAND, win="5p", won=won(), **other).to_dict() == \
            score(HAND, win="5p", won=same_as, **other).to_dict()


# The same array given to a flag, ghosts_drawn or horses let numpy's ValueError through (the
# API audit); booleans in a list of horses were read as tile kinds (False as 1m).
@pytest.mark.parametrize("kwargs, message", [
    pytest.param({"kong_draw": ArrayLike(True, False)}, "--kong-draw takes True or False", id="flag"),
    pytest.param({"declared": ArrayLike()}, "--declared takes True or False", id="flag-empty"),
    pytest.param({"ghosts_drawn": ArrayLike(5, 6)}, "--ghosts-drawn takes a whole number", id="ghosts-drawn"),
    pytest.param({"rules": "guangdong", "opts": {"horses": 2}, "horses": [False, 3]}, "--horses takes tiles in hand notation, not [False, 3]", id="horses-bool"),
    pytest.param({"rules": "guangdong", "opts": {"horses": 1}, "horses": [True]}, "--horses takes tiles in hand notation", id="horses-true"),
])  # noqa: E501
def test_an_array_or_bool_where_it_cannot_stand_is_refused(kwargs, message):
    with pytest.raises(OptionError, match=re.escape(message)):
        score(kwargs.pop("hand", "123m456m789m11p234p" if kwargs.get("rules") else HAND),
              **kwargs)


def test_horses_as_an_array_of_kinds_are_read_as_a_list():
    args = dict(rules="guangdong", opts={"horses": 2})
    assert score("123m456m789m11p234p", horses=ArrayLike(0, 13), **args).to_dict() == \
        score("123m456m789m11p234p", horses=[0, 13], **args).to_dict() == \
        score("123m456m789m11p234p", horses="1m5p", **args).to_dict()


# (100,000 levels: past every Python's limit. From 3.13 repr() quotes 5,000 levels, and the
# option's own error names it then, as `test_hostile` checks of score's arguments.)
def test_load_refuses_an_option_nested_too_deeply():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(InputError, match="^input nested too deeply$"):
        R.load("luzhou", {"cap": deep})


# (The API review: load's own ruleset nested a thousand deep raised RecursionError in its
# message, and an array-like opts numpy's ValueError in `not opts`, where score refused both.)
def test_load_refuses_a_ruleset_nested_too_deeply_and_an_array_as_opts():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(InputError, match="^input nested too deeply$"):
        R.load(deep)
    for call in (lambda: R.load("luzhou", ArrayLike("cap")),
                 lambda: R.ruleset_of(R.load("luzhou"), ArrayLike("cap"))):
        with pytest.raises(OptionError, match="opts maps option names to values, not "
                                              "ArrayLike"):
            call()


# load's annotation said `ref: str`, `opts: dict`, though it takes a pathlib.Path and any
# mapping, as score does: a type checker refused load(Path(...)). Its docstring now says what
# it raises.
@pytest.mark.parametrize("ref, opts", [
    pytest.param("luzhou", None, id="name"),
    pytest.param(shipped_dir() / "luzhou.yaml", None, id="pathlib-Path"),
    pytest.param("luzhou", MappingProxyType({"cap": 100}), id="read-only-mapping"),
])
def test_load_takes_what_its_annotation_says(ref, opts):
    hints = typing.get_type_hints(R.load)
    assert isinstance(ref, typing.get_args(hints["ref"]))
    assert opts is None or isinstance(opts, typing.get_args(hints["opts"]))
    assert R.load(ref, opts).name == "luzhou" and "Raises" in R.load.__doc__


@pytest.mark.parametrize("record, message", [
    pytest.param({1: 2}, "record: a key must be text, not int 1", id="at the top"),
    pytest.param({"seats": {5: "1m"}, "events": []}, "record: seats: a key must be text, not int 5",
                 id="inside seats"),
])
def test_a_key_that_is_not_text_is_named_once(record, message):
    # (At the top of a mapping it read "record: the record: a key must be text".)
    with pytest.raises(InputError) as e:
        settle(record)
    assert str(e.value) == message


class _Seat(str, enum.Enum):
    E = "E"
    S = "S"


# A str Enum's str() is "_Seat.S" (Python 3.11): it was refused as not a seat.
@pytest.mark.parametrize("kwargs, same_as", [
    pytest.param({"seat": _Seat.S}, {"seat": "S"}, id="seat"),
    pytest.param({"won": [_Seat.S]}, {"won": ["S"]}, id="won"),
    pytest.param({"dealer": _Seat.S}, {"dealer": "S"}, id="dealer"),
])
def test_a_seat_given_as_a_str_enum_is_its_value(kwargs, same_as):
    hand = "111m123m456m789m5pC"
    assert score(hand, win="5p", **kwargs).to_dict() == score(hand, win="5p", **same_as).to_dict()


def test_an_empty_seat_beside_a_str_enum_shows_its_value():
    with pytest.raises(OptionError, match='--won "S,": an empty seat in the list'):
        score("111m123m456m789m5pC", win="5p", won=[_Seat.S, ""])


def test_a_seat_list_of_another_type_names_the_type():
    with pytest.raises(OptionError,
                       match=r"--won S: seats are written as text or a list of them, not as \w*Path$"):
        score("111m123m456m789m5pC", won=pathlib.Path("S"))


@pytest.mark.parametrize("command, args", [
    pytest.param("waits", ["123m456m789m11p4pC"], id="waits"),
    pytest.param("settle", [str(pathlib.Path(__file__).resolve().parent.parent / "samples" /
                                "records" / "luzhou-chajiao.yaml")], id="settle"),
])
def test_a_comma_list_of_rulesets_is_refused_as_the_command_refuses_it(command, args):
    # The API said "invalid ruleset: luzhou,guangdong: one ruleset is named here..." (a
    # RulesetError) where the command said "waits takes one --rules..." (an OptionError).
    from click.testing import CliRunner
    from mjscore.cli import cli
    cli_said = CliRunner().invoke(cli, [command, *args, "--rules", "luzhou,guangdong"])
    assert cli_said.exit_code == 2
    with pytest.raises(OptionError) as e:
        getattr(mjscore, command)(*args, "luzhou,guangdong")
    assert cli_said.stderr == f"mjscore: {e.value}\n"
    assert f"{command} takes one --rules" in str(e.value)
