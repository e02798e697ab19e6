"""The `mjscore` command. The only module that prints or exits. (What each command takes, and
how a mistake on its command line is worded, is declared in `cli_options`; what it does is
the library's, and what it prints and its exit status are here.)

Exit codes (CONTRACT): 0 scored; 1 understood but not a legal win; 2 bad input.
"""

from __future__ import annotations

import json
import os
import sys

import click

from . import __version__, streams
from .cli_options import (Command, batch_params, on_one_line, rules_show_params,
                          ruleset_names, score_params, settle_params, waits_params, with_usage)
from .errors import TOO_DEEP, MjscoreError, file_label, os_reason

CLOSED_PIPE = 141


def _fail(e: MjscoreError):
    _say(f"mjscore: {e}")
    sys.exit(e.exit_code)


def _say(line: str) -> None:
    """`line` on stderr; where it has nowhere to go (a closed pipe or stream), 141 as for a
    closed pipe (README, "Exit codes"): 1 would say some hand was not a legal win. Where it
    cannot be written for another reason (a full disk), it is lost and the caller goes on to
    its own status: bad input is 2 whether or not it could be told (the fuzz review: it was
    141, which says the reader went away)."""
    try:
        click.echo(line, err=True)
    except BrokenPipeError:
        _closed_pipe()
    except OSError:
        _to_null(sys.stderr)  # (what it still buffers is not written again at exit)


def _closed_pipe():
    """The reader went away (`| head`), or a stream has nowhere to go (`>&-`): stop quietly
    with 141, what a shell reports for any tool a closed pipe
    stops (128 + SIGPIPE); 1 would tell a script that some hand was not a legal win."""
    _to_null(sys.stdout, sys.stderr)
    sys.exit(CLOSED_PIPE)


def _to_null(*streams) -> None:
    """Point `streams` at /dev/null, so that what they still buffer is not written again at
    exit: that flush failing, Python printed its own error and exited 120."""
    null = os.open(os.devnull, os.O_WRONLY)
    for stream in streams:
        try:
            os.dup2(null, stream.fileno())
        except (AttributeError, OSError, ValueError):  # (not a real file: nothing to flush)
            pass


class Group(click.Group):
    command_class = Command
    group_class = type  # (`rules`: a Group too)

    def parse_args(self, ctx, args):
        try:
            return super().parse_args(ctx, args)
        except click.ClickException as e:
            with_usage(e, ctx)
            on_one_line(e)
            raise
        except BrokenPipeError:  # --help or --version into a closed pipe
            _closed_pipe()

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except click.ClickException as e:  # a subcommand's arguments, read here
            on_one_line(e)
            raise
        except MjscoreError as e:
            _fail(e)
        except RecursionError:
            _say(f"mjscore: {TOO_DEEP}")
            sys.exit(2)
        except BrokenPipeError:
            _closed_pipe()
        except OSError as e:  # reading is checked where files are opened: this is a write
            _cannot_write(e)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version=__version__, prog_name="mjscore")
def cli():
    """Score mahjong hands under regional Chinese rules with ghost (wildcard) tiles.

    Hands are written as on the table: 123m 456p 789s (万 筒 条), E S W N C F P for the
    honours (C 中, F 發, P 白; also 1z-7z = E S W N P F C), [555p] an exposed pong or kong,
    (5555p) a concealed kong, {5555p} an added kong. Chinese names are read too: 一二三万,
    五筒, 九条, 东 南 西 北, 红中 发 白. The ghost is the ruleset's: 红中 (C) in luzhou, 白
    (P) or a flipped tile in guangdong. `mjscore rules show NAME` lists a ruleset's
    patterns and the options --opt takes.
    """


