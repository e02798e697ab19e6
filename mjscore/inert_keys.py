"""Keys of a ruleset file that do nothing while another key of it says so: a 花猫's payment
where there is no 花猫, a discard win's payer where no win is on a discard, a ghost's meld rule
where there is no ghost. Not refused (a house file changing one key leaves its parent's
others behind, and the shipped files are read as they are): an option such a key alone
refers to is dropped like an unused one (`ruleset_check.live_refs`), and `rules check` names
each (`check_file.check_notes`), so that a house rule changing nothing is not taken as applied.

A key whose value is an option's reference may be anything: what it would switch off is not
taken as off."""

from __future__ import annotations


def _ref(v) -> bool:
    return isinstance(v, dict) and "option" in v


def _section(data: dict, key: str) -> dict:
    v = data.get(key)
    return v if isinstance(v, dict) else {}


def _listed(v, item: str) -> bool:
    """Whether list `v` (a reference: may be anything) has `item`."""
    return _ref(v) or isinstance(v, list) and item in v


def inert(data: dict) -> dict:
    """{key path: why} of the keys of `data` that do nothing (see the module): each rule
    below reads one part of the file."""
    out = {}
    for rule in (_paid_keys, _value_keys, _discard_keys, _meld_keys, _shape_keys,
                 _disabled_refs, _declare_keys):
        out.update(rule(data))
    out.update(_ghost_keys(_section(data, "ghosts")))
    return out


def _disabled_refs(data: dict) -> dict:
    """The option references of a pattern switched off outright (`enabled: false`): the
    option it read plays no part (luzhou's wugui_steps, 无鬼 off, was kept, and `--opt
    wugui_steps=3` taken and ignored)."""
    out = {}
    for pid, p in _section(data, "patterns").items():
        if isinstance(p, dict) and p.get("enabled", True) is False:
            for key, v in p.items():
                if isinstance(v, dict) and set(v) == {"option"}:
                    out[f"patterns.{pid}.{key}"] = f"pattern {pid} is enabled: false"
    return out


def _paid_keys(data: dict) -> dict:
    """A 花猫's payment with no 花猫, a cap raised with no cap, more of a pattern that counts
    once."""
    from .patterns import MANY
    draw, patterns = _section(data, "draw"), _section(data, "patterns")
    out = {}
    if draw.get("flower_cat") is False and "flower_cat_pays" in draw:
        out["draw.flower_cat_pays"] = "draw.flower_cat is false, so no 花猫 pays"
    cap = _section(data, "value").get("cap")
    uncapped = cap in (None, "none")  # (none, or left out)
    for pid, p in patterns.items():
        if not isinstance(p, dict):
            continue
        if uncapped and "raises_cap" in p:
            out[f"patterns.{pid}.raises_cap"] = "value.cap is none, so no cap is raised"
        elif _lower(p.get("raises_cap"), cap):
            out[f"patterns.{pid}.raises_cap"] = f"value.cap is {cap}, so a cap of " \
                                                f"{p['raises_cap']} raises nothing"
        if "each_more" in p and p.get("pattern", pid) not in MANY:
            out[f"patterns.{pid}.each_more"] = f"pattern {p.get('pattern', pid)} counts " \
                                               "once at most"
        if "counted" in p and "each_more" not in p:  # (the names are its effect's words)
            out[f"patterns.{pid}.counted"] = f"pattern {pid} has no each_more, so its " \
                                             "effect names no count"
    return out


def _value_keys(data: dict) -> dict:
    """The other value model's key: a house file changing the model keeps it from the file it
    extends, which it need not remove (`value: {base: 50}` under luzhou's ladder paid as
    before, and `rules show` said nothing of it)."""
    value = _section(data, "value")
    model = value.get("model")
    if not isinstance(model, str):  # (an option's reference: either key may be read)
        return {}
    unread, how = {"ladder": ("base", "adds up steps on value.ladder"),
                   "multiply": ("ladder", "multiplies a base")}.get(model, (None, None))
    if unread in value:
        return {f"value.{unread}": f"value.model is {model}, which {how}"}
    return {}


