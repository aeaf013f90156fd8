"""gpucalc never opens a network connection.

While each test runs, the socket entry points are replaced by traps that record the attempt and
raise; the fixture fails the test on any recorded attempt, even one swallowed by a worker thread
or an ``except``. The app's entry point runs in a child process that sets the same traps before
importing gpucalc. A static scan keeps network client modules out of the package sources.
"""

from __future__ import annotations

import ast
import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.resolve import resolve_scenario
from gpucalc.cli.main import main
from gpucalc.core.capacity.calculate import LoadRequest, calculate
from gpucalc.core.fleet.sizing import SizingRequest, size_fleet
from gpucalc.core.specs.scenario import Scenario

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication
    from pytestqt.qtbot import QtBot

PACKAGE = Path(__file__).resolve().parents[1] / "gpucalc"
RESULT_TIMEOUT_MS = 10_000

NETWORK_MODULES = frozenset({
    "socket", "ssl", "urllib.request", "http.client", "http.server", "socketserver", "ftplib",
    "smtplib", "poplib", "imaplib", "xmlrpc", "requests", "httpx", "aiohttp", "urllib3",
    "websocket", "websockets", "PySide6.QtNetwork", "PySide6.QtWebSockets", "PySide6.QtWebEngineCore",
})
"""Modules that open connections; none may be imported by gpucalc's sources."""

TRAPPED = ("socket", "create_connection", "create_server", "getaddrinfo", "gethostbyname",
           "gethostbyname_ex", "gethostbyaddr", "socketpair", "fromfd")
"""``socket`` attributes replaced by traps (``socketpair`` too: Qt does not use Python sockets)."""


class NetworkUsedError(AssertionError):
    """gpucalc reached for the network."""


@dataclass
class NetworkTrap:
    """The attempts recorded while the traps were set."""

    attempts: list[str] = field(default_factory=list)

    def refuse(self, name: str, *args: Any) -> NetworkUsedError:
        """Record a call of ``socket.<name>`` and the error that stops it."""
        call = f"socket.{name}{args!r}"
        self.attempts.append(call)
        return NetworkUsedError(f"gpucalc used the network: {call}")


def _trap_function(trap: NetworkTrap, name: str) -> Any:
    def trapped(*args: Any, **_kwargs: Any) -> Any:
        raise trap.refuse(name, *args)

    return trapped


def _trap_class(trap: NetworkTrap) -> type[socket.socket]:
    class TrappedSocket(socket.socket):
        """A socket class that refuses to be created (subclassing it still works)."""

        def __init__(self, *args: Any, **_kwargs: Any) -> None:
            raise trap.refuse("socket", *args)

    return TrappedSocket


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[NetworkTrap]:
    """Replace the socket entry points by traps; fail the test if any was called."""
    trap = NetworkTrap()
    for name in TRAPPED:
        replacement = _trap_class(trap) if name == "socket" else _trap_function(trap, name)
        monkeypatch.setattr(socket, name, replacement)
    yield trap
    assert not trap.attempts, "network use: " + "; ".join(trap.attempts)


def test_the_trap_stops_and_records_a_connection(no_network: NetworkTrap) -> None:
    with pytest.raises(NetworkUsedError):
        socket.create_connection(("192.0.2.1", 80))
    with pytest.raises(NetworkUsedError):
        socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    with pytest.raises(NetworkUsedError):
        socket.getaddrinfo("localhost", 80)
    assert [a.split("(")[0] for a in no_network.attempts] == [
        "socket.create_connection", "socket.socket", "socket.getaddrinfo"]
    no_network.attempts.clear()


def test_full_estimate(no_network: NetworkTrap, catalog: Catalog) -> None:
    result = calculate(resolve_scenario(catalog, Scenario()), LoadRequest(concurrency=16))
    assert result.memory.fits
    assert result.performance is not None


def test_sizing_over_the_whole_catalog(no_network: NetworkTrap, catalog: Catalog) -> None:
    base = resolve_scenario(catalog, Scenario())
    precisions = [(catalog.weight_format(w), catalog.kv_format(k))
                  for w, k in (("bf16", "fp16"), ("fp8", "fp8"))]
    rows = size_fleet(base, list(catalog.gpus.values()), precisions, SizingRequest(qps_avg=5))
    assert len({row.gpu for row in rows}) > 5