@cli.command()
@score_params
def score(hand, rules, win, seat, discard, kong_draw, kong_from, after_kong, rob_kong, won,
          declared, heavenly, earthly, ghosts_drawn, indicator, dealer, horses, opts, fmt,
          explain):
    """Score one winning HAND: value, patterns, the reading chosen, and who pays whom."""
    from . import api, render
    from .options import parse_pairs
    kwargs = dict(win=win, seat=seat, discard=discard, kong_draw=kong_draw,
                  after_kong=after_kong, rob_kong=rob_kong, won=() if won is None else won,
                  declared=declared, heavenly=heavenly, earthly=earthly,
                  # (as typed, text: a 0 given is given, `context._make`)
                  ghosts_drawn=0 if ghosts_drawn is None else str(ghosts_drawn),
                  indicator=indicator, dealer=dealer, horses=horses, opts=parse_pairs(opts),
                  kong_from=kong_from)
    names = ruleset_names(rules, explain)
    if len(names) > 1:
        _compare(" ".join(hand), names, kwargs, fmt)
    result = api.score(" ".join(hand), rules, **kwargs)
    if fmt == "json":
        click.echo(render.score_json(result, explain=explain))
    else:
        click.echo(render.score_table(result, explain=explain))
    sys.exit(0 if result.legal else 1)


@cli.command()
@waits_params
def waits(hand, rules, seat, indicator, opts, fmt):
    """Is HAND (13 tiles, a kong counting as 3: one short of a win) ready? On which tiles,
    worth what; 花猫 (the guide's Flower Cat); 查大."""
    from . import render
    from .options import parse_pairs
    from .ready import waits as find
    w = find(" ".join(hand), rules, seat=seat, indicator=indicator,
             opts=parse_pairs(opts))
    click.echo(json.dumps(w.to_dict(), ensure_ascii=False, indent=2) if fmt == "json"
               else render.waits_table(w))


@cli.command()
@settle_params
def settle(file, rules, opts, fmt):
    """Settle a whole hand from a record FILE (- reads standard input): every event's
    payments and each seat's net.

    \b
    The record (YAML or JSON) holds rules, dealer, opts (the ruleset's options: {cap: 100},
    {indicator: 4p} for a flipped ghost), seats (each seat's final hand, in hand notation)
    and events, in order, each one of:
      {win: E, tile: 5p}           a self-draw; from: S for a discard; flags kong_draw,
                                   after_kong, rob_kong, declared, heavenly, earthly;
                                   horses: 1m5p (买马 tiles drawn)
      {kong: S, kind: concealed|added|exposed, tile: 5p}   (from: for an exposed one)
      {draw: S}  {discard: S, tile: 5p}  {call: W, kind: pong|chow|kong, tile: 5p, from: S}
      {pass: N, tile: 5p, from: S, value: 5}   a discard win let go (value: for 过水)
      {ghosts: E, drawn: 5}  {exhausted: true}
      {declare: E}                 报章 / 报牌: E's later win is a declared one;
                                   waits: 1p4p, where the wait is locked (lanzhou)
    Draws, discards, calls and passes are checked, not listed; the events listed keep the
    record's numbers. See README "mjscore settle FILE" and samples/records/.
    """
    from . import render
    from .options import parse_pairs
    from .whole_hand import settle as run
    source = file
    if file == "-":  # standard input, as for batch (the API takes the stream)
        from .batch_inputs import stream_readable
        stream_readable(sys.stdin)
        source = getattr(sys.stdin, "buffer", sys.stdin)
    r = run(source, rules, opts=parse_pairs(opts))
    click.echo(json.dumps(r.to_dict(), ensure_ascii=False, indent=2) if fmt == "json"
               else render.settle_table(r))
    sys.exit(0 if r.legal else 1)


def _compare(hand, names, kwargs, fmt):
    """One hand under several rulesets, side by side (players of two schools at one table)."""
    from .compare import exit_code, refusals, score_each
    from .compare_text import compare_json, compare_table
    results = score_each(hand, names, kwargs)
    if all(isinstance(r, MjscoreError) for r in results) and len({str(r) for r in results}) == 1:
        # Bad alike under every ruleset (the notation, a seat): the one line one ruleset gives,
        # not a table of the same error in every column and that line once a ruleset.
        raise results[0]
    shown = [file_label(n) for n in names]  # (a file's name may hold any byte)
    if fmt == "json":
        click.echo(compare_json(shown, results))
    else:
        click.echo(compare_table(shown, results))
    for line in refusals(shown, results):
        click.echo(f"mjscore: {line}", err=True)
    sys.exit(exit_code(results))


