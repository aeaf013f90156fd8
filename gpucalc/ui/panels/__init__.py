"""Widgets that make up the window."""
