"""四鬼 only at the start (research 2.12, GG), guangdong's house option `full_ghost_at_start`,
off by default (G5: 满鬼 whenever the fourth ghost is drawn). On, 满鬼 is won on the dealt hand
(--heavenly) or the first draw (--earthly), whatever the tile; past the start the ghosts are
wild tiles like any others, in `score`, `waits` and `settle` alike. The rule is data:
`ghosts.full_ghost_at_start`. Off, the two flags say a seat was dealt its ghosts: it had no
turn before, so it wins 满鬼 on whatever tile it first draws (a review's: a seat dealt all four
could not settle its win at all)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from mjscore import score, settle, waits
from mjscore.cli import cli
from mjscore.errors import MjscoreError, OptionError

GD = "guangdong"
ON = {"full_ghost_at_start": True}
FOUR = "123m456m789m1pPPPP"  # four 白 ghosts; also four sets and a pair with them wild
LOOSE = "19m19p19sEWNPPPPS"  # four 白 ghosts and nothing else that wins
LATE = ("满鬼 (every ghost concealed) wins only at the start here (option full_ghost_at_start): "
        "on the dealt hand (--heavenly, the dealer) or the first draw (--earthly, another seat)")


def run(*args):
    return CliRunner().invoke(cli, list(args))


# (hand, score's keywords, legal, the patterns, every seat's net)
@pytest.mark.parametrize("hand, kw, legal, names, net", [
    pytest.param(FOUR, {"win": "P"}, True, ["满鬼"], {"E": 6, "S": -2, "W": -2, "N": -2},
                 id="off: drawing the fourth ghost wins (G5)"),
    pytest.param(FOUR, {"win": "1p"}, False, [], {"E": 0, "S": 0, "W": 0, "N": 0},
                 id="off: held before another tile, won before it"),
    pytest.param(FOUR, {"win": "1p", "heavenly": True}, True, ["满鬼"],
                 {"E": 6, "S": -2, "W": -2, "N": -2}, id="off, dealt to the dealer: any tile"),
    pytest.param(LOOSE, {"earthly": True, "seat": "S"}, True, ["满鬼"],
                 {"E": -2, "S": 6, "W": -2, "N": -2}, id="off, dealt to S: its first draw"),
    pytest.param(FOUR, {"win": "P", "opts": ON}, True, ["胡牌"],
                 {"E": 6, "S": -2, "W": -2, "N": -2}, id="on, past the start: a plain win"),
    pytest.param(FOUR, {"win": "1p", "opts": ON}, True, ["胡牌"],
                 {"E": 6, "S": -2, "W": -2, "N": -2}, id="on, past the start: no won-before"),
    pytest.param(FOUR, {"win": "1p", "opts": ON, "heavenly": True}, True, ["满鬼"],
                 {"E": 6, "S": -2, "W": -2, "N": -2}, id="on, dealt hand: any tile"),
    pytest.param(LOOSE, {"opts": ON, "heavenly": True}, True, ["满鬼"],
                 {"E": 6, "S": -2, "W": -2, "N": -2}, id="on, dealt hand: whatever the rest"),
    pytest.param(LOOSE, {"opts": ON, "earthly": True, "seat": "S"}, True, ["满鬼"],
                 {"E": -2, "S": 6, "W": -2, "N": -2}, id="on, first draw of S"),
    pytest.param(LOOSE, {"opts": {"full_ghost_at_start": "true"}, "earthly": True, "seat": "W",
                         "dealer": "S"}, True, ["满鬼"], {"E": -2, "S": -2, "W": 6, "N": -2},
                 id="on as text, W's first draw, S the dealer"),
    pytest.param(LOOSE, {"opts": ON}, False, [], {"E": 0, "S": 0, "W": 0, "N": 0},
                 id="on, past the start: no reading"),
    pytest.param("123m456m789m11pPPP", {"opts": ON, "heavenly": True}, True, ["胡牌"],
                 {"E": 6, "S": -2, "W": -2, "N": -2}, id="on, dealt hand of three ghosts"),
    pytest.param("1m1m9m234p567sEEEW9m", {"opts": {**ON, "flip_ghosts": 2}, "indicator": "8m",
                                         "heavenly": True}, True, ["满鬼"],
                 {"E": 6, "S": -2, "W": -2, "N": -2}, id="翻双鬼: four of the eight, dealt"),
    pytest.param("1m1m9m234p567sEEEW9m", {"opts": {**ON, "flip_ghosts": 2}, "indicator": "8m"},
                 True, ["胡牌"], {"E": 6, "S": -2, "W": -2, "N": -2},
                 id="翻双鬼: four of eight, late: wild, four sets and a pair"),
])
def test_full_ghost_at_start(hand, kw, legal, names, net):
    r = score(hand, GD, **kw)
    assert r.legal is legal, r.reasons
    assert [h.name for h in r.patterns] == names
    assert dict(r.net) == net


def test_past_the_start_a_hand_of_four_ghosts_says_why_it_did_not_win_by_them():
    assert score(LOOSE, GD, opts=ON).reasons == (
        "not a winning hand: no reading as four sets and a pair with the ghosts standing for "
        "allowed tiles", LATE)
    # (Off, the reason is G5's: won when the last ghost was drawn.)
    assert "won before this tile" in score(LOOSE, GD).reasons[0]


@pytest.mark.parametrize("kw, message", [
    pytest.param({"earthly": True},
                 "--earthly is a non-dealer's win: the winner E is the dealer",
                 id="off: --earthly for the dealer"),
    pytest.param({"heavenly": True, "seat": "S"},
                 "--heavenly is the dealer's win: the winner S is not the dealer E",
                 id="off: --heavenly for another seat"),
    pytest.param({"earthly": True, "opts": ON},
                 "--earthly is a non-dealer's win: the winner E is the dealer",
                 id="on: --earthly for the dealer"),
    pytest.param({"heavenly": True, "discard": "S", "opts": ON},
                 "--heavenly is won on the dealt hand, not on a discard", id="on: on a discard"),
])
def test_the_start_flags_refused(kw, message):
    with pytest.raises(OptionError) as e:
        score(LOOSE, GD, **kw)
    assert str(e.value) == "invalid option: " + message


def test_the_command_line():
    res = run("score", LOOSE, "--rules", GD, "--opt", "full_ghost_at_start=true", "--earthly",
              "--seat", "S", "--format", "json")
    assert res.exit_code == 0, res.output
    assert '"value": 2' in res.stdout and '"id": "manggui"' in res.stdout
    res = run("score", LOOSE, "--rules", GD, "--opt", "full_ghost_at_start=true")
    assert res.exit_code == 1
    assert f"  - {LATE}" in res.stdout.splitlines()
    res = run("score", LOOSE, "--rules", GD, "--heavenly", "--format", "json")
    assert res.exit_code == 0, res.output
    assert '"value": 2' in res.stdout and '"id": "manggui"' in res.stdout
    res = run("score", LOOSE, "--rules", GD, "--seat", "S")
    assert res.exit_code == 1
    assert res.stdout.splitlines()[4].endswith(
        "so this hand was won before this tile; write a ghost as the winning tile (--win P), "
        "or, where they were dealt, --earthly (won on the first draw)")


# (13 tiles, options, ready, the ghosts left to draw, 满鬼 held or drawn)
@pytest.mark.parametrize("hand, opts, ready, ghost, full", [
    pytest.param("19m19p19sESWNPPP", None, True, "P", True, id="off: ready on the last ghost"),
    pytest.param("19m19p19sESWNPPP", ON, False, "P", False, id="on: no 满鬼 to wait for"),
    pytest.param("19m19p19sEWNPPPP", None, False, None, True, id="off: 满鬼 held, not ready"),
    pytest.param("19m19p19sEWNPPPP", ON, False, None, False, id="on: four wild ghosts"),
    pytest.param("123m456m789m1pPPP", ON, True, "P", False, id="on: ready as before"),
])
def test_waits_reads_a_hand_past_the_start(hand, opts, ready, ghost, full):
    w = waits(hand, GD, opts=opts)
    assert (w.ready, w.ghost, w.full_ghost) == (ready, ghost, full)


EARTHLY = """\
rules: guangdong
opts: {full_ghost_at_start: true}
dealer: E
seats:
  S: "19m19p19sEWNPPPPC"
