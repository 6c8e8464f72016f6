"""Everything bere-tui keeps on disk: saves and the autosave, finished games (replays), settings, history.

Folders: the data folder is platformdirs' user_data_dir("bere-tui"), or $BERE_DATA_DIR; the settings file is
user_config_dir("bere-tui")/settings.json, or $BERE_CONFIG, or `--config PATH`. Functions that read files
return a message instead of failing where the game can go on (settings, history), and raise StorageError
(BadSaveError for a save) with a one-line message otherwise.
"""

from importlib import import_module

#: where each name lives: a module is imported when one of its names is first used (PEP 562), so that the title
#: screen, which reads the settings, does not import the record's pydantic models and the engine (issue 17)
_WHERE = {
    "autosave_lock": ("autosave_target", "claim_autosave", "held_elsewhere", "release_autosave"),
    "files": ("DATA_DIR_ENV", "StorageError", "atomic_write_text", "data_dir", "set_aside"),
    "history": ("History", "PlayerStats", "history_path", "player_stats", "record_finished_game"),
    "saves": ("MAX_REPLAYS", "BadSaveError", "ReplayInfo", "archive_finished", "autosave", "autosave_path",
              "autosave_time", "discard_autosave", "free_save_path", "keep_autosave", "list_replays",
              "load_autosave", "load_file", "record_key", "replays_dir", "save_to", "saves_dir", "sweep_temporary_files"),
    "settings": ("ANIMATION_SPEEDS", "CONFIG_ENV", "LastSeats", "Seat", "Settings", "load_settings",
                 "save_settings", "settings_path", "read_language"),
    "signals": ("install_signal_save",),
}
_MODULE_OF = {name: module for module, names in _WHERE.items() for name in names}


def __getattr__(name: str):
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_MODULE_OF])


__all__ = [
    "ANIMATION_SPEEDS", "CONFIG_ENV", "DATA_DIR_ENV", "MAX_REPLAYS", "BadSaveError", "History", "LastSeats",
    "PlayerStats", "ReplayInfo", "Seat", "Settings", "StorageError", "archive_finished", "atomic_write_text",
    "autosave", "autosave_path", "autosave_target", "autosave_time", "claim_autosave", "data_dir",
    "discard_autosave", "free_save_path", "held_elsewhere", "history_path", "install_signal_save", "keep_autosave",
    "list_replays", "load_autosave", "load_file", "load_settings", "player_stats", "record_finished_game",
    "record_key", "release_autosave", "replays_dir", "save_settings", "save_to", "saves_dir", "set_aside",
    "settings_path", "sweep_temporary_files",
]
