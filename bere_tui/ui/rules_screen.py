"""The rules viewer: the rules of a variant, from the text files in bere_tui/assets/rules/<language>/.

A variant shows its own file first (e.g. anniversary.md), then the base game and the keys. Each file is
`# Title` followed by `## Section`s of paragraphs and `- ` items, written as a rulebook: the rule ids of
RULES.md stand in `<!-- ... -->` comments, which are not shown (tests check the coverage with them), and
`{card 55}` shows a card the way the table does. The screen opens on a contents list (Enter opens a section);
in a section the arrows scroll, Left/Right go to the previous/next section, Esc returns to the contents, and
Esc there closes the rules. Opened without a variant (the title screen's Rules), it first lists the variants;
the contents always end with the way to the other variants.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from bere_tui.i18n import N_, _, current
from bere_tui.paths import assets
from bere_tui.systems import GAMES as VARIANTS  # every game the table seats
from bere_tui.systems import system_of
from bere_tui.table.cardtext import card_plain
from bere_tui.table.words import variant_name
from bere_tui.ui.widgets.choices import ChoiceList
from bere_tui.ui.widgets.keybar import KeyBar

FALLBACK_LANGUAGE = "en"
#: the files every variant shows after its own
COMMON_PARTS = ("base", "keys")
#: what the text files carry for the tests and the maintainers only: the rule ids, in comments
COMMENT = re.compile(r"\s*<!--.*?-->", re.DOTALL)
#: a card shown as on the table: `{card 55}`
CARD = re.compile(r"\{card (\d+)\}")


@dataclass(frozen=True)
class Section:
    part: str  # the file's title, e.g. "Anniversary variant"
    title: str
    body: str


# ---------------------------------------------------------------- loading


def languages(language: str | None = None) -> list[str]:
    """Languages to try, best first: the one asked for, else the one installed (i18n.choose decides it), then
    English."""
    wanted = language or current()
    out: list[str] = []
    for lang in (wanted, wanted.split("_")[0], FALLBACK_LANGUAGE):
        if lang and lang not in out:
            out.append(lang)
    return out


def read_part(name: str, language: str | None = None) -> str | None:
    """The text of bere_tui/assets/rules/<lang>/<name>.md in the first language that has it (None if none does)."""
    root = assets() / "rules"
    for lang in languages(language):
        path = root / lang / f"{name}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None


def parts_for(variant: str) -> list[str]:
    """The files shown for a variant: its own (when there is one), then the base game and the keys."""
    # (6 nimmt!'s variants are built on the base game; Bullenparty and the board game are games of their own)
    after = system_of(variant).rules_after if variant in VARIANTS else COMMON_PARTS
    return list(dict.fromkeys([variant, *after]))


def parse_part(text: str) -> list[Section]:
    """`# Part` then `## Section` blocks (comments left out)."""
    text = COMMENT.sub("", text)
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
    """`code` shown in bold, without its backticks."""
    text = Text()
    for i, piece in enumerate(line.split("`")):
        text.append(piece, style="bold" if i % 2 else "")
    return text


def show_cards(body: str, ascii: bool = False) -> str:
    """`{card 55}` as the table shows the card: its number and its bullheads (`55•••••••`)."""
    return CARD.sub(lambda m: "`" + card_plain(int(m.group(1)), ascii) + "`", body)


def layout_section(section: Section, width: int, ascii: bool = False) -> Text:
    """The section wrapped to `width` columns: items with a hanging indent, a blank line between blocks."""
    width = max(20, width)
    lines: list[Text] = [Text(section.title, style="bold"), Text("")]
    for kind, content in blocks(show_cards(section.body, ascii)):
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


def variant_summary(variant: str) -> str:
    """Who plays `variant` and how it is won (its game system's GameInfo: bere_tui/systems.py)."""
    from bere_tui.systems import variant_summary as summary

    return summary(variant)


class RulesScreen(Screen[None]):
    """The rules of `variant`: a contents list, and one section at a time. Without a variant, the list of
    variants comes first."""

    CSS_PATH = "rules_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("back"), key_display="Esc"),
        Binding("left,h", "turn(-1)", N_("previous"), key_display="<-"),
        Binding("right,l", "turn(1)", N_("next"), key_display="->"),
        Binding("j", "scroll(1)", N_("down"), show=False),
        Binding("k", "scroll(-1)", N_("up"), show=False),
    ]

    def __init__(self, variant: str | None = "base", ascii: bool | None = None,
                 language: str | None = None) -> None:
        super().__init__()
        self.pick_first = variant is None  # opened from the title: the variants come first, and Esc returns to them
        self.variant = variant if variant in VARIANTS else "base"
        self.language = language
        self._ascii = ascii
        self.sections = self._load(self.variant)
        self.current: int | None = None  # the open section, None on the contents (or the variants)
        self.choosing = self.pick_first  # the list of variants is shown

    def _load(self, variant: str) -> list[Section]:
        return load_sections(variant, self.language) or load_sections("base", self.language)

    @property
    def ascii(self) -> bool:
        if self._ascii is not None:
            return self._ascii
        return bool(getattr(self.app, "ascii", False))

    def compose(self) -> ComposeResult:
        yield Static(id="rules-title")
        yield VariantList(*[Option(self._variant_label(v), id=v) for v in VARIANTS], id="rules-variants")
        yield ContentsList(id="rules-contents")
        with VerticalScroll(id="rules-page"):
            yield Static(id="rules-text")
        yield Static(id="rules-status")
        yield KeyBar()

    @staticmethod
    def _variant_label(variant: str) -> Text:
        label = Text(variant_name(variant), style="bold")
        label.append("  " + variant_summary(variant), style="dim")
        return label

    def on_mount(self) -> None:
        if self.ascii:
            self.add_class("-ascii")
        self.query_one("#rules-page").display = False
        self.fill_contents()
        self.watch(self.query_one("#rules-page"), "scroll_y", self._show_status, init=False)
        if self.choosing:
            self.show_variants()
        else:
            self.show_contents()

    # -- what is shown

    def _set_title(self) -> None:
        if self.choosing:
            title = _("Rules: choose a variant")
        else:
            title = _("Rules: {part}").format(part=self.sections[0].part if self.sections else "")
        self.query_one("#rules-title", Static).update(Text(title, style="bold"))

    def fill_contents(self) -> None:
        options: list[Option] = []
        part = None
        for i, section in enumerate(self.sections):
            if section.part != part:
                part = section.part
                options.append(Option(Text(part.upper(), style="bold"), disabled=True))
            options.append(Option("  " + section.title, id=f"s{i}"))
        options.append(Option(Text(_("OTHER VARIANTS"), style="bold"), disabled=True))
        options.append(Option("  " + _("Rules of another variant"), id="variants"))
        contents = self.query_one(ContentsList)
        contents.clear_options()
        contents.add_options(options)

    def show_variants(self) -> None:
        self.choosing, self.current = True, None
        variants = self.query_one(VariantList)
        self.query_one(ContentsList).display = False
        self.query_one("#rules-page").display = False
        variants.display = True
        variants.highlighted = list(VARIANTS).index(self.variant)
        variants.focus()
        self._after_change()

    def show_contents(self, highlight: int | None = None) -> None:
        self.choosing, self.current = False, None
        self.query_one(VariantList).display = False
        self.query_one("#rules-page").display = False
        contents = self.query_one(ContentsList)
        contents.display = True
        if highlight is not None:
            contents.highlighted = contents.get_option_index(f"s{highlight}")
        else:
            contents.action_first()
        contents.focus()
        self._after_change()

    def choose_variant(self, variant: str) -> None:
        self.variant = variant
        self.sections = self._load(variant)
        self.fill_contents()
        self.show_contents()

    def _after_change(self) -> None:
        self._set_title()
        self._show_status()
        self.refresh_bindings()

    # -- moving about

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        option_id = event.option.id or ""
        if isinstance(event.option_list, VariantList):
            self.choose_variant(option_id)
        elif option_id == "variants":
            self.show_variants()
        elif option_id:
            self.open_section(int(option_id[1:]))

    def open_section(self, index: int) -> None:
        self.current = index
        self.choosing = False
        self.query_one(ContentsList).display = False
        self.query_one(VariantList).display = False
        page = self.query_one("#rules-page", VerticalScroll)
        page.display = True
        self._layout()
        page.scroll_home(animate=False)
        page.focus()
        self._set_title()
        self.call_after_refresh(self._show_status)
        self.refresh_bindings()

    def close_section(self) -> None:
        self.show_contents(self.current)

    def on_resize(self, event: events.Resize) -> None:
        if self.current is not None:
            self._layout()

    def _layout(self) -> None:
        page = self.query_one("#rules-page", VerticalScroll)
        width = (page.size.width or self.app.size.width) - 3
        self.query_one("#rules-text", Static).update(layout_section(self.sections[self.current], width, self.ascii))

    def _show_status(self, *_args) -> None:
        status = self.query_one("#rules-status", Static)
        if self.choosing:
            status.update(_("Enter opens the rules of a variant; Esc closes the rules."))
            return
        if self.current is None:
            status.update(_("{n} sections. Enter opens one; Esc closes the rules.").format(n=len(self.sections))
                          if not self.pick_first else
                          _("{n} sections. Enter opens one; Esc goes back to the variants.").format(
                              n=len(self.sections)))
            return
        page = self.query_one("#rules-page", VerticalScroll)
        where = _("section {i} of {n}").format(i=self.current + 1, n=len(self.sections))
        if page.max_scroll_y > 0:
            percent = round(100 * page.scroll_y / page.max_scroll_y)
            where += "  " + _("read: {p}%").format(p=percent)
        status.update(f"{self.sections[self.current].part}: {where}")

    # -- keys

    def action_back(self) -> None:
        """Esc: from a section back to the contents; from the contents to the variants (when they came first),
        else close the rules; from the variants, close the rules."""
        if self.current is not None:
            self.close_section()
        elif not self.choosing and self.pick_first:
            self.show_variants()
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
            listed = self.query_one(VariantList) if self.choosing else self.query_one(ContentsList)
            listed.action_cursor_down() if step > 0 else listed.action_cursor_up()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "turn":
            return self.current is not None
        return True


class ContentsList(ChoiceList):
    """The sections, grouped under their part's title, then the way to the other variants."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select", N_("open"), key_display="Enter")]


class VariantList(ChoiceList):
    """The variants, each with a line on what it is."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select", N_("open"), key_display="Enter")]
