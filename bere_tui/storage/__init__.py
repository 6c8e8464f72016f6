"""Everything bere-tui keeps on disk: saves and the autosave, finished games (replays), settings, history.

Folders: the data folder is platformdirs' user_data_dir("bere-tui"), or $BERE_DATA_DIR; the settings file is
user_config_dir("bere-tui")/settings.json, or $BERE_CONFIG, or `--config PATH`. Functions that read files
return a message instead of failing where the game can go on (settings, history), and raise StorageError
(BadSaveError for a save) with a one-line message otherwise.
"""

from bere_tui.storage.files import DATA_DIR_ENV, StorageError, atomic_write_text, data_dir, set_aside
from bere_tui.storage.history import History, PlayerStats, history_path, player_stats, record_finished_game
from bere_tui.storage.saves import (
    MAX_REPLAYS,
    BadSaveError,
    ReplayInfo,
    archive_finished,
    autosave,
    autosave_path,
    autosave_time,
    discard_autosave,
    free_save_path,
    keep_autosave,
    list_replays,
    load_autosave,
    load_file,
    record_key,
    replays_dir,
    save_to,
    saves_dir,
)
from bere_tui.storage.settings import (
    ANIMATION_SPEEDS,
    CONFIG_ENV,
    LastSeats,
    Seat,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)
from bere_tui.storage.signals import install_signal_save

__all__ = [
    "ANIMATION_SPEEDS", "CONFIG_ENV", "DATA_DIR_ENV", "MAX_REPLAYS", "BadSaveError", "History", "LastSeats",
    "PlayerStats", "ReplayInfo", "Seat", "Settings", "StorageError", "archive_finished", "atomic_write_text",
    "autosave", "autosave_path", "autosave_time", "data_dir", "discard_autosave", "free_save_path",
    "history_path", "install_signal_save", "keep_autosave", "list_replays", "load_autosave", "load_file",
    "load_settings", "player_stats", "record_finished_game", "record_key", "replays_dir", "save_settings",
    "save_to", "saves_dir", "set_aside", "settings_path",
]
