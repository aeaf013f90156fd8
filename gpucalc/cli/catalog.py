"""The spec tables the command line computes with: bundled, with the user's own tables over them."""

from __future__ import annotations

import sys

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.layered import load_layered_catalog
from gpucalc.text.notices import notice_text


def user_catalog(lang: str = "en") -> Catalog:
    """The layered catalog (as the window uses it); problems with user files go to stderr in ``lang``."""
    catalog, notices = load_layered_catalog()
    for notice in notices:
        print(f"gpucalc: {notice_text(notice, lang)}", file=sys.stderr)
    return catalog
