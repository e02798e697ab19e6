"""What `mjscore rules show` prints: a ruleset as a player reads it, with its options applied.
The game first (tiles, ghosts, hand), then what can be changed (options), what scores
(patterns, value, cap), who pays, and how a whole hand runs (draw, play) and what `score`
takes. Returns text; never prints."""

from __future__ import annotations

from . import tiles as T
from .context import FLAGS, discard_wins, ghost_rule, max_winners
from .options import option_of, option_refs, resolve
from .reading import full_ghost_words, start_flags
from .tables import tabulate  # (CJK cells measured as render measures them)
from .terms import term
from .words import after_indicator, either

# Words for the `ghosts`, `hand` and `play` keys, by key and value (README, Ruleset format).
_STAND_FOR = {"suited": "standing for any suited tile", "any": "standing for any tile"}
_IN_MELDS = {"wild": "wild in a declared meld too", "natural": "only themselves in a declared "
             "meld", "forbidden": "never in a declared meld"}
_GHOST_SWITCHES = {  # key -> (words when true, words when false or unset)
    "discard_winnable": ("a discarded one may be won on",
                         "a discarded one cannot be won on, ponged or konged"),
    "rob_as_stand_in": ("a robbed one is won as the tile it stands for", ""),
    "rob_ghost_forbidden": ("one being added to a kong cannot be robbed", ""),
    "full_ghost_win": ("drawing the last of them, to hold all concealed, wins at once (满鬼)",
                       ""),
}
_MELDS = {"toss": "toss group", "dragon_set": "dragon set of C F P"}
# What a meld's name alone leaves out (Z2: a set short of one dragon takes a 1s for it).
_MELD_NOTES = {"dragon_set": ["a self-drawn 1s, 幺鸡, may stand in for one missing dragon"],
               "toss": ["three mixed ones, nines (of any suit) and honours, tossed before the "
                        "first discard"]}
_SHAPES = {"standard": "four sets and a pair", "seven_pairs": "seven pairs"}
_PASS_RULES = {"guoshui": "过水 (after passing a discard win, no discard win of equal or lower "
                          "value until the player's next draw)",
               "louhu": "漏胡 (a passed tile is not won by discard until the next discard or "
                        "call)"}


def _val(v) -> str:
    if isinstance(v, dict) and set(v) == {"option"}:
        return f"option {v['option']}"
    if isinstance(v, bool):
        return str(v).lower()
    return "none" if v is None else str(v)


def _option(raw) -> str | None:
    """The option a file takes a value from (`{option: NAME}`), else None."""
    return raw["option"] if isinstance(raw, dict) and set(raw) == {"option"} else None


def _allowed(spec: dict) -> str:
    """What an option accepts, as a player would read it."""
    if spec.get("choices"):
        return ", ".join(map(str, spec["choices"] + spec.get("words", [])))
    kind = {"int": "integer", "bool": "true, false", "str": "text", "tile": "a tile"}[spec["type"]]
    if spec["type"] == "int" and ("min" in spec or "max" in spec):
        lo, hi = spec.get("min"), spec.get("max")
        kind += f" {lo}-{hi}" if lo is not None and hi is not None else \
            f" >= {lo}" if lo is not None else f" <= {hi}"
    return ", ".join([kind] + spec.get("words", []))


def _extra(x: dict) -> str:
    """`喜钱 (Ghost bonus): drawing more than 4 ghosts ... collects 10 for each one over ...`:
    what it pays in words, from its params, so that a table checks its 喜钱 of 20, or from the
    fifth ghost, here (its params as written where its rule has no words)."""
    from .settlement import EXTRA_WORDS
    params = x.get("params") or {}
    words = EXTRA_WORDS.get(x.get("rule"))
    said = words(params) if words else \
        ", ".join(f"{k} {_val(v)}" for k, v in sorted(params.items()))
    return f"{x['name']} ({x['en']})" + (f": {said}" if said else "")


