"""Checks of settle's that reviews (mutation testing, 2026-12-07) found no test holding: each
record settles as written here, and the check broken (the mutant named beside it) settled it
otherwise. One record a case: (house file or none, record, legal, net, reasons, skipped) or
the one-line error it is refused with."""

from __future__ import annotations

import pytest

from mjscore import settle
from mjscore.errors import MjscoreError

ONE_WINNER = "extends: luzhou\nname: luzhou-one\nplay: {one_winner_per_discard: true}\n"
THREE_WINNERS = "extends: guangdong\nname: gd3\nplay: {max_winners: 3}\n"
Z = {"E": 0, "S": 0, "W": 0, "N": 0}


def _settle(tmp_path, house, record):
    if house:
        (tmp_path / "house.yaml").write_text(house, encoding="utf-8")
        record = record.replace("rules: HOUSE", f"rules: {tmp_path / 'house.yaml'}")
    path = tmp_path / "hand.yaml"
    path.write_text(record, encoding="utf-8")
    return settle(str(path))


@pytest.mark.parametrize("house, record, legal, net, reasons, skipped", [
    # One winner per discard takes W's discard, not its robbed kong: a robbing win after it
    # is another tile's (win_event: `not f.get("rob_kong")`).
    pytest.param(ONE_WINNER, """\
rules: HOUSE
seats: {N: "123p456s789s 22s 46p 5p", S: "234s567s789s 55s 11m 1m"}
events:
  - {win: S, tile: 1m, from: W}
  - {win: N, tile: 5p, from: W, rob_kong: true}
""", True, {"E": 0, "S": 5, "W": -15, "N": 10}, (), (), id="a robbed kong after a discard won"),
    # The same, the drawn tile in the hand: any tile of it is won on.
    pytest.param(None, """\
rules: luzhou
seats: {E: "123m456m789m11p2pCC"}
events: [{draw: E, tile: 2p}, {win: E, tile: C, heavenly: true}]
""", True, {"E": 120, "S": -40, "W": -40, "N": -40}, (), (), id="heavenly with its draw held"),
    # The hand ends at its last winner's event, not its first.
    pytest.param(None, """\
rules: luzhou
seats: {N: "123p456s789s 22s 46p 5p", S: "234s567s789s 11s 55p 5p", E: "123m456m789m 11m 46p 5p"}
events:
  - {win: S, tile: 5p, from: W}
  - {win: N, tile: 5p, from: W}
  - {win: E, tile: 5p, from: W}
  - {draw: W, tile: 1m}
""", False, {"E": 5, "S": 5, "W": -15, "N": 5},
        ("event 4: the hand ended at event 3 (3 players have won, the most luzhou lets win a "
         "hand)",), (), id="ended at the last of three winners"),
    # Horses count against the copies on the table: W's pong of 2m and a 2m horse make four,
    # not five (win_event: `n > copies`).
    pytest.param(None, """\
rules: guangdong
opts: {horses: 2}
seats: {S: "345m 55m 567p 345s 67s P"}
events:
  - {call: W, kind: pong, tile: 2m, from: N}
  - {win: S, tile: P, horses: "2m9m"}
""", True, {"E": -4, "S": 12, "W": -4, "N": -4}, (), (), id="a horse makes the fourth copy"),
    # Several winners a hand where the ruleset allows them, each a self-draw.
    pytest.param(THREE_WINNERS, """\
rules: HOUSE
seats: {S: "345m 55m 567p 345s 67s P", N: "678m 11p 234p 678s 22s 2s"}
events:
  - {win: S, tile: P}
  - {win: N, tile: 2s}
""", True, {"E": -6, "S": 2, "W": -6, "N": 10}, (), (), id="two self-draws, three allowed"),
    # A self-draw after the winner's kong claimed from a discard follows the kong's
    # replacement: no draw left out of the log (win_event: `kind != "kong"`).
    pytest.param(None, """\
rules: lanzhou
seats: {S: "[9s9s9s9s] 234s567s 11s 55p 5p"}
events:
  - {call: S, kind: kong, tile: 9s, from: E}
  - {declare: S}
  - {win: S, tile: 5p}
""", True, {"E": -2, "S": 6, "W": -2, "N": -2}, (),
        ("S's locked wait (declared at event 2) is not checked at its win, event 3: the declare "
         "event names no tiles (waits:)",), id="a self-draw after a claimed kong"),
    # A seat listed twice on one discard: its first listing is its claim (here not declared),
    # not the later one's declared: true (which settled the win and refused the first as
    # though the seat had won before it).
    pytest.param(None, """\
rules: lanzhou
seats: {N: "123m456m789m EE 46p 5p"}
events:
  - {win: N, tile: 5p, from: W}
  - {win: N, tile: 5p, from: W, declared: true}
""", False, Z, ("event 1: N's win is not legal: not declared (报章): a win needs declared: true, "
                "or a declare event before it",), (), id="listed twice, the first undeclared"),
])
def test_settled(tmp_path, house, record, legal, net, reasons, skipped):
    r = _settle(tmp_path, house, record)
    assert (r.legal, dict(r.net), r.reasons, r.skipped) == (legal, net, reasons, skipped)


@pytest.mark.parametrize("record, error", [
    # 地胡 on the dealer's first discard: before the winner's own first draw.
    pytest.param("""\
rules: luzhou
seats: {S: "234s567s789s 11s 55p 5p"}
events:
  - {draw: S, tile: 9m}
  - {discard: E, tile: 5p}
  - {win: S, tile: 5p, from: E, earthly: true}
""", "event 3: earthly: S wins on its first tile, E's first discard, but event 1 (S's draw) "
        "came before it", id="earthly after the winner's draw"),
    # 天胡 before any turn: a pass of another's discard is one.
    pytest.param("""\
rules: luzhou
seats: {E: "234s567s789s 11s 55p 5p"}
events:
  - {pass: E, tile: 5p, from: S}
  - {win: E, tile: 5p, heavenly: true}
""", "event 2: heavenly: the dealer wins on the dealt hand, before any turn, but event 1 (E's "
        "pass) came before it", id="heavenly after a pass"),
    # 天胡 wins on any tile of the dealt hand, and a draw written for the dealer's fourteenth
    # tile is one of them: a hand without it was paid (a review's).
    pytest.param("""\
rules: luzhou
seats: {E: "123m456m789m11p2pCC"}
events: [{draw: E, tile: 3p}, {win: E, tile: C, heavenly: true}]
""", "event 2: heavenly: the dealer wins on the dealt hand, but the tile it drew at event 1, 3p, "
        "is not in E's hand: a 天胡 holds every tile dealt it", id="heavenly without its draw"),
    # A pong shown with no call written still holds its three copies: with W's drawn and
    # discarded 5p and S's, five.
    pytest.param("""\
rules: lanzhou
seats: {E: "123s456s789s EE 11p 1p", S: "234s567s789s WW 5p 9p", W: "[5p5p5p] 123m 456m 789m 9m"}
events:
  - {declare: E}
  - {draw: W, tile: 5p}
  - {discard: W, tile: 5p}
  - {win: E, tile: 1p}
""", "event 3 (discard): the draws and discards of 5p make 5 copies of it across the table "
        "(lanzhou has 4; S keeps 1 and W 3 to the end)", id="a fifth copy beside a pong"),
])
def test_refused(tmp_path, record, error):
    with pytest.raises(MjscoreError) as e:
        _settle(tmp_path, None, record)
    assert str(e.value).endswith(error)
