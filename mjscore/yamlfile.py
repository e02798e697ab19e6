"""Reading a user's YAML file (a ruleset or a hand record) without trusting it.

A ruleset or record is data, never code, and never large: the file is size-capped, must be
UTF-8, and is parsed with a safe loader. The event stream is checked before anything is
built, because PyYAML's safe loaders still expand aliases (a few hundred bytes of `&a` /
`*a` make a billion-element "laughs" document that any later walk over the data would take
forever on) and only libyaml's flow style has a nesting limit. Neither a ruleset nor a
record needs aliases (nor merge keys), tags or deep nesting, so all are refused with a message.
"""

from __future__ import annotations

import re
from contextlib import contextmanager

from pathlib import Path

from .errors import link_reason, os_reason
from .words import spelt
from .yaml_checks import check_events

MAX_BYTES = 1 << 20


def read(path: Path, what: str, fail):
    """The data in the YAML file `path`, or `fail(message)` raised for anything wrong with it.

    `what` names the kind of file for the messages ("ruleset file", "hand record"); `fail`
    builds the caller's own MjscoreError from a one-line message.
    """
    try:
        if path.is_dir():
            raise fail(f"is a directory, not a {what}")
        # Read at most one byte past the limit: a device such as /dev/zero never ends, and a
        # pipe has no size to stat.
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except (OSError, ValueError) as e:  # ValueError: a path with a NUL byte in it
        raise _unreadable(e, fail, path) from None
    return from_bytes(raw, fail)


def stream_bytes(f, fail) -> bytes:
    """The first MAX_BYTES + 1 bytes of an open stream (`settle -`'s standard input, a
    caller's file object), binary or text, read to its end; text as UTF-8. (`from_bytes`
    reads them, as `read` does a file's.)"""
    try:
        raw = f.read(MAX_BYTES + 1)
    except (OSError, ValueError) as e:  # (standard input closed, or a terminal's error)
        raise _unreadable(e, fail) from None
    if isinstance(raw, str):  # a text stream (sys.stdin, open(path)): its text, as UTF-8
        raw = raw.encode("utf-8", "surrogatepass")  # (a lone surrogate: "not UTF-8 text")
    elif not isinstance(raw, (bytes, bytearray)):  # (a caller's object with its own read())
        raise fail(f"cannot be read (its read() gave {type(raw).__name__}, not text or bytes)")
    return bytes(raw)


def _at_end(lines: list, mark) -> bool:
    """Whether PyYAML's `mark` is where the text ends: past its last line, or (a quote open
    in a file with no last newline) after the last text of it."""
    if mark.line >= len(lines):
        return True
    return not lines[mark.line][mark.column:].strip() and \
        not any(x.strip() for x in lines[mark.line + 1:])


def _unreadable(e: Exception, fail, path=None):
    why = link_reason(path, e) if path is not None and isinstance(e, OSError) else None
    if why is not None:  # (as rules check says it of a link to nothing)
        return fail(f"cannot be read ({why})")
    if isinstance(e, FileNotFoundError):  # (as batch and rules say it of a file not there)
        return fail("no such file")
    return fail(f"cannot be read ({os_reason(e)})")