def tiles_line(rs) -> str:
    """`Tiles: 1-9 of m p s, and C; 4 of each; C: 8 (option ghosts); 116 in all`."""
    t, raw = rs.spec["tiles"], rs.data["tiles"].get("copies") or {}
    kinds = [f"1-9 of {' '.join(t['suits'])}"] if t["suits"] else []
    kinds += [" ".join(t["honours"])] if t.get("honours") else []
    copies = {T.parse_name(k): (n, _option(raw.get(k))) for k, n in (t.get("copies") or {}).items()}
    other = "".join(f"; {T.name(k)}: {n}" + (f" (option {by})" if by else "")
                    for k, (n, by) in copies.items())
    total = sum(int(copies.get(k, (4,))[0]) for k in rs.tile_kinds)
    return f"Tiles: {', and '.join(kinds)}; 4 of each{other}; {total} in all"


def ghosts_line(rs) -> str:
    """Which tiles are wild (a flipped ghost: from which indicator), what they stand for, and
    the ruleset's ghost switches."""
    if not rs.ghost_kinds:
        return "Ghosts: none"
    g, raw = rs.spec.get("ghosts") or {}, rs.data.get("ghosts") or {}
    which = " ".join(T.name(k) for k in rs.ghost_order())
    opt = _option(raw.get("mode"))  # (the mode an option picks: the other is a flag away)
    if g.get("mode") == "flip":
        fixed = " ".join(g.get("tiles") or ()) or "the fixed ghost"
        left = rs.copies[T.parse_name(g["indicator"])]  # (the indicator's own taken out)
        which += f", {after_indicator(len(rs.ghost_kinds))} after the indicator " \
                 f"{g['indicator']} (flipped, face up: " \
                 f"{left} {g['indicator']} left to play" \
                 + (f"; --opt {opt}=fixed for {fixed})" if opt else ")")
    elif "mode" in g:
        # (--opt ghost=flip alone is refused: it needs the indicator, which implies it)
        which += " (fixed" + ("; --indicator TILE flips it)" if opt else ")")
    parts = [f"{which}, {_STAND_FOR[g.get('stand_for', 'suited')]}",
             _IN_MELDS[rs.ghosts_in_melds]]
    for key, (yes, no) in _GHOST_SWITCHES.items():
        if key == "discard_winnable" and not discard_wins(rs.spec["hand"]):
            continue  # (no discard is won on at all: `hand_line` says so)
        words = yes if ghost_rule(g, key) else no
        some = full_ghost_words(rs) if key == "full_ghost_win" and rs.full_ghost else None
        if key == "full_ghost_win" and rs.full_ghost_at_start:
            words = f"holding {some[0] if some else 'all'} concealed wins (满鬼) only at the " \
                    f"start, whatever the tile{start_flags(rs, FLAGS)}"
        elif some:  # (fewer than the set has: guangdong's four of eight under 翻双鬼)
            words = f"drawing the {some[1]} of them, to hold {some[0]} concealed, wins at " \
                    "once (满鬼)"
        parts += [words] if words else []
    return "Ghosts: " + "; ".join(parts)


def draw_words(rs) -> str:
    """What is paid when the wall runs out (`draw`), in words."""
    draw = rs.spec.get("draw") or {}
    out = []
    if draw.get("flower_cat"):
        pays = draw.get("flower_cat_pays", "cap")
        # (The cap none, a 花猫 owes what no number says: settle refuses such a draw.)
        owes = _val(pays) if pays != "cap" else "the cap" if rs.cap is not None else \
            "the cap, which is none (settle refuses such a draw: set flower_cat_pays to a number)"
        out.append(f"a {term(rs, 'flower_cat_hand')} (a hand of more than {rs.max_suits} "
                   f"suits) pays {owes} to each other "
                   f"player who has not won and is no {term(rs, 'flower_cat_hand')}"
                   + (", and pays as one not ready too" if draw.get("flower_cat_not_ready")
                      else ""))
    owed = draw.get("not_ready_pays")
    if owed is not None:
        out.append("a player not ready pays each ready one " + (
            f"that player's {term(rs, 'best_wait_owed')}" if owed == "chada" else _val(owed)))
    text = "; ".join(out) or "nothing is paid"
    from .draw_game import kongs_pay, kongs_void
    paying = kongs_pay(rs)
    if kongs_void(rs) and paying:  # (with no kong money, nothing to void)
        text += "; with no winner, kong money is void (荒庄荒杠): kongs paid earlier pay nothing"
    elif draw.get("kongs") == "paid" and paying:
        text += "; kong money paid when declared stands, winner or not"
    return text


