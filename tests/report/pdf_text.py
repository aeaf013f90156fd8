"""Read a PDF back as text with poppler's ``pdftotext`` (tests skip when it is missing)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest


def pdf_pages(path: Path, layout: bool = True) -> list[str]:
    """The text of each page of ``path``: laid out as printed, or in reading order (cell by cell)."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed, so PDF text cannot be checked")
    out = subprocess.run(["pdftotext", *(["-layout"] if layout else []), str(path), "-"],
                         capture_output=True, check=True)
    pages = out.stdout.decode("utf-8").split("\f")
    return pages[:-1] if pages and not pages[-1].strip() else pages
