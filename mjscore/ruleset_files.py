"""Ruleset files: where the shipped ones are, and how a file and the `extends:` chain above it
read as one mapping (the keys merged, child over parent). What the mapping must hold is
`ruleset_check`'s; what it compiles to is `ruleset`'s."""

from __future__ import annotations

import os
import stat
from contextlib import contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING

from .errors import RulesetError, file_label, link_reason, os_reason

if TYPE_CHECKING:  # (annotations only: see `shipped_folder`)
    from pathlib import Path

# (pathlib is imported where a file's path is worked with, not here: with the urllib.parse
# and ipaddress it brings, 4-6 ms of a `mjscore score` start, where a shipped ruleset is read
# with os.path alone: `shipped_folder`, `shipped_cache.parsed`.)


@lru_cache(maxsize=1)
def shipped_folder() -> str:
    """The installed copy inside the package, else the source tree's top-level folder.
    (Looked up once a process: scoring asks on every call.)"""
    here = os.path.dirname(os.path.realpath(__file__))
    inside = os.path.join(here, "rulesets")
    return inside if os.path.isdir(inside) else os.path.join(os.path.dirname(here), "rulesets")


def shipped_dir():
    """`shipped_folder` as a pathlib.Path."""
    from pathlib import Path
    return Path(shipped_folder())


@lru_cache(maxsize=1)
def _shipped_set() -> frozenset:
    try:
        return frozenset(n[:-5] for n in os.listdir(shipped_folder()) if n.endswith(".yaml"))
    except OSError:  # (an install without its rulesets: every name is then unknown, as said)
        return frozenset()


def shipped_names() -> list[str]:
    return sorted(_shipped_set())


def _load_yaml(path, label: str) -> dict:
    if _is_shipped(path):
        from .shipped_cache import cached
        data = cached(path)
        if data is not None:
            return data
    from .yamlfile import read
    data = read(path, "ruleset file", lambda message: RulesetError(label, message))
    if not isinstance(data, dict):
        raise RulesetError(label, "must be a mapping of keys (name, tiles, hand, value, ...)")
    return data


def looks_like_path(ref: str) -> bool:
    return os.sep in ref or "/" in ref or ref.endswith((".yaml", ".yml"))


def is_shipped_name(ref: str) -> bool:
    return not looks_like_path(ref) and ref in _shipped_set()


def beside(ref, folder: Path, whole: bool = True):
    """A ruleset file that a record (settle's, or a batch's) names by a relative path, found
    beside the record's file, as a ruleset's `extends:` finds its base; else `ref` as named
    (from the working folder, or a shipped name). `whole`: `ref` is all the record named,
    not one part of a comma list."""
    if not isinstance(ref, str) or not ref.strip() or is_shipped_name(ref) or \
            os.path.isabs(ref):
        return ref
    near = str(folder / ref)
    # (Not is_file(): a named pipe there is the record's too, refused by batch as a pipe.)
    if names_a_path(near):
        return near
    # A comma list (which only score --rules takes) with its files found beside the record's
    # too, so that it is told as a list wherever the run is started from: from elsewhere,
    # it was "no shipped ruleset or file of that name".
    raw = ref.split(",")
    parts = [beside(p.strip(), folder, False) for p in raw] if len(raw) > 1 else []
    if any(p != q.strip() for p, q in zip(parts, raw)):
        return ",".join(parts)
    # A file named by its path and found in neither place: told by the path looked at first,
    # as the run's other ruleset errors name the file they opened (not as the record wrote it,
    # which said nothing of where it was looked for).
    # (Not a part of a list: the list is refused whole, as the record wrote it.)
    if whole and len(raw) == 1 and looks_like_path(ref) and not names_a_path(ref):
        return near
    return ref


def names_a_path(ref: str) -> bool:
    """Whether `ref`, whole, is a file that exists (not a folder). A comma in such a ref is
    part of a file's name (CONTRACT: `--rules NAME|FILE`), not a comma list of rulesets; a
    folder so named (`luzhou,guangdong/`) is no ruleset, and leaves the list a list."""
    try:
        return not stat.S_ISDIR(os.stat(ref).st_mode)
    except (OSError, ValueError):  # none there, a name too long, a NUL byte
        return False


class _NotFound(RulesetError):
    """No shipped ruleset and no file of the name (not a file that cannot be read)."""


