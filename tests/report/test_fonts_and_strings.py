"""The bundled CJK font and the built-in Chinese wording."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from gpucalc.catalog.paths import resources_dir
from gpucalc.report.fonts import BUNDLED_FAMILY, register_bundled_fonts, report_family
from gpucalc.report.strings import tr
from gpucalc.report.writer import SECTION_TITLES
from tests.report.pdf_text import pdf_pages


def test_bundled_font_and_licence_ship(qapp: QApplication) -> None:
    folder = resources_dir() / "fonts"
    assert (folder / "wqy-microhei.ttc").stat().st_size > 1_000_000
    assert "Apache" in (folder / "LICENSE-wqy-microhei.txt").read_text(encoding="utf-8")
    families = register_bundled_fonts()
    assert BUNDLED_FAMILY in families
    assert report_family(families) == BUNDLED_FAMILY
    assert register_bundled_fonts() == families  # registered once


def test_chinese_wording_without_a_translator(qapp: QApplication) -> None:
    assert tr("Margin", "en") == "Margin"
    assert tr("1. Inputs", "zh") == "1. 输入"
    assert all(tr(title, "zh") != title for title in SECTION_TITLES)
    assert tr("a sentence nobody translated", "zh") == "a sentence nobody translated"


def test_chinese_renders_with_no_system_fonts(tmp_path: Path) -> None:
    """With fontconfig seeing no fonts at all, the bundled font still carries the report."""
    if shutil.which("pdffonts") is None:
        pytest.skip("pdffonts (poppler-utils) is not installed, so embedded fonts cannot be listed")
    config = tmp_path / "fonts.conf"
    config.write_text(f'<?xml version="1.0"?><fontconfig><cachedir>{tmp_path / "cache"}</cachedir>'
                      "</fontconfig>", encoding="utf-8")
    env = {**os.environ, "FONTCONFIG_FILE": str(config), "QT_QPA_PLATFORM": "offscreen"}
    out = tmp_path / "zh.pdf"
    subprocess.run([sys.executable, "-m", "gpucalc", "report", "llama-3.1-8b-instruct", "--gpu", "h100",
                    "--max-model-len", "8192", "--lang", "zh", "-o", str(out)], env=env, check=True,
                   capture_output=True, timeout=120)
    fonts = subprocess.run(["pdffonts", str(out)], capture_output=True, check=True, text=True).stdout
    assert "WenQuanYiMicroHei" in fonts
    assert "报数前自查清单" in " ".join(pdf_pages(out))