def _lower(raised, cap) -> bool:
    """Whether a raised cap is no more than a fixed one (numbers both: an option's may be
    any)."""
    return all(type(x) is int for x in (raised, cap)) and raised <= cap


def _discard_keys(data: dict) -> dict:
    """What a discard win is paid where no win is on a discard; several winners on one
    discard where a hand has one."""
    value, play = _section(data, "value"), _section(data, "play")
    out = {}
    if _section(data, "hand").get("discard_wins") is False:
        why = "hand.discard_wins is false, so no win is on a discard"
        if "discard" in _section(data, "payers"):
            out["payers.discard"] = why
        # (A robbed kong is a discard-type win, divided and held to the minimum as one is:
        # guangdong's were said to do nothing, and refused a win.)
        for key, idle in (("min_discard_win", 0), ("discard_divisor", 1),
                          ("min_discard_rule", None)):
            if key in value and value[key] != idle and not _robbed(data):
                out[f"value.{key}"] = why + ", nor on a robbed kong"
    if play.get("max_winners") == 1 and play.get("one_winner_per_discard") is False:
        out["play.one_winner_per_discard"] = "play.max_winners is 1, so one discard has " \
                                             "one winner at most"
    return out


def _takes(data: dict, flag: str) -> bool:
    """Whether `context` takes `flag`, plain or with an option's reference (none or null: no
    flag, as it compiles; not a list: it may be anything)."""
    flags = data.get("context") or []
    return not isinstance(flags, list) or any(
        f == flag or isinstance(f, dict) and flag in f for f in flags)


def _robbed(data: dict) -> bool:
    """Whether a win may rob a kong: a discard-type win, paid as a discard's."""
    return _takes(data, "rob_kong")


def _declare_keys(data: dict) -> dict:
    """Kongs limited after a declaration where no declaration is taken (a record's declare
    event is refused where `context` has no `declared`)."""
    play = _section(data, "play")
    keys = [k for k in ("declare_at_deal", "declared_kongs", "lock_declared_wait") if k in play]
    if not keys or _takes(data, "declared"):
        return {}
    return {f"play.{k}": "context has no declared, so no seat declares" for k in keys}


def _meld_keys(data: dict) -> dict:
    """A rule of a meld no hand makes: tosses, chows, a dragon set or its stand-in."""
    hand, play = _section(data, "hand"), _section(data, "play")
    melds, sets = hand.get("melds", []), hand.get("concealed_sets", [])
    out = {}
    for key, meld, where in (("max_tosses", "toss", hand), ("chow_from_left", "chow", play)):
        if key in where and not _listed(melds, meld):
            out[f"{'hand' if where is hand else 'play'}.{key}"] = f"hand.melds has no {meld}"
    if "dragon_set_stand_in" in hand and not _listed(melds, "dragon_set") and \
            not _listed(sets, "dragon_set"):
        out["hand.dragon_set_stand_in"] = "the hand has no dragon set (hand.melds, " \
                                          "hand.concealed_sets)"
    if isinstance(sets, list) and "dragon_set" in sets and not _dragons_dealt(data):
        out["hand.concealed_sets"] = "the tiles hold too few of C, F and P for a dragon set"
    return out


def _shape_keys(data: dict) -> dict:
    """Seven pairs turned on where the shapes have none."""
    hand = _section(data, "hand")
    shapes = hand.get("shapes", ["standard", "seven_pairs"])
    if "seven_pairs" in hand and isinstance(shapes, list) and "seven_pairs" not in shapes:
        return {"hand.seven_pairs": "hand.shapes has no seven_pairs"}
    return {}


