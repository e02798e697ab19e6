"""`mjscore rules check FILE`: a user's ruleset file compiled as any hand might use it (with
each option's other values, and a stand-in indicator where the ghost flips), and what its
"ok" line adds of parts that do nothing or cannot be settled. (The schema and what it cannot
see are `ruleset_check`'s.)"""

from __future__ import annotations

from .errors import OptionError, RulesetError, counted
from .options import as_written
from .terms import term


def report(file: str) -> str:
    """The line `rules check` prints for a ruleset `file` (its whole `extends:` chain) that
    compiles; a file that does not raises its RulesetError."""
    from .ruleset_check import validate, why_unused
    from .ruleset_files import load_raw, naming_the_writer
    files: list = []
    data, label, _ = load_raw(file, files)
    with naming_the_writer(file, label):
        validate(data, label)
        rs, note = compile_to_check(data, label, files)
    dropped: dict = {}  # why -> the options dropped for it, in the file's order
    unused = [k for k in data.get("options") or {} if k not in rs.options]
    for k, why in why_unused(unused, files, data).items():
        dropped.setdefault(why, []).append(k)
    note += check_notes(rs)
    return (f"{file}: ok (ruleset {rs.name}, {counted(len(rs.patterns), 'pattern')}, "
            f"{counted(len(rs.options), 'option')}"
            + "".join(f"; {', '.join(keys)} dropped: {why}" for why, keys in dropped.items())
            + note + ")")


def compile_to_check(data: dict, label: str, files) -> tuple:
    """(the ruleset `data` compiles to with its defaults, a note for `rules check`). A file
    that flips the ghost by default has no indicator until a hand gives one (--indicator):
    its every other key is checked with a stand-in indicator, the first tile of its first
    suit (or honour), rather than the file refused for the one thing only a hand can give.

    A part that only an option turns on (a pattern `enabled` by it, a value it gives) is
    compiled only with that option: it is checked with each other value each option lists,
    and refused here rather than by the first `score --opt` (it said ok, and `--opt
    pinghu_ten=true` then named an unknown pattern). The options' other values go in
    together, a round for each (the first other value of each, then the second...); only a
    round that fails is tried an option at a time, to name the one at fault alone (one
    compile a file, not one an option: 300 options took 19 s)."""
    rs, flipped = _compiled(data, label, {}, files)
    specs = data.get("options") or {}
    others = {k: _other_values(specs.get(k) or {}, v) for k, v in rs.options.items()}
    for r in range(max(map(len, others.values()), default=0)):
        round_ = {k: vals[r] for k, vals in others.items() if r < len(vals)}
        if _fails(data, label, round_, files) is None:
            continue
        for key, value in round_.items():
            e = _fails(data, label, {key: value}, files)
            if isinstance(e, RulesetError):
                raise RulesetError(e.source, f"{e.detail} (with --opt {key}="
                                   f"{as_written(value)})", e.key, e.at) from None
    return rs, "; the ghost flips by default: each hand needs --indicator TILE" if flipped \
        else ""


def _compiled(data: dict, label: str, opts: dict, files) -> tuple:
    """(the ruleset compiled with `opts`, whether a stand-in indicator was needed)."""
    from .compile import NeedsIndicator
    from .ruleset import resolve_and_compile
    try:
        return resolve_and_compile(data, label, opts, files=files), False
    except NeedsIndicator as e:
        tiles = data.get("tiles") or {}
        stand_in = next((f"1{s}" for s in tiles.get("suits") or ()), None) or \
            next(iter(tiles.get("honours") or ()), None)
        if not isinstance(stand_in, str):
            raise
        return resolve_and_compile(data, label, {**opts, e.indicator: stand_in},
                                   files=files), True


def _fails(data: dict, label: str, opts: dict, files):
    """The error compiling with `opts` raises, or None. (An OptionError is a combination of
    values no hand could give, as an indicator with the ghost unflipped: not the file's.)"""
    from .compile import NeedsIndicator
    try:
        _compiled(data, label, opts, files)
    except (RulesetError, OptionError, NeedsIndicator) as e:
        return e
    return None


def _other_values(spec: dict, default) -> list:
    """The values of an option other than `default` that `rules check` compiles with: an
    on/off option's other one, each choice listed, and the bounds of a number."""
    if spec.get("type") == "bool":
        return [not default]
    # (A number's words too: `words: [cap, none]` said ok, and `--opt flower_cat_pays=none`
    # was then refused by the key it fills.)
    words = [w for w in spec.get("words") or () if w != default]
    if spec.get("choices"):
        return [c for c in spec["choices"] if c != default] + \
            [w for w in words if w not in spec["choices"]]
    return [v for v in dict.fromkeys((spec.get("min"), spec.get("max")))
            if v is not None and v != default] + words


