"""The application layer, Qt-free, shared by the command line, the report and the window.

One plan computed from a scenario (:mod:`gpucalc.plan.compute`), scenario files, pasted serve
commands, window settings and the catalog session the window works on.
"""
