"""What a user's YAML text may hold, checked from the parser's events before anything is
built (`yamlfile`): no aliases, merge keys, unknown tags or deep nesting; keys are text and
given once; a tag fits its node; a plain value is not read as a date or a number it is not
meant to be."""

from __future__ import annotations

import re
import sys

MAX_DEPTH = 32  # the shipped rulesets nest 5 deep; jsonschema and merging recurse per level
_CORE = "tag:yaml.org,2002:"
# Explicit tags that only restate a plain YAML type; anything else (!!python/..., !custom,
# !!binary, !!set, ...) names a constructor the data does not need.
ALLOWED_TAGS = {_CORE + t for t in ("str", "int", "float", "bool", "null", "map", "seq")}


def check_events(yaml, text: str, loader, fail, records: bool = False) -> None:
    """Refuse aliases, merge keys, unknown tags, deep nesting, keys that are not text and a
    key given twice in one mapping, from the parser's events alone. `records`: the text is a
    batch file, a list of records, and a plain key that is not text (`yes:`, `1:`) within a
    record is left to that record's check, which refuses the record alone, as it does an
    unknown key; the rest of the file is still scored."""
    resolver = yaml.resolver.Resolver()
    open_: list = []  # per open collection: [is a mapping, the next node is a key, keys seen]
    documents = 0
    for ev in yaml.parse(text, Loader=loader):
        line = f"line {ev.start_mark.line + 1}: " if ev.start_mark else ""
        if isinstance(ev, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:  # (`parse_top` reads the first alone; yaml.load's words, "but
                # found another document", kept only the end of its sentence)
                raise fail(f"malformed YAML: {line}a second document (after ---); the file "
                           "must hold one")
        if isinstance(ev, yaml.AliasEvent):
            raise fail(f"{line}YAML aliases (*{ev.anchor}) are not allowed")
        tag = getattr(ev, "tag", None)
        if tag and tag != "!" and tag not in ALLOWED_TAGS:  # "!": YAML's "no particular tag"
            shown = "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag
            raise fail(f"{line}YAML tag {shown} is not allowed")
        if tag and tag != "!":
            _tagged(yaml, ev, tag, line, fail)
        if isinstance(ev, yaml.ScalarEvent) and not ev.style and ev.implicit[0]:
            tag = resolver.resolve(yaml.ScalarNode, ev.value, (True, False))
            _unbuildable(yaml, tag, ev.value, line, fail)
            try:
                _plain_number(tag, ev.value, line, fail)
            except ValueError:  # its reading in decimal, or an octal's digits read in
                # decimal, past Python's limit: an octal 000...1, a base 60 1:59:59:...
                raise fail(f"{line}a number of more than {_max_digits()} digits") from None
        starts = isinstance(ev, (yaml.ScalarEvent, yaml.MappingStartEvent,
                                 yaml.SequenceStartEvent))
        if starts and open_ and open_[-1][0] and open_[-1][1]:
            # Every key of a ruleset or record is a name; a key of null, a number or a list
            # would reach the schema check as something it cannot match against.
            kind = (tag or resolver.resolve(yaml.ScalarNode, ev.value, ev.implicit)) \
                if isinstance(ev, yaml.ScalarEvent) else ""  # (a list tagged "!" is a list)
            if kind == _CORE + "merge":
                # "<<" merges a mapping into this one, its keys giving way to the ones here:
                # a key given twice, one value silently lost. With no aliases it only ever
                # merges a mapping written in place, which can as well be written out.
                raise fail(f"{line}YAML merge keys (<<) are not allowed")
            if kind not in ("!", _CORE + "str") and not (
                    records and isinstance(ev, yaml.ScalarEvent) and len(open_) > 1
                    and not open_[0][0]):
                shown = f'"{ev.value}"' if isinstance(ev, yaml.ScalarEvent) and ev.value \
                    else "empty" if isinstance(ev, yaml.ScalarEvent) else "a list or mapping"
                raise fail(f"{line}a key must be text, not {shown}")
            if isinstance(ev, yaml.ScalarEvent):
                # YAML keeps the last of two equal keys: the first would be lost unseen.
                if ev.value in open_[-1][2]:
                    raise fail(f'{line}key "{ev.value[:40]}" is given twice')
                open_[-1][2].add(ev.value)
        if isinstance(ev, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            open_.append([isinstance(ev, yaml.MappingStartEvent), True, set()])
            if len(open_) > MAX_DEPTH:
                raise fail(f"{line}nested deeper than {MAX_DEPTH} levels")
        elif isinstance(ev, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            open_.pop()
        if isinstance(ev, (yaml.ScalarEvent, yaml.MappingEndEvent, yaml.SequenceEndEvent)) \
                and open_ and open_[-1][0]:
            open_[-1][1] = not open_[-1][1]  # a whole node ended: key, then value, then key


def _tagged(yaml, ev, tag: str, line: str, fail) -> None:
    """Refuse, at its line, a node its explicit tag cannot build (`!!map` on a scalar, `!!int`
    on a word), as yaml.load did: `parse_top` builds what the tag names, and a batch file's
    records only when they are reached, after the rows before them."""
    found = "scalar" if isinstance(ev, yaml.ScalarEvent) else \
        "sequence" if isinstance(ev, yaml.SequenceStartEvent) else "mapping"
    wanted = {_CORE + "map": "mapping", _CORE + "seq": "sequence"}.get(tag, "scalar")
    if found != wanted:
        raise fail(f"malformed YAML: {line}expected a {wanted} node, but found {found}")
    if found == "scalar":
        build = yaml.SafeLoader("")
        try:
            build.yaml_constructors[tag](build, yaml.ScalarNode(tag, ev.value))
        except (ValueError, OverflowError) as e:  # !!int x, !!float 1.2.3
            raise fail(f"malformed YAML: {line}{str(e).split(':')[0]}") from None
        except (KeyError, IndexError):  # !!bool maybe, !!int "": PyYAML's own KeyError
            raise fail(f'malformed YAML: {line}"{ev.value[:40]}" is not a '
                       f"!!{tag[len(_CORE):]}") from None


def _unbuildable(yaml, tag: str, value: str, line: str, fail) -> None:
    """Refuse, at its line, a plain value YAML reads as a date that is none (2001-13-45, which
    may well be meant as text) or as a number of more digits than Python converts: building
    it fails later, where no line is known, in Python's words."""
    limit = _max_digits()
    if tag == _CORE + "int" and limit:
        digits = value.replace("_", "").lstrip("+-")
        if not digits.startswith(("0b", "0x")) and \
                max(len(part.lstrip("0")) for part in digits.split(":")) > limit:
            raise fail(f"{line}a number of more than {limit} digits")  # (each part of base 60)
    elif tag == _CORE + "timestamp":
        try:
            yaml.SafeLoader("").construct_yaml_timestamp(yaml.ScalarNode(tag, value))
        except (ValueError, OverflowError) as e:
            raise fail(f"{line}{value} reads as a date in YAML, which it is not "
                       f"({str(e).split(':')[0]}); write it in quotes if it is text") from None


def _max_digits() -> int:
    """The most digits Python converts to or from an int; 0 where it has no limit (Pythons
    before 3.10.7 and 3.11 have none, nor `sys.get_int_max_str_digits`)."""
    get = getattr(sys, "get_int_max_str_digits", None)
    return get() if get else 0


_OCTAL = re.compile(r"[-+]?0[0-7_]+")


def _plain_number(tag: str, value: str, line: str, fail) -> None:
    """Refuse an unquoted number that PyYAML (YAML 1.1) reads in a base other than ten, unlike
    YAML 1.2 and any reader of the file: `1:30` is 90 (base 60), `010` is 8 (octal). A cap,
    a count or a tile written so would be taken silently as another number."""
    if tag not in (_CORE + "int", _CORE + "float"):
        return
    sign = "-" if value.startswith("-") else ""
    digits = value.replace("_", "").lstrip("+-")
    if ":" in value:
        parts = digits.split(":")
        read = 0
        for part in parts[:-1]:
            read = read * 60 + int(part)
        last = float(parts[-1]) if tag == _CORE + "float" else int(parts[-1])
        try:
            shown = f"{sign}{read * 60 + last}"
        except OverflowError:  # a float of some 200 parts: past any float
            shown = "a number past any float"
        raise fail(f"{line}{value} reads as {shown} in YAML (a number in base 60); write it in "
                   "quotes if it is text")
    if tag == _CORE + "int" and _OCTAL.fullmatch(value) and int(digits, 8) != int(digits, 10):
        raise fail(f"{line}{value} reads as {sign}{int(digits, 8)} in YAML (an octal number); "
                   f"write {sign}{int(digits, 10)}, or quote it if it is text")
