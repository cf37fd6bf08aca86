"""The animated replay: boards (PNG bytes, as the renderers drew them) into one animated GIF
that fits any server's upload limit.

Every frame is scaled to one width and mapped onto one shared palette (the first board's own:
the renderers draw every board of a game from a fixed palette, so flat colours stay exact and
only the scaling's in-between shades move to their nearest entry). With one palette, Pillow's
GIF writer stores each frame as the rectangle that changed since the one before, so a turn
that moved two territories costs a few kilobytes. The last frame is held. If the file is over
``max_bytes`` it is drawn again smaller (narrower, then with fewer frames) until it fits.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence

from PIL import Image, ImageChops

MAX_BYTES = 8 * 1000 * 1000  # below every server's upload limit (Discord's smallest: 8 MB)
WIDTH = 720  # a phone shows 450 px: boards stay readable when tapped open
MIN_WIDTH = 320
FRAME_MS = 700
HOLD_MS = 5000


CLEAR = 255  # the palette index kept for "as the frame before" (GIF transparency)


def _palette(first: Image.Image) -> Image.Image:
    """The shared palette: the first board's colours but the last entry, kept for
    :data:`CLEAR` (so no board colour maps to it)."""
    if first.mode == "P":
        colours = (first.getpalette() or [])[: 3 * CLEAR]
    else:
        cut = first.convert("RGB").quantize(CLEAR, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        colours = (cut.getpalette() or [])[: 3 * CLEAR]
    colours += colours[-3:] * (CLEAR - len(colours) // 3)  # pad with a repeat: never the clear one
    pal = Image.new("P", (1, 1))
    pal.putpalette(colours[: 3 * CLEAR], rawmode="RGB")
    return pal


def scaled(board: Image.Image, width: int, palette: Image.Image) -> Image.Image:
    """One frame: the board at ``width`` (its proportions kept; never enlarged), on the
    shared palette."""
    rgb = board.convert("RGB")
    if rgb.width > width:
        rgb = rgb.resize((width, max(1, round(rgb.height * width / rgb.width))), Image.Resampling.LANCZOS)
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


def _only_changes(frame: Image.Image, before: Image.Image) -> Image.Image:
    """``frame`` with every pixel equal to ``before``'s made :data:`CLEAR` (shows the frame
    before through): long runs of one index, which GIF's LZW packs into almost nothing."""
    now = Image.frombytes("L", frame.size, frame.tobytes())
    was = Image.frombytes("L", before.size, before.tobytes())
    same = ImageChops.difference(now, was).point(lambda v: 255 if v == 0 else 0)
    now.paste(CLEAR, mask=same)
    out = Image.frombytes("P", frame.size, now.tobytes())
    out.putpalette(frame.getpalette() or [])
    out.info["transparency"] = CLEAR
    return out


def encode(frames: Sequence[Image.Image], frame_ms: int = FRAME_MS, hold_ms: int = HOLD_MS) -> bytes:
    """Frames already on one palette → an animated GIF that loops, the last frame held. Each
    frame after the first keeps only what changed (the rest is :data:`CLEAR`, not disposed)."""
    buf = io.BytesIO()
    durations = [frame_ms] * (len(frames) - 1) + [hold_ms]
    rest = [_only_changes(f, frames[i]) for i, f in enumerate(frames[1:])]
    frames[0].save(buf, "GIF", save_all=True, append_images=rest, duration=durations,
                   loop=0, disposal=1, optimize=False, transparency=CLEAR)
    return buf.getvalue()


def thin(count: int, keep: int) -> list[int]:
    """``keep`` indexes of ``count`` frames, evenly spread, the first and the last always."""
    if count <= keep:
        return list(range(count))
    if keep <= 1:
        return [count - 1]
    return sorted({round(i * (count - 1) / (keep - 1)) for i in range(keep)})


def animate(boards: Iterable[bytes], count: int, *, width: int = WIDTH, max_bytes: int = MAX_BYTES,
            progress: Callable[[int, int], None] | None = None) -> tuple[bytes, int, int]:
    """``count`` boards (PNG bytes, in order) → (GIF bytes, frames kept, width). Each board
    is decoded and scaled as it comes, so memory holds the small frames only."""
    frames: list[Image.Image] = []
    palette: Image.Image | None = None
    sources: list[bytes] = []
    for i, png in enumerate(boards):
        board = Image.open(io.BytesIO(png))
        board.load()
        if palette is None:
            palette = _palette(board)
        frames.append(scaled(board, width, palette))
        sources.append(png)
        if progress is not None:
            progress(i + 1, count)
    if not frames:
        raise ValueError("a replay needs at least one board")
    data = encode(frames)
    kept = len(frames)
    while len(data) > max_bytes:
        # narrower first (down to MIN_WIDTH), then fewer frames
        if width > MIN_WIDTH:
            width = max(MIN_WIDTH, int(width * 0.8))
        else:
            kept = max(1, int(kept * 0.7))
        assert palette is not None
        picked = thin(len(sources), kept)
        frames = [scaled(Image.open(io.BytesIO(sources[i])), width, palette) for i in picked]
        data = encode(frames)
        kept = len(frames)
        if kept == 1 and len(data) > max_bytes:
            raise ValueError("even one board is larger than the limit")
    return data, kept, width