events:
"""


@pytest.mark.parametrize("events, net, reasons", [
    pytest.param("  - {win: S, tile: C, earthly: true}\n",
                 {"E": -2, "S": 6, "W": -2, "N": -2}, (), id="the first draw's 满鬼"),
    pytest.param("  - {discard: E, tile: 2m}\n  - {win: S, tile: C}\n",
                 {"E": 0, "S": 0, "W": 0, "N": 0},
                 ("event 2: S's win is not legal: not a winning hand: no reading as four sets "
                  "and a pair with the ghosts standing for allowed tiles; 满鬼 (every ghost "
                  "concealed) wins only at the start here (option full_ghost_at_start): on the "
                  "dealt hand (heavenly: true, the dealer) or the first draw (earthly: true, "
                  "another seat)",), id="past the start: the record's own words"),
])
def test_settle(tmp_path, events, net, reasons):
    path = tmp_path / "hand.yaml"
    path.write_text(EARTHLY + events, encoding="utf-8")
    r = settle(str(path))
    assert dict(r.net) == net
    assert (r.legal, r.reasons) == (not reasons, reasons)


DEALT = """\
rules: guangdong
dealer: N
seats: {E: "PPPP 11m 6p 8p 233s E W 1s"}
events: [{draw: N, tile: 8s}, {discard: N, tile: C}, {draw: E, tile: 1s}, {win: E, tile: 1s%s}]
"""


# A seat dealt all four ghosts wins 满鬼 on its first draw, whatever the tile (G5: "wins on the
# spot"; it had no turn before). Found by a review's simulated games: the reason said to write
# the win on a ghost, and the record then said the tile drawn was 1s.
@pytest.mark.parametrize("flag, net, reasons", [
    pytest.param(", earthly: true", {"E": 6, "S": -2, "W": -2, "N": -2}, (),
                 id="earthly: its first draw"),
    pytest.param("", {"E": 0, "S": 0, "W": 0, "N": 0},
                 ("event 4: E's win is not legal: all 4 ghosts (P) are concealed: 满鬼 (every "
                  "ghost concealed) is won on drawing the last ghost, so this hand was won "
                  "before this tile; write a ghost as the winning tile (tile: P), or, where they "
                  "were dealt, earthly: true (won on the first draw)",), id="the flag named"),
])
def test_settle_a_seat_dealt_four_ghosts(tmp_path, flag, net, reasons):
    path = tmp_path / "hand.yaml"
    path.write_text(DEALT % flag, encoding="utf-8")
    r = settle(str(path))
    assert dict(r.net) == net
    assert (r.legal, r.reasons) == (not reasons, reasons)


def test_settle_refuses_earthly_after_the_winners_own_turn(tmp_path):
    # Dealt them, the seat wins at its first draw: a later one is past it (won before).
    path = tmp_path / "hand.yaml"
    path.write_text(DEALT.replace("{draw: E, tile: 1s}", "{draw: E, tile: 9s}, "
                                  "{discard: E, tile: 9s}, {draw: E, tile: 1s}") % ", earthly: true",
                    encoding="utf-8")
    with pytest.raises(MjscoreError, match="earthly: E wins on its first tile, but"):
        settle(str(path))


@pytest.mark.parametrize("house, note", [
    pytest.param("extends: guangdong\noptions: {full_ghost_at_start: {default: true}}\n"
                 "context: [discard, kong_draw, rob_kong, indicator, horses]\n",
                 "ghosts.full_ghost_at_start leaves 满鬼 never won: context: takes neither "
                 "heavenly nor earthly (--heavenly, --earthly), which say a hand is at the start",
                 id="no flag to say the start"),
    pytest.param("extends: luzhou\nghosts: {full_ghost_at_start: true}\n",
                 "ghosts.full_ghost_at_start does nothing: there is no 满鬼 "
                 "(ghosts.full_ghost_win)", id="no 满鬼"),
])
def test_rules_check_notes(tmp_path, house, note):
    path = tmp_path / "house.yaml"
    path.write_text(house, encoding="utf-8")
    res = run("rules", "check", str(path))
    assert res.exit_code == 0, res.output
    assert note in res.stdout


def test_batch_records(tmp_path):
    rec = '{"hand": "%s", "rules": "guangdong", "seat": "S"%s}\n'
    on = ', "opts": {"full_ghost_at_start": true}'
    path = tmp_path / "hands.jsonl"
    path.write_text(rec % (LOOSE, on + ', "earthly": true') + rec % (LOOSE, on)
                    + rec % (LOOSE, ', "earthly": true') + rec % (LOOSE, ""), encoding="utf-8")
    res = run("batch", str(path), "--format", "csv")
    rows = res.stdout.splitlines()[1:]
    assert [r.split(",")[4:6] for r in rows] == [["true", "2"], ["false", "0"], ["true", "2"],
                                                 ["false", "0"]]
    assert "wins only at the start here (option full_ghost_at_start): on the dealt hand " \
           "(heavenly, the dealer) or the first draw (earthly, another seat)" in rows[1]
    # (Off, dealt them: the record's own word for the flag that says so.)
    assert "write a ghost as the winning tile (win P), or, where they were dealt, earthly " \
           "(won on the first draw)" in rows[3]


HOUSE = "extends: guangdong\noptions: {full_ghost_at_start: {default: true}}\ncontext: " \
        "[discard, kong_draw, rob_kong, indicator, horses%s]\n"


@pytest.mark.parametrize("context, said", [
    pytest.param(", heavenly", ": on the dealt hand (--heavenly, the dealer)",
                 id="only the flag the file takes"),
    pytest.param("", ", and nothing here says a hand is at the start (context: takes neither "
                     "heavenly nor earthly)", id="neither flag taken"),
])
def test_a_house_file_names_the_flags_it_takes(tmp_path, context, said):
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE % context, encoding="utf-8")
    assert score(LOOSE, str(path)).reasons[1] == \
        "满鬼 (every ghost concealed) wins only at the start here (option full_ghost_at_start)" \
        + said
    ghosts = next(x for x in run("rules", "show", str(path)).stdout.splitlines()
                  if x.startswith("Ghosts:"))
    assert ghosts.endswith("holding all concealed wins (满鬼) only at the start, whatever the "
                           "tile" + said)


def test_no_full_ghost_reads_no_start_flag(tmp_path):
    # With 满鬼 taken out, the option reads nothing, and a flag listed for it would do nothing.
    path = tmp_path / "house.yaml"
    path.write_text("extends: guangdong\nghosts: {full_ghost_win: null, full_ghost_at_start: "
                    "true}\ncontext: [discard, kong_draw, rob_kong, indicator, horses, heavenly]\n",
                    encoding="utf-8")
    res = run("rules", "check", str(path))
    assert res.exit_code == 2
    assert 'context: "heavenly" is read by nothing in this ruleset' in res.stderr
