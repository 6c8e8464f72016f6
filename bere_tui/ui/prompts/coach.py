"""The coach at the table (issue 34): at a decision of a coached person, `c` asks the strong computer player
(bere_tui/review `advise`, from that person's view only: at a hot-seat table the person at the keyboard) for
its suggestion and the expected points of the best few moves, told in a notification. Off by default: on for
every person in Settings, or for one seat at the setup ("person, coached"); in a lesson's practice game always.
The search runs in a worker thread, so the prompt keeps answering keys."""

from __future__ import annotations

from bere_tui.i18n import _, number
from bere_tui.review import Advice, advise


def coached(screen) -> bool:
    """Whether the coach is on for the player of `screen` (a PromptScreen)."""
    app = screen.app
    if getattr(getattr(app, "settings", None), "coach", False):
        return True
    setup = getattr(getattr(app, "session", None), "setup", None)
    seats = getattr(setup, "seats", None) or []
    return 0 <= screen.player < len(seats) and getattr(seats[screen.player], "coach", False)


def advice_text(advice: Advice | None) -> str:
    if advice is None:
        return _("Nothing to choose here: any move is as good.")
    # each figure in brackets: a list of "14 3,2, 22 4,1" would not read with a decimal comma (cs, de, fr, pl)
    rest = ", ".join(o.words + " (" + number(o.value) + ")" for o in advice.options[1:])
    text = _("Best: {move}, expected {value} {unit}.").format(move=advice.words, value=number(advice.value),
                                                            unit=advice.unit)
    return text + (" " + _("Next: {moves}.").format(moves=rest) if rest else "")


def show_advice(screen) -> None:
    """Ask for the advice in a worker thread and tell it when it comes, while the decision is still on screen."""
    view, legal = screen.view, list(screen.legal)
    app = screen.app

    def tell(text: str) -> None:
        if screen.is_attached and app.screen is screen:
            app.notify(text, title=_("Coach"), timeout=12)
            screen.coach_told = True

    def work() -> None:
        app.call_from_thread(tell, advice_text(advise(view, legal, seed=view.turn)))

    screen.run_worker(work, thread=True, exclusive=True, group="coach")


def forget(screen) -> None:
    """The decision is made: the advice goes with it, so that the next person at a hot-seat table never sees it
    (B10: it names a card of the hand it was given for)."""
    if getattr(screen, "coach_told", False):
        screen.app.clear_notifications()
        screen.coach_told = False


__all__ = ["advice_text", "coached", "forget", "show_advice"]
