"""`python -m bere_tui` runs the same command line as `bere`."""

from bere_tui.command import main

raise SystemExit(main())
