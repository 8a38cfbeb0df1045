"""The README is a front page: short, with the two commands, and a map of docs/ that covers every page. The
links between README.md, docs/, bench/ and analysis/ lead somewhere, and the figures they show exist and stay
small."""

import re

from conftest import REPO

README = REPO / "README.md"
PAGES = [README, REPO / "bench" / "README.md", REPO / "analysis" / "README.md", *sorted((REPO / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^a-z0-9 _-]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page):
    return {slug(line.lstrip("#")) for line in page.read_text().splitlines() if line.startswith("#")}


def test_readme_is_a_front_page_with_the_two_commands():
    text = README.read_text()
    assert len(text.splitlines()) <= 250, f"README.md has {len(text.splitlines())} lines; the manual goes in docs/"
    for script in ("quickstart", "test"):
        assert re.search(rf"^bash scripts/{script}\.sh ", text, re.M), f"README.md lost `bash scripts/{script}.sh`"
        assert (REPO / "scripts" / f"{script}.sh").is_file()


def test_every_link_leads_to_a_file_and_heading_that_exist():
    broken = []
    for page in PAGES:
        for target in LINK.findall(page.read_text()):
            if re.match(r"[a-z]+:", target):  # http(s):, mailto:
                continue
            path, _, anchor = target.partition("#")
            file = (page.parent / path).resolve() if path else page
            if not file.exists():
                broken.append(f"{page.relative_to(REPO)}: {target} (no such file)")
            elif anchor and file.suffix == ".md" and anchor not in anchors(file):
                broken.append(f"{page.relative_to(REPO)}: {target} (no such heading)")
    assert not broken, "\n".join(broken)


def test_the_readme_maps_every_page_of_docs():
    text = README.read_text()
    mapped = set(re.findall(r"^\| \[docs/([\w-]+\.md)\]", text, re.M))
    pages = {p.name for p in (REPO / "docs").glob("*.md")}
    assert mapped == pages, f"README.md's documentation map: missing {pages - mapped}, extra {mapped - pages}"


def test_documentation_figures_are_shown_and_small():
    shown = {(page.parent / target).resolve() for page in PAGES for target in LINK.findall(page.read_text())
             if target.endswith(".png")}
    figures = set((REPO / "docs" / "figures").glob("*.png"))
    assert figures, "docs/figures/ holds no figure (scripts/render-doc-figures.sh)"
    assert {f.resolve() for f in figures} <= shown, f"figures no page shows: {sorted(f.name for f in figures if f.resolve() not in shown)}"
    for figure in figures:
        assert figure.stat().st_size < 100_000, f"{figure.name} is {figure.stat().st_size} bytes; keep figures small"
