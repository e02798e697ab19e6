"""Text for people (tables via tabulate) and for scripts (JSON). Returns strings; never prints.
(One hand under several rulesets side by side: `compare_text`.)"""

from __future__ import annotations

import json
import textwrap

from . import tiles as T
from .terms import spaced, term
from .context import SEATS
from .reading import full_ghost_words
from .settlement import HAND_VALUE
from .robbing import robbed_ghost_words
from .tables import tabulate
from .words import after_indicator, either
from .working import (explain_title, horse_words, how_won, not_counted, payer_words,
                      pays_column, value_lines)


def settlement_table(payments, net) -> str:
    pays = {s: 0 for s in SEATS}
    gets = {s: 0 for s in SEATS}
    for p in payments:
        pays[p.frm] += p.amount
        gets[p.to] += p.amount
    rows = [(s, pays[s], gets[s], f"{net[s]:+d}" if net[s] else "0") for s in SEATS]
    return tabulate(rows, headers=("Seat", "Pays", "Receives", "Net"), colalign=("left",
                    "right", "right", "right"))


def payment_lines(payments, why: str) -> list:
    """Who pays whom, as a table of the money that moves. A row of 0 moves none, yet says
    who would pay under which rule (a 花猫 at flower_cat_pays=0, a win capped and halved to
    0): such rows are named on one line under the table instead, never as "pays 0" rows.
    (JSON keeps them as rows: scripts read every payment the rules make.)"""
    paid = [(p.frm, p.to, p.amount, p.why) for p in payments if p.amount]
    lines = [tabulate(paid, headers=("From", "To", "Amount", why))] if paid else []
    zero: dict = {}  # why -> payer -> payees, in the order paid
    for p in payments:
        if not p.amount:
            zero.setdefault(p.why, {}).setdefault(p.frm, []).append(p.to)
    if zero:
        lines.append("Left out, paying 0: " + "; ".join(
            ", ".join(f"{frm} to {either(tos, 'and')}" for frm, tos in by.items()) + f" ({w})"
            for w, by in zero.items()))
    return lines


def kong_lines(kong_payments, unit: str) -> list:
    """A line for each kong's money (a Result's `kong_payments`), paid when it was declared."""
    # (A house rate of 0 moves no money: said so, as the tables' rows of 0 are.)
    return [f"{k['kong']} {k['kind']} kong: " +
            (f"{k['from']} paid {k['to']} {k['amount']}{unit}" if k["amount"] else
             f"nothing paid (the {k['kind']} kong rate is 0)") for k in kong_payments]


def ghost_line(rs) -> list:
    """Which tile is wild, where a flipped indicator chose it: the reading's `2s+1s=2s` alone
    left a player to work out that 1s is the ghost."""
    flip = rs.flipped() if rs is not None else None
    if flip is None:
        return []
    ghosts, indicator = flip
    return [f"Ghost:    {' '.join(T.name(k) for k in ghosts)} ({after_indicator(len(ghosts))} "
            f"after the indicator {T.name(indicator)})"]


