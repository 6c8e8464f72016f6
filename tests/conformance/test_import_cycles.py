"""No modules of bere_tui import each other in a circle (issue 32), counting every import, also one made inside a
function when first needed: a circle means two modules that cannot be understood, tested or moved apart.

The engine, the bots, the records, the table, the registry and the storage have none. The circles still left
are listed in KNOWN; the list may only shrink: a new circle fails here, and so does a listed one that is gone
(take it off the list)."""

from __future__ import annotations

import grimp

#: the circles left, each as its modules (to go: issue 32)
KNOWN = {
    # the lessons' files are read and checked (by playing them: runner, validate) in lesson.py, which the
    # runner and the check import for the lesson itself
    frozenset({"bere_tui.teach.lesson", "bere_tui.teach.runner", "bere_tui.teach.validate"}),
}
#: the layers that have no circle at all
STRICT = ("bere_tui.engine", "bere_tui.bots", "bere_tui.record", "bere_tui.table", "bere_tui.systems",
          "bere_tui.boards", "bere_tui.storage")


def circles(graph) -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in graph.modules:
                    continue
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(frozenset(group))
    return found


def test_the_search_finds_a_circle():
    class Graph:
        def __init__(self) -> None:
            self.modules = {"a", "b", "c", "d"}
            self.edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}

        def find_modules_directly_imported_by(self, m):
            return self.edges.get(m, set())

    assert circles(Graph()) == [frozenset({"a", "b", "c"})]


def test_no_new_import_circle_and_none_in_the_layers_below_the_screens():
    found = set(circles(grimp.build_graph("bere_tui", cache_dir=None)))
    strict = [sorted(c) for c in found if any(m.startswith(STRICT) for m in c)]
    assert not strict, strict
    assert found <= KNOWN, [sorted(c) for c in found - KNOWN]
    assert KNOWN <= found, ("gone: take it off KNOWN", [sorted(c) for c in KNOWN - found])