def _locate(ref: str, relative_to: Path | None) -> tuple[Path, str, bool]:
    """(path, label, shipped?) for a ruleset name or path."""
    from pathlib import Path
    if is_shipped_name(ref):
        return shipped_dir() / f"{ref}.yaml", ref, True
    path = Path(ref) if relative_to is None else relative_to / ref
    try:
        os.stat(path)  # (not Path.exists, which on newer Pythons says False for any error)
        found = True
    except PermissionError as e:  # a folder on the way that cannot be entered: the file may
        # well be there, so not "no file of that name"
        raise RulesetError(file_label(ref), f"cannot be read ({os_reason(e)})") from None
    except OSError as e:  # none there; a name too long for the file system
        _a_link_there(path, ref, e)
        found = False
    except ValueError:  # a NUL byte
        found = False
    if found:
        return path, file_label(ref), False
    parts = [p.strip() for p in ref.split(",")]
    if len(parts) > 1 and all(is_shipped_name(p) or names_a_path(
            p if relative_to is None else str(relative_to / p)) for p in parts):
        # Rulesets listed as `score --rules` takes them, in a record, a file or the API.
        raise _NotFound(file_label(ref), "one ruleset is named here; a comma list of "
                                         "rulesets is compared only by score --rules")
    if looks_like_path(ref):  # (a file meant, not a shipped ruleset misspelt)
        raise _NotFound(file_label(ref), "no such file" + _shipped_stem(ref))
    known = ", ".join(shipped_names())
    # (Names are lower case, as files are named: a spreadsheet's "Luzhou" is told which.)
    case = next((n for n in shipped_names() if n == ref.strip().lower()), None)
    raise _NotFound(file_label(ref), "unknown ruleset: no shipped ruleset or file of that "
                                     + (f'name (names are lower case: write "{case}")' if case
                                        else f"name (shipped: {known})"))


def _shipped_stem(ref: str) -> str:
    """A shipped ruleset's name written as a file (`luzhou.yaml`): said which it is, as the
    list of shipped names was before a path was told "no such file"."""
    from pathlib import Path
    stem, suffix = Path(ref).stem, Path(ref).suffix
    return f" (the shipped ruleset is named {stem}, without {suffix})" \
        if suffix and is_shipped_name(stem) else ""


def _a_link_there(path: Path, ref: str, e: OSError) -> None:
    """Raise where `path`, which could not be followed (`e`), is a symbolic link: there is a
    file of that name, looping back to itself or to nothing, so not "no file" of it."""
    why = link_reason(path, e)
    if why is not None:
        raise RulesetError(file_label(ref), f"cannot be read ({why})")


def load_raw(ref: str, files: list | None = None) -> tuple[dict, str, bool]:
    """The merged mapping for `ref`, its label, and whether every file in the chain is shipped.
    `files`, when given, receives the resolved path of every file read."""
    from .extends import merge_chain
    chain, all_shipped = _chain(ref, files)
    return merge_chain(chain, is_shipped_name), chain[0][1], all_shipped


def _chain(ref: str, files: list | None = None) -> tuple[list, bool]:
    """The (mapping, label) of `ref` and of each file its `extends:` chain reads, `ref`'s
    first, and whether every one is shipped."""
    if not ref.strip():  # Path("") is the current folder
        raise RulesetError(repr(ref), "unknown ruleset: give a shipped name or a file")
    if ref != ref.strip() and not names_a_path(ref):
        ref = ref.strip()  # (`--rules " luzhou"`, as a comma list's names and options are)
    chain: list[tuple[dict, str]] = []
    seen: set[Path] = set()
    try:
        path, label, all_shipped = _locate(ref, None)
    except _NotFound as e:  # (told apart for `extends:` below; the caller's is a RulesetError)
        raise RulesetError(e.source, e.detail) from None
    while True:
        real = path.resolve()
        if real in seen:
            trail = " -> ".join([lb for _, lb in chain] + [label])
            raise RulesetError(label, f"extends itself in a cycle ({trail})", "extends")
        seen.add(real)
        if files is not None:
            files.append(real)
        data = _load_yaml(path, label)
        chain.append((data, label))
        parent = data.get("extends")
        if parent is None and "extends" not in data:
            return chain, all_shipped
        # (`extends:` written with nothing after it is YAML's null: a file it meant to name,
        # not a whole ruleset missing its keys, which is what it was taken for.)
        if not isinstance(parent, str) or not parent.strip():
            raise RulesetError(label, "must name a shipped ruleset or a file", "extends")
        try:
            # (A ruleset read from a pipe or standard input, `<(cat b.yaml)`'s /dev/fd/63, has
            # no folder of its own: its base is looked for from the working folder, as a
            # record's ruleset is for `settle -`. "No such file beside this one" was looked for
            # in /dev/fd, and told of a file that was there.)
            folderless = no_folder(path)
            path, plabel, shipped = _locate(
                parent, None if _is_shipped(path) or folderless else path.parent)
        except _NotFound:
            if looks_like_path(parent) and not os.path.isabs(parent) and folderless:
                raise RulesetError(label, f'"{parent}": no such file in the working folder (a '
                                          "ruleset read from a pipe or standard input has no "
                                          "folder of its own)", "extends") from None
            if looks_like_path(parent):
                where = "" if os.path.isabs(parent) else " beside this one"
                raise RulesetError(label, f'"{parent}": no such file{where}'
                                   + _shipped_stem(parent), "extends") from None
            known = ", ".join(shipped_names())
            raise RulesetError(label, f'"{parent}" is no shipped ruleset (shipped: {known}) and '
                                      "no file beside this one", "extends") from None
        if path.is_dir():  # named here, not as the folder's own error with no file or key
            raise RulesetError(label, f'"{parent}" is a folder, not a ruleset file', "extends")
        if read_once(path):  # (opened, a named pipe would wait for a writer for ever; a
            # chain is read again by each check that the files have not changed since)
            raise RulesetError(label, f'"{parent}" is a pipe or device, not a ruleset file; '
                                      "save the ruleset to a file", "extends")
        all_shipped = all_shipped and shipped
        label = plabel if shipped else file_label(str(path))


