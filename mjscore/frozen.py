"""Making frozen dataclasses quickly, for the few made once per hand scored."""

from __future__ import annotations

from dataclasses import fields


def maker(cls):
    """A function taking every field of frozen dataclass `cls` in order and returning the
    instance `cls(*values)` would. A frozen dataclass's own __init__ stores each field
    through object.__setattr__, about 0.2 us a field; these classes' __init__ does nothing
    else, so the fields are stored in one step (a 16-field Result: 3 us -> 1 us)."""
    names = tuple(f.name for f in fields(cls))
    new = object.__new__

    def make(*values):
        if len(values) != len(names):
            raise TypeError(f"{cls.__name__} takes {len(names)} fields, not {len(values)}")
        obj = new(cls)
        obj.__dict__.update(zip(names, values))
        return obj
    make.__name__ = f"make_{cls.__name__}"
    return make
