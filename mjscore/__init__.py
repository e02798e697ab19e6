"""mjscore: a mahjong scoring calculator for regional Chinese rules with ghost tiles.

>>> from mjscore import score
>>> score("111m123m456m789m5pC", win="5p").value
5
"""

from .errors import InputError, MjscoreError, NotationError, OptionError, RulesetError

__version__ = "0.1.0"
__all__ = ["score", "waits", "settle", "Result", "MjscoreError", "NotationError", "OptionError",
           "RulesetError", "InputError", "__version__"]

# The scoring engine is imported on first use, so that `mjscore --help` and the error
# classes cost no more than they must (the CLI's start-up time is a product feature).
_LAZY = {"score": ("api", "score"), "Result": ("api", "Result"), "waits": ("ready", "waits"),
         "settle": ("whole_hand", "settle")}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib
        module, attr = _LAZY[name]
        value = getattr(importlib.import_module(f".{module}", __name__), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'mjscore' has no attribute {name!r}")
