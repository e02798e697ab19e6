"""The common words the tables use where a ruleset has no name of its own for a thing (a win
right after a kong, a 花猫, 查大), each in Chinese and in English side by side, so that a
ruleset's `names` picks between them as it picks between a pattern's `name` and `en`: a
player who learned the game's English names (`names: en`, the guide) reads no Chinese word
the ruleset never gave them.

Text for people reads the terms, in JSON as in the table: a not-legal reason, a payment's
`why`, a draw's summary (one text each, the same in both); the JSON's keys and values that
scripts test (`flower_cat`, `ready`, statuses) never change with `names`. An extra's name is
the `why` of the row it pays (the shipped rulesets' Chinese rows read as they did).
"""

from __future__ import annotations

# key -> (as `names: name` shows it, as `names: en` shows it). The Chinese forms are the
# words the output used before `names` reached them, glosses included; the English ones the
# guide's own where it has them (seed 000: "Flower Cat (花猫, huamao)", "Voided Suit").
TERMS = {
    # A win's situation on the Win line, where the ruleset has no pattern for it
    # (`working.situation_term`). The English is luzhou's `en` for its own pattern, but for
    # 杠上炮, where the guide has a word of its own (seed 000: "Kong Penalty (杠上炮)").
    "after_kong": ("杠上炮", "Kong Penalty"),
    "robbing_kong": ("抢杠", "Robbing the kong"),
    "kong_draw": ("杠上开花", "Kong draw"),
    # Who pays a kong draw after a kong claimed from a discard (`payers.kong_draw_claimed`),
    # on the payer line (`working.payer_words`).
    "kong_draw_claimed": ("杠爆全包", "kong draw paid in full"),
    # `settle`: the dealer pays each player who followed its first discard (跟庄): its rows
    # and notes, and the event's summary, glossed as the draw's heading is (a house option
    # no seed names, so a reader may not know the word).
    "follow_dealer": ("跟庄", "Following the dealer"),
    "follow_dealer_event": ("跟庄 (following the dealer)", "Following the dealer"),
    # `waits`: a hand of too many suits, the suit limit it breaks, the draw that makes it
    # pay, and what a ready hand collects there.
    "flower_cat": ("花猫 (flower cat)", "Flower Cat"),
    "void_suit": ("缺门", "voided suit"),
    "draw_check": ("查叫", "the draw"),
    "best_wait": ("查大 (the best wait)", "The best wait, collected at a draw"),
    # A score reason and the draw's rows and summary (`api`, `draw_game`): 花猫 as a hand's
    # name, what a 花猫 pays, what a hand not ready pays a ready one, the draw's heading.
    "flower_cat_hand": ("花猫", "Flower Cat"),
    "flower_cat_pays": ("花猫 (flower cat) pays", "Flower Cat pays"),
    "best_wait_owed": ("best wait (查大)", "best wait"),
    "draw_heading": ("wall exhausted (查叫)", "wall exhausted (hands checked)"),
}


def term(rs, key: str) -> str:
    """The word for `key` as ruleset `rs` shows names (`Ruleset.names`)."""
    return TERMS[key][getattr(rs, "names", "name") == "en"]  # (no ruleset: the first)


def spaced(unit: str) -> str:
    """A ruleset's unit as written after a number ("5 颗"); nothing where it has none."""
    return f" {unit}" if unit else ""


def shown_extra(rs, extra: dict) -> str:
    """An extra payment rule's name (its `name` or `en`, as `rs` shows names): the payment
    row it makes is headed by it."""
    return extra["en"] if rs.names == "en" else extra["name"]