def score_table(r, explain: bool = False) -> str:
    unit = spaced(r.unit)
    ctx = r.context
    lines = [f"Hand:     {r.hand}   ({r.ruleset})"] + ghost_line(r.rules) + [
             # (the tile named, as settle names it: the Hand line sorts it among the rest)
             f"Win:      {ctx.seat} {how_won(ctx, r.rules, tile=T.name(r.parsed.win))}"
             + (f", already won: {either(list(ctx.won), 'and')}" if ctx.won else "")]
    if ctx.horses:
        lines.append(f"Horses:   {horse_words(ctx)}")
    robbed = robbed_ghost_words(r.parsed, r.rules, ctx) \
        if ctx.rob_kong and r.rules and r.legal else None  # (no win: nothing rests on it)
    if robbed:  # (the value rests on it: a player would not otherwise see how it can be)
        lines += textwrap.wrap(f"Robbed:   {robbed}", 96, subsequent_indent=" " * 10)
    if r.decomposition:
        lines.append(f"Reading:  {r.decomposition}")
    if r.patterns:
        rows = [(h.name, h.en, h.effect) for h in r.patterns]
        lines += ["", tabulate(rows, headers=("Pattern", "English", "Effect"))]
    lines += not_counted(r)
    if r.decomposition:
        worked = value_lines(r)
        lines += ["", f"Value:    {worked[0]}"] + [f"          {x}" for x in worked[1:]]
        if r.legal:  # (a hand that is no legal win is paid by nobody: its reasons say why)
            lines.append(payer_words(r, unit))
    if not r.legal:
        lines += ["", "Not a legal win, so nobody pays:"] + [f"  - {why}" for why in r.reasons]
        if r.due:  # (喜钱 paid win or not: due all the same, though this claim pays nothing)
            lines += ["", "Due all the same, win or not (not in this net; settle pays it with the "
                      "whole hand):"]
            lines += payment_lines(r.due, "Extra")
    else:
        extras = [p for p in r.payments if p.why != HAND_VALUE]
        if extras:
            lines += [""] + payment_lines(extras, "Extra")
        lines += ["", settlement_table(r.payments, r.net)]
    if r.kong_payments:  # (JSON: `kong_payments`; `settle` adds them to a whole hand's net)
        lines += ["", "Paid when the kongs were declared, not part of this win"
                  + (" or the net above:" if r.legal else ":")]
        lines += ["  " + line for line in kong_lines(r.kong_payments, unit)]
    if r.top is None and r.rules is not None and not ctx.rob_kong:
        # (What it lacks, or where to see it: players asked, told only "not a winning hand".)
        lines += [""] + (_swap_lines(r) if explain else [
            "`--explain` lists each held tile that, given up for another, would make it a "
            "win, if any."])
    if explain and r.alternatives:
        names = r.rules.shown_column([a.patterns for a in r.alternatives], counts=True)
        short = _under_minimum(r)
        rows = [(f"{a.value} (no win)" if a.value < short else a.value, a.raw, n or "-",
                 a.decomposition) for a, n in zip(r.alternatives, names)]
        # ("Uncapped" headed a column that differs from the value by the halving too.)
        # The chosen reading is among them: alone, it is told as the only one (a heading of
        # "readings that differ (1)" over the reading above read as a second one, or none).
        head = f"Readings that differ in patterns or value ({len(rows)}), best first" \
            if len(rows) > 1 else \
            "Readings that differ in patterns or value: none but the chosen one"
        lines += ["", f"{head} ({explain_title(r)}):",
                  tabulate(rows, headers=(pays_column(r), "Worth", "Patterns", "Reading"),
                           colalign=("right",) * 2 + ("left",) * 2)]
        if any(a.value < short for a in r.alternatives):  # (the 1颗 rule, read so)
            lines.append(f"(no win): a discard-type win must pay at least {short}{unit}; "
                         "read so, the hand would be no legal win")
    if explain and r.rules.data.get("options"):
        # The options this value was worked out with, each with its ruling: where the seeds
        # differ (无鬼 as 2 steps or x2), the table's question is which one was played.
        from shlex import quote

        from .ruleset_text import options_table
        lines += ["", f"Options played (--opt KEY=VALUE plays another allowed value; "
                      f"`mjscore rules show {quote(r.rules.label)}` explains each):",
                 options_table(r.rules)]
    return "\n".join(lines)


def _under_minimum(r) -> int:
    """What a reading must pay to be a legal win here (the 1颗 rule: a discard-type win paying
    less is none), or 0 where any value wins, or the hand is no legal win anyway (its column
    says what each reading would pay were it one)."""
    return r.rules.min_discard_win if r.context.discard_type and r.legal else 0


def _swap_lines(r) -> list:
    """A hand no reading wins: which held tile, given up for which, makes it a win (the
    player told "not a winning hand" asks what it lacks), valued as `waits` values a wait."""
    if not r.swaps:
        return ["No one held tile given up for another makes this hand a win."]
    shown = r.swaps[:SWAPS_SHOWN]
    names = r.rules.shown_column([x.patterns for x in shown], counts=True)
    capped = ", capped" if r.rules.cap is not None else ""
    more = len(r.swaps) - len(shown)
    return ["One tile from a win: each held tile that, given up for another, makes it one",
            f"(valued as `mjscore waits` values a wait: a self-draw with no situational "
            f"bonus{capped}):",
            tabulate([(x.out, x.into, x.value, n) for x, n in zip(shown, names)],
                     headers=("Give up", "Take", "Value", "Patterns"))] + \
        ([f"... and {more} more (`--format json` lists every one)"] if more else []) + \
        (["Each is won only declared (报章: score --declared)."] if r.rules.needs_declared
         else [])