def hand_line(rs) -> str:
    """The melds and shapes a winning hand may hold, and its limits."""
    h, raw = rs.spec["hand"], rs.data["hand"]
    notes: dict = {m: [] for m in h["melds"]}
    if rs.max_tosses is not None and "toss" in notes:
        notes["toss"].append(f"at most {rs.max_tosses}" if rs.max_tosses else
                             "none allowed: max_tosses 0")
    for s in sorted(rs.concealed_sets):
        notes.setdefault(s, []).append("also in the concealed hand" if s in h["melds"] else
                                       "in the concealed hand only")
    melds = []
    for m, note in notes.items():
        note = note + (_MELD_NOTES.get(m, []) if m != "dragon_set" or rs.stand_in is not None
                       else ["no 1s stands in (小鸡满天飞 off)"])
        melds.append(_MELDS.get(m, m) + (f" ({'; '.join(note)})" if note else ""))
    shapes = ", ".join(_SHAPES.get(s, s) for s in rs.shapes)
    if "seven_pairs" in h and "seven_pairs" in h["shapes"]:
        by = _option(raw.get("seven_pairs"))
        shapes += f" (seven pairs {'on' if h['seven_pairs'] else 'off'}" \
                  + (f", option {by})" if by else ")")
    parts = [f"melds {', '.join(melds)}", f"shapes {shapes}"]
    if rs.max_suits:
        parts.append(f"at most {rs.max_suits} suits")
    if not discard_wins(h):
        parts.append("no win on a discard")
    if rs.needs_declared:
        parts.append("a win needs 报章 declared (score --declared)")
    return "Hand: " + "; ".join(parts)


def play_line(rs) -> str:
    """How a whole hand runs (`settle`): winners, claims of one discard, passed wins, chow."""
    p = rs.spec.get("play") or {}
    n = max_winners(p)
    parts = ["one winner a hand" if n == 1 else f"up to {n} winners a hand"]
    if p.get("one_winner_per_discard"):
        parts.append("a discard claimed by several goes to the nearest downstream that may win")
    elif n > 1:
        parts.append("several may win on one discard")
    if p.get("pass_rule", "none") in _PASS_RULES:
        parts.append(_PASS_RULES[p["pass_rule"]])
    if p.get("chow_from_left"):
        parts.append("chow from the player on the left only")
    if p.get("declare_at_deal") and "declared" in rs.context:  # (else idle: `inert_keys`)
        parts.append("a seat declares at the deal, before its first discard")
    if "declared_kongs" in p and "declared" in rs.context:
        kinds = p["declared_kongs"]
        parts.append("after a seat declares, " + (
            f"its kongs are {either(kinds)} only" if kinds else "it makes no kong"))
    if p.get("lock_declared_wait") and "declared" in rs.context:
        parts.append("a declared seat's wait is locked: its win waits on exactly the tiles its "
                     "declare event names (waits:)")
    if p.get("void_from_first_discard"):
        parts.append(f"a seat's first discard, a suited tile, declares its "
                     f"{term(rs, 'void_suit')} (read from the log: a win holding it is refused, "
                     "and at the draw such a hand is not ready)")
    if p.get("follow_dealer"):
        parts.append(f"{term(rs, 'follow_dealer')}: where the other three players' first "
                     f"discards all follow the dealer's first, the dealer pays each of them "
                     f"{p['follow_dealer']}")
    return "Play (settle): " + "; ".join(parts)


