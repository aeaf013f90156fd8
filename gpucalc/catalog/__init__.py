"""Spec tables: bundled ``specs/`` layered with the user's edits."""
