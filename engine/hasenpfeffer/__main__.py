"""``python -m hasenpfeffer``: the command-line interface (see cli.py)."""

from .cli import main

raise SystemExit(main())
