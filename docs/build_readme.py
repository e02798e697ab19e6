"""Build README.md from docs/README.tmpl.md, running every command in it for real.

    python docs/build_readme.py              # from the repository root, in the project's venv

Lines `@@out CMD`, `@@run CMD`, `@@runrc CMD` and `@@py ... @@end` become real output;
`⟦value: HAND ARGS⟧` and friends become a value the tool computes; `@@gen NAME` a generated
table. It prints every command that failed or gave an unexpected value, then the lines
that changed from the README.md it replaces.
"""
import difflib, json, os, re, subprocess, sys, textwrap
from pathlib import Path
ROOT = str(Path(__file__).resolve().parent.parent)
BIN = str(Path(sys.executable).parent)
ENV = dict(os.environ, PATH=BIN + os.pathsep + os.environ["PATH"], COLUMNS="100")
problems = []

def run(cmd):
    p = subprocess.run(cmd, shell=True, cwd=ROOT, env=ENV, capture_output=True, text=True)
    if "Traceback" in p.stderr:
        problems.append(f"TRACEBACK: {cmd}")
    return p.returncode, (p.stdout + p.stderr).rstrip("\n")

def score_json(args):
    rc, out = run("mjscore score " + args + " --format json")
    if rc == 2:
        problems.append(f"rc=2 for {args}: {out}")
        return rc, None
    return rc, json.loads(out)

def block_run(cmd, show_rc):
    rc, out = run(cmd)
    if rc == 2 and not show_rc and cmd.startswith("mjscore score"):
        # a scoring example meant to work that now stops at bad input
        problems.append(f"exit 2 in @@run (use @@runrc to show an error): {cmd}: {out}")
    text = f"$ {cmd}\n{out}" if out else f"$ {cmd}"
    if show_rc:
        text += f"\n$ echo $?\n{rc}"
    return "```console\n" + text + "\n```"

def block_py(code):
    p = subprocess.run([sys.executable, "-c", code], cwd="/tmp", capture_output=True,
                       text=True)
    if p.returncode:
        problems.append("python block failed: " + p.stderr)
    return "```python\n" + code.rstrip() + "\n```\nprints:\n```text\n" + p.stdout.rstrip() + "\n```"

def inline(m):
    kind, args = m.group(1), m.group(2)
    if kind == "err":
        rc, out = run("mjscore score " + args)
        if rc != 2:
            problems.append(f"expected rc 2: {args}")
        return out.replace("|", "\\|")
    rc, d = score_json(args)
    if d is None:
        return "ERROR"
    if kind == "err":
        return "ERROR"
    if kind == "hand":
        return d["hand"]
    if kind == "decomp":
        return d["decomposition"] or "-"
    if kind == "value":
        return str(d["value"])
    if kind == "raw":
        return str(d["raw_value"])
    if kind == "pats":
        return ", ".join(f"{p['name']} {p['effect']}" for p in d["patterns"]) or "-"
    if kind == "expect":  # expect:VALUE|args
        want, a = args.split("|", 1)
        rc, d = score_json(a)
        if d is None or str(d["value"]) != want.strip() or rc != 0:
            problems.append(f"EXPECT {want} got {d and d['value']} rc={rc}: {a}")
        return ""
    raise ValueError(kind)

def main(template, dest):
    src = open(template, encoding="utf-8").read()
    lines, i, res = src.split("\n"), 0, []
    while i < len(lines):
        ln = lines[i]
        if ln.startswith("@@out "):
            rc, o = run(ln[6:])
            res.append("```text\n" + o + "\n```")
        elif ln.startswith("@@run ") or ln.startswith("@@runrc "):
            tag, cmd = ln.split(" ", 1)
            res.append(block_run(cmd, tag == "@@runrc"))
        elif ln == "@@py":
            j = lines.index("@@end", i)
            res.append(block_py("\n".join(lines[i + 1:j])))
            i = j
        elif ln.startswith("@@gen "):
            res.append(GEN[ln.split()[1]]())
        else:
            res.append(ln)
        i += 1
    text = "\n".join(res)
    text = re.sub(r"⟦(value|raw|pats|expect|err|hand|decomp): (.*?)⟧", inline, text)
    old = open(dest, encoding="utf-8").read() if os.path.exists(dest) else text
    open(dest, "w", encoding="utf-8").write(text)
    print("\n".join(problems) or "no problems")
    # What changed from the README there was: an edit of the template, or a command's output.
    changed = [ln for ln in difflib.unified_diff(old.split("\n"), text.split("\n"), n=0,
                                                 lineterm="")
               if ln[:1] in "+-" and ln[:3] not in ("+++", "---")]
    if changed:
        print(f"changed from the README there was ({len(changed)} lines):")
        print("\n".join(changed[:60]) + ("\n..." if len(changed) > 60 else ""))

