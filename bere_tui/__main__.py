"""`python -m bere_tui` runs the same command line as `bere`."""

from bere_tui.cli import main

raise SystemExit(main())
