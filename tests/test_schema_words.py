"""A house ruleset's schema errors in the file's terms (`words.schema_text`), from
`rules check`: where the value is wrong and what is wrong with it, one line, exit 2."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from mjscore.cli import cli


def check(tmp_path, body: str):
    (tmp_path / "h.yaml").write_text(f"name: house\nextends: luzhou\n{body}\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["rules", "check", str(tmp_path / "h.yaml")])
    return res.exit_code, res.stderr.strip().removeprefix(
        f"mjscore: invalid ruleset: {tmp_path / 'h.yaml'}: ")


FLAGS = ("discard, kong_draw, kong_from, after_kong, rob_kong, won, declared, heavenly, "
         "earthly, ghosts_drawn, indicator or horses")

# id: (what the house file adds to luzhou, what rules check says after the file's name)
WORDS = {
    "true is not the number 1": ("tiles: {suits: [1, true, 1]}",
                                 "tiles.suits: the number 1 is listed twice"),
    "a suit twice": ("tiles: {suits: [m, p, m]}", 'tiles.suits: the text "m" is listed twice'),
    "unhashable items": ("hand: {concealed_sets: [[1], [1]]}",
                         "hand.concealed_sets: a list is listed twice"),
    # Lists where a second copy would change nothing, refused as tiles.honours' are (they
    # were accepted: a slip the file's author would want to hear of).
    "a ghost tile twice": ("ghosts: {tiles: [C, C]}", 'ghosts.tiles: the text "C" is listed twice'),
    "a context twice": ("context: [discard, discard]",
                        'context: the text "discard" is listed twice'),
    # Its option's own minimum (0): below it, a discard win of any value passed, as at 0.
    "a negative least discard win": ("value: {min_discard_win: -5}",
                                     "value.min_discard_win: must be at least 0, not the number -5"),
    # A oneOf where the value is the kind of one form only: what is wrong inside that form
    # (it said "a mapping is none of the forms allowed here").
    "an extra missing its names": ("extras: {x: {rule: ghost_bonus}}",
                                   "extras.x.name: missing: extras.x needs rule, name and en"),
    "an option reference to a number": ("value: {cap: {option: 5}}",
                                        "value.cap.option: must be text, not the number 5"),
    "minProperties": ("context: [{}]", "context.0: must not be empty"),
    "a pattern that is no mapping": ("patterns: {foo: 5}", "patterns.foo: must be a pattern "
                                     "(a mapping) or nothing, not the number 5"),
    "a pattern that is a list": ("patterns: {foo: [a]}", "patterns.foo: must be a pattern "
                                 "(a mapping) or nothing, not a list"),
    # No form is the value's kind: each form named (it said "the number 5 is none of the
    # forms allowed here", and the same of a misspelt context flag, naming none).
    "no form is the value's kind": ("extras: {x: 5}",
                                    "extras.x: must be nothing or a mapping, not the number 5"),
    "a context flag misspelt": ("context: [declard]", f'context.0: must be {FLAGS}, not the text '
                                '"declard"'),
    "a context flag misspelt as a key": ("context: [{declard: true}]", f"context.0: must be "
                                         f'{FLAGS}, not the text "declard"'),
    "a context item of no form": ("context: [5]", "context.0: must be a mapping or one of "
                                  f"{FLAGS.replace(' or ', ', ')}, not the number 5"),
    # A pattern the schema spells as a regular expression, said as what it stands for.
    "a tile": ("ghosts: {indicator: 5x}", "ghosts.indicator: must be a tile (1m to 9s, or one "
               'of E S W N C F P), not the text "5x"'),
}


@pytest.mark.parametrize("body, said", [pytest.param(*v, id=k) for k, v in WORDS.items()])
def test_schema_words(tmp_path, body, said):
    assert check(tmp_path, body) == (2, said)


@pytest.mark.parametrize("items, said", [
    pytest.param([1, True, 1], "the number 1 is listed twice", id="true is not 1"),
    pytest.param([1, 1.0], "the number 1.0 is listed twice", id="1.0 is 1 to the schema"),
    pytest.param([{"a": [1]}, {"a": [1]}], "a mapping is listed twice", id="unhashable"),
])
def test_listed_twice_names_the_item_the_schema_found_twice(items, said):
    import jsonschema

    from mjscore.words import schema_text
    err = next(jsonschema.Draft202012Validator({"uniqueItems": True}).iter_errors(items))
    assert schema_text(err, "a list") == ([], said)


def test_a_name_is_said_in_words_not_as_its_regular_expression(tmp_path):
    (tmp_path / "h.yaml").write_text("name: Big House\nextends: luzhou\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["rules", "check", str(tmp_path / "h.yaml")])
    assert (res.exit_code, res.stderr.strip()) == (2, (
        f"mjscore: invalid ruleset: {tmp_path / 'h.yaml'}: name: must be a name of small "
        'letters, digits, _ and - (starting with a letter or digit), not the text "Big House"'))