SWAPS_SHOWN = 12  # rows of the table; a hand of nine waits plus a few more fits


def score_json(r, explain: bool = False) -> str:
    data = r.to_dict()
    if explain:
        data["swaps"] = [x.to_dict() for x in r.swaps]
        data["alternatives"] = [{"value": a.value, "raw_value": a.raw,
                                 "patterns": [h.to_dict() for h in a.patterns],
                                 "decomposition": a.decomposition} for a in r.alternatives]
        data["options"] = {k: r.rules.options[k] for k in r.rules.data.get("options") or {}}
    return json.dumps(data, ensure_ascii=False, indent=2)


def rules_list(rows) -> str:
    return tabulate(rows, headers=("Name", "Title", "Source"))


def _flower_cat_pays(w, unit: str) -> str:
    """What a 花猫 pays at an exhausted wall, where the ruleset's draw rules make it pay
    (`draw.flower_cat`): the amount each, as `settle` charges it."""
    if not (w.rules and (w.rules.spec.get("draw") or {}).get("flower_cat")):
        return ""
    from .draw_game import flower_cat_owed  # (settle's; not loaded for `score`)
    at, owed = term(w.rules, "draw_check"), flower_cat_owed(w.rules)
    if owed is None:
        return (f", and at {at} pays the cap, which is none: settle asks for a number "
                "(option flower_cat_pays)")
    draw = w.rules.spec["draw"]
    also = ""
    if draw.get("flower_cat_not_ready"):  # (E7: checked as one not ready too, as settle does)
        per = draw.get("not_ready_pays", "chada")
        also = (", and as one not ready " + ("each ready player's best wait" if per == "chada"
                                             else f"{int(per)}{unit} to each ready player"))
    if owed == 0:
        return f"; pays nothing at {at}" + (f" as {term(w.rules, 'flower_cat_hand')}{also}"
                                            if also else "")
    return (f", and at {at} pays {owed}{unit} to each other player who has not won and is no "
            f"{term(w.rules, 'flower_cat_hand')}{also}")


def waits_table(w) -> str:
    unit = spaced(w.unit)
    lines = [f"Hand:     {w.hand}   ({w.ruleset})"] + ghost_line(w.rules)
    if w.flower_cat:
        lines.append(f"{term(w.rules, 'flower_cat')}: {w.flower_note}; not ready"
                     f"{_flower_cat_pays(w, unit)}.")
        return "\n".join(lines)
    # (满鬼 of fewer ghosts than the set has: guangdong's four of eight under 翻双鬼)
    some = full_ghost_words(w.rules) if w.full_ghost and w.rules is not None else None
    if not w.ready:
        held = f" (the hand holds every {' and every '.join(w.all_held)}: none is left to " \
            "draw)" if w.all_held else ""
        lines.append(f"Not ready: no tile completes this hand{held}." if not w.full_ghost else
                     f"Not ready: at least {some[0]} ghosts are concealed in this hand, which "
                     f"is 满鬼, won when the {some[1]} of them was drawn." if some else
                     "Not ready: every ghost of the set is concealed in this hand, which is "
                     "满鬼, won when the last of them was drawn.")
        return "\n".join(lines)
    if not w.waits:  # ready on a drawn ghost alone: the last of the set (满鬼), or the one kind
        why = ("no other tile completes this hand" if not w.full_ghost else
               f"with it {some[0]} ghosts are in the hand, which wins whatever the rest holds"
               if some else "with it every ghost of the set is in the hand, which wins "
               "whatever the rest holds")
        lines.append(f"Ready only on a drawn ghost ({w.ghost}): {why}. Ghosts are not listed.")
        return "\n".join(lines)
    names = w.rules.shown_column([x.patterns for x in w.waits], counts=True)
    rows = [(x.tile, x.value, n) for x, n in zip(w.waits, names)]
    # (Guangdong and Lanzhou have no cap: "capped" there sent players looking for one.)
    capped = ", capped" if w.rules is None or w.rules.cap is not None else ""
    lines += [f"Ready on {len(rows)} tile{'s' if len(rows) != 1 else ''}; each valued as a "
              f"self-draw with no situational bonus{capped}:", "",
              tabulate(rows, headers=("Wait", "Value", "Patterns")), "",
              _best_wait(w) + f"{w.chada}{unit}"]
    drawn_only = [x.tile for x in w.waits if x.self_draw_only]
    if drawn_only:
        which = "every wait" if len(drawn_only) == len(w.waits) else ", ".join(drawn_only)
        lines.append(f"By self-draw only (no legal win on a discard): {which}.")
    if w.ghost:
        lines.append(f"A drawn ghost ({w.ghost}) completes any ready hand; ghosts are not listed.")
    if w.rules is not None and w.rules.needs_declared:  # (lanzhou: valued as declared, Z3)
        lines.append("Each is won only declared (报章: score --declared).")
    return "\n".join(lines)


