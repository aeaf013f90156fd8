"""Allow ``python -m gpucalc``."""

from gpucalc.cli.main import main

raise SystemExit(main())
