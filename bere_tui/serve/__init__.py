"""Serving the game to other terminals: `bere serve`, an SSH server of its own (asyncssh, the `ssh` extra).

Each SSH session runs the game in a process of its own on a pseudo-terminal of its own (Textual's state, the
translations and the bots' threads are per process), with a data folder per authorized key.
"""