def _best_wait(w) -> str:
    """查大 where a ready hand collects its best wait at a draw (luzhou); elsewhere (the
    guide's flat bonus, no draw rule) the best wait is only what it is."""
    draw = w.rules.chajiao if w.rules is not None else {}
    chada = draw and draw.get("not_ready_pays", "chada") == "chada"
    return f"{term(w.rules, 'best_wait')}: " if chada else "The best wait: "


def _no_win(r) -> str:
    """Why the dealer stays where no win was settled: the wall ran out (黄庄), or the record
    does not say the hand ended so (refused, or stopping before an exhausted wall)."""
    if any(e.type == "exhausted" for e in r.events):  # (settled: a later refusal aside)
        return " (no win: the dealer deals again)"
    if not r.legal:
        return " (no win settled before the refusal)"
    return " (no win recorded, nor an exhausted wall: the dealer stays unless a later win moves it)"


def settle_table(r) -> str:
    lines = [f"Record:   {r.record}   ({r.ruleset})"] + ghost_line(r.rules) + [""]
    for e in r.events:
        lines.append(f"Event {e.number}: {e.summary}")
        # Each win's reading, as `score` shows it (a review: which tile a ghost stood for was
        # in the JSON only); the winner named where an event has several.
        shown = [w for w in e.results if w.decomposition is not None]
        lines += [f"Reading:  {w.context.seat + ': ' if len(shown) > 1 else ''}"
                  f"{w.decomposition}" for w in shown]
        # The horses each win drew, misses too, as `score` shows them: the rows show the hits.
        lines += [f"Horses:   {horse_words(w.context)}" for w in e.results if w.context.horses]
        # (A pattern the reading seems to show and the win did not count, said as `score`
        # says it: `working.not_counted`.)
        lines += [note for w in e.results for note in not_counted(w)]
        lines += payment_lines(e.payments, "Why")
        lines.append("")
    if not r.legal:
        lines += ["Not settled past the refusal:"] + [f"  - {x}" for x in r.reasons] + [""]
    for x in r.skipped:
        lines.append(f"Skipped: {x}")
    if r.skipped:
        lines.append("")
    rows = [(s, f"{r.net[s]:+d}" if r.net[s] else "0") for s in SEATS]
    lines += ["Net for the hand:", tabulate(rows, headers=("Seat", "Net"),
                                            colalign=("left", "right"))]
    if r.next_dealer:
        first = r.first_claim()
        # (Seed 002: where the first win is several on one discard, its discarder deals.)
        # (With no win settled the dealer deals again, 黄庄 连庄: said, as "Next dealer: S"
        # alone read as a rotation.)
        why = _no_win(r) if not first else \
            "" if len(first) < 2 else \
            " (the konger: the first win was several robbing one kong)" \
            if first[0].context.rob_kong else \
            " (the discarder: the first win was several on one discard)"
        lines.append(f"Next dealer: {r.next_dealer}{why}")
    return "\n".join(lines)
