"""Spreadsheet uploads read safely: the one way in for the member import and the season import
(docs/security.md "Upload limits"). Neutral: it knows cells, not members or hands.

An uploaded .xlsx is a zip archive of XML parts, and both can be made to blow up: a 177 KB file
can hold a row of six million cells, a shared string of a hundred megabytes, ten thousand sheets,
or XML that declares entities. So ``open_workbook`` (``workbook.py``) checks the archive
(``archive.py``) before any part is parsed: the number of parts, their summed uncompressed size
and the compression ratio of each (the sizes zipfile will ever hand out, so a lying header only
ends in a CRC error), then the raw bytes (XML tags counted, a DTD refused, no single XML token
longer than 1 MB; a UTF-16 part is read as UTF-8, for these checks and the parser alike). Each
part is then streamed through expat with handlers of our own (``parts.py``, the cells read by
``cells.py``; a DTD or an entity raises defusedxml's errors; the token limit checked again on
every chunk before expat sees it): no element tree, only the columns asked for are kept, shared
strings only when a kept cell uses them. Memory stays flat however a part is built, and the
parse time is bounded by the tag count and the token limit (expat scans an unfinished token
again with each chunk).

Also here: the formula check (``is_formula``: a cell with a formula, never a text that merely
starts with "=") and the error class; the limits are in ``limits.py``. The size-limited upload
form is ``clubmanager.forms.SpreadsheetUploadForm``; the preview kept in the session until it
is confirmed is ``clubmanager.services.preview_store``.
"""

from __future__ import annotations

from .archive import check_archive
from .cells import Row, is_formula
from .limits import MAX_PARTS, MAX_RATIO, MAX_TAGS, MAX_TOKEN, MAX_UNCOMPRESSED, ImportFileError
from .workbook import Workbook, open_workbook

__all__ = [
    "MAX_PARTS", "MAX_RATIO", "MAX_TAGS", "MAX_TOKEN", "MAX_UNCOMPRESSED", "ImportFileError",
    "Row", "Workbook", "check_archive", "is_formula", "open_workbook",
]
