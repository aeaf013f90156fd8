"""Application set-up: QApplication, fonts, translator, the window; ``gpucalc gui`` runs here."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("PYQTGRAPH_QT_LIB", "PySide6")

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QCoreApplication,
    QIODevice,
    QMessageLogContext,
    QObject,
    QTimer,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtGui import QFontDatabase, QIcon
from PySide6.QtWidgets import QApplication

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.paths import resources_dir
from gpucalc.catalog.storage import atomic_write_bytes
from gpucalc.catalog.user_store import UserStore
from gpucalc.core.specs.scenario import Scenario
from gpucalc.plan.catalog_session import CatalogSession
from gpucalc.plan.display import EXIT_NO_DISPLAY, PLATFORM_FAILED
from gpucalc.plan.scenario_file import ScenarioFileError
from gpucalc.plan.settings_store import SettingsStore
from gpucalc.text.catalogue import environment_language, translate
from gpucalc.ui.controller import PlanController
from gpucalc.ui.i18n import Translators, notice_language
from gpucalc.ui.idle_gc import IdleCollector
from gpucalc.ui.main_window import MainWindow
from gpucalc.ui.scenario_files import open_scenario
from gpucalc.ui.screen_fit import PREFERRED_SIZE
from gpucalc.ui.session import Session
from gpucalc.ui.theme import apply_theme

SCREENSHOT_SIZE = (PREFERRED_SIZE.width(), PREFERRED_SIZE.height())
FIRST_RESULT_TIMEOUT_MS = 30_000
GIL_SWITCH_INTERVAL_S = 0.0005
SETTLE_MS = 40  # after the first result: let queued layout and paint events run before the grab


def application() -> QApplication:
    """The QApplication (created once), with bundled fonts registered."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    # Background jobs (sizing, simulation) are CPU-bound Python threads. Every Qt call on the GUI
    # thread releases and retakes the GIL, and with the default 5 ms switch interval each retake
    # can wait a full interval: hundreds of calls while a result is drawn added up to 100–170 ms
    # stalls (benchmarks/gui_responsiveness.py). A 0.5 ms interval keeps the window responsive.
    sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)
    previous = qInstallMessageHandler(_platform_failure_handler)
    try:
        app = QApplication(sys.argv[:1])
    finally:
        qInstallMessageHandler(previous)
    app.setApplicationName("gpucalc")
    app.setOrganizationName("gpucalc")
    for font in sorted((resources_dir() / "fonts").glob("*.[ot]t[fc]")):
        QFontDatabase.addApplicationFont(str(font))
    app.setWindowIcon(QIcon(str(resources_dir() / "icons" / "gpucalc.png")))
    return app


def _platform_failure_handler(kind: QtMsgType, _context: QMessageLogContext, message: str) -> None:
    """While the QApplication starts: a fatal message (no platform plugin) ends with a hint.

    Qt aborts the process (a core dump) after a fatal message; this says what happened and how
    to get a window or a screenshot, then exits with :data:`EXIT_NO_DISPLAY` instead.
    Other messages are written to stderr as Qt would.
    """
    if kind != QtMsgType.QtFatalMsg:
        sys.stderr.write(f"{message}\n")
        return
    first = message.strip().splitlines()[0] if message.strip() else "no Qt platform plugin"
    reason = first.split(". ")[0].rstrip(".")
    text = translate("Errors", PLATFORM_FAILED, environment_language()).format(reason=reason)
    try:
        sys.stderr.write(f"gpucalc: {text}\n")
        sys.stderr.flush()
    finally:
        os._exit(EXIT_NO_DISPLAY)


