"""Output that survives any terminal: narrow encodings, a closed or full stdout, no display."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gpucalc.cli.main import main
from gpucalc.cli.streams import EXIT_OUTPUT, PLAIN_ERRORS, GuardedStream, OutputWriteError
from gpucalc.plan.display import EXIT_NO_DISPLAY, display_missing

REPO = Path(__file__).resolve().parents[2]
ESTIMATE = ["estimate", "qwen3-8b", "--gpu", "h100-sxm-80gb"]


def _run(args: list[str], env: dict[str, str] | None = None, shell_suffix: str = "",
         timeout: int = 120) -> subprocess.CompletedProcess[bytes]:
    """``python -m gpucalc ARGS`` in a fresh process (``shell_suffix``: redirections for bash)."""
    base = {**os.environ, "PYTHONPATH": str(REPO), **(env or {})}
    words = " ".join(f"'{w}'" for w in [sys.executable, "-m", "gpucalc", *args])
    return subprocess.run(["bash", "-c", f"{words} {shell_suffix}"], capture_output=True,
                          timeout=timeout, env=base, cwd=REPO, check=False)


@pytest.mark.parametrize("encoding", ["latin-1", "ascii", "cp1252"])
def test_text_output_to_a_narrow_encoding_degrades_and_says_so(encoding: str) -> None:
    done = _run(ESTIMATE, {"PYTHONIOENCODING": encoding})
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode(encoding)
    assert "Qwen3 8B" in text
    assert "H100" in text
    assert "UnicodeEncodeError" not in done.stderr.decode(encoding)
    if encoding == "ascii":
        assert "1x NVIDIA H100" in text  # "1× NVIDIA H100" in its plain form


def test_chinese_text_on_the_c_locale_without_utf8_mode_exits_0() -> None:
    env = {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}
    done = _run([*ESTIMATE, "--lang", "zh"], env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode("ascii")  # plain ASCII, every character it could not show is "?"
    assert "PYTHONIOENCODING=utf-8" in done.stderr.decode("ascii")  # and how to see them


def test_a_closed_stdout_exits_non_zero_with_a_message() -> None:
    done = _run([*ESTIMATE, "--json"], shell_suffix=">&-")
    assert done.returncode == EXIT_OUTPUT
    assert done.stderr.decode().strip() == "gpucalc: cannot write the output: standard output is closed"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["gpus"], [*ESTIMATE, "--json"], ["--help"]])
def test_a_full_stdout_exits_non_zero_with_a_message(args: list[str]) -> None:
    done = _run(args, shell_suffix="> /dev/full")
    assert done.returncode == EXIT_OUTPUT
    assert done.stderr.decode().strip() == "gpucalc: cannot write the output: No space left on device"


def test_a_command_that_writes_nothing_to_a_closed_stdout_still_succeeds() -> None:
    stream = GuardedStream(None)
    assert stream.write("") == 0
    with pytest.raises(OutputWriteError, match="standard output is closed"):
        stream.write("x")


def test_in_process_output_keeps_the_callers_streams(capsys: pytest.CaptureFixture[str]) -> None:
    before = sys.stdout
    assert main(["gpus"]) == 0
    assert sys.stdout is before
    assert "h100" in capsys.readouterr().out


def test_the_plain_forms_of_gpucalcs_symbols() -> None:
    raw = io.BytesIO()
    stream = GuardedStream(io.TextIOWrapper(raw, encoding="ascii", errors="strict"))
    stream.write("8× H100 — ≤ 50 ms, ⌈3.2⌉\n")
    assert not stream.replaced, "a plain form loses nothing: no hint"
    stream.write("中文\n")
    stream.flush()
    assert raw.getvalue().decode("ascii") == "8x H100 -- <= 50 ms, ceil(3.2)\n??\n"
    assert stream.replaced
    stream.restore()
    assert "中".encode("ascii", errors=PLAIN_ERRORS) == b"?"


@pytest.mark.parametrize(("environ", "missing"), [
    ({}, "DISPLAY / WAYLAND_DISPLAY"),
    ({"DISPLAY": ":0"}, None),
    ({"WAYLAND_DISPLAY": "wayland-0"}, None),
    ({"QT_QPA_PLATFORM": "offscreen"}, None),
    ({"QT_QPA_PLATFORM": "xcb"}, "DISPLAY"),
    ({"QT_QPA_PLATFORM": "wayland;xcb"}, "DISPLAY / WAYLAND_DISPLAY"),
    ({"QT_QPA_PLATFORM": "wayland;xcb", "DISPLAY": ":1"}, None),
])
def test_a_missing_display_is_found_before_qt_is_asked(environ: dict[str, str],
                                                       missing: str | None) -> None:
    assert display_missing(environ, "linux") == missing
    assert display_missing({}, "win32") is None
    assert display_missing({}, "darwin") is None


def _headless_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY",
                                                           "QT_QPA_PLATFORM")}
    return {**env, "PYTHONPATH": str(REPO)}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland variables")
def test_the_window_without_a_display_says_so_with_a_hint() -> None:
    done = subprocess.run([sys.executable, "-m", "gpucalc"], capture_output=True, timeout=60,
                          env=_headless_env(), cwd=REPO, check=False)
    assert done.returncode == EXIT_NO_DISPLAY
    err = done.stderr.decode()
    assert err.startswith("gpucalc: no display found (DISPLAY / WAYLAND_DISPLAY not set)")
    assert "QT_QPA_PLATFORM=offscreen" in err
    assert err.count("\n") == 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 display names")
def test_an_unreachable_display_ends_with_a_message_not_an_abort() -> None:
    # a stale DISPLAY (an ssh session that has gone): Qt's platform plugin fails and Qt aborts
    env = {**_headless_env(), "DISPLAY": ":97"}
    done = subprocess.run([sys.executable, "-m", "gpucalc"], capture_output=True, timeout=60,
                          env=env, cwd=REPO, check=False)
    assert done.returncode == EXIT_NO_DISPLAY, done.stderr
    assert "gpucalc: the window cannot start:" in done.stderr.decode()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland variables")
def test_a_report_with_a_stale_display_is_drawn_offscreen(tmp_path: Path) -> None:
    env = {**_headless_env(), "DISPLAY": ":97"}
    out = tmp_path / "plan.pdf"
    done = subprocess.run([sys.executable, "-m", "gpucalc", "report", *ESTIMATE[1:], "-o", str(out)],
                          capture_output=True, timeout=120, env=env, cwd=REPO, check=False)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF")
