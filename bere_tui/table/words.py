"""Names the screens show for the game's own words: variants, bots, special cards, row markers.

One place, so the log, the lessons, the prompts and the rules screen all call a thing by the same name (no
Textual, no rich: plain strings).
"""

from __future__ import annotations

from bere_tui.engine.cards import row_bullheads
from bere_tui.i18n import _, ngettext, pgettext


def variant_name(variant: str) -> str:
    """A variant's name as the screens show it (its game system's GameInfo: bere_tui/systems.py)."""
    from bere_tui.systems import variant_title

    return variant_title(variant)


def special_name(name: str) -> str:
    """A special card's printed name (A1)."""
    return {
        # TRANSLATORS: the Anniversary edition's special cards: the names printed on them in your edition
        "fifth_row": pgettext("special card", "5th Row"),
        "seven_nimmt": pgettext("special card", "7 nimmt!"),
        "insert": pgettext("special card", "Insert"),
        "replace": pgettext("special card", "Replace"),
        "shift": pgettext("special card", "Shift"),
        "stop": pgettext("special card", "Stop"),
        "negative_positive": pgettext("special card", "Negative = Positive"),
    }.get(name, name)


def speed_label(speed: str) -> str:
    """A placement speed (bere_tui.storage.ANIMATION_SPEEDS) as Settings and the notice of `s` name it."""
    return {"off": _("off (no animation)"), "slow": pgettext("speed", "slow"), "normal": pgettext("speed", "normal"),
            "fast": pgettext("speed", "fast")}[speed]


def bot_name(level: str) -> str:
    """How a bot level reads in the setup screen and the score board."""
    return {
        # TRANSLATORS: how hard a computer player is (the setup screen, the score board)
        "random": pgettext("bot level", "easy"),
        "heuristic": pgettext("bot level", "medium"),
        "strong": pgettext("bot level", "hard"),
    }.get(level, level)


def parity_name(parity: str) -> str:
    # TRANSLATORS: the mark of a row that takes only even (or odd) cards (Even/Odd variant); short, capitals
    return {"even": pgettext("row parity", "EVEN"), "odd": pgettext("row parity", "ODD")}.get(parity, parity)


def names_and(names: list[str]) -> str:
    """'Ann', 'Ann and Ben', 'Ann, Ben and Cid'."""
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def winners_line(names: list[str], you: bool = False) -> str:
    """B9: the lowest total wins; tied lowest totals share the victory. `you`: the one winner is "You"."""
    if len(names) == 1 and you:
        return _("You win")
    if len(names) == 1:
        return _("{name} wins").format(name=names[0])
    return _("{names} share the win").format(names=names_and(names))


def heads_text(n: int) -> str:
    """'1 bullhead', '5 bullheads', '-2 bullheads' (the plural form chosen by the amount, whatever its sign)."""
    return ngettext("{n} bullhead", "{n} bullheads", abs(n)).format(n=n)


def outcome_text(outcome) -> str:
    """Where a card would go and what it would cost (the engine's RowRules.landing, asked through engine.preview), in a
    few words for the card prompts' preview line (one line at 80 columns after the card): `row 2, card 4 of 5`,
    `row 2, card 6: full, you take 11 bullheads`, `lower than every row: you take one (cheapest 1 bullhead)`."""
    if outcome.row < 0:  # B6
        cheapest = heads_text(row_bullheads(outcome.taken))
        if outcome.refused:  # A-STOP-2, E3
            return _("lower than every row it may join: you take one (cheapest {heads})").format(heads=cheapest)
        return _("lower than every row: you take one (cheapest {heads})").format(heads=cheapest)
    if outcome.taken is None:  # B4
        return _("row {row}, card {place} of {capacity}").format(
            row=outcome.row + 1, place=outcome.place + 1, capacity=outcome.capacity)
    # B5 (A9: the 7th card of a row with 7 nimmt!; A-5TH-2: with the card placed)
    return _("row {row}, card {place}: full, you take {heads}").format(
        row=outcome.row + 1, place=outcome.place + 1, heads=heads_text(row_bullheads(outcome.taken)))
