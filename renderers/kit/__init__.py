"""Drawing kit shared by every board renderer: colours (:mod:`.colours`), fonts and text
(:mod:`.text`), icons (:mod:`.icons`) and PNG encoding (:mod:`.png`), all re-exported here.

Why it exists: every game's picture must come out byte-identical on any machine (so a
replayed game gives the same images and tests can compare bytes), be readable on a phone,
and encode fast enough to post after every turn. So:

- fonts come only from ``data/fonts`` (never the system), with the BASIC layout engine,
  because libraqm may or may not be installed and it moves glyphs by a pixel;
- text a player typed (names) is cleaned of characters the font cannot draw, instead of
  showing tofu boxes, and truncated with an ellipsis to fit its box;
- the player palette is the Okabe–Ito colour-blind safe set, and each player also gets a
  shape (circle, square, triangle…) so colour is never the only cue;
- PNGs are written as 8-bit palette images: about 4× faster to encode and 2–3× smaller than
  RGB at the same zlib level, with no visible loss on flat board art (see ``png_bytes``).

Only the standard library and Pillow are imported here.
"""

from __future__ import annotations

from renderers.kit import icons as _icons
from renderers.kit import text as _text
from renderers.kit.colours import (
    BLACK,
    INK,
    PLAYER_COLORS,
    RGB,
    WHITE,
    Box,
    PlayerColor,
    blend,
    contrast,
    hex_rgb,
    luminance,
    player_colors,
    text_on,
)
from renderers.kit.icons import (
    SUPERSAMPLE,
    check_mark,
    crown_icon,
    padlock_icon,
    paste_icon,
    play_triangle,
    shape_points,
    star_points,
    token_icon,
)
from renderers.kit.png import PNG_COMPRESS_LEVEL, make_palette, png_bytes, quantize
from renderers.kit.text import (
    DRAW_LOCK,
    FONT_DIR,
    FONT_FILES,
    clean_text,
    draw_text,
    drawing_board,
    fit_font,
    fit_text,
    font,
    rounded_box,
    text_width,
    warm_step,
)

__all__ = [
    "BLACK", "DRAW_LOCK", "drawing_board", "warm_step", "FONT_DIR", "FONT_FILES", "INK", "PLAYER_COLORS", "PNG_COMPRESS_LEVEL",
    "RGB", "SUPERSAMPLE", "WHITE", "Box", "PlayerColor", "blend", "check_mark", "clean_text",
    "clear_caches", "contrast", "crown_icon", "draw_text", "fit_font", "fit_text", "font",
    "hex_rgb", "luminance", "make_palette", "padlock_icon", "paste_icon", "play_triangle",
    "player_colors", "png_bytes", "quantize", "rounded_box", "shape_points", "star_points",
    "text_on", "text_width", "token_icon",
]


def clear_caches() -> None:
    """Forget fonts and icons (for tests: output must not depend on what was cached)."""
    for fn in (_text.font, _text._probe, _text._notdef, _text._has_glyph, _text._clean_text,
               _text.fit_text, _text.fit_font, _icons.token_icon, _icons.padlock_icon,
               _icons.crown_icon):
        fn.cache_clear()
    _text._MASKS.clear()
