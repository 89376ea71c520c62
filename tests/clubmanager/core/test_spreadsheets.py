"""The reading layer of the uploads (``clubmanager.core.spreadsheet``): cells as a crafted part
holds them, and the limits on a single XML token and on JSON depth."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from benchmarks.uploads import xlsx
from clubmanager.core.spreadsheet import ImportFileError, is_formula, open_workbook
from clubmanager.core.spreadsheet.limits import CHUNK, MAX_TOKEN
from clubmanager.core.spreadsheet.parts import TokenBound


def read_cells(cells: str) -> list[tuple[Any, bool]]:
    """(value, is a formula) of each cell of row 2 of a sheet holding ``cells``."""
    book = open_workbook(xlsx(f'<row r="2">{cells}</row>'.encode()))
    [_header, row] = book.rows(book.sheetnames[0], max_col=20, max_line=10,
                               too_many=lambda: ImportFileError("too many"))
    return [(value, is_formula(row, column)) for column, value in enumerate(row.values)]


def test_libreoffice_true_and_false_formulas_are_the_booleans_they_cache() -> None:
    """LibreOffice saves a true/false cell as ``TRUE()`` or ``FALSE()``, the value cached."""
    assert read_cells('<c r="A2" t="b"><f aca="false">TRUE()</f><v>1</v></c>'
                      '<c r="B2" t="b"><f aca="false">FALSE()</f><v>0</v></c>'
                      '<c r="C2" t="b"><v>1</v></c>') == [
        (True, False), (False, False), (True, False)]


@pytest.mark.parametrize("cell", [
    '<c r="A2" t="b"><f>TRUE()</f><v>0</v></c>',  # the cached value disagrees
    '<c r="A2" t="b"><f>FALSE()</f><v>1</v></c>',
    '<c r="A2" t="b"><f>TRUE()</f></c>',  # nothing cached
    '<c r="A2" t="b"><f>NOT(FALSE())</f><v>1</v></c>',  # a formula that computes
    '<c r="A2" t="b"><f>TRUE()+0=1</f><v>1</v></c>',
    '<c r="A2" t="b"><f>true()</f><v>1</v></c>',  # not as LibreOffice writes it
    '<c r="A2" t="b"><f> TRUE()</f><v>1</v></c>',
    '<c r="A2" t="b"><f>TRUE</f><v>1</v></c>',
    '<c r="A2"><f>TRUE()</f><v>1</v></c>',  # not a boolean cell
    '<c r="A2" t="str"><f>TRUE()</f><v>TRUE</v></c>',
    '<c r="A2" t="b"><f t="shared" ref="A2:A3" si="0">TRUE()</f><v>1</v></c>',
    '<c r="A2" t="b"><f t="array" ref="A2">TRUE()</f><v>1</v></c>',
    '<c r="A2" t="b"><f t="shared" si="0"/><v>1</v></c>',
    '<c r="A2" t="b"><f>TRUE()' + "x" * 100_000 + "</f><v>1</v></c>",
])
def test_any_other_formula_stays_a_formula(cell: str) -> None:
    [(_value, formula)] = read_cells(cell)
    assert formula


# -- one XML token at most MAX_TOKEN long ------------------------------------------------------
SPECIAL = ((b"<!--", b"-->"), (b"<![CDATA[", b"]]>"), (b"<?", b"?>"))


def longest_token(document: bytes) -> int:
    """The longest token as the bound measures it, byte by byte: a comment, CDATA section or
    PI from its opener to its closer's end; any other stretch from one "<" to the next."""
    longest, boundary, pos = 0, 0, 0
    while pos < len(document):
        if document[pos:pos + 1] != b"<":
            pos += 1
            continue
        longest = max(longest, pos - boundary)
        for opener, closer in SPECIAL:
            if document.startswith(opener, pos):
                found = document.find(closer, pos + len(opener))
                end = len(document) if found == -1 else found + len(closer)
                longest = max(longest, end - pos)
                boundary = pos = end
                break
        else:
            boundary, pos = pos, pos + 1
    return max(longest, len(document) - boundary)


def refused(document: bytes, limit: int, sizes: list[int]) -> bool:
    bound = TokenBound("xl/worksheets/sheet1.xml", limit)
    start = 0
    try:
        for size in sizes:
            bound.check(document[start:start + size])
            start += size
        bound.check(document[start:], final=True)
    except ImportFileError:
        return True
    return False


FRAGMENTS = [b"<", b">", b"x", b"xxxxxxxx", b"x" * 30, b'"', b"-", b"--", b"<!--", b"-->",
             b"<?", b"?>", b"<![CDATA[", b"]]>", b"<!DOCTYPE", b"<a>", b"</a>", b"<!", b"]", b"?"]


@settings(max_examples=600, derandomize=True, deadline=None)
@example(document=b"<a><!--<<<<<<<<-->", limit=6, sizes=[5])  # an opener cut in two
@example(document=b"<a><![CDATA[<<<<<<<<]]>", limit=8, sizes=[7, 1])
@example(document=b"<a><!--<<<<<<<<-->", limit=15, sizes=[16])  # a closer cut in two
@given(document=st.lists(st.sampled_from(FRAGMENTS), max_size=60).map(b"".join),
       limit=st.integers(1, 40), sizes=st.lists(st.integers(0, 300), max_size=8))
def test_the_token_bound_refuses_exactly_the_tokens_longer_than_its_limit(
        document: bytes, limit: int, sizes: list[int]) -> None:
    """However the part is cut into chunks."""
    assert refused(document, limit, sizes) == (longest_token(document) > limit)


@pytest.mark.parametrize(("token", "refused_at"), [
    (b"<!--" + b"<>" * 600_000 + b"-->", "comment"),  # a "<" or ">" inside ends nothing
    (b"<![CDATA[" + b"<x>" * 400_000 + b"]]>", "cdata"),
    (b"<?pi " + b"<>" * 600_000 + b"?>", "pi"),
    (b'<c r="A2" x="' + b">" * 1_200_000 + b'"/>', "attribute"),
    (b'<c r="A2" ' + b'a="1" ' * 200_000 + b"/>", "attributes"),
    (b"<!-- a -->" + b"x" * 1_100_000, "text"),
])
def test_one_token_over_a_megabyte_is_refused_before_the_parser_sees_it(
        token: bytes, refused_at: str) -> None:
    assert MAX_TOKEN == 1024 * 1024
    bound = TokenBound("xl/worksheets/sheet1.xml")
    with pytest.raises(ImportFileError) as refusal:
        for start in range(0, len(token), CHUNK):
            bound.check(token[start:start + CHUNK])
        bound.check(b"", final=True)
    assert start < MAX_TOKEN + CHUNK, refused_at  # not read to its end
    assert "xl/worksheets/sheet1.xml" in str(refusal.value)
    assert "1 MB" in str(refusal.value)


def test_the_longest_cell_excel_writes_is_well_under_the_token_bound() -> None:
    """32,767 characters, each escaped as ``&quot;``: read as it is."""
    text = '"' * 32_767
    cells = f'<c r="A2" t="inlineStr"><is><t>{text.replace(chr(34), "&quot;")}</t></is></c>'
    assert read_cells(cells) == [(text, False)]
