"""What each `mjscore` command takes on its command line, declared apart from what it does
(`cli`): its arguments and options, the Click types they share (an option given at most
once, whole numbers typed in ASCII digits), and how `--rules` names several rulesets. They
raise Click's own errors or an MjscoreError; `cli` prints them. And how a mistake on the
command line is worded: one line, under the Usage: line every other mistake gets (set on
Click's own exception as it goes by, as Click sets its context: the Click layer, which `cli`
alone calls)."""

from __future__ import annotations

import click

from .errors import one_line


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
            if len(value.strip().lstrip("+-0")) > 4000:  # (past the 4,300 digits int() reads,
                # Click said "not a valid integer" of digits)
                self.fail(f"a number too large ({len(value.strip())} digits)", param, ctx)
        return super().convert(value, param, ctx)


class Whole(_AsciiDigits, click.types.IntParamType):
    pass


class WholeRange(_AsciiDigits, click.IntRange):
    pass


FORMATS = click.Choice(["table", "json"])
OPT_HELP = "A ruleset option (mjscore rules show NAME lists them); repeatable."
FORMAT_HELP = "table for people, json for scripts."
MAX_JOBS = 256  # worker processes: far past any machine's cores, and a bound on a typo
# (score and waits: a flipped ghost changes the waits as much as the value)
INDICATOR = once("--indicator", metavar="TILE", help="Flip-ghost indicator (guangdong).")


def _declared(*decorators):
    """One decorator for a command's parameters, listed as its --help shows them."""
    def declare(f):
        for d in reversed(decorators):
            f = d(f)
        return f
    return declare


score_params = _declared(
    click.argument("hand", nargs=-1, required=True),
    once("--rules", default="luzhou", show_default=True, metavar="NAME|FILE",
         help="Ruleset name or YAML file; a comma list scores side by side."),
    once("--win", metavar="TILE", help="The winning tile, one of those written in the hand "
         "(default: the last concealed tile written)."),
    once("--seat", default="E", show_default=True, metavar="SEAT",
         help="The winner's seat: E, S, W or N."),
    once("--discard", metavar="SEAT", help="Won on SEAT's discard (default: self-draw)."),
    click.option("--kong-draw", is_flag=True, help="Won on a kong replacement tile (杠上花, "
                 "杠上开花; the guide's Kong Draw)."),
    once("--kong-from", metavar="SEAT", help="With --kong-draw: the kong was claimed from "
         "SEAT's discard, and SEAT pays the whole win (杠爆全包, where the ruleset has it)."),
    click.option("--after-kong", is_flag=True, help="With --discard: the discarder had just "
                 "konged (杠上炮; the guide's Kong Penalty: luzhou, luzhou-guide)."),
    once("--rob-kong", metavar="SEAT", help="Robbed SEAT's added kong (抢杠, Robbing the "
         "Kong)."),
    once("--won", metavar="SEATS", help="Comma list of seats that already won (血战: "
         "luzhou, luzhou-guide; elsewhere the hand ends at its win)."),
    click.option("--declared", is_flag=True, help="报牌 / 报章 was declared (luzhou; lanzhou, "
                 "where a win needs it; the guide's Report Tile, luzhou-guide with --opt "
                 "report_tile=true)."),
    click.option("--heavenly", is_flag=True, help="天胡: the dealer won on the deal "
                 "(luzhou; guangdong: 满鬼 dealt, won whatever the tile)."),
    click.option("--earthly", is_flag=True, help="地胡: a non-dealer won on the first "
                 "tile (luzhou; guangdong: 满鬼 dealt, won whatever the tile)."),
    once("--ghosts-drawn", type=Whole(), default=None, metavar="N", help="Ghosts drawn this hand "
         "(喜钱, luzhou; default: the ghosts the hand holds)."),
    INDICATOR,
    once("--dealer", default="E", show_default=True, metavar="SEAT", help="The dealer's seat."),
    once("--horses", metavar="TILES", help="买马 tiles drawn, in hand notation "
         "(guangdong: as many as --opt horses=N draws)."),
    click.option("--opt", "opts", multiple=True, metavar="KEY=VALUE", help=OPT_HELP),
    once("--format", "fmt", type=FORMATS, default="table", show_default=True, help=FORMAT_HELP),
    click.option("--explain", is_flag=True, help="Also list the readings that differ in "
                 "patterns or value, best first."))

