"""The command line speaks the chosen language too (issue 16): the help's headings, argparse's errors and the
`error:` line, with the project's own catalogues."""

from __future__ import annotations

import pytest

from bere_tui import cli, i18n


@pytest.fixture(autouse=True)
def english_after(monkeypatch):
    for variable in i18n.LANGUAGE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    yield
    i18n.install(i18n.ENGLISH)


def run(capsys, *argv) -> tuple[int, str, str]:
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:  # argparse's --help and its errors
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("lang", "usage", "options", "help_line", "error", "invalid", "unknown"), [
    ("cs", "použití: bere", "volby:", "ukázat tuto nápovědu a skončit", "chyba: ", "neplatná volba: 'foo'",
     "neznámé argumenty: --bogus"),
    ("de", "Aufruf: bere", "Optionen:", "diese Hilfe zeigen und beenden", "Fehler: ", "ungültige Wahl: 'foo'",
     "unbekannte Argumente: --bogus"),
    ("fr", "utilisation : bere", "options:", "afficher cette aide et quitter", "erreur : ",
     "choix non valable : 'foo'", "arguments non reconnus : --bogus"),
    ("pl", "użycie: bere", "opcje:", "pokazać tę pomoc i zakończyć", "błąd: ", "nieprawidłowy wybór: 'foo'",
     "nierozpoznane argumenty: --bogus"),
])
def test_help_and_errors_of_the_command_line_are_translated(capsys, lang, usage, options, help_line, error,
                                                             invalid, unknown):
    code, out, _err = run(capsys, "--lang", lang, "--help")
    assert code == 0 and out.startswith(usage) and f"\n{options}\n" in out and help_line in out
    assert "show this help" not in out and "usage:" not in out and "positional arguments" not in out
    code, _out, err = run(capsys, "--lang", lang, "play", "--variant", "foo")
    assert code == 2 and err.startswith(error) and invalid in err and "invalid choice" not in err
    code, _out, err = run(capsys, "--lang", lang, "play", "--bogus")
    assert code == 2 and err.startswith(error) and unknown in err
    code, _out, err = run(capsys, "--lang", lang, "sim", "--bots", "nobody", "--games", "1")
    assert code == 2 and err.startswith(error) and "unknown bot" not in err


def test_english_stays_as_argparse_writes_it(capsys):
    code, out, _err = run(capsys, "--lang", "en", "--help")
    assert code == 0 and out.startswith("usage: bere") and "\noptions:\n" in out
    code, _out, err = run(capsys, "play", "--variant", "foo")
    assert code == 2 and err.startswith("error: argument --variant: invalid choice: 'foo'")
