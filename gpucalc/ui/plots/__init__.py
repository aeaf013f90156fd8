"""pyqtgraph views of results."""
