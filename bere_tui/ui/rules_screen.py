"""The rules viewer: the rules of the variant being played, from the text files in assets/rules/<language>/.

A variant shows its own file first (e.g. anniversary.md), then the base game and the keys. Each file is
`# Title` followed by `## Section`s of paragraphs and `- ` items, citing the rule ids of RULES.md. The screen
opens on a contents list (Enter opens a section); in a section the arrows scroll, Left/Right go to the
previous/next section, Esc returns to the contents, and Esc there closes the rules.
"""

from __future__ import annotations

import os
import textwrap
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from bere_tui.i18n import _
from bere_tui.paths import assets

FALLBACK_LANGUAGE = "en"
#: the files every variant shows after its own
COMMON_PARTS = ("base", "keys")


@dataclass(frozen=True)
class Section:
    part: str  # the file's title, e.g. "Anniversary variant"
    title: str
    body: str


# ---------------------------------------------------------------- loading


def languages(language: str | None = None) -> list[str]:
    """Languages to try, best first: the one asked for, the environment's (as gettext reads it), then English."""
    wanted = [language] if language else []
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            wanted.extend(v.split(".")[0] for v in value.split(":") if v)
            break
    out: list[str] = []
    for lang in wanted + [FALLBACK_LANGUAGE]:
        for candidate in (lang, lang.split("_")[0]):
            if candidate and candidate not in out and candidate not in ("C", "POSIX"):
                out.append(candidate)
    return out


def read_part(name: str, language: str | None = None) -> str | None:
    """The text of assets/rules/<lang>/<name>.md in the first language that has it (None if none does)."""
    root = assets() / "rules"
    for lang in languages(language):
        path = root / lang / f"{name}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None


def parts_for(variant: str) -> list[str]:
    """The files shown for a variant: its own (when there is one), then the base game and the keys."""
    return list(dict.fromkeys([variant, *COMMON_PARTS]))


def parse_part(text: str) -> list[Section]:
    """`# Part` then `## Section` blocks."""
    part = ""
    sections: list[Section] = []
    title, lines = None, []

    def close() -> None:
        if title is not None:
            sections.append(Section(part, title, "\n".join(lines).strip()))

    for line in text.splitlines():
        if line.startswith("## "):
            close()
            title, lines = line[3:].strip(), []
        elif line.startswith("# "):
            part = line[2:].strip()
        elif title is not None:
            lines.append(line)
    close()
    return sections


def load_sections(variant: str, language: str | None = None) -> list[Section]:
    sections: list[Section] = []
    for name in parts_for(variant):
        text = read_part(name, language)
        if text is not None:
            sections.extend(parse_part(text))
    return sections


# ---------------------------------------------------------------- laying out a section


def blocks(body: str) -> list[tuple[str, str]]:
    """The section as ("item" | "para", text) blocks, source line breaks undone."""
    out: list[tuple[str, str]] = []
    for line in body.splitlines():
        stripped = line.strip()
        if not stripped:
            out.append(("blank", ""))
        elif stripped.startswith("- "):
            out.append(("item", stripped[2:]))
        elif out and out[-1][0] in ("item", "para") and line.startswith(" "):
            out[-1] = (out[-1][0], out[-1][1] + " " + stripped)
        elif out and out[-1][0] == "para":
            out[-1] = ("para", out[-1][1] + " " + stripped)
        else:
            out.append(("para", stripped))
    return out


def _styled(line: str) -> Text:
    """`Decision:` in bold (RULES.md's binding choices); `code` shown without its backticks."""
    text = Text()
    for i, piece in enumerate(line.split("`")):
        text.append(piece, style="bold" if i % 2 else "")
    text.highlight_words(["Decision:", _("Decision:")], style="bold underline")
    return text


def layout_section(section: Section, width: int) -> Text:
    """The section wrapped to `width` columns: items with a hanging indent, a blank line between blocks."""
    width = max(20, width)
    lines: list[Text] = [Text(section.title, style="bold"), Text("")]
    for kind, content in blocks(section.body):
        if kind == "blank":
            if lines and lines[-1].plain:
                lines.append(Text(""))
            continue
        if kind == "item":
            wrapped = textwrap.wrap(content, width, initial_indent="- ", subsequent_indent="  ")
        else:
            wrapped = textwrap.wrap(content, width)
        lines.extend(_styled(w) for w in wrapped)
    while lines and not lines[-1].plain:
        lines.pop()
    return Text("\n").join(lines)


