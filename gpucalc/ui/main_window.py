"""The main window: inputs on the left, the answer and result tabs in the centre, explanations right."""

from __future__ import annotations

import base64
from pathlib import Path

import shiboken6
from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from gpucalc import __version__
from gpucalc.plan.compute import Plan
from gpucalc.plan.scenario_file import FILE_SUFFIX, ScenarioFileError, save_scenario
from gpucalc.plan.serve_command import ServeCommandError, parse_serve_command
from gpucalc.report.file_names import export_file_name
from gpucalc.text.notices import notice_text
from gpucalc.ui import screen_fit
from gpucalc.ui.answer import answer_for
from gpucalc.ui.baselines import Baselines
from gpucalc.ui.controller import PlanController
from gpucalc.ui.explain_pane import ExplainPane
from gpucalc.ui.exports import Exporter
from gpucalc.ui.fields import field_title
from gpucalc.ui.help import (
    SHORTCUT_LABEL,
    FirstStepsDialog,
    ManualWindow,
    ShortcutsDialog,
    field_anchor,
    menu_actions,
    shortcut_rows,
    tab_anchor,
)
from gpucalc.ui.i18n import LANGUAGES, catalog_display_name, notice_language
from gpucalc.ui.panels.answer_banner import AnswerBanner
from gpucalc.ui.panels.inputs_panel import InputsPanel
from gpucalc.ui.plain_text import PlainLabel, menu_text, plain_tooltip
from gpucalc.ui.result_tabs import ResultTabs
from gpucalc.ui.scenario_files import example_menu_title, example_paths, open_scenario
from gpucalc.ui.session import Session
from gpucalc.ui.theme import THEMES
from gpucalc.ui.tools_menu import WindowTools


