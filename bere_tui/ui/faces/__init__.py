"""The games' faces (one sub-folder per game system) and what a screen does to host one (faces/base.py)."""

from __future__ import annotations

import inspect


def host_face(host, system, lesson: bool):
    """The face of `system` for the screen `host` (the table's or a lesson's): made now; the host carries the
    class its CSS is scoped by (`-face-NAME`)."""
    face = system.part("face")(host, lesson)
    host.add_class(f"-face-{system.name}")
    return face


def add_face_css(app, face) -> None:
    """The face's CSS in the app's stylesheet, as default CSS (as a widget's DEFAULT_CSS is added when it is
    first registered): a screen calls it from its `_post_register`."""
    cls = type(face)
    if cls.CSS:
        try:
            where = inspect.getfile(cls)
        except (TypeError, OSError):  # pragma: no cover - a class made at run time
            where = ""
        app.stylesheet.add_source(cls.CSS, read_from=(where, f"{cls.__name__}.CSS"), is_default_css=True,
                                  tie_breaker=0, scope="")


__all__ = ["add_face_css", "host_face"]