@cli.group(cls=Group)
def rules():
    """List, explain and validate rulesets."""


@rules.command("list")
def rules_list():
    """List the shipped rulesets."""
    from . import render
    from .ruleset import load
    from .ruleset_files import shipped_names
    rows = []
    for name in shipped_names():
        rs = load(name)
        rows.append((name, rs.data.get("title", ""), rs.data.get("source", "")))
    click.echo(render.rules_list(rows))


@rules.command("show")
@rules_show_params
def rules_show(name, opts):
    """Explain ruleset NAME (or a file): options, patterns, values, rulings."""
    from .errors import OptionError, opts_only
    from .options import parse_pairs
    from .ruleset import load
    from .compile import NeedsIndicator
    from .ruleset_text import rules_show as text
    given, stand_in = parse_pairs(opts), None
    try:
        rs = load(name, given)
    except NeedsIndicator as e:
        if given:
            raise opts_only(e) from None
        # A file that flips its ghost by default is shown as `rules check` checks it, with a
        # stand-in indicator, said so (it was refused for the indicator only a hand gives).
        from .check_file import load_for_records
        rs = load_for_records(name)
        stand_in = (rs.spec.get("ghosts") or {}).get("indicator")
    except OptionError as e:
        raise opts_only(e) from None
    click.echo(text(rs))
    if stand_in:
        click.echo(f"The ghost flips by default: each hand gives its indicator (--indicator "
                   f"TILE); shown here with {stand_in} standing in for it.")


@rules.command("check")
@click.argument("file")
def rules_check(file):
    """Validate a ruleset FILE (its whole extends: chain)."""
    from .check_file import report
    click.echo(report(file))


@cli.command("batch")
@batch_params
def batch(files, rules, input_format, fmt, output, jobs):
    """Score every record in FILE... (a YAML list, JSON Lines, or CSV with a header; - reads
    standard input).

    One result per record, in input order. A bad record is reported in its own row and on
    stderr as FILE:RECORD: message, and the run goes on. With --format jsonl or csv, stdout
    carries only result rows and the summary goes to stderr. Exit 0: every record scored;
    1: some not legal; 2: some bad input.
    """
    from .batch import BAD, NOT_LEGAL, score_all
    from .batch_inputs import check_run, open_output, unmade
    from .output_guard import opened_identity, spares_rulesets
    from .records import read_files
    from .workers import Stopped, WorkerLost, stop_on_signals
    from .ruleset_files import one_ruleset
    one_ruleset(rules, "batch", "a record's rules key can name another")
    # Fail on a bad command line before a single row is written (or -o truncated).
    stdin = getattr(sys.stdin, "buffer", sys.stdin)
    guard = check_run(files, rules, input_format, output, stdin, sys.stdout)
    records = read_files(list(files), input_format, stdin)
    sink, to_file, rows = None, False, None
    restore = stop_on_signals()
    try:
        spares_rulesets(files, input_format, guard)
        sink, to_file, made = open_output(output, sys.stdout)
        if to_file and guard is None:  # (new or empty: no record may name it either)
            guard = opened_identity(sink, output)
            try:
                spares_rulesets(files, input_format, guard)
            except MjscoreError:
                to_file = False
                unmade(sink, output, made)
                raise
        # Rows in a line format are written where they are scored (see score_all).
        from .batch_output import line_format
        render = None if fmt == "table" else line_format(fmt)
        rows = score_all(records, rules, jobs, render, guard, _notice)
        counts = _batch_write(rows, fmt, sink, to_file, len(files))
    except KeyboardInterrupt:
        # A long run stopped by hand: one line, not a traceback (workers ignore the signal).
        click.echo("mjscore: interrupted", err=True)
        sys.exit(130)
    except Stopped as e:  # (kill, a closed terminal): as Ctrl-C, with the signal's status
        _notice(e.what)
        sys.exit(128 + e.signum)
    except WorkerLost as e:
        if to_file:
            sink.close()  # (its rows so far: the exit below closes nothing)
        _say(f"mjscore: {e}")
        _end_now(2)
    finally:
        if rows is not None:
            rows.close()  # its workers stopped, none left running (`workers.in_order`)
        records.close()  # a run stopped part-way: its files are closed now, not when collected
        if to_file:
            sink.close()
        restore()
    sys.exit(2 if counts[BAD] else 1 if counts[NOT_LEGAL] else 0)


