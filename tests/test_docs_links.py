"""The README and the pages in docs/: every relative link and image leads to a file that exists,
and every ``#anchor`` to a heading of the page it names (GitHub's heading slugs). A newcomer
who follows a link finds the page and the section it promises.

Links to other sites (http, https, mailto) are not followed. Code blocks and code spans are
not links."""

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parent.parent
README_MAX_LINES = 200

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.DOTALL)
# [text](target) and ![alt](target); the text may hold one level of brackets.
INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$", re.MULTILINE)
HTML = re.compile(r"<(?:img|a)\s[^>]*?(?:src|href)=\"([^\"]*)\"", re.IGNORECASE)
HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


def pages(root: Path = ROOT) -> list[Path]:
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


def without_code(text: str) -> str:
    return CODE_SPAN.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: the rendered text (code spans, links and emphasis reduced
    to their words), lower case, without punctuation, spaces as hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = text.replace("`", "").replace("*", "")
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    seen: dict[str, int] = {}
    found = set()
    for heading in HEADING.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(page: Path) -> list[str]:
    text = without_code(page.read_text(encoding="utf-8"))
    return [*INLINE.findall(text), *REFERENCE.findall(text), *HTML.findall(text)]


def broken_links(page: Path) -> list[str]:
    """Every link of the page that leads nowhere, with the reason."""
    problems = []
    for target in links(page):
        if not target or EXTERNAL.match(target):
            continue
        path_part, _, anchor = target.partition("#")
        dest = (page.parent / unquote(path_part)).resolve() if path_part else page
        if not dest.exists():
            problems.append(f"{page.name}: {target} (no file {path_part})")
        elif anchor and dest.suffix == ".md" and unquote(anchor) not in anchors(dest):
            problems.append(f"{page.name}: {target} (no heading #{anchor} in {dest.name})")
        elif anchor and dest.suffix != ".md":
            problems.append(f"{page.name}: {target} (an anchor into a file without headings)")
    return problems


@pytest.mark.parametrize("page", pages(), ids=lambda page: page.name)
def test_every_link_of_the_page_leads_somewhere(page: Path) -> None:
    assert broken_links(page) == []


def test_every_picture_in_docs_is_shown_on_a_page() -> None:
    shown = {
        (page.parent / unquote(target.partition("#")[0])).resolve()
        for page in pages() for target in links(page) if not EXTERNAL.match(target)
    }
    pictures = [p for p in (ROOT / "docs").iterdir() if p.suffix in {".png", ".jpg", ".svg"}]
    assert pictures
    assert [p.name for p in pictures if p.resolve() not in shown] == []


def test_the_readme_is_a_five_minute_read() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; move detail to docs/"


def test_the_check_finds_a_broken_link_an_image_and_an_anchor(tmp_path: Path) -> None:
    """The check itself: a page with one good link and one of each kind of break."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "guide.md").write_text("# Guide\n\n## Setting up a season\n")
    (tmp_path / "README.md").write_text(
        "See [the guide](docs/guide.md#setting-up-a-season), [gone](docs/gone.md),\n"
        "[wrong place](docs/guide.md#no-such-section), ![a picture](docs/missing.png)\n"
        "and [a site](https://example.org/x.md). `[code](nowhere.md)` is not a link.\n"
    )
    assert broken_links(tmp_path / "README.md") == [
        "README.md: docs/gone.md (no file docs/gone.md)",
        "README.md: docs/guide.md#no-such-section (no heading #no-such-section in guide.md)",
        "README.md: docs/missing.png (no file docs/missing.png)",
    ]


@pytest.mark.parametrize(("heading", "expected"), [
    ("Load (`make load`)", "load-make-load"),
    ("Who deals, who starts: the engine's answer", "who-deals-who-starts-the-engines-answer"),
    ("Gids voor de schrijver — Scorekeeper's guide", "gids-voor-de-schrijver--scorekeepers-guide"),
    ("Stand en openbare pagina's", "stand-en-openbare-paginas"),
])
def test_heading_slugs_are_githubs(heading: str, expected: str) -> None:
    assert slug(heading) == expected
