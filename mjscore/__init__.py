"""mjscore: a mahjong scoring calculator for regional Chinese rules with ghost tiles.

score(hand, rules="luzhou", *, win=None, seat="E", discard=None, ...) -> Result
    Score one winning hand, as `mjscore score` does.
waits(hand, rules="luzhou", *, seat="E", indicator=None, opts=None) -> WaitsResult
    Whether a hand one tile short is ready, on which tiles, worth what (`mjscore waits`).
settle(record, rules=None, *, opts=None) -> SettleResult
    Settle a whole hand from a record of its events (`mjscore settle`).

Results are frozen dataclasses; each one's `to_dict()` is its command's `--format json`.
A Result's `legal`, `reasons`, `value`, `raw` (the JSON's `raw_value`), `cap`, `patterns`
(each with `id`, `name`, `en`, `effect`, and `count`, which the JSON leaves out),
`decomposition`, `payments` (each with `frm`, the JSON's `from`, `to`, `amount`, `why`) and
`net` hold what the JSON's fields of those names do. Bad input raises MjscoreError, whose
subclasses are NotationError (the hand), RulesetError (a ruleset), OptionError (an option)
and InputError (a file or record); `str(e)` is the one-line message the command prints.

>>> from mjscore import score
>>> score("111m123m456m789m5pC", win="5p").value
5
"""

from .errors import InputError, MjscoreError, NotationError, OptionError, RulesetError

__version__ = "0.1.0"
__all__ = ["score", "waits", "settle", "Result", "WaitsResult", "SettleResult", "MjscoreError",
           "NotationError", "OptionError", "RulesetError", "InputError", "__version__"]

# The scoring engine is imported on first use, so that `mjscore --help` and the error
# classes cost no more than they must (the CLI's start-up time is a product feature).
_LAZY = {"score": ("api", "score"), "Result": ("result", "Result"), "waits": ("ready", "waits"),
         "WaitsResult": ("ready", "WaitsResult"), "settle": ("whole_hand", "settle"),
         "SettleResult": ("settled", "SettleResult")}


def __getattr__(name: str):
    """score, waits, settle and their results, imported on first use."""
    if name in _LAZY:
        import importlib
        module, attr = _LAZY[name]
        value = getattr(importlib.import_module(f".{module}", __name__), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'mjscore' has no attribute {name!r}")


def __dir__() -> list:
    """The module's names, those imported on first use included (help(), tab completion)."""
    return sorted(set(globals()) | set(__all__))
