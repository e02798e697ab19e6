import pytest

from mjscore import score


@pytest.mark.parametrize("hand, win, value, east", [
    pytest.param("111m123m456m789m5pC", "5p", 5, 15, id="闺 with a ghost"),
], )
def test_smoke(hand, win, value, east):
    r = score(hand, win=win)
    assert (r.value, r.net["E"]) == (value, east)