waits_params = _declared(
    click.argument("hand", nargs=-1, required=True),
    once("--rules", default="luzhou", show_default=True, metavar="NAME|FILE",
         help="Ruleset name or YAML file."),
    once("--seat", default="E", show_default=True, metavar="SEAT",
         help="The seat holding the hand (each wait is valued as its self-draw)."),
    INDICATOR,
    click.option("--opt", "opts", multiple=True, metavar="KEY=VALUE", help=OPT_HELP),
    once("--format", "fmt", type=FORMATS, default="table", show_default=True, help=FORMAT_HELP))

settle_params = _declared(
    click.argument("file"),
    once("--rules", default=None, metavar="NAME|FILE", help="Override the record's ruleset."),
    click.option("--opt", "opts", multiple=True, metavar="KEY=VALUE",
                 help="A ruleset option, over the record's opts; repeatable."),
    once("--format", "fmt", type=FORMATS, default="table", show_default=True, help=FORMAT_HELP))

rules_show_params = _declared(
    click.argument("name"),
    click.option("--opt", "opts", multiple=True, metavar="KEY=VALUE",
                 help="Show the ruleset with this option set; repeatable."))

batch_params = _declared(
    click.argument("files", nargs=-1, required=True, metavar="FILE..."),
    once("--rules", default="luzhou", show_default=True, metavar="NAME|FILE",
         help="Ruleset for records with no rules key (a name or a YAML file)."),
    once("--input-format", type=click.Choice(["yaml", "jsonl", "csv"]),
         help="The format of every FILE (default: from the extension; jsonl for -)."),
    once("--format", "fmt", type=click.Choice(["table", "jsonl", "csv"]), default="table",
         show_default=True, help="table for people; jsonl or csv for scripts."),
    once("-o", "--output", metavar="FILE", help="Write the results to FILE "
         "(default: standard output)."),
    once("--jobs", type=WholeRange(min=1, max=MAX_JOBS), default=1, show_default=True,
         metavar="N", help="Score in N worker processes; results stay in input order."))


def ruleset_names(rules: str, explain: bool = False) -> list:
    """The rulesets `score --rules` names: one, or a comma list scored side by side."""
    from .ruleset_files import is_list
    if not is_list(rules):
        return [rules]
    from .errors import OptionError
    names = [r.strip() for r in rules.split(",")]
    if not all(names):
        raise OptionError(f'--rules "{rules}": an empty name in the list')
    # A file by where it is, however spelt (house.yaml, ./house.yaml); a shipped name as it is.
    import os
    from .ruleset_files import is_shipped_name
    seen = [n if is_shipped_name(n) else os.path.normcase(os.path.realpath(n)) for n in names]
    twice = next((n for i, n in enumerate(names) if seen[i] in seen[:i]), None)
    if twice is not None:  # (its column was printed twice over, the same figures)
        raise OptionError(f'--rules "{rules}": {twice} is named twice')
    if explain:
        raise OptionError("--explain lists one ruleset's readings: give one --rules")
    return names


def on_one_line(e: click.ClickException) -> None:
    # Click's messages quote the value given, which may be long or hold a line break. (Not
    # the help page a bare `mjscore` prints, which Click raises as an error too.)
    if not isinstance(e, _HELP_PAGE):
        e.message = one_line(e.message)


_HELP_PAGE = getattr(click.exceptions, "NoArgsIsHelpError", ())  # (Click 8.2 on)


def with_usage(e: click.ClickException, ctx) -> None:
    # Click raises an option missing its value (`--seat` last) or given one it takes none
    # (`--kong-draw=yes`) with no context, and so without the Usage: and Try lines above the
    # Error: line that every other mistake in the command line gets (README, "Exit codes").
    if isinstance(e, click.UsageError) and e.ctx is None:
        e.ctx = ctx


# An option of the other command, where a player takes one for the other: waits reads a
# hand before its winning tile.
_ELSEWHERE = {("waits", "--win"): "waits takes the 13 tiles before the win, and lists the "
                                  "tiles that win; mjscore score HAND --win TILE scores a win"}


class Command(click.Command):
    def parse_args(self, ctx, args):
        try:
            return super().parse_args(ctx, args)
        except click.ClickException as e:
            with_usage(e, ctx)
            if isinstance(e, click.NoSuchOption) and (self.name, e.option_name) in _ELSEWHERE:
                # (Worded here whole: Click 8.2-8.3 say "No such option: --win", 8.4 on
                # "No such option '--win'.")
                e.message = (f"No such option '{e.option_name}' "
                             f"({_ELSEWHERE[self.name, e.option_name]})")
            raise