def test_cli_estimate(no_network: NetworkTrap, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["estimate", "llama-3.1-8b-instruct", "--gpu", "h100", "--json",
                 "--input-len", "2000", "--output-len", "300", "--ttft-ms", "2000", "--tpot-ms", "50"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kv_cache_tokens"] > 0
    assert data["recommended_concurrency"] > 0


def test_window_start_to_first_result(no_network: NetworkTrap, qtbot: QtBot, catalog: Catalog) -> None:
    pytest.importorskip("PySide6")
    from gpucalc.ui.app import Shell
    from gpucalc.ui.session import Session

    shell = Shell(catalog, Scenario(), Session(language="en"))
    qtbot.addWidget(shell.window)
    try:
        with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
            shell.start()
        assert shell.controller.last_outcome is not None
    finally:
        shell.shutdown()


def test_window_tabs_tools_and_exports(no_network: NetworkTrap, qtbot: QtBot, catalog: Catalog,
                                       tmp_path: Path) -> None:
    """Every result tab built and filled, sizing run, a tool dialog, a language switch, exports."""
    pytest.importorskip("PySide6")
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    from gpucalc.ui.app import Shell
    from gpucalc.ui.session import Session

    shell = Shell(catalog, Scenario(), Session(language="en"))  # windows replaced are deleted
    try:
        with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
            shell.start()
        tabs = shell.window.tabs
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
        tabs.flush()
        if tabs.sizing_tab.busy():
            with qtbot.waitSignal(tabs.sizing_tab.finished, timeout=RESULT_TIMEOUT_MS * 3):
                pass
        dialog = shell.window.tools.measurement_plan_dialog()
        dialog.show()
        dialog.close()
        shell.switch_language("zh_CN")
        with qtbot.waitSignal(shell.controller.resultReady, timeout=RESULT_TIMEOUT_MS):
            shell.controller.compute_now()
        exporter = shell.window.exporter
        with qtbot.waitSignal(exporter.done, timeout=RESULT_TIMEOUT_MS * 6):
            exporter.export_pdf(tmp_path / "plan.pdf", shell.controller.scenario, catalog, "zh")
        with qtbot.waitSignal(exporter.done, timeout=RESULT_TIMEOUT_MS * 6):
            exporter.export_csv(tmp_path / "plan.zip", shell.controller.scenario, catalog)
        assert (tmp_path / "plan.pdf").read_bytes().startswith(b"%PDF-")
        assert (tmp_path / "plan.zip").stat().st_size > 0
    finally:
        shell.shutdown()
        shell.window.close()
        shell.window.deleteLater()
        shell.translators.install("en")
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)


TRAPPED_CHILD = """
import socket, sys
attempts = []
def refuse(name):
    def trapped(*args, **kwargs):
        attempts.append(name)
        raise OSError("network use: socket." + name)
    return trapped
class TrappedSocket(socket.socket):
    def __init__(self, *args, **kwargs):
        attempts.append("socket")
        raise OSError("network use: socket.socket")
for name in sys.argv[1].split(","):
    setattr(socket, name, TrappedSocket if name == "socket" else refuse(name))
from gpucalc.cli.main import main
code = main(sys.argv[2:])
if attempts:
    sys.exit("network use: " + ", ".join(attempts))
sys.exit(code)
"""
"""A child process: set the traps, run ``gpucalc`` with the given arguments, fail on any attempt."""


def test_app_entry_point_renders_the_window(tmp_path: Path) -> None:
    # A process of its own: the screenshot run ends the QApplication's event loop, which
    # would disturb the widgets of later tests sharing this process's application.
    pytest.importorskip("PySide6")
    png = tmp_path / "window.png"
    proc = subprocess.run(
        [sys.executable, "-c", TRAPPED_CHILD, ",".join(TRAPPED), "gui", "--screenshot", str(png)],
        capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == 0, proc.stderr
    assert png.read_bytes().startswith(b"\x89PNG")


def test_the_child_trap_reports_network_use(tmp_path: Path) -> None:
    code = TRAPPED_CHILD.replace("code = main(sys.argv[2:])",
                                 "code = 0\ntry:\n    socket.create_connection(('192.0.2.1', 80))\n"
                                 "except OSError:\n    pass")
    proc = subprocess.run([sys.executable, "-c", code, ",".join(TRAPPED)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 1
    assert "network use: create_connection" in proc.stderr


def test_report_export(no_network: NetworkTrap, qapp: QApplication, tmp_path: Path, catalog: Catalog) -> None:
    pytest.importorskip("PySide6")
    from gpucalc.report import write_report

    pdf = tmp_path / "report.pdf"
    summary = write_report(pdf, Scenario(), catalog, "en")
    assert summary.pages >= 1
    assert pdf.read_bytes().startswith(b"%PDF-")


def imported_modules(source: str) -> set[str]:
    """Every module an import statement in ``source`` names (``from a import b`` gives a and a.b)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif (isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute))
              and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr)
              in {"import_module", "__import__"}
              and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)):
            names.add(node.args[0].value)
    return names


def network_imports(source: str) -> set[str]:
    """The imports in ``source`` that are, or live under, a module of :data:`NETWORK_MODULES`."""
    return {name for name in imported_modules(source)
            if any(name == m or name.startswith(m + ".") for m in NETWORK_MODULES)}


@pytest.mark.parametrize(("source", "found"), [
    ("import socket", {"socket"}),
    ("from urllib import request", {"urllib.request"}),
    ("import urllib.request as r", {"urllib.request"}),
    ("from http.client import HTTPSConnection", {"http.client", "http.client.HTTPSConnection"}),
    ("import importlib\nimportlib.import_module('requests')", {"requests"}),
    ("from PySide6.QtNetwork import QNetworkAccessManager",
     {"PySide6.QtNetwork", "PySide6.QtNetwork.QNetworkAccessManager"}),
    ("from urllib.parse import quote\nimport json", set()),
    ("from . import socket_names", set()),
])
def test_the_scan_recognises_network_imports(source: str, found: set[str]) -> None:
    assert network_imports(source) == found


def test_no_network_module_in_the_package_sources() -> None:
    sources = sorted(PACKAGE.rglob("*.py"))
    assert len(sources) > 20
    offenders = {str(path.relative_to(PACKAGE.parent)): sorted(found) for path in sources
                 if (found := network_imports(path.read_text(encoding="utf-8")))}
    assert offenders == {}
