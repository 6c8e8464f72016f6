"""Test-wide set-up: no test reads or writes the real user folders (storage honours these variables)."""

import asyncio
import gc
import os
import tempfile
import weakref
from time import monotonic, process_time

import pytest
import textual.app
import textual.pilot
import textual.screen
from textual._context import active_app
from textual.css.stylesheet import Stylesheet
from textual.worker import WorkerState

# ---------------------------------------------------------------------- the pilot's wait for an idle app
#
# Textual's pilot waits after every key and pause until the app is idle, by a guess from the clock: it sleeps
# in 20 ms slices until one slice used almost no CPU time (textual._wait.wait_for_idle). Each key costs at least
# two such slices, and a slice on a loaded machine may pass without the app having been given the CPU at all.
# Here the app is idle when it has nothing left to do, looked at directly: no callback of the event loop is
# ready to run or due within a slice (2 ms), no message waits in the queue of the app or of any node of the
# screen on top, that screen has nothing left to lay out or repaint and no callback waiting for its refresh, and
# no work handed to a thread (a bot thinking in a thread worker, asyncio.to_thread, run_in_executor: all go
# through the event loop's run_in_executor, counted below) is still running. While only a thread or a timer due
# within the slice keeps the app busy the wait sleeps a slice; otherwise it gives the event loop one turn and
# looks again, so a key costs what the app does with it and no sleep (the 2 ms slices in which the clock was
# still asked, after every key, left a core idle some 60 s of the suite's 860). When all that is left is what
# the screen draws at its next frame, it draws it at once (as Pilot.pause does after its wait) instead of the
# wait lasting until the frame's timer fires (1/60 s, after every key). The state a test reads is the one the
# app settled in.

_SLICE = 0.002
_QUIET, _FRAME, _BUSY, _WAITING = "quiet", "frame", "busy", "waiting"
_in_threads: weakref.WeakSet = weakref.WeakSet()  # the futures of work handed to a thread, until done
_run_in_executor = asyncio.base_events.BaseEventLoop.run_in_executor


def _counted_run_in_executor(self, executor, func, *args):
    future = _run_in_executor(self, executor, func, *args)
    _in_threads.add(future)
    return future


asyncio.base_events.BaseEventLoop.run_in_executor = _counted_run_in_executor


def _state(app) -> str:
    """_QUIET: the app has nothing to do until a timer fires or a key comes; _FRAME: nothing but what the screen
    on top draws at its next frame (its layout, repaint, recompose, the callbacks after a refresh); _BUSY: a
    callback or a message is ready; _WAITING: a thread is running, or a timer fires within a slice."""
    loop = asyncio.get_running_loop()
    if any(not handle.cancelled() for handle in tuple(loop._ready)):  # (a snapshot: threads append to it)
        return _BUSY
    if not app._message_queue.empty():
        return _BUSY
    if app._screen_stack:
        screen = app.screen
        if not all(node._message_queue.empty() for node in screen.walk_children(with_self=True)):
            return _BUSY
    if any(not future.done() and future.get_loop() is loop for future in _in_threads):
        return _WAITING
    for worker in app.workers:
        if worker._thread_worker and worker.state in (WorkerState.PENDING, WorkerState.RUNNING):
            return _WAITING
    if loop._scheduled and loop._scheduled[0].when() - loop.time() < _SLICE:
        return _WAITING
    if not app._screen_stack:  # no screen yet, or none any more
        return _QUIET
    if (screen._layout_required or screen._scroll_required or screen._repaint_required
            or screen._recompose_required or screen._dirty_widgets or screen._callbacks):
        return _FRAME
    return _QUIET


async def _guess_from_the_clock(min_sleep: float, max_sleep: float) -> None:
    """textual._wait.wait_for_idle over 2 ms slices, for a wait outside any app."""
    start = monotonic()
    while True:
        cpu = process_time()
        await asyncio.sleep(_SLICE)
        elapsed = monotonic() - start
        if elapsed >= max_sleep or (elapsed > min_sleep and process_time() - cpu < _SLICE / 4):
            return


async def _wait_for_idle(min_sleep: float = 0.02, max_sleep: float = 1) -> None:
    """textual._wait.wait_for_idle, the app's state looked at instead of the clock (see above)."""
    app = active_app.get(None)
    if app is None:
        await _guess_from_the_clock(min_sleep, max_sleep)
        return
    start = monotonic()
    drawn = False
    while True:
        elapsed = monotonic() - start
        if elapsed >= max_sleep:
            return
        state = _state(app)
        if state is _QUIET:
            if elapsed >= min_sleep:
                return
            await asyncio.sleep(min_sleep - elapsed)
        elif state is _FRAME and not drawn:  # draw it now, as at the next frame (Pilot.pause does so after it)
            app.screen._on_timer_update()
            drawn = True
            await asyncio.sleep(0)
            continue
        elif state is _FRAME or state is _WAITING:  # (a frame just drawn and still due: it cannot be drawn yet)
            await asyncio.sleep(_SLICE)
        else:
            await asyncio.sleep(0)
        drawn = False


