"""mjscore: a mahjong scoring calculator for regional Chinese rules with ghost tiles.

>>> from mjscore import score
>>> score("111m123m456m789m5pC", win="5p").value
5
"""

from .api import Result, score
from .waits import waits
from .whole_hand import settle
from .errors import InputError, MjscoreError, NotationError, OptionError, RulesetError

__version__ = "0.1.0"
__all__ = ["score", "waits", "settle", "Result", "MjscoreError", "NotationError", "OptionError", "RulesetError",
           "InputError", "__version__"]
