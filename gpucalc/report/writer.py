"""The writer of one report: its data, its language, the sources it cites and the section titles.

Every section builder (:mod:`gpucalc.report.sections`, :mod:`gpucalc.report.summary`,
:mod:`gpucalc.report.risk_sections`, :mod:`gpucalc.report.measurement_section`) takes one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpucalc.core.common.explain import Notice, Term
from gpucalc.core.common.translatable import QT_TRANSLATE_NOOP
from gpucalc.report.data import ReportData
from gpucalc.report.layout import MUTED_COLOUR, Block, Heading, Paragraph
from gpucalc.report.numbers import count, gib, sig3
from gpucalc.report.reader_text import reader_text
from gpucalc.report.strings import tr
from gpucalc.text.notices import notice_text
from gpucalc.text.terms import formula_text, input_name, input_value_text, source_text, term_name, unit_name

SECTION_TITLES = (
    QT_TRANSLATE_NOOP("Report", "1. Inputs"),
    QT_TRANSLATE_NOOP("Report", "2. Pre-reporting checklist"),
    QT_TRANSLATE_NOOP("Report", "3. Memory per GPU"),
    QT_TRANSLATE_NOOP("Report", "4. Concurrency ceilings"),
    QT_TRANSLATE_NOOP("Report", "5. Ceilings against planning length"),
    QT_TRANSLATE_NOOP("Report", "6. Latency and throughput against concurrency"),
    QT_TRANSLATE_NOOP("Report", "7. Per-card grid"),
    QT_TRANSLATE_NOOP("Report", "8. Fleet sizing and cost"),
    QT_TRANSLATE_NOOP("Report", "9. Uncertainty and sensitivity"),
    QT_TRANSLATE_NOOP("Report", "10. Traffic simulation"),
    QT_TRANSLATE_NOOP("Report", "11. Efficiency assumptions"),
    QT_TRANSLATE_NOOP("Report", "12. Notices"),
    QT_TRANSLATE_NOOP("Report", "13. Appendix: measurement plan"),
)


@dataclass
class Writer:
    """Builds the blocks of one report in one language."""

    data: ReportData
    lang: str
    sources: list[str] = field(default_factory=list)

    def cite(self, sources: tuple[str, ...]) -> str:
        """Reference numbers ("[1, 3]") of ``sources`` in the report's source list."""
        numbers = []
        for source in (s for s in sources if s):
            text = reader_text(source_text(source, self.lang))
            if text not in self.sources:
                self.sources.append(text)
            numbers.append(self.sources.index(text) + 1)
        return f"[{', '.join(map(str, numbers))}]" if numbers else ""

    def source_list(self, start: int) -> list[Block]:
        """The sources cited since index ``start``, numbered."""
        return [Paragraph(f"[{i}] {text}", size_pt=7.0, colour=MUTED_COLOUR, indent_pt=4,
                          space_after_pt=1.5)
                for i, text in enumerate(self.sources[start:], start=start + 1)]

    @property
    def space(self) -> str:
        """Between sentences: nothing in Chinese, a space in English."""
        return "" if self.lang == "zh" else " "

    def t(self, text: str, **values: object) -> str:
        """``text`` translated and formatted."""
        return tr(text, self.lang).format(**values) if values else tr(text, self.lang)

    def heading(self, index: int) -> Heading:
        """Section title ``index`` (0-based) of :data:`SECTION_TITLES`."""
        return Heading(self.t(SECTION_TITLES[index]))

    def note(self, text: str, introduces: bool = False) -> Paragraph:
        """A muted explanatory line (kept on the page of what follows when it ``introduces`` it)."""
        return Paragraph(text, size_pt=8.0, colour=MUTED_COLOUR, keep_with_next=introduces)

    def notice(self, notice: Notice) -> str:
        """A notice in the report's language, without repository pointers."""
        return reader_text(notice_text(notice, self.lang))

    def inputs_text(self, term: Term) -> str:
        """A formula's inputs named in words: ``layers = 32, TP = 1``."""
        return ", ".join(f"{input_name(k, self.lang)} = {input_value_text(v, self.lang)}"
                         for k, v in term.inputs.items())

    def formula(self, term: Term) -> str:
        """A term's formula in the report's language."""
        return formula_text(term, self.lang)

    def name(self, term: Term) -> str:
        """A term's name in the report's language."""
        return term_name(term.key, self.lang)

    def term_value(self, term: Term) -> str:
        """A term's value with its unit."""
        if term.unit == "GiB":
            return f"{gib(term.value)} GiB"
        if term.unit in ("tokens", "bytes", "requests"):
            return f"{count(term.value)} {unit_name(term.unit, self.lang)}"
        return f"{sig3(term.value)} {term.unit}".strip()
