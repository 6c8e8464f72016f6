"""The driver of a `bere serve --web` session (bere_tui/serve/web.py): Textual's WebDriver, made to end the game
when the server that started it goes away, and to stop on SIGTERM whatever the game is doing.

textual-serve runs each browser tab's game as a child process (through /bin/sh) that reads the tab's keys from
a pipe on its stdin and writes the screen in packets to a pipe on its stdout. With Textual's own WebDriver:
- When the server goes away (it stopped, was killed, or closed the pipes without the "quit" it normally sends),
  the input thread reads end-of-file and simply ends: the game ran on with nobody to read or feed it, for ever
  (the shell between them is killed when the server's event loop closes; the game is not its child).
- The screen is written with a blocking os.write from the event loop's thread. Once the pipe is full and nobody
  reads it, the loop waits in that write for ever. Textual's SIGTERM handler is an asyncio one: it only runs in
  that loop, so SIGTERM was ignored too (the signal interrupts the write, which is retried at once).

Here the end of the input (end-of-file or a failed read, without the server's "quit") and a failed write (the
pipe's reader is gone) both mean the server is lost: the pipes are replaced by /dev/null (nothing can wait on
them again) and the process sends itself SIGHUP, as a lost terminal does (ui/terminal_driver.py): autosave, a
clean stop, and the watchdog that ends the process if the clean stop hangs. SIGTERM is bere's own handler again
(ui/saving.py), a plain signal handler that runs between the retries of a blocked write and arms the watchdog.
"""

from __future__ import annotations

import asyncio
import signal

from textual.drivers.web_driver import WebDriver

from bere_tui.ui.terminal_driver import TerminalLost

#: the signals bere handles itself (autosave, clean stop, watchdog: ui/saving.py), not Textual's asyncio handler
OWN_SIGNALS = (signal.SIGTERM,)


class BereWebDriver(WebDriver):
    """WebDriver that ends the game when its server is lost; see the module's text."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.server_lost = TerminalLost([0, 1])  # stdin and stdout: the pipes from and to the server
        self._quit = False  # the server asked the game to end (its "quit"): end-of-file after it is expected
        write = self._write

        def guarded_write(data: bytes) -> int:
            try:
                return write(data)
            except (OSError, ValueError):  # EPIPE: nobody reads the screen any more
                self.server_lost()
                return len(data)

        self._write = guarded_write

    def start_application_mode(self) -> None:
        """Textual's, except that bere's own handler of SIGTERM stays (set before the app ran: install_signals);
        Textual's asyncio handler is never set, not even for the moment between its start and ours."""
        loop = asyncio.get_running_loop()
        add = loop.add_signal_handler

        def add_but_ours(sig, callback, *args) -> None:
            if not (sig in OWN_SIGNALS and callable(signal.getsignal(sig))):
                add(sig, callback, *args)

        loop.add_signal_handler = add_but_ours  # type: ignore[method-assign]
        try:
            super().start_application_mode()
        finally:
            del loop.add_signal_handler

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if packet_type == "quit":
            self._quit = True
        super().on_meta(packet_type, payload)

    def run_input_thread(self) -> None:
        try:
            super().run_input_thread()
        except OSError:
            pass
        if not self.exit_event.is_set() and not self._quit:  # not the app's own stop, nor the server's "quit"
            self.server_lost()


__all__ = ["OWN_SIGNALS", "BereWebDriver"]