@contextmanager
def naming_the_writer(ref: str, label: str):
    """A RulesetError of the merged file `ref` (labelled `label`) at a key that only a house
    file its `extends:` chain reads writes: the message names that file too, as the user
    looking for the key in `ref` itself would not find it. (A key a shipped ruleset writes is
    right there: the fault is in what a house file changed around it, as the message says.)"""
    try:
        yield
    except RulesetError as e:
        if e.source == label and e.at and not read_once(ref):  # (a pipe is not read again)
            try:
                chain, _ = _chain(ref)
            except RulesetError:  # (the chain read a moment ago: changed since, say nothing)
                raise e from None
            writer = _writer(chain, e.at.split("."))
            if writer not in (None, label) and not is_shipped_name(writer):
                e.written_in(writer)
        raise


def _writer(chain: list, parts: list) -> str | None:
    """The label of the file, the first of `chain` (child first), that writes the key
    `parts` or a value (not a mapping) above it: the one whose value the merge kept."""
    for data, label in chain:
        node = data
        for part in parts:
            if not isinstance(node, dict):
                break  # a value above the key, which replaced whatever the parent had
            if part not in node:
                node = _MISSING
                break
            node = node[part]
        if node is not _MISSING:
            return label
    return None


_MISSING = object()


def _is_shipped(path) -> bool:
    return path.resolve().parent == shipped_dir().resolve()


def chain_files(ref: str) -> list:
    """The files of ruleset `ref` and the `extends:` chain above it, a shipped one's too
    (its folder may be the user's own, in an editable install): what a run using it still
    reads."""
    files: list = []
    load_raw(ref, files)
    return files


def no_folder(path: Path) -> bool:
    """Whether `path` names what has no folder of its own: `<(cat h.yaml)`'s /dev/fd/63, or
    /dev/stdin, a pipe or a file the shell redirected (a named pipe's folder is its own)."""
    folder = str(path.parent)
    return folder in ("/dev", "/dev/fd") or folder.startswith("/proc/")


def read_once(ref) -> bool:
    """Whether ruleset `ref` names a pipe or a device (`--rules <(cat h.yaml)`, a named pipe):
    what it sends is read once, and opening it again waits for a writer that never comes."""
    try:
        mode = os.stat(ref).st_mode
    except (OSError, ValueError, TypeError):  # none there (a shipped name), a NUL byte
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode) or is_shipped_name(str(ref)))


def stamps(files) -> tuple | None:
    """What each file of an extends: chain holds now, as a digest of its bytes (None if one
    cannot be read, or is a pipe: `read_once`). Reading a small file is cheap; parsing and
    validating it is not, and a modification time can miss an edit within one clock tick."""
    from hashlib import sha256

    from .yamlfile import MAX_BYTES
    try:
        out = []
        for f in files:
            if read_once(f):
                return None
            with open(f, "rb") as fh:
                out.append((f, sha256(fh.read(MAX_BYTES + 1)).digest()))
        return tuple(out)
    except (OSError, ValueError):
        return None


def is_list(rules: str) -> bool:
    """`--rules` (or `rules=`) as a comma list of rulesets, unless the whole of it names a
    file."""
    return "," in rules and not names_a_path(rules)


def one_ruleset(rules, command: str,
                hint: str = "a comma list of rulesets is compared by score") -> object:
    """`rules` of a command (or its API function) that takes one ruleset, where a comma list
    (score's side by side) would otherwise be looked for as a ruleset of that name, and not
    found: refused in the same words from the command line and from Python."""
    if isinstance(rules, str) and is_list(rules):
        from .errors import OptionError
        raise OptionError(f"{command} takes one --rules; {hint}")
    return rules
