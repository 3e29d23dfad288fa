"""``python -m hasenpfeffer``: the command-line interface (see cli.py)."""

from .tools.cli import main

raise SystemExit(main())
