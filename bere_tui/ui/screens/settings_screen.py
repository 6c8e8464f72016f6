"""Settings (from the title screen): placement speed, colour theme, ASCII cards by default, asking before
quitting, the language. A change applies at once (ASCII from the next start) and is saved to the settings file;
a new language redraws this screen and the title screen in it."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Label, Static

from bere_tui import i18n
from bere_tui.i18n import N_, _, pgettext
from bere_tui.storage import ANIMATION_SPEEDS, settings_path
from bere_tui.table.words import speed_label
from bere_tui.ui.widgets.cycler import Cycler
from bere_tui.ui.widgets.keybar import KeyBar

#: themes offered first (Textual's own names); any other installed theme follows
THEMES = ("textual-dark", "textual-light", "nord", "gruvbox", "dracula", "monokai", "solarized-light")


def theme_label(theme: str) -> str:
    """A colour theme as the Settings screen names it: "Dark (default)", "Solarized Light", not its id."""
    own = {"textual-dark": _("Dark (default)"), "textual-light": pgettext("colour theme", "Light"),
           "ansi-dark": _("Terminal colours, dark"), "ansi-light": _("Terminal colours, light")}
    if theme in own:
        return own[theme]
    return " ".join(w.capitalize() for w in theme.replace("-", " ").replace("_", " ").split()) or theme


def language_choices() -> tuple[list[str | None], list[str]]:
    """The Settings entry's values: the system's language (None), then every language with a catalogue, each
    by its own name."""
    codes = i18n.available()
    system = i18n.language_name(i18n.from_environment() or i18n.ENGLISH)
    # TRANSLATORS: the language setting's first choice: the language the system asks for, e.g. "system (English)"
    return [None, *codes], [_("system ({language})").format(language=system)] + [i18n.language_name(c)
                                                                                  for c in codes]


def yes_no() -> tuple[list[bool], list[str]]:
    return [True, False], [_("yes"), _("no")]


class SettingsScreen(Screen[None]):
    CSS_PATH = "settings_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,j", "app.focus_next", N_("next"), show=False),
        Binding("up,k", "app.focus_previous", N_("previous"), show=False),
        Binding("escape,enter", "back", N_("back"), show=True),
    ]

    def compose(self) -> ComposeResult:
        settings = self.app.settings
        themes = [t for t in THEMES if t in self.app.available_themes]
        themes += sorted(t for t in self.app.available_themes if t not in themes)
        yes = yes_no()
        fields = [
            (_("Placement speed"), Cycler(list(ANIMATION_SPEEDS), [speed_label(s) for s in ANIMATION_SPEEDS],
                                          settings.animation, id="animation"), ""),
            (_("Colours"), Cycler(themes, [theme_label(t) for t in themes], self.app.theme, id="theme"), ""),
            (_("ASCII cards"), Cycler(*yes, settings.ascii, id="ascii"),
             _("as --ascii, from the next start")),
            (_("Ask before quitting"), Cycler(*yes, settings.confirm_quit, id="confirm_quit"),
             _("the game is autosaved anyway")),
            (_("Language"), Cycler(*language_choices(), settings.language, id="language"), ""),
            (_("Coach"), Cycler(*yes, settings.coach, id="coach"),
             _("c at your turn: the strong player's advice")),
        ]
        yield Static(Text(_("SETTINGS"), style="bold"), id="settings-title")
        width = max(22, *(cell_len(label) + 1 for label, _cycler, _note in fields))  # the widest label, whole
        with Vertical(id="settings-form"):
            for label, cycler, note in fields:
                with Horizontal(classes="field"):
                    shown = Label(label, classes="field-label")
                    shown.styles.width = width
                    yield shown
                    yield cycler
                    yield Label(note, classes="field-note")
            yield Static(Text(_("Up/down: a setting; left/right: change it; Enter or Esc: back. Saved in {file}.")
                              .format(file=settings_path(self.app.config))), id="settings-help", classes="dim")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#animation", Cycler).focus()

    async def on_cycler_changed(self, message: Cycler.Changed) -> None:
        message.stop()
        app, key, value = self.app, message.cycler.id, message.value
        if key == "language":
            app.set_language(value)
            await self.recompose()  # every text of this screen in the new language
            self.query_one("#language", Cycler).focus()
            return
        if key == "animation":
            app.speed = value
        elif key == "theme":
            app.theme = value
        setattr(app.settings, key, value)
        app.remember_settings()  # (the app's one way to write them; it tells when it cannot)

    def action_back(self) -> None:
        self.app.pop_screen()
