"""A hello-world Textual app that exits once its first screen is drawn: the floor that bench/startup.py
compares `bere`'s title against."""

from textual.app import App, ComposeResult
from textual.widgets import Static


class Hello(App):
    def compose(self) -> ComposeResult:
        yield Static("Hello, world")

    def on_mount(self) -> None:
        self.call_after_refresh(self.exit)  # as bere does with BERE_FIRST_SCREEN_EXIT=1


if __name__ == "__main__":
    Hello().run()
