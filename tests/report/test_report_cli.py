"""``gpucalc report``: exit codes, one-line errors, scenario files."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from gpucalc.cli.errors import EXIT_DOES_NOT_FIT, EXIT_USAGE
from gpucalc.cli.main import main
from gpucalc.plan.scenario_file import save_scenario
from tests.report.scenarios import NO_FIT_SCENARIO, SMALL_SCENARIO


def test_report_from_flags_and_from_a_scenario_file(qapp: QApplication, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "flags.pdf"
    assert main(["report", "llama-3.1-8b-instruct", "--gpu", "h100", "--max-model-len", "8192",
                 "--tpot-ms", "40", "-o", str(out), "--lang", "en"]) == 0
    assert out.read_bytes().startswith(b"%PDF")
    assert "pages" in capsys.readouterr().out
    scenario_path = tmp_path / "plan.gpucalc.json"
    save_scenario(scenario_path, SMALL_SCENARIO)
    assert main(["report", "--scenario", str(scenario_path), "-o", str(tmp_path / "s.pdf")]) == 0
    assert (tmp_path / "s.pdf").stat().st_size > 10_000


def test_report_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.gpucalc.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["report", "--scenario", str(bad), "-o", str(tmp_path / "x.pdf")]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.startswith("gpucalc: scenario")
    assert "not valid JSON" in err
    assert len(err.strip().splitlines()) == 1
    assert main(["report", "-o", str(tmp_path / "x.pdf")]) == EXIT_USAGE
    assert "give MODEL and --gpu ID, or --scenario FILE" in capsys.readouterr().err
    assert main(["report", "llama-3.1-8b-instruct", "--scenario", str(bad), "-o", "x.pdf"]) == EXIT_USAGE
    assert "not both" in capsys.readouterr().err
    assert main(["report", "no-such-model", "--gpu", "h100", "-o", str(tmp_path / "x.pdf")]) == EXIT_USAGE
    assert not (tmp_path / "x.pdf").exists()


def test_report_of_a_plan_that_does_not_fit(qapp: QApplication, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    scenario_path = tmp_path / "nofit.gpucalc.json"
    save_scenario(scenario_path, NO_FIT_SCENARIO)
    out = tmp_path / "nofit.pdf"
    assert main(["report", "--scenario", str(scenario_path), "-o", str(out)]) == EXIT_DOES_NOT_FIT
    assert out.exists()
    assert "does not fit" in capsys.readouterr().err
