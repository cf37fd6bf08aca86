"""A cache on disk of the boards' static layers, so a restart does not draw them again
(issue 29, point 1): one file per layer, beside the database (the bot says where:
:func:`use`; without it, nothing is read or written and every layer is drawn in memory).

Each file's name carries its key: the hash of everything the layer is drawn from — every
file under ``data/`` (maps, layouts, art, names, fonts), the renderers' code, the engines' and
the catalogs (the names), Pillow's and Python's versions — so a change to any of them means
other files: the old ones are not read again (and are removed when their layer is stored
anew). A file that cannot be read back (cut short, corrupt, another format) is ignored: the
layer is drawn and stored again. Storing is best effort (a read-only disk: nothing kept).

The files are pickles: only the bot writes this folder, beside its own database (whoever can
write there can change the games themselves).
"""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import sys
import tempfile
import threading
from functools import lru_cache
from pathlib import Path
from typing import Any

import PIL

log = logging.getLogger(__name__)

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("data", "renderers", "bot/rules", "bot/locales")  # what a layer is drawn from (names too)
SKIP = {"__pycache__", "render-cache"}  # not sources (a database kept under data/ has its cache there)
MAGIC = "gamemaster-static-layer/1"

_DIR: Path | None = None
_LOCK = threading.Lock()


def use(directory: Path | str | None) -> None:
    """Keep the layers in ``directory`` (created when first written); ``None``: nowhere."""
    global _DIR
    _DIR = None if directory is None else Path(directory)


def directory() -> Path | None:
    return _DIR


@lru_cache(maxsize=1)
def source_key() -> str:
    """The hash of what every layer is drawn from (computed once per process, ~10 ms)."""
    h = hashlib.sha256(f"{MAGIC}|{PIL.__version__}|{sys.version_info[:2]}".encode())
    for name in SOURCES:
        top = ROOT / name
        files = [top] if top.is_file() else sorted(p for p in top.rglob("*")
                                                   if p.is_file() and not SKIP.intersection(p.parts))
        for path in files:
            h.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
            h.update(path.read_bytes())
    return h.hexdigest()[:20]


def _path(name: str, key: str) -> Path | None:
    return None if _DIR is None else _DIR / f"{name}.{key}.pickle"


def has(name: str) -> bool:
    """Whether ``name`` is stored under today's key (a layer let go is then read back:
    :func:`renderers.release`)."""
    path = _path(name, source_key()) if _DIR is not None else None
    return path is not None and path.exists()


def load(name: str) -> Any | None:
    """The layer stored as ``name`` under today's key, or ``None`` (none, stale or unreadable)."""
    path = _path(name, source_key()) if _DIR is not None else None
    if path is None or not path.exists():
        return None
    try:
        with path.open("rb") as f:
            magic, key, value = pickle.load(f)
        if magic == MAGIC and key == source_key():
            return value
    except Exception as err:  # cut short, corrupt, another version's format
        log.warning("ignoring the unreadable cached layer %s (%s): drawing it again", path, err)
        return None
    return None


def store(name: str, value: Any) -> None:
    """Keep ``value`` as ``name`` (atomically: a reader sees the old file or the whole new
    one), and remove ``name``'s files of other keys. Best effort: a failure is logged."""
    key = source_key()
    path = _path(name, key)
    if path is None:
        return
    with _LOCK:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{name}.", dir=path.parent)
            try:
                with os.fdopen(fd, "wb") as f:
                    pickle.dump((MAGIC, key, value), f, protocol=pickle.HIGHEST_PROTOCOL)
                os.replace(tmp, path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
            for old in path.parent.glob(f"{name}.*.pickle"):
                if old != path:
                    old.unlink(missing_ok=True)
        except OSError as err:
            log.warning("cannot keep the layer %s on disk (%s)", path, err)
