"""Risk Express solved for two seats (issue 28): the whole game's value under best play, and
the most any player can win against the beginner.

A two-seat game of Risk Express is, between turns, nothing but the owner of each of its 14
cards (3^14 = 4,782,969 positions) and whose turn it is. A turn is the one the AI's look-ahead
plays exactly (:func:`bot.rules.risk_express.ai.turn_weights`): over every throw of seven dice
(six, … after a throw that fills nothing) the mover fills the first line of the card whose
chance of then being taken (:func:`.odds.success`, the rest of the attempt at best) times
what it is worth to them is best. Cards are only ever taken, so the positions fall in layers
by the cards still unowned; a layer is solved by value iteration (the steals inside it
cycle), the layers below first. Values are on the scale of a finished game's
(:func:`.scoring._won`): 1 won, 0 a tie, -1 lost; a chance to win "as shares" is (v + 1) / 2.

- ``minimax``: both seats at best: the value of every position for the seat to move.
- ``best response``: the most a player who knows the beginner's rule
  (:mod:`bot.rules.ai.beginner_express`: the chance times the card's points, or its
  continent's value when it completes it) can win against it: the ceiling of every level's
  figure against the beginner.
- ``minimax against the beginner``: what the solved play wins against the beginner.
- ``beginner against itself``: checks the model against the arena's games.

Run: ``python bench/solve_express.py [--out DIR] [--only minimax|best|checks|write]`` (needs
numpy and gcc; numpy is the ``solve`` extra, not a dependency of the bot): ~10 minutes of CPU a
solve, the figures printed beside the issue's targets. ``minimax`` rewrites the table the bot
reads (the same values, to within a step of its twelve bits: the table in the repository was
written from values saved in 32-bit floats); ``checks`` needs the minimax solve saved
in ``--out`` first.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import _path  # noqa: F401
import numpy as np

from bot.rules.risk_express.ai import _table
from bot.rules.risk_express.cards import board, load_cards

ORDER, CONTINENT, _, MEMBERS = board()
N = len(ORDER)
S = 3**N
POW = 3 ** np.arange(N, dtype=np.int64)
TABLE = Path(__file__).resolve().parents[1] / "data" / "risk_express" / "solved.bin"
NEG = -1e15  # an unavailable card's worth: below any real one even times a chance of 1e-12
TOL = 2e-5


def rows() -> dict[int, list[tuple[float, list[tuple[int, float, float]]]]]:
    """Per count of dice, the throws merged by what they offer: (chance, [(card, chance when
    unowned, chance when the other owns it)])."""
    out = {}
    for n in range(1, 8):
        merged: dict[tuple, float] = {}
        for chance, entries in _table(n):
            merged[entries] = merged.get(entries, 0.0) + chance
        out[n] = [(c, [(ci, max(f, 0.0) if f >= 0 else -1.0, max(o, 0.0) if o >= 0 else -1.0)
                       for ci, f, o in e]) for e, c in merged.items()]
    return out


ROWS = rows()


class Board:
    """Every position's digits (0 unowned, 1 the seat whose view it is, 2 the other), its
    layer, the swap of its two seats, and which cards are locked."""

    def __init__(self) -> None:
        idx = np.arange(S, dtype=np.int64)
        self.digits = np.empty((N, S), dtype=np.int8)
        rest = idx.copy()
        for c in range(N):
            self.digits[c] = rest % 3
            rest //= 3
        self.unowned = (self.digits == 0).sum(axis=0).astype(np.int8)
        swapped = np.array([0, 2, 1], dtype=np.int64)
        self.swap = self._swap(swapped)
        cards = load_cards()
        conts = list(MEMBERS)
        self.locked = np.zeros((N, S), dtype=bool)
        for cont in conts:
            members = [ORDER.index(c) for c in MEMBERS[cont]]
            first = self.digits[members[0]]
            same = first != 0
            for m in members[1:]:
                same &= self.digits[m] == first
            for m in members:
                self.locked[m] = same
        self.points = np.array([cards["cards"][c]["points"] for c in ORDER], dtype=np.float64)
        self.value = {cont: float(cards["continents"][cont]["value"]) for cont in conts}

    def _swap(self, swapped: np.ndarray) -> np.ndarray:
        out = np.zeros(S, dtype=np.int64)
        for c in range(N):
            out += swapped[self.digits[c]] * POW[c]
        return out

    def finished(self) -> tuple[np.ndarray, np.ndarray]:
        """Which positions are over (every card owned), and their result for seat 1."""
        done = self.unowned == 0
        R = np.zeros(S)
        R[done] = self.result(np.nonzero(done)[0])
        return done, R

    def result(self, idx: np.ndarray) -> np.ndarray:
        """The finished game's value for seat 1 (every card owned in ``idx``)."""
        d = self.digits[:, idx]
        score = np.zeros((2, len(idx)))
        for k, seat in enumerate((1, 2)):
            mine = d == seat
            for cont, members in MEMBERS.items():
                m = [ORDER.index(c) for c in members]
                whole = mine[m].all(axis=0)
                score[k] += np.where(whole, self.value[cont], (self.points[m, None] * mine[m]).sum(axis=0))
        return np.sign(score[0] - score[1])

    def beginner_gain(self, idx: np.ndarray, seat: int) -> np.ndarray:
        """What taking each card brings ``seat`` by the beginner's rule: its points, or its
        continent's value less the points of the cards of it ``seat`` holds, when it completes it."""
        d = self.digits[:, idx]
        gain = np.repeat(self.points[:, None], len(idx), axis=1)
        for cont, members in MEMBERS.items():
            m = [ORDER.index(c) for c in members]
            for c in m:
                others = [x for x in m if x != c]
                completes = np.ones(len(idx), dtype=bool)
                held = np.zeros(len(idx))
                for x in others:
                    completes &= d[x] == seat
                    held += self.points[x]
                gain[c] = np.where(completes, self.value[cont] - held, gain[c])
        return gain


