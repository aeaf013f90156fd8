"""The catalog the window works on: bundled tables with the user's edits, reloadable after edits."""

from __future__ import annotations

from gpucalc.catalog.bundled import Catalog
from gpucalc.catalog.layered import layer_catalog
from gpucalc.catalog.user_store import StoreNotice, UserStore
from gpucalc.text.notices import notice_text


class CatalogSession:
    """The bundled catalog (read once), the user's store and the layered catalog of the two.

    ``notices`` are those of the last (re)load: files set aside as backups, invalid entries,
    alias clashes. Loading never fails because of the user's files.
    """

    def __init__(self, store: UserStore, bundled: Catalog | None = None) -> None:
        self.store = store
        self.bundled = bundled if bundled is not None else Catalog.load()
        self.catalog: Catalog = self.bundled
        self.notices: list[StoreNotice] = []
        self.reload()

    def reload(self) -> Catalog:
        """Layer the user's current tables over the bundled ones again; the new catalog."""
        self.catalog, self.notices = layer_catalog(self.bundled, self.store)
        return self.catalog

    def notices_text(self, lang: str = "en") -> str:
        """The notices of the last load as sentences (``lang`` 'en' or 'zh'), one per line."""
        return "\n".join(notice_text(notice, lang) for notice in self.notices)
