"""The walkthrough: lessons are data (bere_tui/assets/lessons/<language>/), played through the real engine and table.

lesson: the file format and loading; validate: the headless play-through every lesson must pass;
runner: a lesson being played (beats for the screen); describe: events told as sentences; explain: a move the
lesson did not ask for, told from what it would do and set beside the lesson's move; hint: the practice game's
hint; progress: which lessons are done.
"""
