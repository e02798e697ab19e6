"""docs/errors.md stays true: each example prints its message with its exit code.

A table row is `| `message` | exit | `example` |`; `…` in a message stands for any text (see
the document's own "How to read the tables"). A command-line example runs through CliRunner
from the top of the repository; a Python API example is evaluated and must raise the
exception named in its row.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

import mjscore
from mjscore.cli import cli

from .guard import hang_guard

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "errors.md"
CODE = re.compile(r"`([^`]*)`")
ROW = re.compile(r"^\|(.+)\|(.+)\|(.+)\|\s*$")


def rows():
    """(message, exit code or exception name, example, line number) for every table row."""
    out = []
    for number, line in enumerate(DOC.read_text(encoding="utf-8").splitlines(), 1):
        m = ROW.match(line)
        if not m or set(m.group(2).strip()) <= set("-") or m.group(1).strip() == "Message":
            continue
        message, code, example = (CODE.search(cell) for cell in m.groups())
        out.append(pytest.param(message.group(1), code.group(1) if code else m.group(2).strip(),
                                example.group(1), id=f"line {number}"))
    return out


ROWS = rows()


LOOP = "tests/data/errors/link-loop.yaml"


def _a_link_loop(root: Path) -> Path:
    """`root` with tests/data/errors/link-loop.yaml and link-loop-b.yaml linked to each other,
    as the source tree has them."""
    folder = root / "tests" / "data" / "errors"
    folder.mkdir(parents=True)
    os.symlink("link-loop-b.yaml", folder / "link-loop.yaml")
    os.symlink("link-loop.yaml", folder / "link-loop-b.yaml")
    return root


def pattern(message: str) -> re.Pattern:
    """The message as a regular expression: `…` is any text; the line must end with it."""
    return re.compile(".*?".join(re.escape(part) for part in message.split("…")) + "$")


def argv(example: str) -> list:
    """The example's arguments after `mjscore`; `"$(cat FILE)"` becomes FILE's contents."""
    args = shlex.split(example)
    assert args[0] == "mjscore", example
    out = []
    for arg in args[1:]:
        m = re.fullmatch(r"\$\(cat (.+)\)", arg)
        out.append((ROOT / m.group(1)).read_text(encoding="utf-8").rstrip("\n") if m else arg)
    return out


def test_the_document_lists_many_messages():
    assert len(ROWS) >= 100


@pytest.mark.parametrize("message, code, example", [r for r in ROWS if r.values[1].isdigit()])
def test_command_line_example(monkeypatch, tmp_path, message, code, example):
    for device in re.findall(r"/dev/\w+", example):
        if not Path(device).exists():
            pytest.skip(f"needs {device}")
    monkeypatch.chdir(ROOT)
    if "link-loop.yaml" in example and not os.path.islink(LOOP):
        # (An sdist carries no link that leads nowhere, and so not the loop: made here, in a
        # folder of its own, the same example runs from an unpacked sdist too.)
        monkeypatch.chdir(_a_link_loop(tmp_path))
    with hang_guard():
        result = CliRunner().invoke(cli, argv(example))
    assert result.exit_code == int(code), (result.exit_code, result.output)
    assert "Traceback" not in result.output
    # Exit 2 speaks on stderr; exit 1 lists its reasons on stdout.
    text = result.stderr if result.exit_code == 2 else result.stdout
    want = pattern(message)
    assert any(want.search(line) for line in text.splitlines()), (message, text)


@pytest.mark.parametrize("message, kind, example",
                         [r for r in ROWS if not r.values[1].isdigit()])
def test_python_api_example(message, kind, example):
    from mjscore.ruleset import load  # a compiled ruleset, as `score` also takes one
    names = {"score": mjscore.score, "waits": mjscore.waits, "settle": mjscore.settle,
             "load": load}
    with hang_guard(), pytest.raises(getattr(mjscore, kind)) as info:
        eval(example, {"__builtins__": {}}, names)  # noqa: S307 - the document's own examples
    assert pattern(message).fullmatch(str(info.value)), (message, str(info.value))