KERNEL = r"""
#include <string.h>
#define NC 14
/* rows of n dice (n = 1..7) flattened: row_n, chance, first entry, entries; an entry: card,
   chance when unowned, chance when the other holds it (-1: no such fill) */
void turn(long ns, const double *G, const unsigned char *owed, int nrows, const int *row_n,
          const double *chance, const int *first, const int *count, const int *card,
          const double *qf, const double *qo, double *F, double *P, int ties) {
    /* rows are sorted by their count of dice; rows of n dice: lo[n] .. lo[n + 1] - 1 */
    int lo[9];
    for (int n = 0; n <= 8; n++) lo[n] = nrows;
    for (int r = nrows - 1; r >= 0; r--) lo[row_n[r]] = r;
    for (int n = 7; n >= 1; n--) if (lo[n] > lo[n + 1]) lo[n] = lo[n + 1];
    for (long s = 0; s < ns; s++) {
        const double *g = G + s * NC;
        const unsigned char *ow = owed + s * NC;
        double total = 0.0, weight = 1.0, pc[NC];
        if (P) memset(pc, 0, sizeof pc);
        for (int n = 7; n >= 1 && weight > 1e-9; n--) {
            double hit = 0.0, missed = 0.0;
            for (int r = lo[n]; r < lo[n + 1]; r++) {
                double best = 0.0; int found = 0, pick = -1; double qpick = 0.0;
                for (int e = first[r]; e < first[r] + count[r]; e++) {
                    int c = card[e];
                    if (g[c] < -100.0) continue;
                    double q = ow[c] ? qo[e] : qf[e];
                    if (q < 0.0) continue;
                    double v = q * g[c];
                    if (!found || v > best) { best = v; found = 1; pick = c; qpick = q; }
                }
                if (!found) { missed += chance[r]; continue; }
                hit += chance[r] * best;
                if (!P) continue;
                if (!ties) { pc[pick] += weight * chance[r] * qpick; continue; }
                int nt = 0;
                double tol = 1e-12 * (best < 0 ? -best : best) + 1e-15;
                for (int e = first[r]; e < first[r] + count[r]; e++) {
                    int c = card[e];
                    if (g[c] < -100.0) continue;
                    double q = ow[c] ? qo[e] : qf[e];
                    if (q >= 0.0 && q * g[c] >= best - tol) nt++;
                }
                for (int e = first[r]; e < first[r] + count[r]; e++) {
                    int c = card[e];
                    if (g[c] < -100.0) continue;
                    double q = ow[c] ? qo[e] : qf[e];
                    if (q >= 0.0 && q * g[c] >= best - tol) pc[c] += weight * chance[r] * q / nt;
                }
            }
            total += weight * hit;
            weight *= missed;
        }
        F[s] = total;
        if (P) memcpy(P + s * NC, pc, sizeof pc);
    }
}

/* sweeps of a layer with the picks held, in place (Gauss-Seidel). Minimax, one table of the
   seat to move: V[idx] = W + sum P (Wt - W), W = -V[swap idx], Wt = R or -V[swap after]. */
void hold_minimax(long ns, int sweeps, const long *idx, const long *sw_idx, const long *sw_after,
                  const unsigned char *may, const unsigned char *term, const double *Rt, const double *P,
                  double *V) {
    for (int k = 0; k < sweeps; k++)
        for (long s = 0; s < ns; s++) {
            double W = -V[sw_idx[s]], acc = W;
            const long o = s * NC;
            for (int c = 0; c < NC; c++) {
                if (!may[o + c] || P[o + c] == 0.0) continue;
                double Wt = term[o + c] ? Rt[o + c] : -V[sw_after[o + c]];
                acc += P[o + c] * (Wt - W);
            }
            V[idx[s]] = acc;
        }
}

/* against the beginner, both picks held: Y (the beginner to move) then X (seat 1 to move) */
void hold_against(long ns, int sweeps, const long *idx, const long *a1, const long *a2,
                  const unsigned char *may1, const unsigned char *may2, const unsigned char *term1,
                  const unsigned char *term2, const double *R1, const double *R2, const double *P1,
                  const double *P2, double *X, double *Y) {
    for (int k = 0; k < sweeps; k++)
        for (long s = 0; s < ns; s++) {
            const long o = s * NC;
            double x = X[idx[s]], y = x;
            for (int c = 0; c < NC; c++) {
                if (!may2[o + c] || P2[o + c] == 0.0) continue;
                y += P2[o + c] * ((term2[o + c] ? R2[o + c] : X[a2[o + c]]) - x);
            }
            Y[idx[s]] = y;
            x = y;
            for (int c = 0; c < NC; c++) {
                if (!may1[o + c] || P1[o + c] == 0.0) continue;
                x += P1[o + c] * ((term1[o + c] ? R1[o + c] : Y[a1[o + c]]) - y);
            }
            X[idx[s]] = x;
        }
}
"""


