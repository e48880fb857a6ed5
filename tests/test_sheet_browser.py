"""The worksheet in a real browser: headless Chromium loads it, takes a screenshot and
prints it to PDF; the PDF has the expected pages and no exercise box is cut by a page
break (each box's first line and last line are on the same page)."""
from __future__ import annotations

import re
import shutil
import struct
from pathlib import Path

import pytest

from conftest import ROOT
from tutor.course import drills, sheets
import waiting

CHROMIUM = next((p for p in (shutil.which("chromium"), "/usr/bin/chromium", shutil.which("chromium-browser"),
                             shutil.which("google-chrome")) if p and Path(p).exists()), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium; .ci/run does it)")

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars"]


def chromium(tmp_path: Path, *args: str) -> None:
    profile = tmp_path / "profile"
    waiting.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args], cwd=None, text=False,
                check=True)   # killed only when it hangs


def to_pdf(tmp_path: Path, html: str, name: str = "sheet"):
    import pypdf

    page = tmp_path / f"{name}.html"
    page.write_text(html, encoding="utf-8")
    pdf = tmp_path / f"{name}.pdf"
    chromium(tmp_path, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri())
    return [p.extract_text() or "" for p in pypdf.PdfReader(str(pdf)).pages]


def boxes_cut(pages: list[str], checked) -> list[str]:
    """The drills whose box starts on one page and ends on another: the box's heading
    ('Aufgabe n') and its footer (again 'Aufgabe n': the box names no file or topic)
    must be on the same page."""
    key_start = next((i for i, t in enumerate(pages) if "Lösungen" in t), len(pages))
    cut = []
    for n, c in enumerate(checked, start=1):
        seen = [i for i, t in enumerate(pages[:key_start])
                for _ in re.finditer(rf"Aufgabe {n}(?!\d)", t)]
        assert len(seen) == 2, (n, c.drill.id, seen)
        if seen[0] != seen[1]:
            cut.append(c.drill.id)
    return cut


@pytest.fixture(scope="module")
def many():
    return drills.verified([ROOT / "exercises" / "hilfe-gen.yaml", ROOT / "exercises" / "tafel-gen.yaml",
                            ROOT / "exercises" / "fuenfer-gen.yaml"])


def test_screenshot_of_the_sheet(tmp_path, issue_file):
    page = tmp_path / "sheet.html"
    page.write_text(sheets.render(drills.verified([issue_file])), encoding="utf-8")
    shot = tmp_path / "sheet.png"
    chromium(tmp_path, "--window-size=1000,1400", f"--screenshot={shot}", page.as_uri())
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1000, 1400)
    assert len(data) > 20_000          # drawn content, not a blank page


def test_one_exercise_prints_on_one_page_and_the_key_on_the_next(tmp_path, issue_file):
    one = drills.verified([issue_file])[:1]
    pages = to_pdf(tmp_path, sheets.render(one))
    assert len(pages) == 2
    assert "Aufgabe 1" in pages[0] and "Lösungen" not in pages[0]
    assert "Lösungen" in pages[1] and "90 Eichel" in pages[1] and "Aufgabe 1" not in pages[1]
    assert len(to_pdf(tmp_path, sheets.render(one, answers=False), "nokey")) == 1
    only = to_pdf(tmp_path, sheets.render(one, exercises=False), "onlykey")
    assert len(only) == 1 and "Lösungen" in only[0]


def test_no_exercise_box_is_cut_by_a_page_break(tmp_path, many):
    pages = to_pdf(tmp_path, sheets.render(many))
    n_key = sum("Lösungen" in t for t in pages)
    assert n_key == 1
    assert len(pages) >= 6             # 39 boxes do not fit on a few pages
    assert boxes_cut(pages, many) == []


def test_the_check_finds_cut_boxes_when_the_print_css_allows_them(tmp_path, many):
    """The same sheet with splittable boxes: the check above would notice."""
    pages = to_pdf(tmp_path, sheets.render(many, avoid_breaks=False), "split")
    assert boxes_cut(pages, many) != []

