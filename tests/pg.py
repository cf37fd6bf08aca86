"""A PostgreSQL server of the test session's own, for the store's tests on both backends.

Started from the machine's binaries (``initdb``, ``pg_ctl``: ``$PG_BIN``,
``/usr/lib/postgresql/<newest>/bin`` or the ``PATH``) in a temporary directory, listening on
a Unix socket only, with the fast settings of a throwaway database (trust, no fsync). One
server per test process (per xdist worker), started the first time a test asks for it and
stopped at the end of the session; each test gets a database of its own.

Run as root (CI), the server runs as the ``postgres`` user (PostgreSQL refuses root).
Without the binaries or asyncpg the PostgreSQL half of the tests is skipped, except under
``CI`` where it fails: ``.ci/run`` installs both.

The fixtures (``store_url``, ``pg_server``, ``pg_url``) are imported by the test modules
that use them (``from tests.pg import pg_server, store_url``).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

SERVER_SETTINGS = ("-F -c listen_addresses='' -c full_page_writes=off -c synchronous_commit=off"
                   " -c max_connections=60 -c shared_buffers=32MB -c log_min_messages=warning -c jit=off")


def bin_dir() -> Path | None:
    """Where ``initdb`` and ``pg_ctl`` are."""
    candidates = [os.environ.get("PG_BIN")]
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name)
                         if Path(p).parent.name.isdigit() else 0, reverse=True)
    found = shutil.which("pg_ctl")
    candidates += [str(Path(found).resolve().parent) if found else None, "/usr/local/bin"]
    for c in candidates:
        if c and (Path(c) / "initdb").exists() and (Path(c) / "pg_ctl").exists():
            return Path(c)
    return None


def missing() -> str | None:
    """Why no server can be started here, or ``None``."""
    try:
        import asyncpg  # noqa: F401
    except ImportError:
        return "asyncpg is not installed (pip install -e '.[postgres]')"
    if bin_dir() is None:
        return "no PostgreSQL server binaries (initdb, pg_ctl): apt-get install postgresql"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root without a 'postgres' user to run the server as"
    return None


class PgServer:
    """One throwaway server: ``start``, ``stop``, ``restart``; ``url(db)`` names a database."""

    def __init__(self, settings: str = SERVER_SETTINGS) -> None:
        self.settings = settings  # postgres -c options (the benchmark's keep fsync on)
        self.bin = bin_dir()
        assert self.bin is not None
        self.root = Path(tempfile.mkdtemp(prefix="gmpg"))  # short: a socket path has 107 bytes
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self._as: list[str] = []
        if os.geteuid() == 0:  # the server will not run as root
            user = pwd.getpwnam("postgres")
            os.chown(self.root, user.pw_uid, user.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]
        self._names = itertools.count(1)
        self.running = False

    def _run(self, *args: str) -> None:
        done = subprocess.run([*self._as, *args], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{args[0]} failed: {done.stdout}{done.stderr}{log}")

    def init(self) -> None:
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres",
                  "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions")

    def start(self) -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60",
                  "-o", f"{self.settings} -k {self.root}", "start")
        self.running = True

    def stop(self, mode: str = "fast") -> None:
        if self.running:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")
            self.running = False

    def restart(self) -> None:
        self.stop()
        self.start()

    def url(self, db: str = "postgres") -> str:
        """A database's URL, with timeouts generous enough for a machine under load (a test
        that wants a timeout appends its own: the last value of a parameter counts)."""
        return (f"postgresql:///{db}?host={self.root}&user=postgres"
                "&connect_timeout=60&acquire_timeout=60&command_timeout=60")

    def new_database(self) -> str:
        """A fresh empty database's URL."""
        name = f"t{os.getpid()}_{next(self._names)}"
        self._run(str(self.bin / "createdb"), "-h", str(self.root), "-U", "postgres", name)
        return self.url(name)

    def destroy(self) -> None:
        try:
            self.stop("immediate")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


_SERVER: list[PgServer] = []


@pytest.fixture(scope="session")
def pg_server():
    """This test process's server (started on first use)."""
    why = missing()
    if why is not None:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL tests cannot run: {why}")
        pytest.skip(why)
    server = PgServer()
    try:
        server.init()
        server.start()
    except BaseException:
        server.destroy()
        raise
    _SERVER.append(server)
    yield server
    server.destroy()


@pytest.fixture
def pg_url(pg_server):
    """A fresh database on the session's server (started again if a test stopped it)."""
    if not pg_server.running:
        pg_server.start()
    return pg_server.new_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    """A store URL of each backend: an empty SQLite file, an empty PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/gm.sqlite3"
    return request.getfixturevalue("pg_url")
