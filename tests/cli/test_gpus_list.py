"""``gpucalc gpus`` lists each GPU's price with its currency and date; a GPU without one says so."""

from __future__ import annotations

import json

import pytest

from gpucalc.cli.main import main


def _lines(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, str]:
    assert main(["gpus", *args]) == 0
    return {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}


def test_prices_with_their_quote_and_date(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _lines(capsys, "--lang", "en")
    assert len(lines) == 48
    assert "$1.39/h (2026-09-25)" in lines["a100-sxm-80gb"]
    assert "$1.166/h (¥7.80 at 6.6921 per USD; 2026-10-04)" in lines["a800-sxm-80gb"]
    assert "$0.526/h (undated)" in lines["t4-16gb"]
    assert "no price" in lines["h200-nvl-141gb"]
    assert "   — GB/s" in lines["ascend-910b-64gb"], "an unknown bandwidth is not 0 GB/s"


def test_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    lines = _lines(capsys, "--lang", "zh")
    assert "$1.166/小时（¥7.80，按 1 美元 = 6.6921 折算；2026-10-04）" in lines["a800-sxm-80gb"]
    assert "无价格" in lines["a30-24gb"]


def test_json_keeps_the_source(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gpus", "--json"]) == 0
    gpus = {g["id"]: g for g in json.loads(capsys.readouterr().out)}
    l20 = gpus["l20-48gb"]
    assert l20["usd_per_gpu_hour"] == 0.5977
    assert (l20["price"]["currency"], l20["price"]["amount_per_gpu_hour"]) == ("CNY", 4.0)
    assert l20["price"]["source"]["provider"] == "共绩算力 (gongjiyun.com)"
    assert gpus["a30-24gb"]["price"] is None
    assert gpus["a30-24gb"]["usd_per_gpu_hour"] is None


def test_the_fleet_line_says_when_there_is_no_price(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["estimate", "llama-3.1-8b-instruct", "--gpu", "h200-nvl-141gb", "--qps", "2",
                 "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "No price for this GPU in the catalog: the cost is not known." in out
    assert "The catalog has no rental price for h200-nvl-141gb" in out
    assert main(["estimate", "llama-3.1-8b-instruct", "--gpu", "h200-nvl-141gb", "--qps", "2",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["fleet"]["price_usd_per_gpu_hour"] is None
    assert data["fleet"]["cost_per_hour_usd"] is None
    assert "gpu_price_unknown" in {n["code"] for n in data["notices"]}
