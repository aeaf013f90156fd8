"""The desktop window: the only package that imports PySide6 and pyqtgraph.

The Qt-free layers the window runs on are imported here, before any Qt: once PySide6 is
imported, its import hook reads the source of every module imported after it (to find
``from __feature__ import``), which cost the window's cold start about 0.1 s for these modules.
"""

import gpucalc.plan.catalog_session
import gpucalc.plan.compute  # noqa: F401 - imported for the order only
