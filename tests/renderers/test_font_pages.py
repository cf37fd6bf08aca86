"""The font files' pages released after the warm-up (renderers' memory, issue 29): what a
face reads again afterwards is the very same bytes, and only what it reads comes back."""

from __future__ import annotations

import sys

import pytest

from renderers.kit import text

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc and madvise")


def _resident_kb(ranges: list[tuple[int, int]]) -> int:
    """Resident KB of the mappings starting at ``ranges`` (/proc/self/smaps)."""
    starts = {a for a, _ in ranges}
    kb, inside = 0, False
    with open("/proc/self/smaps") as f:
        for line in f:
            head = line.split(maxsplit=1)[0]
            if "-" in head and not head.endswith(":"):
                inside = int(head.partition("-")[0], 16) in starts
            elif inside and head == "Rss:":
                kb += int(line.split()[1])
    return kb


def test_one_face_per_file_and_size_shared_by_every_caller():
    assert text.font(23, "bold") is text.font(23, "bold")
    assert text.font(23, "bold") is not text.font(23, "regular")


def test_released_pages_come_back_as_the_same_glyphs_and_only_when_used():
    words = "Birmingham, Småland — Zürich 1 234"
    # faces of their own here (not the shared ones: their masks are cached), drawn uncached
    f = text.ImageFont.FreeTypeFont(str(text.FONT_DIR / text.FONT_FILES["bold"]), 37,
                                    layout_engine=text.ImageFont.Layout.BASIC)
    other = text.ImageFont.FreeTypeFont(str(text.FONT_DIR / text.FONT_FILES["regular"]), 41,
                                        layout_engine=text.ImageFont.Layout.BASIC)
    before = (f.getlength(words), bytes(f.getmask(words)), bytes(other.getmask(words)))
    maps = text.font_mappings()
    assert len(maps) >= 2  # a mapping per face, at least these two
    assert _resident_kb(maps) > 0

    assert text.release_font_pages() > 0
    assert _resident_kb(maps) == 0  # nothing of the files left resident in this process

    assert (f.getlength(words), bytes(f.getmask(words))) == before[:2]  # read back: same glyphs
    back = _resident_kb(maps)
    assert back > 0
    assert bytes(other.getmask(words)) == before[2]
    assert _resident_kb(maps) > back  # the other face's pages came back when it drew


def test_the_warm_up_trim_releases_them():
    import renderers

    text.font(29, "condensed").getmask("Trim")
    renderers._trim()
    assert _resident_kb(text.font_mappings()) == 0
