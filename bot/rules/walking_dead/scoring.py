"""The end of a Survival game (« Fin de la partie », p. 16) and the deployment's count (p. 10).

Scores after the final invasion: 1 point per territory, 1 per strategic location, the bonus of
every zone held whole, 1 per unused ammunition. Most points wins; a tie goes to the most
survivors on the board; still tied, all of them win. Eliminating every other group wins at
once (p. 12), whatever the Horde: :func:`last_group_standing`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.rules.risk_map.board import Board, reinforcements
from bot.rules.walking_dead.crates import AMMO_TABLE, ammo

__all__ = ["Score", "deployment", "last_group_standing", "survival_scores", "survival_winners"]


def deployment(board: Board, owner: Mapping[str, str], seat: str, traded_ammo: int = 0) -> dict[str, int]:
    """The survivors a seat deploys, by source (p. 10): ``max(3, territories // 3)``, the
    bonus of every zone it holds whole, and its ammunition trade by the chart."""
    held = board.holdings(owner)
    out = {"territories": reinforcements(len(held.owned(seat))), "zones": held.region_bonus(seat)}
    if traded_ammo:
        out["ammo"] = AMMO_TABLE[traded_ammo]
    return out


@dataclass(frozen=True)
class Score:
    territories: int
    strategic: int
    zones: int
    ammo: int
    survivors: int  # on the board: the first tie-break, not points

    @property
    def total(self) -> int:
        return self.territories + self.strategic + self.zones + self.ammo

    def public(self) -> dict[str, int]:
        return {"territories": self.territories, "strategic": self.strategic, "zones": self.zones,
                "ammo": self.ammo, "total": self.total, "survivors": self.survivors}


def survival_scores(board: Board, strategic: Sequence[str], owner: Mapping[str, str], troops: Mapping[str, int],
                    crates: Mapping[str, Sequence[str]], seats: Sequence[str]) -> dict[str, Score]:
    """Each seat's score at the end (seats out of the game score what they hold: nothing on the
    board, their crates gone to whoever eliminated them)."""
    held = board.holdings(owner)
    out: dict[str, Score] = {}
    for seat in seats:
        mine = held.owned(seat)
        out[seat] = Score(
            territories=len(mine),
            strategic=sum(1 for t in strategic if owner[t] == seat),
            zones=held.region_bonus(seat),
            ammo=ammo(crates.get(seat, ())),
            survivors=sum(troops[t] for t in mine),
        )
    return out


def survival_winners(scores: Mapping[str, Score]) -> list[str]:
    """The winners: the best total, then the most survivors on the board, then shared."""
    if not scores:
        return []
    best = max((s.total, s.survivors) for s in scores.values())
    return [seat for seat, s in scores.items() if (s.total, s.survivors) == best]


def last_group_standing(owner: Mapping[str, str], seats: Sequence[str]) -> str | None:
    """The one seat that still holds territories when no other seat does (walkers aside:
    « si vous réussissez à éliminer tous les Survivants de vos adversaires, vous gagnez »)."""
    alive = {o for o in owner.values()} & set(seats)
    return next(iter(alive)) if len(alive) == 1 else None