class PasteDialog(QDialog):
    """A multi-line box for a serve command."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Paste serve command"))
        self.text = QPlainTextEdit()
        self.text.setPlaceholderText("vllm serve meta-llama/Llama-3.1-8B-Instruct --max-model-len 8192 "
                                     "--tensor-parallel-size 2 --gpu-memory-utilization 0.9")
        clip = QGuiApplication.clipboard().text()
        if any(word in clip for word in ("vllm", "sglang", "trtllm")):
            self.text.setPlainText(clip)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(PlainLabel(self.tr("A 'vllm serve …', 'python -m sglang.launch_server …' or "
                                        "'trtllm-serve …' command line:")))
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(640, 220)


class MainWindow(QMainWindow):
    """The planner window over a :class:`PlanController`."""

    languageRequested = Signal(str)
    themeRequested = Signal(str)
    catalogChanged = Signal()

    def __init__(self, controller: PlanController, session: Session,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.session = session
        self.setObjectName("MainWindow")
        self.banner = AnswerBanner()
        self.tabs = ResultTabs()
        # the answer banner keeps the height its text needs; the tabs take what is left
        self.tabs.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.banner)
        layout.addWidget(self.tabs, 1)
        self.setCentralWidget(central)
        self.inputs = InputsPanel(controller)
        self.explain = ExplainPane()
        self.inputs_dock = self._dock(self.inputs, self.tr("Inputs"), "inputsDock",
                                      Qt.DockWidgetArea.LeftDockWidgetArea)
        self.explain_dock = self._dock(self.explain, self.tr("Explanation"), "explainDock",
                                       Qt.DockWidgetArea.RightDockWidgetArea)
        self.status_label = PlainLabel()
        # a long message is cut at the window's edge rather than widening the window off-screen
        self.status_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.notice_label = PlainLabel()
        self.statusBar().addWidget(self.status_label, 1)
        self.statusBar().addPermanentWidget(self.notice_label)
        self._message_box: QMessageBox | None = None
        self.manual: ManualWindow | None = None
        self.baselines = Baselines(self, controller, self.tabs.compare_tab, self.warn)
        self.exporter = Exporter(self)
        self.exporter.done.connect(self._exported)
        self.exporter.failed.connect(self._export_failed)
        self.tools = WindowTools(self, controller, session, self.report_language,
                                 self.catalogChanged.emit)
        self._build_menus()
        self._update_title()
        controller.history.cleanChanged.connect(self._clean_changed)
        self._clean_changed(controller.history.isClean())
        controller.resultReady.connect(self.show_outcome)
        controller.computeFailed.connect(self.show_failure)
        controller.fieldErrors.connect(self._field_errors)
        # bound methods only: Qt drops these connections when this window is deleted (a rebuild)
        controller.computeStarted.connect(self._computing)
        self.inputs.pasteRequested.connect(self.paste_command)
        self.tabs.termSelected.connect(self.explain.show_term)
        self.tabs.termExplained.connect(self.explain.explain_term)
        self._restore_layout()
        if controller.last_outcome is not None:
            self.show_outcome(controller.last_outcome)

    # -- building -------------------------------------------------------------------------
    def _dock(self, widget: QWidget, title: str, name: str, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QDockWidget.DockWidgetFeature.DockWidgetClosable)
        self.addDockWidget(area, dock)
        return dock

    def _action(self, menu: QMenu, text: str, slot: object,
                shortcut: QKeySequence | QKeySequence.StandardKey | None = None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        self._action(file_menu, self.tr("&Open scenario…"), self.open_dialog, QKeySequence.StandardKey.Open)
        self._action(file_menu, self.tr("&Save scenario"), self.save, QKeySequence.StandardKey.Save)
        self._action(file_menu, self.tr("Save scenario &as…"), self.save_as_dialog,
                     QKeySequence.StandardKey.SaveAs)
        self.recent_menu = file_menu.addMenu(self.tr("Open &recent"))
        self._fill_recent()
        self.examples_menu = file_menu.addMenu(self.tr("E&xamples"))
        for path in example_paths():
            action = self.examples_menu.addAction(menu_text(example_menu_title(path)))
            action.triggered.connect(lambda _=False, p=path: self.open_example(p))
        self.examples_menu.setEnabled(bool(self.examples_menu.actions()))
        file_menu.addSeparator()
        self._action(file_menu, self.tr("&Export report (PDF)…"), self.export_pdf_dialog,
                     QKeySequence("Ctrl+E"))
        self._action(file_menu, self.tr("Export &CSV tables…"), self.export_csv_dialog)
        file_menu.addSeparator()
        self._action(file_menu, self.tr("&Quit"), self.close, QKeySequence.StandardKey.Quit)
        self._build_edit_menu(bar.addMenu(self.tr("&Edit")))
        view_menu = bar.addMenu(self.tr("&View"))
        view_menu.addAction(self.inputs_dock.toggleViewAction())
        view_menu.addAction(self.explain_dock.toggleViewAction())
        self.language_menu = view_menu.addMenu(self.tr("&Language"))
        group = QActionGroup(self)
        for code, name in LANGUAGES.items():
            action = QAction(name, self, checkable=True)
            action.setChecked(code == self.session.language)
            action.setData(code)
            action.triggered.connect(lambda _=False, c=code: self.languageRequested.emit(c))
            group.addAction(action)
            self.language_menu.addAction(action)
        self.theme_menu = view_menu.addMenu(self.tr("&Theme"))
        themes = QActionGroup(self)
        for code, name in THEMES.items():
            action = QAction(self.tr(name), self, checkable=True)
            action.setChecked(code == self.session.settings.theme)
            action.triggered.connect(lambda _=False, c=code: self.themeRequested.emit(c))
            themes.addAction(action)
            self.theme_menu.addAction(action)
        self.tools.add_menus(bar)
        self._build_help_menu(bar.addMenu(self.tr("&Help")))

    def _build_edit_menu(self, edit_menu: QMenu) -> None:
        """Undo and redo of the inputs (one step per field edit), paste a command, reset."""
        self.undo_action = self.controller.history.createUndoAction(self, self.tr("&Undo"))
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = self.controller.history.createRedoAction(self, self.tr("&Redo"))
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.undo_action.setProperty(SHORTCUT_LABEL, self.tr("&Undo"))
        self.redo_action.setProperty(SHORTCUT_LABEL, self.tr("&Redo"))
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        self.paste_action = self._action(edit_menu, self.tr("&Paste serve command…"), self.paste_command,
                                         QKeySequence("Ctrl+Shift+V"))
        self._action(edit_menu, self.tr("&Reset to the default scenario"), self.reset_scenario)

    def _build_help_menu(self, help_menu: QMenu) -> None:
        """The manual (F1), the shortcut list, the first-steps guide and About."""
        self._action(help_menu, self.tr("&Manual"), self.show_manual, QKeySequence.StandardKey.HelpContents)
        self._action(help_menu, self.tr("&Keyboard shortcuts"), self.show_shortcuts)
        self._action(help_menu, self.tr("&First steps"), self.show_first_steps)
        help_menu.addSeparator()
        self._action(help_menu, self.tr("&About gpucalc"), self.about)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for path in self.session.settings.recent_files:
            action = self.recent_menu.addAction(menu_text(path))
            action.triggered.connect(lambda _=False, p=path: self.open_recent(Path(p)))
        self.recent_menu.setEnabled(bool(self.session.settings.recent_files))

    def _update_title(self) -> None:
        name = self.session.current_file.name if self.session.current_file else self.tr("untitled")
        # [*] is where Qt shows the modified marker (setWindowModified)
        self.setWindowTitle(self.tr("{name} — gpucalc").format(name=name + "[*]"))

    def _clean_changed(self, clean: bool) -> None:
        self.setWindowModified(not clean)

    # -- results --------------------------------------------------------------------------
    def show_outcome(self, outcome: Plan) -> None:
        """Show a fresh result: the answer and the visible tab now, the rest queued (GUI thread)."""
        memory, performance = outcome.memory, outcome.performance
        lang = notice_language(self.session.language)
        notices = [notice_text(n, lang) for n in (
            *memory.notices, *(performance.notices if performance is not None else ()))]
        self.banner.set_answer(answer_for(outcome, lang), notices)
        self.tabs.show_outcome(outcome, lang, self.controller.catalog)
        self.explain.set_result(memory, performance, outcome.fleet, outcome.disaggregated,
                                outcome.nodes)
        self.explain.set_stale(False)
        self.inputs.show_outcome(outcome)
        self._show_plan_status(outcome)
        self.notice_label.setText(self.tr("{n} notice(s)").format(n=len(notices)) if notices else "")
        self.notice_label.setToolTip(plain_tooltip("\n".join(notices)))

    def _show_plan_status(self, outcome: Plan | None) -> None:
        """The status bar names the plan shown (nothing before the first)."""
        self.status_label.setText("" if outcome is None else self.tr(
            "Plan for {model} on {gpu}, computed in {ms} ms").format(
            model=catalog_display_name(outcome.inputs.model.name),
            gpu=catalog_display_name(outcome.inputs.gpu.name), ms=f"{outcome.elapsed_ms:.1f}"))

    def report_language(self) -> str:
        """'zh' or 'en': the report follows the window's language."""
        return "zh" if self.session.language.startswith("zh") else "en"

    def export_pdf_dialog(self) -> None:
        """File → Export report (PDF)."""
        if self.exporter.pdf_dialog(self.controller.scenario, self.controller.catalog,
                                    self.report_language()):
            self.statusBar().showMessage(self.tr("Writing the report…"))

    def export_csv_dialog(self) -> None:
        """File → Export CSV tables."""
        self.exporter.csv_dialog(self.controller.scenario, self.controller.catalog, self.report_language())

    def _computing(self) -> None:
        self.status_label.setText(self.tr("Computing…"))

    def _exported(self, path: str) -> None:
        self.statusBar().showMessage(self.tr("Exported {path}").format(path=path), 10_000)

    def _export_failed(self, reason: str) -> None:
        self.warn(self.tr("Export failed"), reason)

    def show_failure(self, message: str, field_path: str) -> None:
        """Keep the last result; say in plain words why the current inputs give none."""
        failure = self.controller.last_failure
        details = failure.details if failure is not None and failure.cause == message else ""
        sentence = self.tr("Could not compute this plan: {reason}").format(reason=message)
        self._show_stale(field_path, message, details)
        self.status_label.setText(sentence)
        self.status_label.setToolTip(plain_tooltip(details))
        if field_path:
            self.inputs.binder.show_errors({field_path: message})

    def _field_errors(self, errors: object) -> None:
        if isinstance(errors, dict) and errors:
            path, reason = next(iter(errors.items()))
            self.status_label.setText(self.tr("Could not compute this plan: {reason}").format(reason=reason))
            self._show_stale(str(path), str(reason))
            return
        failure = self.controller.last_failure
        if failure is None:  # valid again (an edit or an undo): the result shown is current
            self.banner.set_stale("")
            self.tabs.set_stale("")
            self.explain.set_stale(False)
            self._show_plan_status(self.controller.last_outcome)
        else:  # the values are valid again, but the plan they give still failed
            self._show_stale(self.controller.last_failure_field, failure.cause, failure.details)

    def _show_stale(self, field_path: str, reason: str, details: str = "") -> None:
        """Grey the last result and say what to fix: the same for an invalid value and a failed plan."""
        if field_path:
            sentence = self.tr("Stale: fix {field} to update. {reason}").format(
                field=field_title(field_path), reason=reason)
        else:
            sentence = self.tr("Stale: the current inputs give no result. {reason}").format(reason=reason)
        self.banner.set_stale(sentence, details)
        self.tabs.set_stale(sentence)
        self.explain.set_stale(True)

    # -- commands -------------------------------------------------------------------------
    def apply_serve_command(self, text: str) -> bool:
        """Fill the form from a serve command line; say what was ignored or why it failed."""
        try:
            parsed = parse_serve_command(text, self.controller.scenario)
        except ServeCommandError as exc:
            self.warn(self.tr("Cannot use this command"), str(exc))
            return False
        self.controller.set_scenario(parsed.scenario, self.tr("paste the {engine} command").format(
            engine=parsed.engine))
        ignored = ", ".join(parsed.ignored)
        self.statusBar().showMessage(self.tr("Filled from the {engine} command.").format(engine=parsed.engine)
                                     + (" " + self.tr("Ignored: {flags}").format(flags=ignored)
                                        if ignored else ""), 10_000)
        return True

    def paste_command(self) -> None:
        """Ask for a serve command and apply it."""
        dialog = PasteDialog(self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.apply_serve_command(dialog.text.toPlainText())

    def reset_scenario(self) -> bool:
        """Back to the default scenario (after asking about unsaved changes); whether it was reset."""
        from gpucalc.core.specs.scenario import Scenario

        if not self.may_discard():
            return False
        self.controller.set_scenario(Scenario(), self.tr("reset to the default scenario"))
        return True

    def open_recent(self, path: Path) -> bool:
        """File → Open recent: open ``path`` after asking about unsaved changes."""
        return self.may_discard() and self.open_path(path)

    def open_example(self, path: Path) -> bool:
        """File → Examples: start an untitled scenario from a bundled example (Save asks where)."""
        return self.may_discard() and self.open_path(path, as_example=True)

    def open_path(self, path: Path, as_example: bool = False) -> bool:
        """Open a scenario file; on failure the current scenario stays."""
        try:
            scenario = open_scenario(path)
        except ScenarioFileError as exc:
            self.warn(self.tr("Cannot open scenario"), str(exc))
            return False
        self.session.current_file = None if as_example else path
        if not as_example:
            self._remember(path)
        self.controller.open_scenario(scenario)
        self._update_title()
        return True

    def may_discard(self) -> bool:
        """Whether unsaved changes may go: none, saved now, or the user said discard (not cancel)."""
        if not self.isWindowModified() or not self.session.confirm_discard:
            return True
        answer = self.ask_unsaved()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def ask_unsaved(self) -> QMessageBox.StandardButton:
        """Ask Save / Discard / Cancel about the unsaved changes (a modal box)."""
        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Unsaved changes"),
                          self.tr("The scenario has changes that are not saved. Save them first?"),
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self)
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        box.exec()
        return box.standardButton(box.clickedButton())

    def save_to(self, path: Path) -> bool:
        """Save the current (valid) scenario to ``path``."""
        if not path.name.endswith(FILE_SUFFIX):
            path = path.with_name(path.name.removesuffix(".json") + FILE_SUFFIX)
        try:
            save_scenario(path, self.controller.scenario)
        except ScenarioFileError as exc:
            self.warn(self.tr("Cannot save scenario"), str(exc))
            return False
        self.session.current_file = path
        self._remember(path)
        self.controller.history.setClean()
        self._update_title()
        self.statusBar().showMessage(self.tr("Saved {path}").format(path=path), 5000)
        return True

    def _remember(self, path: Path) -> None:
        self.session.settings = self.session.settings.with_recent(str(path))
        self._fill_recent()

    def open_dialog(self) -> None:
        """File → Open (after asking about unsaved changes)."""
        if not self.may_discard():
            return
        name, _ = QFileDialog.getOpenFileName(self, self.tr("Open scenario"), "",
                                              self.tr("gpucalc scenarios (*.gpucalc.json);;JSON (*.json)"))
        if name:
            self.open_path(Path(name))

    def save(self) -> bool:
        """File → Save; whether the scenario was saved."""
        if self.session.current_file is None:
            return self.save_as_dialog()
        return self.save_to(self.session.current_file)

    def save_as_dialog(self) -> bool:
        """File → Save As; whether the scenario was saved (not when the dialog was cancelled)."""
        suggested = export_file_name("scenario", self.controller.scenario.name)
        name, _ = QFileDialog.getSaveFileName(self, self.tr("Save scenario"), suggested,
                                              self.tr("gpucalc scenarios (*.gpucalc.json)"))
        return bool(name) and self.save_to(Path(name))

    def help_anchor(self) -> str:
        """The manual section for the focused widget: its input field, result tab or pane ('' if none)."""
        widget = QApplication.focusWidget()
        while widget is not None:
            if widget.objectName() in self.inputs.binder.bindings:
                return field_anchor(widget.objectName())
            if widget is self.tabs:
                return tab_anchor(self.tabs.current_name())
            if widget is self.explain:
                return "explanation"
            if widget is self.inputs:
                return "inputs"
            widget = widget.parentWidget()
        return tab_anchor(self.tabs.current_name())

    def show_manual(self) -> None:
        """Help → Manual (F1): the offline manual at the section of the focused field or tab."""
        anchor = self.help_anchor()
        if self.manual is None:
            self.manual = ManualWindow(self.session.language, self)
        self.manual.show_section(anchor)

    def show_shortcuts(self) -> None:
        """Help → Keyboard shortcuts: every shortcut of the window's actions."""
        ShortcutsDialog(shortcut_rows(menu_actions(self.menuBar())), self).open()

    def show_first_steps(self) -> None:
        """Help → First steps: the short guide shown once on the first start."""
        FirstStepsDialog(self).open()

    def about(self) -> None:
        """Help → About."""
        self.warn(self.tr("About gpucalc"),
                  self.tr("gpucalc {version}: offline GPU inference capacity planner.").format(
                      version=__version__), icon=QMessageBox.Icon.Information)

    @property
    def message_box(self) -> QMessageBox | None:
        """The last message box, while it is open (it deletes itself when closed)."""
        box = self._message_box
        return box if box is not None and shiboken6.isValid(box) else None

    def warn(self, title: str, text: str, icon: QMessageBox.Icon = QMessageBox.Icon.Warning) -> None:
        """Tell the user without blocking (window-modal box); also in the status bar."""
        self.statusBar().showMessage(f"{title}: {text}", 10_000)
        box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, self)
        box.setTextFormat(Qt.TextFormat.PlainText)  # file names and causes are shown as written
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._message_box = box
        box.open()

    # -- persistence ----------------------------------------------------------------------
    def _restore_layout(self) -> None:
        settings = self.session.settings
        available = screen_fit.available_geometry(self)
        if settings.geometry_bytes and self.restoreGeometry(QByteArray(settings.geometry_bytes)):
            if available is not None and not self.isMaximized() and not self.isFullScreen():
                self.setGeometry(screen_fit.clamped(self.geometry(), available))
        else:
            size = screen_fit.PREFERRED_SIZE if available is None else screen_fit.first_run_size(available)
            if available is not None:
                self.move(screen_fit.centred(size, available).topLeft())
            self.resize(size)
            self.size_docks(size.width())
        if settings.state_bytes:
            self.restoreState(QByteArray(settings.state_bytes))

    def size_docks(self, window_width: int) -> None:
        """Give the Inputs and Explanation docks their share of a window ``window_width`` wide."""
        self.resizeDocks([self.inputs_dock, self.explain_dock], list(screen_fit.dock_widths(window_width)),
                         Qt.Orientation.Horizontal)

    def remember_layout(self) -> None:
        """Put geometry, dock state and the scenario into the session settings."""
        self.session.settings = self.session.settings.model_copy(update={
            "geometry": base64.b64encode(bytes(self.saveGeometry().data())).decode("ascii"),
            "state": base64.b64encode(bytes(self.saveState().data())).decode("ascii"),
            "last_scenario": self.controller.scenario.model_dump(mode="json"),
            "language": self.session.language,
        })

    def shutdown(self) -> None:
        """Stop background jobs (sizing, baseline) and wait for them."""
        self.tabs.shutdown()
        self.exporter.wait()
        self.baselines.wait()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask about unsaved changes, then save the layout and the scenario (when a store is set)."""
        if not self.may_discard():
            event.ignore()
            return
        self.remember_layout()
        if self.session.store is not None:
            self.session.store.save(self.session.settings)
        super().closeEvent(event)