def context_line(rs) -> str:
    """The situation options `score` takes here, in the file's order; one an option turns
    off is named with it."""
    took, off = [], {}  # (off: option -> the flags it turns on, said once for them all)
    for item in rs.data.get("context") or ():
        for flag, ref in ([(item, None)] if isinstance(item, str) else item.items()):
            if rs.takes(flag):
                took.append(FLAGS[flag])
            elif _option(ref):
                off.setdefault(_option(ref), []).append(FLAGS[flag])
    return "Situations (score options): " + (", ".join(took) or "none") + \
        "".join(f"; {', '.join(flags)} only with --opt {name}=true" for name, flags in off.items())


# The payers' YAML keys in words (`payers`; README "Ruleset format" lists the keys).
_WIN_KINDS = {"self_draw": "a self-draw", "discard": "a discard win",
              "rob_kong": "a robbed kong",
              "kong_draw_claimed": "a kong draw after a kong claimed from a discard"}
_PAYERS = {"not_won": "each player not yet won", "others": "each other player",
           "discarder": "the discarder", "konger": "the konger alone",
           "kong_discarder": "the player whose discard was konged"}


def payers_line(rs) -> str:
    """Who pays each kind of win; the rule for a kong draw after a claimed kong (杠爆全包)
    says whether --kong-from, which it needs, is taken (an option may turn it off)."""
    parts = []
    for k, x in rs.spec["payers"].items():
        shares = x.get("shares", 1)
        text = f"{_WIN_KINDS.get(k, k)}: {_PAYERS.get(x['who'], x['who'])}" + \
            (f", for {shares} shares" if shares != 1 else "")
        if k == "kong_draw_claimed":
            text += " (with --kong-from SEAT)" if "kong_from" in rs.context else \
                " (unused while --kong-from is not taken)"
        parts.append(text)
    return "Payers: " + "; ".join(parts)


def _kind(p, rs) -> str:
    """A pattern's effect, and what else its entry says: when it applies if only with or
    without a 名堂 (and which 名堂 do not count for that), on which kind of win, the cap it
    raises, the patterns it drops (a house file's `win`, `raises_cap` and `excludes` changed
    the numbers and the table never said so)."""
    names = {q.id: q.name for q in rs.patterns}
    kind = p.effect
    if p.each_more:  # (the guide's Double and Triple Gui were said nowhere but departures)
        from .amounts import amount_text
        counted = ", ".join(f"{n} {amount_text(p.base_value(i + 2))}"
                            for i, n in enumerate(p.counted))
        kind += f", x{amount_text(p.each_more)} for each more" + \
            (f" ({counted})" if counted else "")
    if p.when_named is not None:
        besides = f" besides {', '.join(names.get(x, x) for x in p.besides)}" \
            if p.besides else ""
        named = "a named pattern" if rs.names == "en" else "a 名堂"
        kind += f", only {'with' if p.when_named else 'without'} {named}{besides}"
    if p.win is not None:
        kind += ", self-drawn wins only" if p.win == "self_draw" else \
            ", discard-type wins only"
    if p.raises_cap and rs.cap is not None:  # (with the cap none, as played, none is raised)
        # (No higher than the cap an option sets now, it raises nothing until the cap is set
        # lower: "raises the cap to 20" stood beside a cap of 40.)
        kind += f", raises the cap to {_val(p.raises_cap)}" + (
            f" (no higher than the cap now, {_val(rs.cap)}: nothing raised)"
            if p.raises_cap <= rs.cap else "")
    if p.excludes:
        kind += f", drops {', '.join(names.get(x, x) for x in p.excludes)}"
    return kind


