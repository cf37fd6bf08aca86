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
from collections.abc import Callable, Iterable

from PIL import GifImagePlugin, Image, ImageChops

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
        # a box filter: each pixel the mean of the board's pixels under it; at these ratios (1.5
        # to 2.5) as sharp to the eye as Lanczos, at a third of its time (11 ms a board, not 39)
        rgb = rgb.resize((width, max(1, round(rgb.height * width / rgb.width))), Image.Resampling.BOX)
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


def _changes(frame: Image.Image, before: Image.Image) -> tuple[Image.Image, tuple[int, int]] | None:
    """What ``frame`` changes over ``before``: the rectangle around the changed pixels, every
    unchanged pixel in it made :data:`CLEAR` (long runs of one index, which GIF's LZW packs
    into almost nothing), with its offset; ``None`` when nothing changed."""
    now = Image.frombytes("L", frame.size, frame.tobytes())
    was = Image.frombytes("L", before.size, before.tobytes())
    diff = ImageChops.difference(now, was)
    box = diff.getbbox()
    if box is None:
        return None
    same = diff.point(lambda v: 255 if v == 0 else 0)
    now.paste(CLEAR, mask=same)
    part = Image.frombytes("P", frame.size, now.tobytes()).crop(box)
    part.putpalette(frame.getpalette() or [])
    return part, (box[0], box[1])


class GifWriter:
    """An animated GIF written frame by frame (memory: one frame, whatever the length): the
    first frame whole, each next one only the rectangle it changes, the unchanged pixels in it
    :data:`CLEAR`; every frame shown ``frame_ms``, the last ``hold_ms``; loops forever."""

    def __init__(self, frame_ms: int = FRAME_MS, hold_ms: int = HOLD_MS) -> None:
        self.out = io.BytesIO()
        self.frame_ms, self.hold_ms = frame_ms, hold_ms
        self.before: Image.Image | None = None
        self.pending: tuple[Image.Image, tuple[int, int]] | None = None  # written once its time is known
        self.count = 0

    def _flush(self, duration: int) -> None:
        if self.pending is None:
            return
        part, offset = self.pending
        for chunk in GifImagePlugin.getdata(part, offset, duration=duration, transparency=CLEAR, disposal=1):
            self.out.write(chunk)
        self.pending = None

    def add(self, frame: Image.Image) -> None:
        if self.before is None:
            header, _ = GifImagePlugin.getheader(frame.copy(), None, {"loop": 0, "transparency": CLEAR,
                                                                      "optimize": False})
            for chunk in header:
                self.out.write(chunk)
            self.pending = (frame, (0, 0))
        else:
            self._flush(self.frame_ms)
            changed = _changes(frame, self.before)
            if changed is None:  # nothing moved: one clear pixel keeps the frame's time
                blank = Image.new("P", (1, 1), CLEAR)
                blank.putpalette(frame.getpalette() or [])
                changed = (blank, (0, 0))
            self.pending = changed
        self.before = frame
        self.count += 1

    def close(self) -> bytes:
        self._flush(self.hold_ms)
        self.out.write(b";")
        return self.out.getvalue()


def encode(frames: Iterable[Image.Image], frame_ms: int = FRAME_MS, hold_ms: int = HOLD_MS) -> bytes:
    """Frames already on one palette → an animated GIF that loops, the last frame held."""
    writer = GifWriter(frame_ms, hold_ms)
    for frame in frames:
        writer.add(frame)
    return writer.close()


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
    palette: Image.Image | None = None
    sources: list[bytes] = []  # kept in case the file must be drawn again smaller
    writer = GifWriter()
    for i, png in enumerate(boards):
        board = Image.open(io.BytesIO(png))
        board.load()
        if palette is None:
            palette = _palette(board)
        writer.add(scaled(board, width, palette))
        sources.append(png)
        if progress is not None:
            progress(i + 1, count)
    if not sources:
        raise ValueError("a replay needs at least one board")
    data = writer.close()
    kept = len(sources)
    while len(data) > max_bytes:
        # narrower first (down to MIN_WIDTH), then fewer frames
        if width > MIN_WIDTH:
            width = max(MIN_WIDTH, int(width * 0.8))
        else:
            kept = max(1, int(kept * 0.7))
        assert palette is not None
        picked = thin(len(sources), kept)
        data = encode(scaled(Image.open(io.BytesIO(sources[i])), width, palette) for i in picked)
        kept = len(picked)
        if kept == 1 and len(data) > max_bytes:
            raise ValueError("even one board is larger than the limit")
    return data, kept, width