textual.pilot.wait_for_idle = _wait_for_idle  # Pilot.pause and wait_for_scheduled_animations
textual.app.wait_for_idle = _wait_for_idle  # App._press_keys, after every key of Pilot.press

# ---------------------------------------------------------------------- a layout drawn at the frame
#
# Textual draws the screen on top at once after each new layout (Screen._refresh_layout: a screen shown, a
# resize, widgets added), and again at the next frame for what the layout's Resize and Show events changed: a
# screen pushed was drawn three or four times before a test could look at it, 40% of the draws of a whole game
# played by keys. Here the draw after a layout waits for the frame (as it does inside App.batch_update), which
# the wait above draws before the app counts as idle: every state a test reads is still drawn, once.

_refresh_layout = textual.screen.Screen._refresh_layout
_compositor_refresh = textual.screen.Screen._compositor_refresh


def _refresh_layout_drawn_at_the_frame(self, size=None, scroll=False):
    self._draw_at_frame = True
    try:
        _refresh_layout(self, size, scroll)
    finally:
        self._draw_at_frame = False


def _compositor_refresh_unless_at_the_frame(self):
    if getattr(self, "_draw_at_frame", False) and self is self.app.screen and not self.app.is_inline:
        self._repaint_required = True
        self.check_idle()
        return
    _compositor_refresh(self)


textual.screen.Screen._refresh_layout = _refresh_layout_drawn_at_the_frame
textual.screen.Screen._compositor_refresh = _compositor_refresh_unless_at_the_frame

# ---------------------------------------------------------------------- the stylesheets, parsed once
#
# Each app parses every stylesheet it uses (Textual's, the widgets' DEFAULT_CSS, bere's .tcss files) when it
# starts and when a screen or widget class shows for the first time: some 55 ms of the 150 ms an app takes to
# show its title, paid again by every test that starts one. Textual keeps the parsed rules of each source in a
# cache of its stylesheet, one per app; here that cache is the test process's, keyed as Textual keys it plus the
# CSS variables (the theme) the rules were parsed with. The rules are not changed after parsing (Textual's own
# cache shares them between the parses of one app too), so an app gets the same rules as it would have parsed.

_PARSED: dict = {}
_parse_rules = Stylesheet._parse_rules


def _parse_rules_once(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
    key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(self._variables.items()))
    rules = _PARSED.get(key)
    if rules is None:
        rules = _PARSED[key] = _parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
    return rules


Stylesheet._parse_rules = _parse_rules_once

# ---------------------------------------------------------------------- the garbage collector
#
# A test process holds some 170,000 objects that live as long as it does (the modules, Textual's styles,
# hypothesis), and every app a test starts makes thousands of short-lived ones, many in reference cycles
# (widgets and their parents, strips and their caches). With the default thresholds (700, 10, 10) the
# collector went over every live object about once a second of a UI test: 52 s of the 281 s that tests/ui and
# tests/board took on two workers. After collection the objects alive are frozen (the collector no longer
# looks at them) and it runs after 50,000 allocations: 17 s of 240 s, 166 MB at most per worker. Each test's
# cycles are still collected, within it or the next one.


def pytest_collection_finish(session) -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)


_ROOT = tempfile.mkdtemp(prefix="bere-tests-")
os.environ.setdefault("BERE_DATA_DIR", os.path.join(_ROOT, "data"))
os.environ.setdefault("BERE_CONFIG", os.path.join(_ROOT, "config", "settings.json"))


@pytest.fixture(autouse=True)
def _open_gates(request, monkeypatch):
    """Screens take keys as soon as they show (the input gate's first moments off), so a test need not wait;
    keys pressed before a screen showed are still dropped. Tests of the gate itself mark `real_gate`."""
    if request.node.get_closest_marker("real_gate") is None:
        from bere_tui.ui import gate

        monkeypatch.setattr(gate, "GATE_SECONDS", {kind: 0.0 for kind in gate.GATE_SECONDS})


@pytest.fixture(autouse=True)
def _no_fsync(request, monkeypatch):
    """Outside the storage tests, os.fsync returns at once: no test cuts the power, and an autosave after every
    decision waited on the disk (the writes, renames and their failures are all still real)."""
    if "storage" not in request.node.path.parts:
        monkeypatch.setattr(os, "fsync", lambda fd: None)


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path, monkeypatch):
    """Each test its own data folder and settings file: an unfinished game autosaved by one test must not be
    found by the next (a new game would ask what becomes of it)."""
    monkeypatch.setenv("BERE_DATA_DIR", str(tmp_path / "bere-data"))
    monkeypatch.setenv("BERE_CONFIG", str(tmp_path / "bere-config" / "settings.json"))

# The texts tests read are English whatever the machine's locale (a test of another language installs it).
os.environ["LANGUAGE"] = "en"


@pytest.fixture
def other_bere():
    """Another bere playing from the data folder (issue 36, item 5): it holds the autosave's lock, on a descriptor
    of its own (flock locks belong to an open file, so this process is refused as another process would be)."""
    import fcntl

    from bere_tui.storage import release_autosave
    from bere_tui.storage.autosave_lock import lock_path

    path = lock_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(path, "a")  # noqa: SIM115 - closed when the other bere ends
    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    yield handle
    handle.close()
    release_autosave()