# --- generated tables -------------------------------------------------------------
def gen_predicates():
    code = textwrap.dedent('''
        from mjscore.patterns import REGISTRY
        import json
        print(json.dumps({k: (f.__doc__ or "").strip() for k, f in REGISTRY.items()}))''')
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    docs = json.loads(p.stdout)
    rows = ["| Predicate id | What it counts |", "|---|---|"]
    for k, d in docs.items():
        d = " ".join(d.split()).replace("|", "\\|")
        rows.append(f"| `{k}` | {d} |")
    return "\n".join(rows)

def _yaml():
    import yaml
    with open(os.path.join(ROOT, "rulesets", "luzhou.yaml"), encoding="utf-8") as f:
        return yaml.safe_load(f)

def _effect(p):
    for e in ("steps", "base", "multiply", "add", "fixed"):
        if e in p:
            v = p[e]
            if e == "steps":
                return "step 0" if v == 0 else f"+{v} step" + ("s" if v != 1 else "")
            return {"base": "base {}", "multiply": "x{}", "add": "+{}", "fixed": "= {}"}[e].format(v)

def gen_luzhou_patterns():
    d = _yaml()
    rows = ["| Id | 名堂 | English | Effect | When | Ruling |", "|---|---|---|---|---|---|"]
    for pid, p in d["patterns"].items():
        when = []
        if "params" in p:
            when.append(", ".join(f"{k}: {v}" for k, v in p["params"].items()))
        if p.get("when_named") is True:
            when.append("only with a 名堂")
        if p.get("when_named") is False:
            besides = ", ".join(d["patterns"][x]["name"] for x in p.get("besides", ()))
            when.append("only without a 名堂" + (f" besides {besides}" if besides else ""))
        if isinstance(p.get("enabled"), dict):
            when.append(f"option `{p['enabled']['option']}`")
        for e, v in list(p.items()):  # an amount an option gives: its default, and the option
            if e in ("steps", "base", "multiply", "add", "fixed") and isinstance(v, dict):
                p = {**p, e: d["options"][v["option"]]["default"]}
                when.append(f"amount: option `{v['option']}`")
        if p.get("named") is False and "fixed" not in p:
            when.append("not a 名堂")
        rows.append(f"| `{pid}` | {p['name']} | {p['en']} | {_effect(p)} | {'; '.join(when) or '-'} | {p.get('ruling','')} |")
    return "\n".join(rows)

def gen_luzhou_options():
    d = _yaml()
    rows = ["| Option | Type | Default | Allowed | Origin | Ruling | Meaning |", "|---|---|---|---|---|---|---|"]
    for k, s in d["options"].items():
        allowed = []
        if s.get("choices"):
            allowed.append(", ".join(map(str, s["choices"])))
        if "min" in s or "max" in s:
            allowed.append(f">= {s['min']}" if "max" not in s else f"{s.get('min')}-{s['max']}")
        if s.get("words"):
            allowed += [f"`{w}`" for w in s["words"]]
        default = str(s["default"]).lower() if isinstance(s["default"], bool) else s["default"]
        rows.append(f"| `{k}` | {s['type']} | `{default}` | {', '.join(allowed) or '-'} | {s.get('origin','')} | {s.get('ruling','')} | {s['help']} |")
    return "\n".join(rows)

GEN = {"predicates": gen_predicates, "luzhou_patterns": gen_luzhou_patterns,
       "luzhou_options": gen_luzhou_options}


def _shipped():
    import glob
    import yaml
    out = {}
    for p in sorted(glob.glob(os.path.join(ROOT, "rulesets", "*.yaml"))):
        with open(p, encoding="utf-8") as f:
            out[os.path.basename(p)[:-5]] = yaml.safe_load(f)
    return out

OPTS = [
    ("--rules NAME\\|FILE", None, "ruleset: a shipped name or a YAML file (default `luzhou`); a comma list scores the hand under each, side by side (a file whose whole name holds a comma is that file)"),
    ("--win TILE", None, "the winning tile (default: the last concealed tile written)"),
    ("--seat SEAT", None, "the winner's seat, `E` `S` `W` `N` (default `E`)"),
    ("--discard SEAT", "discard", "won on SEAT's discard (default: self-draw)"),
    ("--kong-draw", "kong_draw", "won on a kong replacement tile (杠上花, 杠上开花); the hand must hold a kong"),
    ("--kong-from SEAT", "kong_from", "with `--kong-draw`: the kong was claimed from SEAT's "
     "discard, and SEAT pays the whole win, all three shares and the horses (杠爆全包)"),
    ("--after-kong", "after_kong", "with `--discard`: the discarder had just konged (杠上炮)"),
    ("--rob-kong SEAT", "rob_kong", "robbed SEAT's added kong (抢杠)"),
    ("--won SEATS", "won", "comma list of seats that already won this hand (they do not pay)"),
    ("--declared", "declared", "报牌 / 报章 was declared"),
    ("--heavenly", "heavenly", "天胡: the dealer won on the dealt hand"),
    ("--earthly", "earthly", "地胡: a non-dealer won on the first tile"),
    ("--ghosts-drawn N", "ghosts_drawn", "ghost tiles drawn this hand (喜钱)"),
    ("--indicator TILE", "indicator", "the flipped indicator tile; implies a flip ghost (the next tile)"),
    ("--horses TILES", "horses", "买马 tiles drawn, in hand notation"),
    ("--dealer SEAT", None, "the dealer (default `E`)"),
    ("--opt KEY=VALUE", None, "a ruleset option, repeatable: `--opt cap=100 --opt ghosts=8`"),
    ("--format table\\|json", None, "for people (default) or for scripts"),
    ("--explain", None, "also list the readings that differ in patterns or value, best first (JSON: `alternatives`)"),
]

