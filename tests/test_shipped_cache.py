"""The parsed copy of the shipped rulesets (start-up speed) is current and never stale."""

from mjscore import shipped_cache
from mjscore.ruleset_files import shipped_dir


def test_cache_is_current():
    # Fails after a shipped YAML edit: run `python -m mjscore.shipped_cache` and commit.
    on_disk = (shipped_dir() / shipped_cache.NAME).read_text(encoding="utf-8")
    assert on_disk == shipped_cache.text(shipped_dir())  # texts: key order matters


def test_cache_keeps_key_order():
    text = (shipped_dir() / "luzhou.yaml").read_text(encoding="utf-8")
    data = shipped_cache.lookup(shipped_dir() / "luzhou.yaml", text)
    assert list(data["patterns"])[:3] == ["gui", "long", "daduizi"]


def test_cache_answers_only_for_the_exact_text(tmp_path):
    path = shipped_dir() / "luzhou.yaml"
    text = path.read_text(encoding="utf-8")
    assert shipped_cache.lookup(path, text)["name"] == "luzhou"
    assert shipped_cache.lookup(path, text.replace("cap: {option: cap}", "cap: 7")) is None


def test_missing_or_broken_cache_is_no_answer(tmp_path):
    (tmp_path / "x.yaml").write_text("name: x\n", encoding="utf-8")
    assert shipped_cache.lookup(tmp_path / "x.yaml", "name: x\n") is None
    (tmp_path / shipped_cache.NAME).write_text("{not json", encoding="utf-8")
    assert shipped_cache.lookup(tmp_path / "x.yaml", "name: x\n") is None


def test_scoring_with_a_shipped_ruleset_imports_nothing_heavy():
    """`mjscore score` starts within 2x `import click` (issue 8): with a shipped ruleset it
    needs no YAML parser, no schema validator, and no fractions (which brings decimal: a
    house file's decimal amount alone needs it, `amounts.exact`), nor the shipped suits with
    ghosts (`suit_entries`: a batch reads them). Run apart, so that what
    other tests imported counts for nothing."""
    import subprocess
    import sys
    # pathlib too (4-6 ms with the urllib.parse and ipaddress it brings), where the interpreter
    # did not load it before mjscore (an editable install's path finder does).
    code = ("import sys, io, contextlib\n"
            "at_start = 'pathlib' in sys.modules\n"
            "sys.argv = ['mjscore', 'score', '111m123m456m789m5pC', '--win', '5p']\n"
            "from mjscore.cli import cli\n"
            "try:\n"
            "    with contextlib.redirect_stdout(io.StringIO()):\n"
            "        cli(prog_name='mjscore')\n"
            "except SystemExit:\n"
            "    pass\n"
            "print(' '.join(m for m in ('jsonschema', 'yaml', 'fractions', 'decimal', 'difflib',\n"
            "                           'multiprocessing', 'mjscore.suit_entries',\n"
            "                           'mjscore.notation_hints', 'mjscore.no_reading',\n"
            "                           'mjscore.compare')\n"
            "               if m in sys.modules),\n"
            "      '' if at_start or 'pathlib' not in sys.modules else 'pathlib')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", out.stdout


def test_a_shipped_ruleset_read_from_the_cache_is_what_its_file_reads_as():
    # (`parsed` reads it with os.path alone, for start-up; `load_raw` as it reads any file.)
    from mjscore.ruleset_files import load_raw, shipped_names
    for name in shipped_names():
        data = shipped_cache.parsed(name)
        assert data == load_raw(name)[0], name
        assert list(data["patterns"]) == list(load_raw(name)[0]["patterns"]), name


def test_an_install_without_its_rulesets_names_none_rather_than_failing(monkeypatch):
    from mjscore import ruleset_files
    monkeypatch.setattr(ruleset_files, "shipped_folder", lambda: "/no/such/folder")
    ruleset_files._shipped_set.cache_clear()
    try:
        assert not ruleset_files.is_shipped_name("luzhou")
    finally:
        ruleset_files._shipped_set.cache_clear()
