"""Names the screens show for the game's own words: variants, bots, special cards, row markers.

One place, so the log, the lessons, the prompts and the rules screen all call a thing by the same name (no
Textual, no rich: plain strings).
"""

from __future__ import annotations

from bere_tui.i18n import _, ngettext


def variant_name(variant: str) -> str:
    return {
        "base": _("Base game"),
        "pro": _("Pro"),
        "anniversary": _("Anniversary"),
        "even-odd": _("Even/Odd"),
        "bullenparty": _("Bullenparty"),
    }.get(variant, variant)


def special_name(name: str) -> str:
    """A special card's printed name (A1)."""
    return {
        "fifth_row": _("5th Row"),
        "seven_nimmt": _("7 nimmt!"),
        "insert": _("Insert"),
        "replace": _("Replace"),
        "shift": _("Shift"),
        "stop": _("Stop"),
        "negative_positive": _("Negative = Positive"),
    }.get(name, name)


def bot_name(level: str) -> str:
    """How a bot level reads in the setup screen and the score board."""
    return {
        "random": _("easy"),
        "heuristic": _("medium"),
        "strong": _("hard"),
    }.get(level, level)


def parity_name(parity: str) -> str:
    return {"even": _("EVEN"), "odd": _("ODD")}.get(parity, parity)


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
