"""The test suite's time against its baseline, both measured in one run (issue 17, item 4).

The baseline is the suite as it was before the work on speed began (the commit before the first "issue 17"
change, b17b5fd), run as its README said then: `python -m pytest -q`, one process. The current suite runs as
README says now: `python -m pytest -q -n auto`. Both use this checkout's virtual environment (the same Python,
Textual and pytest), each from its own tree (the baseline from a temporary `git worktree` beside this checkout,
as its tests read ../shared), one after the other, REPEAT times, alternating. It prints each run's wall and CPU
time (user + system of pytest and its workers) and the ratios of the medians: the target is a wall ratio of at
most 0.5.

The current suite has more tests than the baseline's (the board game, Bullenparty, the SSH tables came since):
the ratio compares the whole suites, so it is the harder comparison. A third run, "same", is the current suite
limited to the tests the baseline had (the same test ids, where they still exist), as README says to run it:
the same work, now.

Usage: python bench/suite_time.py [--baseline REV] [--repeat R] [--only current|baseline]
The machine is shared: only figures from the same run compare.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = "b17b5fd"


def run_suite(tree: Path, args: list[str]) -> tuple[float, float, str]:
    """Wall and CPU seconds of `python -m pytest ARGS` in `tree` (its own package first on the path), and the
    summary line pytest printed last (after a failure, with the line of each test that failed and the file that
    keeps the whole output)."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "pytest", *args, "-rfE", "-p", "no:cacheprovider"], cwd=tree,
                         env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = [line for line in out.stdout.strip().splitlines() if line.strip()]
    summary = lines[-1] if lines else out.stderr.strip()[-300:]
    if out.returncode != 0:
        failed = [line for line in lines if line.startswith(("FAILED ", "ERROR "))]
        # the whole output (the tracebacks) kept for reading: a rare failure may not come again
        kept = Path(tempfile.mkstemp(prefix="suite-time-failed-", suffix=".txt")[1])
        kept.write_text(out.stdout + out.stderr, encoding="utf-8")
        summary += f"  (exit {out.returncode}; output in {kept})" + "".join("\n      " + line for line in failed)
    return wall, cpu, re.sub(r"\x1b\[[0-9;]*m", "", summary)


def test_ids(tree: Path) -> list[str]:
    """The ids of the tests collected in `tree`."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
                         cwd=tree, env=env, capture_output=True, text=True, check=False)
    return [line for line in out.stdout.splitlines() if "::" in line and not line.startswith(" ")]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default=BASELINE, help=f"the baseline commit (default {BASELINE})")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each suite (default 1)")
    ap.add_argument("--only", choices=("current", "baseline"), default=None, help="run one of them only")
    args = ap.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f}; {os.cpu_count()} cores; {sys.executable}", flush=True)
    # beside this checkout, as a clone is (its tests read ../shared, the project's documents)
    base_tree = ROOT.parent / f".bere-baseline-{os.getpid()}"
    suites = {}
    if args.only != "current":
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base_tree), args.baseline],
                       check=True)
        # its package data from its own tree: this environment's editable install would map `bere_tui.assets` to
        # this checkout's assets (whose lessons have changed since); a folder in the package is found first
        (base_tree / "bere_tui" / "assets").symlink_to(Path("..") / "assets")
        suites["baseline"] = (base_tree, ["-q"])
    if args.only != "baseline":
        suites["current"] = (ROOT, ["-q", "-n", "auto"])
    if not args.only:
        now = set(test_ids(ROOT))
        before = test_ids(base_tree)
        same = [test for test in before if test in now]
        print(f"the baseline's {len(before)} tests: {len(same)} of them still exist (of {len(now)} now)", flush=True)
        suites["same"] = (ROOT, ["-q", "-n", "auto", *same])
    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in suites}
    try:
        for _ in range(args.repeat):
            for name, (tree, pytest_args) in suites.items():
                wall, cpu, summary = run_suite(tree, pytest_args)
                figures[name].append((wall, cpu))
                shown = " ".join(pytest_args[:3]) + (" (the baseline's tests)" if name == "same" else "")
                print(f"  {name:<8} pytest {shown:<10} wall {wall:7.1f} s  CPU {cpu:7.1f} s  {summary}",
                      flush=True)
    finally:
        if "baseline" in suites:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base_tree)], check=False)
    median = {name: (statistics.median(w for w, _c in runs), statistics.median(c for _w, c in runs))
              for name, runs in figures.items()}
    if "baseline" in median:
        bw, bc = median["baseline"]
        for name in ("current", "same"):
            if name in median:
                cw, cc = median[name]
                print(f"{name} / baseline: wall {cw / bw:.2f} (target <= 0.5), CPU {cc / bc:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