def options_table(rs) -> str:
    """The ruleset's options as `rs` was loaded with them, each with what else it allows, its
    origin, its ruling and what it does: `rules show`'s, and `score --explain`'s, where a
    dispute over a value often turns on one (无鬼 as 2 steps or x2)."""
    # An option with no value (guangdong's indicator) says so: "none" would read as a
    # value --opt takes, and a tile option takes no such word.
    rows = [(k, "(unset)" if rs.options[k] is None else _val(rs.options[k]), _allowed(s),
             s.get("origin", "default"), s.get("ruling", ""), s["help"])
            for k, s in (rs.data.get("options") or {}).items()]
    # (The meaning wrapped: unwrapped, guangdong's table was over 200 columns wide.)
    return tabulate(rows, headers=("Option", "Now", "Allowed", "Origin", "Ruling", "Meaning"),
                    maxcolwidths=[None, None, None, None, None, 64])


def _origin(entry: dict, rs, defaults: dict) -> str:
    """A pattern row's origin: its own, but where an option sets its value (not whether it is
    played), `--opt` where a value played is not its option's default (`defaults`, read as
    given values are: a file's "2" is 2), else `house` where a house file set one's default:
    "seed" stood beside a value the seed does not give."""
    options = rs.data.get("options") or {}
    refs = [name for where, name in option_refs(entry, "")
            if where != "enabled" and isinstance(options.get(name), dict)]
    if any(rs.options.get(name) != defaults.get(name) for name in refs):
        return "--opt"
    if any(options[name].get("origin") == "house" for name in refs):
        return "house"
    return entry.get("origin", "seed") if isinstance(entry, dict) else "seed"


def _patterns_off(rs, raw: dict) -> str:
    """The file's patterns an option leaves out (`enabled: {option: NAME}`, off now), with the
    option that plays them: the table lists only those played (README's luzhou table has
    two rows more, 平胡杠上炮 and 平胡抢杠胡, and its reader looked for them)."""
    shown = {p.id for p in rs.patterns}
    parts = []
    for pid, p in raw.items():
        if not isinstance(p, dict) or pid in shown or p.get("enabled", True) is True:
            continue
        opt = option_of(p, "enabled")
        name = p.get("en" if rs.names == "en" else "name") or pid
        parts.append(f"{pid} {name} " + (f"(--opt {opt}=true)" if opt else "(enabled: false)"))
    return ", ".join(parts + _shapes_off(rs))


def _shapes_off(rs) -> list:
    """The patterns of a shape or set an option leaves out now (a house 七对 over guangdong,
    whose seven pairs shape its option turns on): listed as played, with nothing said, they
    never applied. (One no option can turn on does nothing: `inert_keys.idle_patterns`.)"""
    from .patterns import NEEDS
    hand = rs.data.get("hand") or {}
    out = []
    for p in rs.patterns:
        need = NEEDS.get(p.predicate)
        kind, what = need(p.kw) or (None, None) if need is not None else (None, None)
        if kind is None or (what in rs.shapes if kind == "shape" else
                            what in rs.meld_kinds or what in rs.concealed_sets):
            continue
        turn = option_of(hand, "seven_pairs") if what == "seven_pairs" else None
        opt = turn or next(filter(None, (option_of(hand, k) for k in
                                         ("shapes", "melds", "concealed_sets"))), None)
        if opt:
            out.append(f"{p.id} {rs.shown_name(p)} " +
                       (f"(--opt {opt}=true)" if turn else f"(option {opt})"))
    return out


