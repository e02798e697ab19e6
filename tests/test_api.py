"""The Python API as a script writer uses it (CONTRACT "Python API"): from several threads at
once, and with results and rulesets that stay as they were made."""

from __future__ import annotations

import pytest

from mjscore import score
from mjscore import ruleset as R

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
