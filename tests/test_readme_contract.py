"""README states CONTRACT's promises ("README documents all of it"), each where a reader of
that part of README looks for it."""

import re
from pathlib import Path

import pytest

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")


def section(heading: str) -> str:
    """README's text under `heading`, up to the next heading of level 2 or 3."""
    start = README.index(f"\n{heading}\n")
    end = re.compile(r"^#{2,3} ", re.M).search(README, start + len(heading) + 2)
    return README[start:end.start() if end else len(README)]


NOTATION, EXIT, BATCH = "## Hand notation", "### Exit codes", "### `mjscore batch FILE...`"


# Each id is CONTRACT's promise; the words are README's for it.
@pytest.mark.parametrize("heading, words", [
    pytest.param(NOTATION, "Letters are case-sensitive", id="letters are case-sensitive"),
    pytest.param(NOTATION, "columns count from 1", id="columns count from 1"),
    pytest.param(EXIT, "or a batch with every record scored", id="0: a batch all scored"),
    pytest.param(EXIT, "or some batch records were not legal", id="1: batch records not legal"),
    pytest.param(BATCH, "An empty file is 0 records, exit 0", id="empty file: 0 records, exit 0"),
])
def test_readme_states_the_contract(heading, words):
    assert words in section(heading)