class Shell(QObject):
    """Owns the controller, the translators and the (re-buildable) window."""

    def __init__(self, catalog: Catalog, scenario: Scenario, session: Session,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.translators = Translators(self)
        session.language = self.translators.install(session.language)
        self.controller = PlanController(catalog, scenario, self)
        self.collector: IdleCollector | None = None
        self.window = self._new_window()

    @property
    def catalog_session(self) -> CatalogSession | None:
        """The user's layered spec tables, when opened."""
        return self.session.catalog_session

    def _new_window(self) -> MainWindow:
        window = MainWindow(self.controller, self.session)
        window.languageRequested.connect(self.switch_language)
        window.catalogChanged.connect(self.reload_catalog)
        window.themeRequested.connect(self.switch_theme)
        return window

    def switch_theme(self, theme: str) -> None:
        """Apply ``theme`` and rebuild the window so plots pick up its colours."""
        app = QApplication.instance()
        if isinstance(app, QApplication):
            applied = apply_theme(app, theme)
            self.session.settings = self.session.settings.model_copy(update={"theme": applied})
        self.switch_language(self.session.language)

    def reload_catalog(self) -> None:
        """The user's tables changed: recompute on them and rebuild the form's choices."""
        self.controller.set_catalog(self.session.catalogs().reload())
        self.switch_language(self.session.language)

    def switch_language(self, lang: str) -> None:
        """Install ``lang`` and rebuild the window in it (scenario and result stay)."""
        old = self.window
        old.remember_layout()
        self.session.language = self.translators.install(lang)
        self.window = self._new_window()
        if old.isVisible():
            self.window.show()
        old.hide()
        old.shutdown()
        old.deleteLater()

    def start(self) -> None:
        """Show the window and compute the first result; full garbage collections then wait for idle."""
        self.window.show()
        self.controller.resultReady.connect(self._first_result)
        self.controller.compute_now()

    def _first_result(self, *_: object) -> None:
        self.controller.resultReady.disconnect(self._first_result)
        if self.collector is None:
            self.collector = IdleCollector(self)
            self.controller.computeStarted.connect(self.collector.poke)
            self.controller.resultReady.connect(self.collector.poke)

    def shutdown(self) -> None:
        """Wait for the workers before the objects go away."""
        self.controller.shutdown()
        self.window.shutdown()
        if self.collector is not None:
            self.collector.restore()


def _initial_scenario(session: Session, scenario_path: Path | None) -> Scenario:
    if scenario_path is not None:
        session.current_file = scenario_path
        return open_scenario(scenario_path)
    last = session.settings.last_scenario
    if last:
        try:
            return Scenario.model_validate(last)
        except ValueError:
            return Scenario()
    return Scenario()


def run_gui(scenario_path: Path | None = None, lang: str | None = None,
            screenshot: Path | None = None, tab: str | None = None, theme: str | None = None,
            size: tuple[int, int] | None = None, scale: float | None = None) -> int:
    """Open the window (or render one screenshot); return the exit code.

    A screenshot is ``size`` screen pixels (width, height) at the desktop scaling ``scale``.
    """
    if scale is not None:
        # read by Qt when the QApplication is created: every logical pixel becomes ``scale`` pixels
        os.environ["QT_SCALE_FACTOR"] = f"{scale:g}"
    app = application()
    store = None if screenshot else SettingsStore()
    settings = store.load() if store else Session().settings
    if theme is not None:
        settings = settings.model_copy(update={"theme": theme})
    session = Session(settings=settings, store=store, language=lang or settings.language,
                      confirm_discard=screenshot is None)
    apply_theme(app, session.settings.theme)
    try:
        scenario = _initial_scenario(session, scenario_path)
    except ScenarioFileError as exc:
        print(f"gpucalc: {exc}", file=sys.stderr)
        return 2
    session.catalog_session = CatalogSession(UserStore())
    shell = Shell(session.catalog_session.catalog, scenario, session)
    if screenshot is not None:
        return _screenshot(app, shell, screenshot, tab, screenshot_size(size, app.devicePixelRatio()))
    shell.start()
    if store is not None and store.problem:
        shell.window.warn(QCoreApplication.translate("MainWindow", "Settings were reset"), store.problem)
    warn_catalog_notices(shell)
    show_first_steps_once(shell)
    code = app.exec()
    shell.shutdown()
    return int(code)


def show_first_steps_once(shell: Shell) -> bool:
    """Show the first-steps guide on the very first start (a settings flag); whether it was shown."""
    if shell.session.settings.first_steps_shown:
        return False
    shell.session.settings = shell.session.settings.model_copy(update={"first_steps_shown": True})
    shell.window.show_first_steps()
    return True


def warn_catalog_notices(shell: Shell) -> bool:
    """Tell the user about spec-table files set aside or entries skipped at load; whether any were."""
    catalog_session = shell.catalog_session
    if catalog_session is None or not catalog_session.notices:
        return False
    shell.window.warn(QCoreApplication.translate("MainWindow", "Your spec tables"),
                      catalog_session.notices_text(notice_language(shell.session.language)))
    return True


def screenshot_size(pixels: tuple[int, int] | None, pixel_ratio: float) -> tuple[int, int]:
    """The window's logical size for a screenshot of ``pixels`` screen pixels.

    ``pixel_ratio`` is screen pixels per logical pixel; no ``pixels``: the size gpucalc opens at
    on a large screen.
    """
    width, height = pixels if pixels is not None else SCREENSHOT_SIZE
    return round(width / pixel_ratio), round(height / pixel_ratio)


def _screenshot(app: QApplication, shell: Shell, path: Path, tab: str | None,
                size: tuple[int, int]) -> int:
    """Render the window at ``size`` (logical pixels) once the first result is in, save a PNG, quit."""
    outcome: dict[str, int] = {"code": 1}
    window = shell.window
    window.resize(*size)
    window.size_docks(size[0])

    def grab() -> None:
        app.processEvents()  # let the layout settle on the new texts before rendering
        png = QByteArray()
        buffer = QBuffer(png)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        try:
            if not window.grab().save(buffer, "PNG"):
                raise OSError("the window could not be rendered as PNG")
            atomic_write_bytes(path, bytes(png.data()))
            outcome["code"] = 0
        except OSError as exc:
            print(f"gpucalc: cannot write {path}: {exc.strerror or exc}", file=sys.stderr)
        app.quit()

    def ready(*_: object) -> None:
        window.tabs.show_tab(tab or "bottleneck")  # builds and fills only the tab shown
        if tab == "sizing" and window.tabs.sizing_tab.busy():  # only that tab waits for sizing
            window.tabs.sizing_tab.finished.connect(lambda: QTimer.singleShot(SETTLE_MS, grab))
        else:
            QTimer.singleShot(SETTLE_MS, grab)

    def failed(message: str, _field: str) -> None:
        print(f"gpucalc: {message}", file=sys.stderr)
        app.quit()

    shell.controller.resultReady.connect(ready)
    shell.controller.computeFailed.connect(failed)
    QTimer.singleShot(FIRST_RESULT_TIMEOUT_MS, app.quit)
    shell.start()
    app.exec()
    shell.shutdown()
    return outcome["code"]
