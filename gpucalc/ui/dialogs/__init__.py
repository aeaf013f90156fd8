"""Dialogs of the window: spec-table editors, the custom-GPU editor and others."""
