"""Which situation flags a ruleset's `context:` may take: each must be read by something the
ruleset has (a pattern, an extra rule, a payer, the Win line), or the flag would be taken and
do nothing (README: never silently ignored). Checked once a ruleset file compiles."""

from __future__ import annotations

from .errors import MAX_MESSAGE, RulesetError


def _pays(data: dict, who: str) -> bool:
    """Whether a payer rule of `data` names `who` as the seat that pays."""
    return any(isinstance(r, dict) and r.get("who") == who
               for r in (data.get("payers") or {}).values())


# What reads a situation flag besides the patterns and extra rules (`patterns.READS`,
# `settlement.EXTRA_READS`): (flag, the reader as a message names it, whether `data` has it).
# A win's type (discard, robbed kong, else self-drawn) decides who pays in every ruleset.
_KEY_READS = (
    ("discard", "payers", lambda data: True),
    ("rob_kong", "payers", lambda data: True),
    # A win on a kong replacement is checked against the hand's kongs and named on the Win
    # line in every ruleset, whether or not a pattern pays for it (lanzhou's 杠开 is a plain
    # self-draw).
    ("kong_draw", "the Win line", lambda data: True),
    ("won", "a payer who: not_won", lambda data: _pays(data, "not_won")),
    ("kong_from", "a payer who: kong_discarder", lambda data: _pays(data, "kong_discarder")),
    ("declared", "hand.needs_declared",
     lambda data: bool((data.get("hand") or {}).get("needs_declared"))),
    ("indicator", "a ghost that flips (ghosts.mode flip, or an option)",
     lambda data: (data.get("ghosts") or {}).get("mode", "fixed") != "fixed"),
    # (满鬼 dealt is won on the dealt hand or the first draw, which they say, whatever the
    # tile, and with full_ghost_at_start only there; with no 满鬼 in the file, nothing is.)
    *((flag, "满鬼 (ghosts.full_ghost_win)",
       lambda data: bool((data.get("ghosts") or {}).get("full_ghost_win")))
      for flag in ("heavenly", "earthly")),
)


def check_context_read(data: dict, label: str) -> None:
    """A flag `context:` names (on, or under an option) that none of the ruleset's patterns,
    extra rules or payers reads would be taken and do nothing (`--horses` where no extra rule
    pays horses): refused, naming what would read it. (Checked once the file compiles: a
    payer that cannot be, say, is named first, not the flag it leaves unread.)"""
    from .context import FLAGS
    from .patterns import READS
    from .settlement import EXTRA_READS
    read = _readers_in(data)
    items = data.get("context") or ()
    unread = [(item, flag) for item in items
              for flag in ([item] if isinstance(item, str) else item) if flag not in read]
    if unread:
        # (A list is replaced whole by a file extending it: the fix is the list again, less
        # every flag nothing reads, not only the first: the list given for one was refused
        # next for the other.)
        (_, flag), others = unread[0], [f for _, f in unread[1:]]
        rest = [_flow(x) for x in items if not any(x is i for i, _ in unread)]
        also = "".join(f'; nor is "{f}" ({_readers(f, READS, EXTRA_READS)} reads it)'
                       for f in others)
        them = "it" if not others else "them"
        why = (f'"{flag}" is read by nothing in this ruleset, so {FLAGS[flag]} would be taken '
               f"and do nothing: only {_readers(flag, READS, EXTRA_READS)} reads it{also}")
        fix = f" (to leave {them} out, write context: [{', '.join(rest)}])"
        if len(f"invalid ruleset: {label}: context: {why}{fix}") > MAX_MESSAGE:
            # (`one_line` would cut the middle out, naming what reads the flag: the list,
            # which a long path and guangdong's own make too long, goes instead.)
            fix = f" (to leave {them} out, delete {them} from context:)"
        raise RulesetError(label, why + fix, "context")


def _readers_in(data: dict) -> dict:
    """{flag: ([pattern ids], [extra rules], [other readers as `_KEY_READS` names them])} of
    the situation flags something in ruleset `data` (compiled: its names are known) reads."""
    from .patterns import READS
    from .settlement import EXTRA_READS
    out: dict = {}
    for pid, p in (data.get("patterns") or {}).items():
        if p is not None and p.get("enabled", True) is not False:
            for f in READS[p.get("pattern", pid)]:
                out.setdefault(f, ([], [], []))[0].append(pid)
    for x in (data.get("extras") or {}).values():
        if x is not None:
            for f in EXTRA_READS[x["rule"]]:
                out.setdefault(f, ([], [], []))[1].append(x["rule"])
    for f, what, has in _KEY_READS:
        if has(data):
            out.setdefault(f, ([], [], []))[2].append(what)
    return out


def reader_in(data: dict, flag: str) -> str | None:
    """What in ruleset `data` would read situation flag `flag` ("the pattern gangshangpao",
    "a payer who: not_won"; "" for a flag every ruleset reads: a discard, a robbed kong, a
    kong draw), or None: a flag its `context:` leaves out though something reads it is the
    file's omission, which `context.applies` names rather than "nothing reads it"."""
    from .words import either
    pats, rules, others = _readers_in(data).get(flag, ((), (), ()))
    out = [f"the {what}{'s' if len(names) > 1 else ''} {either(names, 'and')}"
           for what, names in (("pattern", pats), ("extra rule", rules)) if names]
    out += [] if flag in _EVERY_RULESET else others
    return either(out, "and") if out else "" if flag in _EVERY_RULESET else None


# The flags `_KEY_READS` has every ruleset read (a win's type, the Win line's kong draw):
# named by no reader, as a file's payers may have no rule for a discard (self-draw only).
_EVERY_RULESET = ("discard", "rob_kong", "kong_draw")


def _flow(x) -> str:
    """A context item as YAML's flow style writes it: `won`, `{declared: {option: x}}`."""
    if isinstance(x, dict):
        return "{" + ", ".join(f"{k}: {_flow(v)}" for k, v in x.items()) + "}"
    return str(x)


def _readers(flag: str, reads: dict, extra_reads: dict) -> str:
    """What would read `flag`, were the ruleset to have it: "the pattern kong_draw or
    self_drawn", "the extra rule horses", "a payer who: not_won"."""
    from .words import either
    out = []
    for what, table in (("the pattern", reads), ("the extra rule", extra_reads)):
        names = [k for k, flags in table.items() if flag in flags]
        if names:
            out.append(f"{what} {either(names)}")
    out += [what for f, what, _has in _KEY_READS if f == flag]
    return either(out)
