"""The limits an uploaded spreadsheet is held to, and the sentences that refuse a file over
one: in one place for docs/security.md "Upload limits".

The archive's limits come from a 40-evening season workbook with a margin; a part's are Excel's
own where it has one.
"""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.translation import gettext as _

#: Limits of the archive, chosen from a 40-evening season workbook with a margin
#: (docs/security.md, "Upload limits"): parts, summed uncompressed size, ratio of a part, tags.
MAX_PARTS = 500
MAX_UNCOMPRESSED = 64 * 1024 * 1024
MAX_RATIO = 40
RATIO_FROM = 1024 * 1024  # smaller parts may compress better: they are harmless anyway
#: XML tags ("<") in the whole archive, counted before parsing: parse time follows from it.
MAX_TAGS = 4_000_000
#: The parts an .xlsx holds as XML, by the end of their name.
XML_NAMES = (".xml", ".rels", ".vml")
#: Excel's own limit on the text of one cell.
MAX_CELL_CHARS = 32_767
#: Excel's own limit on the cells of one row (columns A to XFD).
MAX_ROW_CELLS = 16_384
#: Entries of a workbook's list of sheets, relationships or styles (Excel: 64,000 styles).
MAX_ITEMS = 100_000
CHUNK = 64 * 1024
#: The longest single XML token (tag with attributes, text, comment, PI, CDATA). Excel's longest
#: is a cell of 32,767 escaped characters (197 KB); expat rescans an unfinished token per chunk.
MAX_TOKEN = 1024 * 1024


class ImportFileError(Exception):
    """The file as a whole cannot be imported; ``str(exc)`` is the message for the user."""


def unreadable(error: str) -> ImportFileError:
    return ImportFileError(
        _("This Excel file cannot be read (%(error)s). Open it in Excel, save it as .xlsx and "
          "try again.") % {"error": error}
    )


def too_many_parts(limit: int) -> ImportFileError:
    return ImportFileError(
        _("This Excel file holds more than %(limit)s parts or sheets; a workbook we can import "
          "holds fewer. Save only the sheets you need as a new .xlsx and try again.")
        % {"limit": number_format(limit, force_grouping=True)}
    )


def too_long_token(part: str) -> ImportFileError:
    return ImportFileError(
        _("The part “%(part)s” of this Excel file holds one piece of XML (a tag, a text or a "
          "comment) of more than %(limit)s MB; Excel never writes one that long (a cell holds at "
          "most %(cell)s characters). The file is refused.")
        % {"part": part[:80], "limit": MAX_TOKEN // (1024 * 1024),
           "cell": number_format(MAX_CELL_CHARS, force_grouping=True)}
    )


def forbidden_xml(where: str) -> ImportFileError:
    return ImportFileError(
        _("This Excel file contains XML that declares a document type or entities (%(part)s). "
          "Excel never writes that; the file is refused.") % {"part": where}
    )


def too_long() -> ImportFileError:
    return ImportFileError(
        _("A cell holds more than %(limit)s characters, more than Excel allows. The file is "
          "refused.") % {"limit": number_format(MAX_CELL_CHARS, force_grouping=True)}
    )
