"""Frozen results: dataclasses made quickly (a few per hand scored), read-only mappings that
pickle, and the read-only trees a compiled ruleset holds."""

from __future__ import annotations

import copyreg
from dataclasses import fields
from types import MappingProxyType


def read_only(mapping: dict) -> MappingProxyType:
    """A read-only view of `mapping` (a result's `net`, a kong payment), as results hold them.

    A mappingproxy cannot be pickled on its own, so a result holding one could not be sent
    between processes (`multiprocessing.Pool().map(score, hands)`) or deep-copied. Registered
    here, beside the one function every result's views are made by: this is what they are
    pickled as (a copy of the mapping, viewed again), and importing any module that makes
    them registers it, in the process that unpickles too."""
    return MappingProxyType(mapping)


def _reduce_view(view: MappingProxyType) -> tuple:
    return read_only, (dict(view),)


# (A registration for a type Python cannot pickle at all: no pickling that worked before
# changes.)
copyreg.pickle(MappingProxyType, _reduce_view)


def hash_fields(obj) -> int:
    """A frozen result's hash, from the fields it is compared by: a read-only view (`net`, a
    kong payment) as its items, since a mappingproxy does not hash. (The hash dataclasses
    makes raised TypeError, so a result could not go in a set or be a key.)"""
    return hash(tuple([_hashable(getattr(obj, f.name)) for f in fields(obj) if f.compare]))


def _hashable(value):
    if type(value) is MappingProxyType:
        return frozenset(value.items())  # (as the views compare: whatever the keys' order)
    if type(value) is tuple:
        return tuple(map(_hashable, value))
    return value


def maker(cls):
    """A function taking every field of frozen dataclass `cls` in order and returning the
    instance `cls(*values)` would. A frozen dataclass's own __init__ stores each field
    through object.__setattr__, about 0.2 us a field; these classes' __init__ does nothing
    else, so the values go straight into the instance's __dict__, written out one store a
    field (a 17-field Result: 3 us by __init__, 1.7 us by a loop over zip(names, values)).
    The function is generated, as dataclasses generates __init__."""
    names = tuple(f.name for f in fields(cls))
    args = ", ".join(names)
    stores = "".join(f"    _mk_dict[{n!r}] = {n}\n" for n in names)
    space = {"_mk_new": object.__new__, "_mk_cls": cls}
    if any(n.startswith("_mk_") for n in names):  # a field would hide a helper
        raise TypeError(f"{cls.__name__}: field names starting _mk_ are reserved here")
    # Stored one by one into the instance's own dict, which shares its keys with the class's
    # other instances: a new dict given whole makes its own keys table too (for Result's 16
    # fields, 9,400 instructions a call against 7,200 so; 4,500 against 3,900 for 6 fields).
    exec(f"def make_{cls.__name__}({args}):\n"
         "    _mk_obj = _mk_new(_mk_cls)\n"
         "    _mk_dict = _mk_obj.__dict__\n" + stores +
         "    return _mk_obj\n", space)
    return space[f"make_{cls.__name__}"]


def _refuse(self, *args, **kwargs):
    raise TypeError(f"a ruleset's {type(self).__bases__[0].__name__} is read-only: it is "
                    "shared by every call that loads the ruleset (copy it to change it)")


class FrozenDict(dict):
    """A compiled ruleset's mapping (`Ruleset.spec`, `.data`, `.options`). Compiled rulesets
    are cached and shared by every call, so a change made through one result's `.rules`
    would change later results. Still a dict (the code that reads the file's nodes asks
    `isinstance(node, dict)`, and `rules show` dumps them as JSON); only changing is refused."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self):  # (pickle's own way sets the items one by one, refused here)
        return FrozenDict, (dict(self),)


class FrozenList(list):
    """A compiled ruleset's list, as `FrozenDict`."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = remove = pop = clear = sort = reverse = _refuse

    def __reduce__(self):
        return FrozenList, (list(self),)


def frozen_tree(node):
    """`node` (a ruleset file's parsed data) with every dict and list in it made read-only."""
    if isinstance(node, dict):
        return FrozenDict({k: frozen_tree(v) for k, v in node.items()})
    if isinstance(node, list):
        return FrozenList([frozen_tree(v) for v in node])
    return node
