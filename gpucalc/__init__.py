"""gpucalc: offline GPU inference capacity planner."""

__version__ = "0.1.0"