def _ctx(d):
    """{context key: True, or the option that switches it on}, of the keys a ruleset may take."""
    out = {}
    for item in d.get("context") or []:
        for key, on in ({item: True} if isinstance(item, str) else item).items():
            if on is not False:
                out[key] = on if on is True else on["option"]
    return out

def _where(name, d, ctx):
    """`name` in the Rulesets column; with the option it needs when that is off by default."""
    on = _ctx(d)[ctx]
    if on is True or (d.get("options") or {}).get(on, {}).get("default") is True:
        return name
    return f"{name} (with `--opt {on}=true`)"

def gen_score_options():
    rs = _shipped()
    rows = ["| Option | Meaning | Rulesets |", "|---|---|---|"]
    for flag, ctx, meaning in OPTS:
        if ctx is None:
            where = "all"
        else:
            names = sorted((n for n, d in rs.items() if ctx in _ctx(d)),
                           key=lambda n: (n != "luzhou", n))
            shown = [_where(n, rs[n], ctx) for n in names]
            where = "all" if shown == sorted(rs, key=lambda n: (n != "luzhou", n)) else \
                ", ".join(shown) or "none shipped"
        rows.append(f"| `{flag}` | {meaning} | {where} |")
    return "\n".join(rows)

def gen_extras():
    code = ("from mjscore.settlement import EXTRAS;import json;"
            "print(json.dumps({k:' '.join((f.__doc__ or '').split()) for k,f in EXTRAS.items()}, ensure_ascii=False))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    d = json.loads(p.stdout)
    return "\n".join(["| Extra rule | What it pays |", "|---|---|"] +
                     [f"| `{k}` | {v} |" for k, v in d.items()])

def gen_shipped():
    rs = _shipped()
    names = sorted(rs, key=lambda n: (n != "luzhou", n))

    def ghost(n):  # (the first clause of `rules show`'s Ghosts: line: which tile, how)
        _rc, out = run(f"mjscore rules show {n}")
        line = next(x for x in out.splitlines() if x.startswith("Ghosts:"))
        return line.split(":", 1)[1].split(",")[0].strip()
    return "Shipped rulesets (`mjscore rules list`), with each one's ghost tile:\n\n" + \
        "\n".join(f"- `{n}`: {rs[n].get('title', '')}; ghost: {ghost(n)}" for n in names)

def gen_planned():
    rc, out = run("mjscore --help")
    have = set(re.findall(r"^  (\w+)\s", out.split("Commands:")[1], re.M))
    desc = {"batch": "`mjscore batch FILE...` (many hands from files)"}
    built = [c for c in desc if c in have]
    planned = [c for c in desc if c not in have]
    out = []
    if planned:
        out.append(", ".join(desc[c] for c in planned) + (" is" if len(planned) == 1 else " are")
                   + " planned and not built yet.")
    if built:
        out.append("Also available, not yet described here: " + ", ".join(desc[c] for c in built)
                   + "; see `mjscore COMMAND --help`.")
        problems.append("NOTE: built commands lack README sections: " + ", ".join(built))
    return " ".join(out)

def gen_bad_ruleset():
    import tempfile
    d = tempfile.mkdtemp()
    text = "extends: luzhou\nname: bad\nvalue:\n  model: lader\n"
    open(f"{d}/bad.yaml", "w").write(text)
    p = subprocess.run("mjscore rules check bad.yaml", shell=True, cwd=d, env=ENV,
                       capture_output=True, text=True)
    if p.returncode != 2 or "Traceback" in p.stderr:
        problems.append("bad ruleset example: rc %d %s" % (p.returncode, p.stderr))
    return ("```console\n$ cat bad.yaml\n" + text + "$ mjscore rules check bad.yaml\n"
            + (p.stdout + p.stderr).rstrip() + "\n$ echo $?\n" + str(p.returncode) + "\n```")

GEN.update(bad_ruleset=gen_bad_ruleset, planned=gen_planned, score_options=gen_score_options, extras=gen_extras, shipped=gen_shipped)

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "README.tmpl.md"),
         sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "README.md"))
