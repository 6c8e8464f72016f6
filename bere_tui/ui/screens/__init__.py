"""The app's screens: title, setup, hand-off, table, round summary, results, help, quit, and the too-small notice."""