def _kernel():
    import ctypes
    import hashlib
    import subprocess
    import tempfile

    tag = hashlib.sha1(KERNEL.encode()).hexdigest()[:10]
    lib = Path(tempfile.gettempdir()) / f"express_turn_{tag}.so"
    if not lib.exists():
        src = lib.with_suffix(".c")
        src.write_text(KERNEL)
        subprocess.run(["gcc", "-O3", "-march=native", "-shared", "-fPIC", "-o", str(lib), str(src)], check=True)
    return ctypes.CDLL(str(lib))


def _flat():
    row_n, chance, first, count, card, qf, qo = [], [], [], [], [], [], []
    for n in range(1, 8):
        for ch, entries in ROWS[n]:
            row_n.append(n)
            chance.append(ch)
            first.append(len(card))
            count.append(len(entries))
            for ci, f, o in entries:
                card.append(ci)
                qf.append(f)
                qo.append(o)
    i32 = np.int32
    return (np.array(row_n, i32), np.array(chance), np.array(first, i32), np.array(count, i32),
            np.array(card, i32), np.array(qf), np.array(qo))


FLAT = _flat()
LIB = _kernel()
TURN = LIB.turn


def _run(G: np.ndarray, owed: np.ndarray, with_picks: bool, ties: bool = False) -> tuple[np.ndarray, np.ndarray | None]:
    import ctypes

    g = np.ascontiguousarray(G.T, dtype=np.float64)
    o = np.ascontiguousarray(owed.T, dtype=np.uint8)
    ns = g.shape[0]
    F = np.zeros(ns)
    P = np.zeros((ns, N)) if with_picks else None
    ptr = lambda a: a.ctypes.data_as(ctypes.c_void_p)  # noqa: E731
    TURN(ctypes.c_long(ns), ptr(g), ptr(o), ctypes.c_int(len(FLAT[0])), *(ptr(a) for a in FLAT), ptr(F),
         ptr(P) if P is not None else ctypes.c_void_p(0), ctypes.c_int(int(ties)))
    return F, (P.T.copy() if P is not None else None)