def from_bytes(raw: bytes, fail):
    """The data in the YAML text `raw`, the first MAX_BYTES + 1 bytes of a file or of standard
    input, or `fail(message)` raised (see `read`)."""
    if len(raw) > MAX_BYTES:
        raise fail(f"larger than {MAX_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        from .batch_text import not_utf8, wide_unicode
        raise fail(wide_unicode(raw) or not_utf8(raw, e.start)) from None
    return parse(text, fail)


def parse(text: str, fail):
    """The data in YAML `text` (see `read`): safe loader, no aliases, tags or deep nesting."""
    data = parse_top(text, fail)
    return list(data) if isinstance(data, Items) else data


class Items:
    """A YAML text's top-level list, its items built one at a time as it is iterated
    (`parse_top`): a batch file's records. Built whole, a 10 MB batch took 1 GB (PyYAML's node
    graph of the whole file) before its first record was scored."""

    def __init__(self, items):
        self._items = items

    def __iter__(self):
        return self._items


def parse_top(text: str, fail, records: bool = False):
    """`parse`, but a top-level list comes as Items, each item built when it is reached. The
    whole text is checked first (`yaml_checks.check_events`), so a file that is malformed anywhere fails
    before any item, as it did when it was built whole. `records`: a batch file's, whose
    record with a key that is not text is that record's error (`check_events`)."""
    import yaml
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise fail(f"not a text file (it holds NUL bytes: line {line})")
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    with _said(yaml, text, fail):
        check_events(yaml, text, loader, fail, records)
        events = yaml.parse(text, Loader=loader)
        build = yaml.SafeLoader("")  # (its resolver and scalar constructors, no node graph)
        for ev in events:
            if isinstance(ev, yaml.SequenceStartEvent):
                return Items(_items(yaml, text, fail, events, build))
            if isinstance(ev, (yaml.ScalarEvent, yaml.MappingStartEvent)):
                return _built(yaml, ev, events, build)
    return None  # an empty text: no document


def _items(yaml, text: str, fail, events, build):
    with _said(yaml, text, fail):
        for ev in events:
            if isinstance(ev, yaml.SequenceEndEvent):
                return
            yield _built(yaml, ev, events, build)


def _built(yaml, ev, events, build):
    """The value the node starting with event `ev` stands for, its events read from `events`,
    as yaml.load builds it (aliases, merge keys and other tags were refused beforehand)."""
    if isinstance(ev, yaml.ScalarEvent):
        tag = ev.tag
        if tag is None or tag == "!":
            tag = build.resolve(yaml.ScalarNode, ev.value, ev.implicit)
        node = yaml.ScalarNode(tag, ev.value, style=ev.style)
        value = build.yaml_constructors.get(tag, type(build).construct_undefined)(build, node)
        return spelt(value, ev.value) if type(value) is float else value
    if isinstance(ev, yaml.SequenceStartEvent):
        items = []
        for ev in events:
            if isinstance(ev, yaml.SequenceEndEvent):
                return items
            items.append(_built(yaml, ev, events, build))
    mapping = {}
    for ev in events:
        if isinstance(ev, yaml.MappingEndEvent):
            return mapping
        key = _built(yaml, ev, events, build)
        mapping[key] = _built(yaml, next(events), events, build)
    return mapping


@contextmanager
def _said(yaml, text: str, fail):
    """PyYAML's and Python's errors in reading `text`, as `fail`'s one line."""
    try:
        yield
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark else ""
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        lines = text.splitlines()
        last = len(lines)
        if mark and _at_end(lines, mark):  # (found at the end: "line 4" of a 3-line file)
            where = f"at the end of the file, after line {last}: "
            start, context = getattr(e, "context_mark", None), getattr(e, "context", None)
            # ("while parsing a flow sequence" and the line it opens on; not where PyYAML
            # marks its context at the end too)
            if start is not None and context and start.line < last:
                problem += f" ({context} from line {start.line + 1})"
        if mark and _char_at(text, mark.line, mark.column) == "\t":
            # PyYAML's "found character that cannot start any token" does not say which
            problem = "a tab, where YAML indents with spaces only"
        elif mark and _UNQUOTED_FLOW.search(_line_at(text, mark.line)):
            problem += (' (a value that starts with "[" or "{" and goes on after it, as a hand '
                        'may, needs quotes: "[555p] 123m...")')
        elif "\ufeff" in text[1:]:  # (files joined by cat: the second's byte order mark)
            at = text.count("\n", 0, text.index("\ufeff", 1)) + 1
            problem += f" (line {at} holds a byte order mark, U+FEFF, which YAML allows only first)"
        raise fail(f"malformed YAML: {where}{problem}") from None
    except RecursionError:
        raise fail("malformed YAML: nested too deeply") from None
    except (ValueError, OverflowError) as e:  # a constructor's own check: a date of month
        # 13, an integer of more digits than Python converts
        raise fail(f"malformed YAML: {str(e).split(':')[0]}") from None


# A hand written unquoted after a key, `hand: [555p] 123m...` or `E: {2222p} 456s`: YAML
# reads `[555p]` as a list and fails on what follows it, with words ("did not find expected
# key") that do not point at the quotes README asks for.
_UNQUOTED_FLOW = re.compile(r":[ \t]+[\[{][^\]}]*[\]}][ \t]*[^\s#,\]}]")


def _line_at(text: str, line: int) -> str:
    # The parser's line: it breaks lines at \r and at NEL, LS and PS as well as at \n (as
    # splitlines does, for the printable text before the mark), and a byte-order mark takes
    # no column.
    lines = text.removeprefix("\ufeff").splitlines()
    return lines[line] if line < len(lines) else ""


def _char_at(text: str, line: int, column: int) -> str:
    return _line_at(text, line)[column:column + 1]