def _end_now(code: int) -> None:
    """Exit with `code` past the pool's own exit, which can wait for ever on a pipe a killed
    worker left half written (its other workers are stopped already: `workers.in_order`)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


def _notice(message: str) -> None:
    """A line on stderr that does not stop the run, wherever stderr has gone (a closed
    terminal)."""
    try:
        click.echo(f"mjscore: {message}", err=True)
    except OSError:
        pass


TABLE_BLOCK = 1000  # table rows per tabulate call: a table must be measured before printing
LINE_BLOCK = 256  # JSONL and CSV rows per write


def _batch_write(rows, fmt, sink, to_file, files):
    """Write each row as it comes; bad records also go to stderr. Returns the counts."""
    import contextlib
    from collections import Counter

    from . import batch_output as out
    from .workers import unbroken
    stderr = sys.stderr
    # The bar only where a person watches stderr and the rows are not scrolling past on the
    # same terminal (they show progress themselves).
    bar = streams.is_terminal(stderr) and (to_file or not streams.is_terminal(sink))
    counts, block, lines = Counter(), [], []
    write = sink.write
    # The CSV header goes with the first row (or alone at the end of an empty run): a file
    # refused whole before its first record leaves no output but its error.
    header = out.csv_header() + "\n" if fmt == "csv" else ""
    progress = click.progressbar(rows, file=stderr, label="scoring", show_pos=True,
                                 update_min_steps=50) if bar else contextlib.nullcontext(rows)
    try:
        with progress as each:
            for row in each:
                counts[row.status] += 1
                if row.error is not None:
                    if lines:  # (the rows before it first: on a terminal, shown in order)
                        _write_lines(write, lines)
                    with unbroken():
                        click.echo(("\r\x1b[K" if bar else "") + out.bad_line(row), file=stderr)
                if fmt == "table":
                    block.append(row)
                    if len(block) == TABLE_BLOCK:
                        with unbroken():
                            click.echo(out.table(block) + "\n", file=sink)
                        block = []
                else:
                    # Written, not echoed: click.echo flushes every line, a third of the
                    # time of a long run into a pipe or file. And LINE_BLOCK at a time: a
                    # write a row took a sixth of the writing process's CPU with --jobs 2.
                    if header:
                        write(header)
                        header = ""
                    lines.append(row.text)
                    if len(lines) == LINE_BLOCK:
                        _write_lines(write, lines)
    finally:
        # Rows scored before a file turned out unreadable are still written.
        if lines:
            _write_lines(write, lines)
        if block:
            with unbroken():
                click.echo(out.table(block) + "\n", file=sink)
    if header:
        write(header)
    sink.flush()  # a write that fails (a full disk) fails here, not after the exit code
    line = out.summary(counts, files)
    if fmt == "table":
        click.echo(line, file=sink)
    if fmt != "table" or to_file:
        click.echo(line, file=stderr)
    return counts


def _write_lines(write, lines: list) -> None:
    from .workers import unbroken
    lines.append("")  # (the last line's newline)
    text = "\n".join(lines)
    lines.clear()  # (first: a write that fails is not tried again with the same rows)
    with unbroken():
        write(text)


def _cannot_write(e: OSError):
    _say(f"mjscore: cannot write the output: {os_reason(e)}")
    _to_null(sys.stdout)  # (a full disk: the rest of the output cannot be written either)
    sys.exit(2)


def main():
    streams.ready()
    try:
        cli(prog_name="mjscore")
    except BrokenPipeError:  # a usage error shown into a closed pipe (Click shows those)
        _closed_pipe()
    except OSError as e:  # help or a usage error Click writes, into a full disk
        _cannot_write(e)
