"""Entry point of the frozen app: the same ``gpucalc`` command as the installed console script.

With no arguments it opens the window; with arguments it is the command line
(``estimate``, ``sweep``, ``size``, ``report``, ``gui --screenshot`` ...).
"""

from __future__ import annotations

import sys

from gpucalc.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
