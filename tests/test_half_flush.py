"""混一色 (half flush), the pattern `half_flush`: every tile of one suit or an honour, with an
honour among them. No shipped ruleset counts it (no seed names it, and research 2.7 leaves
Guangdong's big hands unvalued, MQ doubling them as an option); a house file adds it with the
value its table plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjscore import score

HOUSE = """\
extends: guangdong
name: gd-hunyise
patterns:
  hunyise: {pattern: half_flush, name: 混一色, en: Half flush, multiply: 2}
"""


@pytest.fixture(scope="module")
def house(tmp_path_factory) -> str:
    path: Path = tmp_path_factory.mktemp("house") / "gd-hunyise.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    return str(path)


# (hand, value, the patterns named): base 2, x2 with no ghost (无鬼加倍), x2 混一色
@pytest.mark.parametrize("hand, value, names", [
    pytest.param("123m456m789mEEE11m", 8, ["胡牌", "无鬼加倍", "混一色"], id="one suit and E"),
    pytest.param("123m456m789m234m11m", 4, ["胡牌", "无鬼加倍"], id="one suit, no honour"),
    pytest.param("123m456m789pEEE11m", 4, ["胡牌", "无鬼加倍"], id="two suits and E"),
    pytest.param("EEESSSWWWNNNCC", 4, ["胡牌", "无鬼加倍"], id="honours alone"),
    pytest.param("123m456m789mEE11mP", 4, ["胡牌", "混一色"], id="the ghost as an honour"),
    pytest.param("123m456m789m11m23mP", 2, ["胡牌"], id="the ghost as a suit tile"),
    pytest.param("[EEE] 123s456s789s11s", 8, ["胡牌", "无鬼加倍", "混一色"],
                 id="the honour in a pong"),
])
def test_half_flush(house, hand, value, names):
    r = score(hand, house)
    assert r.legal, r.reasons
    assert (r.value, [h.name for h in r.patterns]) == (value, names)


def test_not_counted_where_no_ruleset_asks():
    r = score("123m456m789mEEE11m", "guangdong")
    assert (r.value, [h.name for h in r.patterns]) == (4, ["胡牌", "无鬼加倍"])