def check_notes(rs) -> str:
    """What `rules check` adds to "ok" of a ruleset that compiles yet has a part that does
    nothing or cannot be settled (not refused: scoring is sound, and a house file changing a
    pattern or the cap leaves its parent's keys behind)."""
    from .pattern_specs import every_win_base
    notes = []
    v = rs.spec["value"]
    every, base = every_win_base(rs), v.get("base")
    if every is not None and base is not None and base != every.amount:
        notes.append(f"value.base {base} is never reached: pattern {every.id} gives every win "
                     f"its base, {every.amount}")
    draw = rs.spec.get("draw") or {}
    if draw.get("flower_cat") and draw.get("flower_cat_pays", "cap") == "cap" and \
            rs.cap is None:
        notes.append(f"a {term(rs, 'flower_cat_hand')} at {term(rs, 'draw_check')} pays the "
                     "cap, and the cap is none: settle asks for a number (flower_cat_pays)")
    if rs.max_tosses == 0 and "toss" in rs.meld_kinds:
        notes.append("hand.melds lists toss, and max_tosses 0 allows none: every hand with one "
                     "is refused")
    from .inert_keys import idle
    notes += [f"{key} does nothing: {why}" for key, why in idle(rs.data)]
    from .draw_game import kongs_pay, kongs_void
    if kongs_void(rs) and not kongs_pay(rs):
        notes.append("draw.kongs void does nothing: no kong pays (kong_payments)")
    if "kong_draw_claimed" in rs.spec["payers"] and not any(
            item == "kong_from" or isinstance(item, dict) and "kong_from" in item
            for item in rs.data.get("context") or ()):
        notes.append("payers.kong_draw_claimed is never used: context: does not take kong_from "
                     "(--kong-from, which names the seat it makes pay)")
    if (rs.spec.get("ghosts") or {}).get("full_ghost_at_start"):
        if not rs.full_ghost:
            notes.append("ghosts.full_ghost_at_start does nothing: there is no 满鬼 "
                         "(ghosts.full_ghost_win)")
        elif not {"heavenly", "earthly"} & rs.context:
            notes.append("ghosts.full_ghost_at_start leaves 满鬼 never won: context: takes "
                         "neither heavenly nor earthly (--heavenly, --earthly), which say a "
                         "hand is at the start")
    notes += _ghost_bonus_idle(rs)
    # A pattern that applies only with a 名堂, in a file where no other pattern is one (a
    # house file removing them all, or marking each `named: false`): it never applies.
    for p in rs.patterns:
        if p.when_named and not any(q.named and q.id != p.id and q.id not in p.besides
                                    for q in rs.patterns):
            notes.append(f"pattern {p.id} never applies: it needs a named pattern (名堂), and "
                         "no other pattern is one")
    return "".join(f"; {n}" for n in notes)


def _ghost_bonus_idle(rs) -> list:
    """A 喜钱 extra paying only past more ghosts than any value of the file's options puts in
    play (a house file's `over: 8` with luzhou's 4 or 8 红中): it never pays."""
    from .draw_game import ghost_bonus_of
    from .settlement import GHOST_BONUS_OVER
    extra = ghost_bonus_of(rs)
    if extra is None:
        return []
    name = next(n for n, x in rs.spec["extras"].items() if x is extra)
    over = ((rs.data["extras"].get(name) or {}).get("params") or {}).get("over", GHOST_BONUS_OVER)
    most = _most_ghosts(rs)
    if type(over) is not int or most is None or over < most:
        return []  # (an `over` an option sets may be set lower)
    return [f"extras.{name} never pays: it is paid for each ghost drawn past {over}, and at "
            f"most {most} are in play"]


def _most_ghosts(rs) -> int | None:
    """The most ghosts any value of the file's options puts in play (None: no bound)."""
    from . import tiles as T
    from .options import option_of
    copies = (rs.data.get("tiles") or {}).get("copies") or {}
    specs = rs.data.get("options") or {}
    most = 0
    for k in rs.ghost_kinds:
        option = option_of(copies, T.name(k))
        spec = specs.get(option) or {} if option is not None else None
        top = rs.copies[k] if spec is None else \
            max(spec["choices"]) if spec.get("choices") else spec.get("max")
        if type(top) is not int:
            return None
        most += top
    return most


def load_for_records(ref: str):
    """`ref` loaded for hands still to come (`batch --rules`, before its records): a file
    that flips the ghost by default has no indicator until each record gives one, and is
    checked as `rules check` checks it rather than refused for what only a record can give."""
    from .compile import NeedsIndicator
    from .ruleset import load
    from .ruleset_files import load_raw, naming_the_writer
    try:
        return load(ref)
    except NeedsIndicator:
        files: list = []
        data, label, _ = load_raw(ref, files)
        with naming_the_writer(ref, label):
            return compile_to_check(data, label, files)[0]