def _c(a: np.ndarray, dtype) -> np.ndarray:
    """``a`` laid out position by position (its cards last), as the kernel reads it."""
    a = np.asarray(a)
    return np.ascontiguousarray(a.T if a.ndim == 2 else a, dtype=dtype)


def _p(a: np.ndarray):
    import ctypes

    return a.ctypes.data_as(ctypes.c_void_p)


def turn(G: np.ndarray, owed: np.ndarray) -> np.ndarray:
    """The worth of a turn over keeping the position: the expectation over the throws of the
    best fill's chance × ``G`` (per card × position: its worth to the mover, :data:`NEG` where
    it may not be attacked; a fill is forced, even at a loss); ``owed``: the cards the other
    holds (the General's line). A throw that fills nothing costs a die."""
    return _run(G, owed, False)[0]


def picks(G: np.ndarray, owed: np.ndarray) -> np.ndarray:
    """The chance a turn ends with each card taken when the mover picks by ``G`` (ties shared
    evenly: the beginner draws among them)."""
    return _run(G, owed, True, ties=True)[1]


def _targets(b: Board, idx: np.ndarray, seat: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per card: the position once ``seat`` takes it, whether ``seat`` may attack it, whether
    the other holds it."""
    d = b.digits[:, idx].astype(np.int64)
    after = idx[None, :] + (seat - d) * POW[:, None]
    may = (d != seat) & ~b.locked[:, idx]
    owed = d == 3 - seat
    return after, may, owed


INNER = 100  # sweeps with the picks held, between two sweeps that pick again (modified policy iteration)


def solve_minimax(b: Board, log=print) -> np.ndarray:
    """V[s]: the value for seat 1 of position ``s`` with seat 1 to move, both at best."""
    import ctypes

    V = np.zeros(S)
    done, R = b.finished()
    for k in range(1, N + 1):
        idx = np.nonzero(b.unowned == k)[0]
        after, may, owed = _targets(b, idx, 1)
        term = done[after]
        sw_idx, sw_after = b.swap[idx], b.swap[after]
        c_args = (_c(idx, np.int64), _c(sw_idx, np.int64), _c(sw_after, np.int64), _c(may, np.uint8),
                  _c(term, np.uint8), _c(R[after], np.float64))
        t0 = time.process_time()
        rounds = 0
        for rounds in range(1, 1000):  # noqa: B007 (read after the loop)
            W = -V[sw_idx]
            Wt = np.where(term, R[after], -V[sw_after])
            F, P = _run(np.where(may, Wt - W[None, :], NEG), owed, True)
            new = W + F
            delta = float(np.abs(new - V[idx]).max())
            V[idx] = new
            if delta < TOL:
                break
            Pc = _c(P, np.float64)
            LIB.hold_minimax(ctypes.c_long(len(idx)), ctypes.c_int(INNER), *(_p(a) for a in c_args), _p(Pc), _p(V))
        log(f"  minimax layer {k:2d}: {len(idx):8,d} positions, {rounds:3d} rounds, {time.process_time() - t0:6.1f} s",
            flush=True)
    return V


def against(b: Board, policy: str, V: np.ndarray | None = None, log=print) -> tuple[np.ndarray, np.ndarray]:
    """Seat 1 against the beginner (seat 2): X[s] seat 1's value with seat 1 to move, Y[s] with
    the beginner to move. ``policy``: "best" (the best response), "minimax" (the solved play,
    ``V``), "beginner" (seat 1 plays the beginner's rule too)."""
    import ctypes

    X = np.zeros(S)
    Y = np.zeros(S)
    done, R = b.finished()
    for k in range(1, N + 1):
        idx = np.nonzero(b.unowned == k)[0]
        a1, may1, owed1 = _targets(b, idx, 1)
        a2, may2, owed2 = _targets(b, idx, 2)
        term1, term2 = done[a1], done[a2]
        P2 = picks(np.where(may2, b.beginner_gain(idx, 2), NEG), owed2)
        P1 = None
        if policy == "beginner":
            P1 = picks(np.where(may1, b.beginner_gain(idx, 1), NEG), owed1)
        elif policy == "minimax":
            W = -V[b.swap[idx]]
            Wt = np.where(term1, R[a1], -V[b.swap[a1]])
            P1 = picks(np.where(may1, Wt - W[None, :], NEG), owed1)
        c_args = (_c(idx, np.int64), _c(a1, np.int64), _c(a2, np.int64), _c(may1, np.uint8), _c(may2, np.uint8),
                  _c(term1, np.uint8), _c(term2, np.uint8), _c(R[a1], np.float64), _c(R[a2], np.float64))
        P2c = _c(P2, np.float64)

        def hold(P1c: np.ndarray, sweeps: int, n: int = len(idx), c_args=c_args, P2c=P2c) -> None:
            LIB.hold_against(ctypes.c_long(n), ctypes.c_int(sweeps), *(_p(a) for a in c_args), _p(P1c), _p(P2c),
                             _p(X), _p(Y))

        t0 = time.process_time()
        rounds = 0
        if P1 is not None:  # a fixed rule each side: the sweeps alone
            P1c = _c(P1, np.float64)
            for rounds in range(1, 1000):  # noqa: B007 (read after the loop)
                before = X[idx].copy()
                hold(P1c, INNER)
                if float(np.abs(X[idx] - before).max()) < TOL / 10:
                    break
        else:  # the best response: pick again, then hold the picks
            for rounds in range(1, 1000):  # noqa: B007 (read after the loop)
                Xt = np.where(term2, R[a2], X[a2])
                Ynew = X[idx] + (P2 * np.where(may2, Xt - X[idx][None, :], 0.0)).sum(axis=0)
                Y[idx] = Ynew
                Yt = np.where(term1, R[a1], Y[a1])
                F, P = _run(np.where(may1, Yt - Ynew[None, :], NEG), owed1, True)
                new = Ynew + F
                delta = float(np.abs(new - X[idx]).max())
                X[idx] = new
                if delta < TOL:
                    break
                hold(_c(P, np.float64), INNER)
        log(f"  {policy} vs beginner layer {k:2d}: {len(idx):8,d} positions, {rounds:3d} rounds, "
            f"{time.process_time() - t0:6.1f} s", flush=True)
    return X, Y


def write_table(V: np.ndarray, path: Path) -> int:
    """The table the bot reads (:mod:`bot.rules.risk_express.solved`): each position's value
    × 2,047 (twelve bits: on 400 games against the beginner, 9 of them went another way than
    with sixteen, 8 bits 66) as a little-endian 16-bit integer, compressed (xz); its size in
    bytes (6.3 MB: 16 bits were 9.2 MB)."""
    import lzma

    raw = np.round(np.clip(V, -1.0, 1.0) * 2047.0).astype("<i2").tobytes()
    data = lzma.compress(raw, preset=9 | lzma.PRESET_EXTREME)
    path.write_bytes(data)
    return len(data)


def share(v: float) -> float:
    return (v + 1.0) / 2.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="/tmp/express_solved")
    ap.add_argument("--only", choices=("minimax", "best", "checks", "write"), default=None)
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.process_time()
    b = Board()
    print(f"positions: {S:,d} (built in {time.process_time() - t0:.1f} s)", flush=True)
    start = 0  # no card owned
    if args.only == "write":  # the table from a solve saved before
        size = write_table(np.load(out / "minimax.npy").astype(np.float64), TABLE)
        print(f"wrote {TABLE} ({size:,d} bytes)")
        return 0
    if args.only in (None, "minimax"):
        V = solve_minimax(b)
        np.save(out / "minimax.npy", V)
        size = write_table(V, TABLE)
        print(f"wrote {TABLE} ({size:,d} bytes)", flush=True)
        print(f"minimax: the first mover's chance (as shares) {share(V[start]):.4f}", flush=True)
    if args.only in (None, "best"):
        X, Y = against(b, "best")
        first, second = share(X[start]), share(Y[start])
        print(f"best response vs beginner: moving first {first:.4f}, second {second:.4f}, "
              f"seats rotated {(first + second) / 2:.4f} (target 0.75 for hard, 0.65 for normal)", flush=True)
    if args.only in (None, "checks"):
        X, Y = against(b, "beginner")
        print(f"beginner vs beginner: the first mover wins (as shares) {share(X[start]):.4f}", flush=True)
        V = np.load(out / "minimax.npy").astype(np.float64)
        X, Y = against(b, "minimax", V)
        first, second = share(X[start]), share(Y[start])
        print(f"minimax vs beginner: moving first {first:.4f}, second {second:.4f}, rotated {(first + second) / 2:.4f}",
              flush=True)
    print(f"CPU {time.process_time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
