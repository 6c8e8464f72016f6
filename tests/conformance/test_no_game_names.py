"""No code outside a game's own folders names a game by its variant string (issue 32): shared code asks the
registry (bere_tui/systems.py) or a field of the game system. Checked on the syntax tree of every module of
bere_tui: a variant of a game beside 6 nimmt! ("bullenparty", "board") compared with something (a variant), used
as a key of a table (display names keyed by variant), looked up in the registry by its literal name, or listed
with other variants. "board" as the name of an option (`"board" in info.options`: the board file) is not a
variant."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bere_tui.systems import GAMES, SYSTEMS, system_of

PACKAGE = Path(__file__).resolve().parents[2] / "bere_tui"
#: the variants of every system beside 6 nimmt! (whose modules are the shared ones: they name no other game)
NAMES = {v for s in SYSTEMS.values() if s is not system_of("base") for v in s.variants}
#: the folders and modules that are a game's own (bere_tui/*/board/, bere_tui/record/bullenparty.py...), and the
#: registry itself
OWN = NAMES | {s.name for s in SYSTEMS.values()}


def _shared_modules() -> list[Path]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts == ("systems",) or any(part in OWN for part in parts):
            continue
        out.append(path)
    return out


def _is_name(node) -> bool:
    return isinstance(node, ast.Constant) and node.value in NAMES


def _literals(node) -> list:
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e for e in node.elts if isinstance(e, ast.Constant)]
    return [node] if isinstance(node, ast.Constant) else []


def game_names_in(source: str) -> list[tuple[int, str]]:
    """Where `source` names a game by its variant (line, code)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_name(lit) for side in sides for lit in _literals(side)):
                others = [ast.unparse(side) for side in sides if not any(_is_name(x) for x in _literals(side))]
                if not all(other.endswith(".options") for other in others):  # an option's name
                    found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Dict):
            found += [(key.lineno, ast.unparse(node)[:80]) for key in node.keys if key is not None and _is_name(key)]
        elif isinstance(node, ast.Subscript) and _is_name(node.slice):
            if ast.unparse(node.value).split(".")[-1] in ("GAMES", "SYSTEMS"):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Call) and any(_is_name(arg) for arg in node.args):
            if ast.unparse(node.func).split(".")[-1] in ("system_of", "make_game", "variant_name", "variant_title"):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            names = [e.value for e in node.elts if isinstance(e, ast.Constant) and e.value in GAMES]
            if len(names) > 1 and set(names) & NAMES:
                found.append((node.lineno, ast.unparse(node)[:80]))
    return found


def test_the_check_finds_a_game_named_in_each_way():
    for code in ('if game.variant == "bullenparty": pass', 'x = variant in ("board", "bullenparty")',
                 'NAMES = {"board": "Board game"}', 'info = GAMES["board"]', 'system_of("bullenparty")',
                 'VARIANTS = ("base", "pro", "board")'):
        assert game_names_in(code), code
    for code in ('if "board" in GAMES[variant].options: pass', 'KEYS = ("side", "luck", "board")',
                 'options["board"] = path'):
        assert not game_names_in(code), code


@pytest.mark.parametrize("path", _shared_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_shared_module_names_a_game_by_its_variant(path):
    found = game_names_in(path.read_text(encoding="utf-8"))
    assert not found, "\n".join(f"{path.relative_to(PACKAGE)}:{n}: {code}" for n, code in found)
