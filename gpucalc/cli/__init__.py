"""Command line: the same core as the window, JSON or table output."""