# ---------------------------------------------------------------- the screen


class RulesScreen(Screen[None]):
    """The rules of `variant`: a contents list, and one section at a time."""

    CSS_PATH = "rules_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", _("back"), key_display="Esc"),
        Binding("left,h", "turn(-1)", _("previous"), key_display="Left"),
        Binding("right,l", "turn(1)", _("next"), key_display="Right"),
        Binding("j", "scroll(1)", _("down"), show=False),
        Binding("k", "scroll(-1)", _("up"), show=False),
    ]

    def __init__(self, variant: str = "base", ascii: bool | None = None, language: str | None = None) -> None:
        super().__init__()
        self.variant = variant
        self._ascii = ascii
        self.sections = load_sections(variant, language) or load_sections("base", language)
        self.current: int | None = None  # the open section, None on the contents

    @property
    def ascii(self) -> bool:
        if self._ascii is not None:
            return self._ascii
        return bool(getattr(self.app, "ascii", False))

    def compose(self) -> ComposeResult:
        first = self.sections[0].part if self.sections else ""
        yield Static(Text(_("Rules: {part}").format(part=first), style="bold"), id="rules-title")
        options: list[Option] = []
        part = None
        for i, section in enumerate(self.sections):
            if section.part != part:
                part = section.part
                options.append(Option(Text(part.upper(), style="bold"), disabled=True))
            options.append(Option("  " + section.title, id=f"s{i}"))
        yield ContentsList(*options, id="rules-contents")
        with VerticalScroll(id="rules-page"):
            yield Static(id="rules-text")
        yield Static(id="rules-status")
        yield Footer()

    def on_mount(self) -> None:
        if self.ascii:
            self.add_class("-ascii")
        self.query_one("#rules-page").display = False
        contents = self.query_one(ContentsList)
        contents.action_first()
        contents.focus()
        self.watch(self.query_one("#rules-page"), "scroll_y", self._show_status, init=False)
        self._show_status()

    # -- moving about

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.open_section(int(event.option.id[1:]))

    def open_section(self, index: int) -> None:
        self.current = index
        contents = self.query_one(ContentsList)
        contents.display = False
        page = self.query_one("#rules-page", VerticalScroll)
        page.display = True
        self._layout()
        page.scroll_home(animate=False)
        page.focus()
        self.call_after_refresh(self._show_status)
        self.refresh_bindings()

    def close_section(self) -> None:
        contents = self.query_one(ContentsList)
        index = self.current
        self.current = None
        self.query_one("#rules-page").display = False
        contents.display = True
        if index is not None:
            contents.highlighted = contents.get_option_index(f"s{index}")
        contents.focus()
        self._show_status()
        self.refresh_bindings()

    def on_resize(self, event: events.Resize) -> None:
        if self.current is not None:
            self._layout()

    def _layout(self) -> None:
        page = self.query_one("#rules-page", VerticalScroll)
        width = (page.size.width or self.app.size.width) - 3
        self.query_one("#rules-text", Static).update(layout_section(self.sections[self.current], width))

    def _show_status(self, *_args) -> None:
        status = self.query_one("#rules-status", Static)
        if self.current is None:
            status.update(_("{n} sections. Enter opens one; Esc closes the rules.").format(n=len(self.sections)))
            return
        page = self.query_one("#rules-page", VerticalScroll)
        where = _("section {i} of {n}").format(i=self.current + 1, n=len(self.sections))
        if page.max_scroll_y > 0:
            percent = round(100 * page.scroll_y / page.max_scroll_y)
            where += "  " + _("{p}% read").format(p=percent)
        status.update(f"{self.sections[self.current].part}: {where}")

    # -- keys

    def action_back(self) -> None:
        """Esc: from a section back to the contents; from the contents, close the rules."""
        if self.current is not None:
            self.close_section()
        else:
            self.dismiss(None)

    def action_turn(self, step: int) -> None:
        if self.current is not None:
            self.open_section((self.current + step) % len(self.sections))

    def action_scroll(self, step: int) -> None:
        page = self.query_one("#rules-page", VerticalScroll)
        if self.current is not None:
            page.scroll_relative(y=step, animate=False)
        else:
            contents = self.query_one(ContentsList)
            contents.action_cursor_down() if step > 0 else contents.action_cursor_up()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "turn":
            return self.current is not None
        return True


class ContentsList(OptionList):
    """The sections, grouped under their part's title."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select", _("open"), key_display="Enter")]