def _dragons_dealt(data: dict) -> bool:
    """Whether the tiles can make a dragon set: C, F and P, or two of them and a 1s standing
    in for the third (hand.dragon_set_stand_in)."""
    tiles, hand = _section(data, "tiles"), _section(data, "hand")
    honours, suits = tiles.get("honours", []), tiles.get("suits", [])
    if _ref(honours) or _ref(suits):
        return True
    n = len({"C", "F", "P"} & set(honours))
    stand_in = hand.get("dragon_set_stand_in")
    return n == 3 or n == 2 and "s" in suits and (stand_in is True or _ref(stand_in))


def _ghost_keys(ghosts: dict) -> dict:
    mode = ghosts.get("mode", "fixed")
    if mode == "fixed" and not ghosts.get("tiles"):  # (no ghost at all: every key is idle)
        return {f"ghosts.{k}": "ghosts.tiles names no ghost tile" for k in ghosts
                if k not in ("tiles", "mode")}
    if mode == "fixed":
        return {f"ghosts.{k}": "ghosts.mode is fixed, so the ghost never flips"
                for k in ("flip_in_melds", "indicator", "flips") if k in ghosts}
    if mode == "flip" and "in_melds" in ghosts:
        return {"ghosts.in_melds": "ghosts.mode is flip, so flip_in_melds rules its melds"}
    return {}


def idle_patterns(data: dict) -> dict:
    """{pattern id: why} of the patterns of `data` that no win can have: a discard win's where
    there is none, and one limited (`win:`) to the kind of win its predicate is never true on
    (`patterns.ONLY`: a heavenly hand on a discard, 杠上炮 on a self-draw), and one whose
    predicate reads a shape or set the hand never has (`patterns.NEEDS`: 七对 with no seven
    pairs shape, 中发白 with no dragon set). (Noted, not dropped: another pattern's
    `excludes` may name one.)"""
    from .patterns import NEEDS, ONLY
    out = {}
    hand = _section(data, "hand")
    no_discard = hand.get("discard_wins") is False
    for pid, p in _section(data, "patterns").items():
        if not isinstance(p, dict) or p.get("enabled", True) is False:
            continue
        need = NEEDS.get(p.get("pattern", pid))
        params = p.get("params")
        missing = _missing(hand, need(params if isinstance(params, dict) else {})) \
            if need is not None else None
        if missing is not None:
            out[pid] = missing
            continue
        if p.get("win") not in _WON_ON:
            continue
        kind, why = ONLY.get(p.get("pattern", pid), (p["win"], ""))
        if p["win"] == "discard" and no_discard and not _robbed(data):
            out[pid] = "it is won on a discard, and hand.discard_wins is false, nor may a " \
                       "kong be robbed"
        elif kind != p["win"]:
            out[pid] = f"it is won on {_WON_ON[p['win']]}, and {why}"
    return out


_WON_ON = {"discard": "a discard", "self_draw": "a self-draw"}


def _missing(hand: dict, need) -> str | None:
    """Why the hand never has `need` (`patterns.NEEDS`), or None where it may."""
    if need is None:
        return None
    kind, name = need
    if kind == "shape":
        shapes = hand.get("shapes", ["standard", "seven_pairs"])
        if name == "seven_pairs" and hand.get("seven_pairs", True) is False:
            return "it reads seven pairs, and hand.seven_pairs is false"
        return None if _listed(shapes, name) else f"it reads the {name} shape, and hand.shapes " \
                                                  f"has no {name}"
    if _listed(hand.get("melds", []), name) or _listed(hand.get("concealed_sets", []), name):
        return None
    return "it reads dragon sets, and the hand has no dragon set (hand.melds, " \
           "hand.concealed_sets)"


def idle(data: dict) -> list:
    """[(what, why)] of every key and pattern of `data` that does nothing (`inert`,
    `idle_patterns`), as `rules check` and `rules show` name them."""
    return list(inert(data).items()) + [(f"pattern {pid}", why)
                                        for pid, why in idle_patterns(data).items()]