def rules_show(rs) -> str:
    d = rs.data
    out = [f"{rs.name}: {d.get('title', '')}", f"Source:  {d.get('source', '-')}",
           f"Rulings: {', '.join(d.get('rulings', [])) or '-'}", "",
           tiles_line(rs), ghosts_line(rs), hand_line(rs)]
    if d.get("options"):
        out += ["", "Options (--opt KEY=VALUE; origin: seed = a seed states it, default = "
                    "a product default no seed states, house = a house file sets it):",
                options_table(rs)]
    raw = d.get("patterns") or {}
    defaults = resolve(d.get("options") or {}, {}, rs.label)
    rows = [(p.id, p.name, p.en, p.describe(), _kind(p, rs),
             _origin(raw.get(p.id, {}), rs, defaults), p.ruling or "") for p in rs.patterns]
    v = d["value"]
    given = "; --opt = given with --opt" if any(row[5] == "--opt" for row in rows) else ""
    out += ["", "Patterns (origin: seed = the value is the seed's; default = a product default; "
                f"house = a house file's{given}):",
            tabulate(rows, headers=("Id", "Name", "English", "Effect", "Kind", "Origin",
                                    "Ruling"))]
    off = _patterns_off(rs, raw)
    if off:
        out.append(f"Not played with these options: {off}")
    if any(p.when_named is not None for p in rs.patterns):
        # (Which patterns make a hand "named" was in the file alone: the guide's reader
        # asked whether No-Ghost does, for the Report Tile's 40.)
        named = [rs.shown_name(p) for p in rs.patterns if p.named]
        other = [rs.shown_name(p) for p in rs.patterns if not p.named]
        out.append(f"{'Named patterns' if rs.names == 'en' else '名堂 (named patterns)'}: "
                   f"{', '.join(named) or 'none'}" + (f"; not {', '.join(other)}" if other
                                                       else ""))
    model = v["model"]
    if model == "ladder":
        lad = v["ladder"]
        steps = [str(lad["start"])] + [str(lad["first"] * lad["ratio"] ** i) for i in range(8)]
        out += ["", f"Value: a ladder of steps: {', '.join(steps)}, ... "
                    f"(the hand's steps pick the value)"]
    else:
        from .pattern_specs import every_win_base
        every = every_win_base(rs)
        base = f"every win has the base of {rs.shown_name(every)} ({every.id}), " \
            f"{_val(every.amount)}, at least" if every else \
            f"default base {_val(rs.spec['value'].get('base', 0))}"
        out += ["", f"Value: base x multipliers + bonuses ({base})"]
    divisor = v.get("discard_divisor", 1)
    # (Where no win is on a discard, the only discard-type win is a robbed kong, if any: "a
    # discard-type win is paid in full" under "no win on a discard" read as a contradiction.)
    which = "a discard-type win" if discard_wins(rs.spec["hand"]) else \
        "a robbed kong (the only discard-type win here)" if "rob_kong" in rs.context else None
    cap = [f"Cap: {_val(rs.spec['value'].get('cap'))}"]
    if which is not None:
        cap.append(f"{which} is divided by {divisor} after the cap, rounded down"
                   if divisor != 1 else f"{which} is paid in full")
    if which is not None:
        cap.append(f"minimum discard win {_val(rs.spec['value'].get('min_discard_win', 0))}")
    out.append("; ".join(cap))
    out.append(payers_line(rs))
    extras = rs.spec.get("extras") or {}
    if extras:
        out += ["Extras: " + _extra(x) for x in extras.values() if x]
    kongs = rs.spec.get("kong_payments") or {}
    who = {"concealed": "from each opponent", "added": "from each opponent",
           "exposed": "from the discarder"}
    out.append("Kong payments when declared: " + ("; ".join(
        f"{k} {n} {who[k]}" for k, n in kongs.items()) or "none"))
    out.append(f"Drawn hand (no winner): {draw_words(rs)}")
    out += [play_line(rs), context_line(rs)]
    from .inert_keys import idle
    nothing = idle(d)
    if nothing:  # (shown above as written: a house file's reader sees why it changes nothing)
        out.append("Does nothing: " + "; ".join(f"{k} ({why})" for k, why in nothing))
    if d.get("departures"):
        out += ["", f"Where {rs.name} departs, point by point:"]
        out += [f"  - {line}" for line in d["departures"]]
    return "\n".join(out)
