"""The texts of Python's argparse that `bere` can show (the usage line, the help's headings, the errors of a
wrong command line), marked here so that they are in bere.pot and translated with bere's other texts.
cli.py has argparse look its texts up in bere's catalogues (`use_bere_catalogues`). The %-placeholders are
argparse's own: a translation keeps each of them as it is."""

from __future__ import annotations

import argparse

from bere_tui import i18n
from bere_tui.i18n import N_

TEXTS = (
    # TRANSLATORS: argparse: the start of the usage line (keep the space after the colon)
    N_("usage: "),
    # TRANSLATORS: argparse: headings of `bere --help`
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    # TRANSLATORS: argparse: %(argument_name)s is an option such as --variant, %(message)s what is wrong
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    # TRANSLATORS: argparse: %(type)s is a type's name as Python writes it (int)
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ignored explicit argument %r"),
)


def use_bere_catalogues() -> None:
    """argparse's texts from now on in the language of bere's texts (i18n.current(), read at each use)."""
    argparse._ = i18n._
