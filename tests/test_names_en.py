"""A ruleset's `names: en` (README: which of a pattern's two names stands alone where the
output shows one) reaches the tables' common words too: the Win line's word for a kong
situation the ruleset has no pattern for, the waits table's 花猫 and 查大, and the extras'
payment rows. Exact lines through Click's runner; the Chinese rulesets keep their words."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore.cli import cli

ROB = ["123m456m789m11p3pP2p", "--win", "2p", "--rob-kong", "S"]
KONG_DRAW = ["(1111m) 234p 567p CFP 11s", "--declared", "--kong-draw"]


def house(tmp_path, base: str) -> str:
    p = tmp_path / f"{base}-en.yaml"
    p.write_text(f"extends: {base}\nname: h\nnames: en\n", encoding="utf-8")
    return str(p)


def rules_of(tmp_path, rules: str) -> str:
    """A shipped name, or `en:BASE`: a house file over BASE that says `names: en`."""
    return house(tmp_path, rules[3:]) if rules.startswith("en:") else rules


SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "records"


def out(*args) -> list:
    res = CliRunner().invoke(cli, list(args))
    assert res.exit_code in (0, 1), res.output
    return res.stdout.splitlines()


@pytest.mark.parametrize("rules, args, want", [
    # The guide has no pattern for a discard after a kong (its Kong Penalty is an extra).
    pytest.param("luzhou-guide", ["111m123m456m789m5pC", "--win", "5p", "--discard", "N",
                                  "--after-kong"],
                 "Win:      E on N's discard right after their kong (Kong Penalty) with 5p",
                 id="guide: after a kong"),
    pytest.param("en:guangdong", ROB, "Win:      E robbing S's kong (Robbing the kong) with 2p",
                 id="guangdong names: en: robbing a kong"),
    pytest.param("en:lanzhou", KONG_DRAW, "Win:      E by self-draw on a kong replacement "
                 "(Kong draw) with 1s", id="lanzhou names: en: a kong draw"),
])
def test_the_win_lines_common_word_follows_names(tmp_path, rules, args, want):
    assert want in out("score", *args, "--rules", rules_of(tmp_path, rules))


@pytest.mark.parametrize("args, want", [
    pytest.param([*ROB, "--rules", "guangdong"], "Win:      E robbing S's kong (抢杠) with 2p",
                 id="guangdong: 抢杠"),
    pytest.param([*KONG_DRAW, "--rules", "lanzhou"],
                 "Win:      E by self-draw on a kong replacement (杠上开花) with 1s",
                 id="lanzhou: 杠上开花"),
])
def test_the_chinese_rulesets_keep_their_words(args, want):
    assert want in out("score", *args)


# A hand of three suits: `waits` (13 tiles) says so in its table, `score` (14) in its reason.
@pytest.mark.parametrize("command, hand, rules, want", [
    pytest.param("waits", "111m123p456s789m5m", "luzhou-guide", "Flower Cat: tiles of 3 suits "
                 "(m, p, s); a winning hand holds at most 2 (voided suit); not ready, and at the "
                 "draw pays 40 ke to each other player who has not won and is no Flower Cat, and as "
                 "one not ready 1 ke to each ready player.",
                 id="waits: guide"),
    pytest.param("waits", "111m123p456s789m5m", "luzhou", "花猫 (flower cat): tiles of 3 suits "
                 "(m, p, s); a winning hand holds at most 2 (缺门); not ready, and at 查叫 pays "
                 "40 颗 to each other player who has not won and is no 花猫.", id="waits: luzhou"),
    # At a win the hand breaks the suit rule: 花猫 is the seeds' word at the draw alone.
    pytest.param("score", "111m123p456s789m55m", "luzhou-guide", "  - tiles of 3 suits (m, p, "
                 "s); a winning hand holds at most 2 (voided suit)",
                 id="score reason: guide"),
    pytest.param("score", "111m123p456s789m55m", "luzhou", "  - tiles of 3 suits (m, p, s); "
                 "a winning hand holds at most 2 (缺门)", id="score reason: luzhou"),
])
def test_a_flower_cat_is_named_as_the_ruleset_does(command, hand, rules, want):
    assert want in out(command, hand, "--rules", rules)


def test_waits_names_the_best_wait_in_english(tmp_path):
    assert "The best wait, collected at a draw: 10 颗" in \
        out("waits", "123m456m789m11p2p3p", "--rules", house(tmp_path, "luzhou"))


@pytest.mark.parametrize("rules, args, want", [
    pytest.param("en:luzhou", ["123m456m11p1pCCCCC", "--win", "1p", "--opt", "ghosts=8"],
                 "S       E           10  Ghost bonus: 5 ghosts drawn", id="luzhou 喜钱"),
    pytest.param("en:guangdong", [*ROB, "--opt", "horses=2", "--horses", "1mN"],
                 "S       E            6  Horses: horse tile 1m names seat E, 2 for each of 3 shares", id="guangdong 买马"),
    pytest.param("luzhou", ["123m456m11p1pCCCCC", "--win", "1p", "--opt", "ghosts=8"],
                 "S       E           10  喜钱: 5 ghosts drawn", id="luzhou itself: 喜钱"),
    pytest.param("luzhou-guide", ["111m123m456m789m5pC", "--win", "5p", "--discard", "N",
                                  "--after-kong"],
                 "N       E           10  Kong Penalty", id="the guide: Kong Penalty"),
])
def test_an_extras_row_is_named_as_the_ruleset_names(tmp_path, rules, args, want):
    assert want in out("score", *args, "--rules", rules_of(tmp_path, rules))


def test_settle_names_a_ghost_bonus_in_english(tmp_path):
    p = tmp_path / "r.yaml"
    p.write_text(f"rules: {house(tmp_path, 'luzhou')}\nopts: {{ghosts: 8}}\nseats: {{}}\n"
                 "events: [{ghosts: E, drawn: 5}]\n", encoding="utf-8")
    assert "S       E           10  Ghost bonus: 5 ghosts drawn" in out("settle", str(p))


def test_the_guides_draw_takes_its_words():
    text = "\n".join(out("settle", str(SAMPLES / "guide-draw-flower-cat.yaml")))
    for said in ("wall exhausted (hands checked): E not ready, S ready, W ready, N Flower Cat",
                 "Flower Cat pays"):
        assert said in text, text
