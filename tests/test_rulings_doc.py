"""docs/RULINGS.md defines every ruling id the shipped rulesets cite: `rules show` and
`score --explain` print the ids, and a reader looks them up there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mjscore.ruleset import load
from mjscore.ruleset_files import shipped_names

DOC = Path(__file__).resolve().parent.parent / "docs" / "RULINGS.md"
DEFINED = set(re.findall(r"^- ([LEGZ]\d+) ", DOC.read_text(encoding="utf-8"), re.M))


def cited(data) -> set:
    """Every ruling id a ruleset's data cites: its `rulings:` list and each `ruling:`."""
    out = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "ruling" and isinstance(value, str):
                out.update(re.findall(r"[LEGZ]\d+", value))
            elif key == "rulings":
                out.update(value)
            else:
                out |= cited(value)
    elif isinstance(data, list):
        for value in data:
            out |= cited(value)
    return out


@pytest.mark.parametrize("name", sorted(shipped_names()))
def test_every_ruling_a_shipped_ruleset_cites_is_defined(name):
    ids = cited(load(name).data)
    assert ids and ids <= DEFINED, sorted(ids - DEFINED)


def test_the_doc_defines_each_rulesets_rulings():
    assert {i[0] for i in DEFINED} == set("LEGZ") and len(DEFINED) >= 38
