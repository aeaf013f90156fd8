"""Report wording in English and Chinese.

Every report text is looked up in the one catalogue (:mod:`gpucalc.text.catalogue`, context
"Report"): literals where they are used (``w.t("…")``), others marked where they are defined
(``QT_TRANSLATE_NOOP("Report", …)``). Figure, input, unit and ceiling names, formulas and cited
sentences come from :mod:`gpucalc.text.terms` in their own contexts.
"""

from __future__ import annotations

from gpucalc.text.catalogue import translate

CONTEXT = "Report"


def tr(text: str, lang: str) -> str:
    """``text`` in ``lang`` ("en" or "zh"), from the catalogue's "Report" context."""
    if lang != "zh":
        return text
    return translate(CONTEXT, text, lang)


def trf(text: str, lang: str, **values: object) -> str:
    """``text`` translated, then formatted with ``values``."""
    return tr(text, lang).format(**values)
