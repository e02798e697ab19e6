"""Click option types the `mjscore` commands share: an option given at most once, and
whole numbers typed in ASCII digits. (They raise Click's own errors; `cli` prints them.)"""

from __future__ import annotations

import click


def once(*decls, default=None, **kwargs):
    """`click.option` for a value given at most once. Click keeps the last of two
    (`--seat E --seat S`) without a word; two values of one option contradict each other,
    so a second is refused as bad input, as `--opt cap=5 --opt cap=9` is."""
    def pick(ctx, param, values):
        if len(values) > 1:
            shown = ", ".join(str(v) for v in values)
            raise click.BadParameter(f"given {len(values)} times ({shown}); give it once",
                                     ctx, param)
        return values[0] if values else None
    return click.option(*decls, multiple=True, callback=pick,
                        default=() if default is None else (default,), **kwargs)


class _AsciiDigits:
    """An integer option as typed: ASCII digits only, as `--opt` and batch files take them
    (int() also reads "５" and "٥")."""

    def convert(self, value, param, ctx):
        if isinstance(value, str):
            from .options import WHOLE_NUMBER
            if not WHOLE_NUMBER.fullmatch(value.strip()):
                self.fail(f"{value!r} is not a valid integer.", param, ctx)
        return super().convert(value, param, ctx)


class Whole(_AsciiDigits, click.types.IntParamType):
    pass


class WholeRange(_AsciiDigits, click.IntRange):
    pass
