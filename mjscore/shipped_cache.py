"""The shipped rulesets, already parsed: `rulesets/parsed.json`.

Parsing YAML costs a `mjscore score` start about 20 ms (importing PyYAML and reading the
files), a quarter of a Click tool's floor. The shipped files change only with a release, so
their parsed form is kept beside them as JSON, each entry with the exact YAML text it was
made from. A file whose text no longer matches its entry is parsed as YAML again, so an
edited ruleset is never answered from a stale cache; the test suite checks the cache is
current, and `python -m mjscore.shipped_cache` writes it anew.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (annotations only: a shipped ruleset is read with os.path, `parsed`)
    from pathlib import Path

NAME = "parsed.json"


def _entries(folder) -> dict:
    try:
        with open(os.path.join(folder, NAME), encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def lookup(path, text: str):
    """The parsed data of shipped file `path` (text or a pathlib.Path) if the cache holds it
    for exactly `text`. Read afresh each time (a shipped ruleset is compiled once a process),
    so no caller shares its mapping with another."""
    entry = _entries(os.path.dirname(path)).get(os.path.basename(path))
    if isinstance(entry, dict) and entry.get("source") == text:
        return entry.get("data")
    return None


def cached(path) -> dict | None:
    """The parsed mapping of shipped file `path` if the cache holds it for the file's text as
    it is now, else None (read the file itself)."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, ValueError):
        return None
    data = lookup(path, text)
    return data if isinstance(data, dict) else None


def parsed(name: str) -> dict | None:
    """Shipped ruleset `name` as `ruleset_files.load_raw` reads it, where the cache answers
    for it and it extends no other (a root file's mapping is what the merge makes of it), else
    None: os.path and the cache alone, no pathlib, no YAML (a `mjscore score` start's few ms)."""
    from .ruleset_files import shipped_folder
    data = cached(os.path.join(shipped_folder(), name + ".yaml"))
    return data if data is not None and "extends" not in data else None


def build(folder: Path) -> dict:
    """{file name: {"source": YAML text, "data": parsed}} for every ruleset in `folder`."""
    from .yamlfile import parse

    def fail(message):
        return ValueError(message)

    out = {}
    for path in sorted(folder.glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        data = parse(text, fail)
        if json.loads(json.dumps(data)) != data:
            raise ValueError(f"{path.name}: holds values JSON cannot carry exactly")
        out[path.name] = {"source": text, "data": data}
    return out


def text(folder: Path) -> str:
    """The cache file's text. Key order is kept: a ruleset's patterns apply in file order."""
    return json.dumps(build(folder), ensure_ascii=False, indent=1) + "\n"


def write(folder: Path) -> Path:
    target = folder / NAME
    target.write_text(text(folder), encoding="utf-8")
    return target


if __name__ == "__main__":  # python -m mjscore.shipped_cache
    from .ruleset_files import shipped_dir
    print(f"wrote {write(shipped_dir())}")
