"""``gpucalc gpus`` names the bundled GPUs in the user's language."""

from __future__ import annotations

import pytest

from gpucalc.cli.main import main


def _h20_line(capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["gpus"]) == 0
    return next(line for line in capsys.readouterr().out.splitlines() if line.startswith("h20-96gb "))


def test_gpu_names_follow_the_locale(monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("LC_ALL", "zh_CN.UTF-8")
    assert _h20_line(capsys).endswith("NVIDIA H20 96GB（中国特供版）")
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    assert _h20_line(capsys).endswith("NVIDIA H20 96GB (China variant)")
