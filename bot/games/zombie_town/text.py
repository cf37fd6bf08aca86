"""Zombie Town in Discord words: narration, status, prompts, the secret view, buttons.

Narration reads events through ``events_for`` only: a card found, a key taken, an agenda
drawn or a standing order reach the channel as « Alice finds a card », never what it is.
Their owner reads them in :meth:`ZombiePresenter.private` (sent to them alone, ephemerally,
after their move) and in ``/game hand``. Every event an action can produce reads as a line;
the zombies a player moves read as one line.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

import bot.games.zombie_town.words as W
from bot.games.base import Action, Presenter, View
from bot.games.choices import Command
from bot.games.zombie_town.labels import CODES, ZombieLabels
from bot.i18n import join, lang_of, t, tn
from bot.rules.events import events_for
from bot.rules.zombie_town.core import card_info, data

GAME = "zombie_town"
# Folded into the line of another event of the same action (said only when alone).
QUIET = frozenset({"zombies_collected", "encounter_over", "zombie_phase", "agenda_drawn"})


def dice(cards: list[int]) -> str:
    return " ".join(f"[{c}]" for c in cards)


class ZombiePresenter(ZombieLabels, Presenter):
    game_id = GAME

    # -- narration --------------------------------------------------------------------

    # -- since a player's last move: zombies that came, houses that changed hands -------------
    def since_memo(self, view: View) -> View:
        memo = dict(super().since_memo(view))
        memo["zombies"] = {sq: int(n) for sq, n in (view.get("zombies") or {}).items() if n}
        memo["houses"] = {h: {"owner": x.get("owner")} for h, x in (view.get("houses") or {}).items()}
        return memo

    def since(self, seen: View, shown: View, seat: str, names: Any, locale: Any) -> tuple[list[str], list[str]]:
        lines, marks = super().since(seen, shown, seat, names, locale)
        lang = lang_of(locale)
        was, now = seen.get("zombies") or {}, shown.get("zombies") or {}
        came = sorted((sq for sq, n in now.items() if n > was.get(sq, 0)), key=lambda sq: (-now[sq] + was.get(sq, 0), sq))
        hb, ha = seen.get("houses") or {}, shown.get("houses") or {}
        houses = [h for h, x in ha.items() if h in hb and hb[h].get("owner") != x.get("owner")]
        body = lines[1:]
        if came:
            where = [W.house_name(sq, lang) if sq in ha else sq for sq in came]
            shown = ", ".join(where[:5]) + (t("since.more", lang, n=len(where) - 5) if len(where) > 5 else "")
            body.insert(0, tn("zt.since.zombies", sum(now[sq] - was.get(sq, 0) for sq in came), lang, where=shown))
        if houses:
            body.insert(0, t("zt.since.houses", lang, what=", ".join(W.house_name(h, lang) for h in houses)))
        marks = list(dict.fromkeys([*marks, *came, *houses]))
        if not body:
            return [], marks
        return [t("since.head_ringed" if marks else "since.head", lang), *body[: self.SINCE_LINES - 1]], marks

    def narrate(self, events: list[dict[str, Any]], names: dict[str, str], locale: Any) -> list[str]:
        lang = lang_of(locale)
        out: list[str] = []
        quiet: list[str] = []
        zmoves: list[dict[str, Any]] = []
        dawn = any(e["type"] == "day" for e in events)  # "Day 3 dawns" says the day before is over
        for ev in events_for(events, None):
            if ev["type"] == "day_end" and dawn:
                continue
            if ev["type"] == "zombie_moved":
                zmoves.append(ev)
                continue
            if zmoves:
                out.append(self._zombie_moves(zmoves, names, lang))
                zmoves = []
            line = self._line(ev, names, lang)
            if not line:
                continue
            (quiet if ev["type"] in QUIET else out).append(line)
        if zmoves:
            out.append(self._zombie_moves(zmoves, names, lang))
        return out or quiet

    def _who(self, seat: str | None, names: dict[str, str]) -> str:
        return names.get(seat or "", seat or "?")

    def _zombie_moves(self, moves: list[dict[str, Any]], names: dict[str, str], lang: str) -> str:
        """« Alice moves a zombie: J11→K11→K10 »: a step from where an earlier step of the same
        line ended is read as that zombie walking on (zombies on a square are alike), so the
        line counts the zombies, not the steps."""
        walks: list[list[str]] = []
        for m in moves:
            walk = next((w for w in reversed(walks) if w[-1] == m["from"]), None)
            if walk is None:
                walks.append([m["from"], m["to"]])
            else:
                walk.append(m["to"])
        text = ", ".join("→".join(W.node_name(n, lang) for n in w) for w in walks)
        return tn("zt.ev.zombies_moved", len(walks), lang, who=self._who(moves[0].get("seat"), names), moves=text)

    @staticmethod
    def _path(ev: dict[str, Any], lang: str) -> str:
        """A walk's or a drive's whole path, from the square it started on."""
        nodes = [ev["from"], *ev["path"]] if ev.get("from") else ev["path"]
        return " → ".join(W.node_name(n, lang) for n in nodes)

    def _fight(self, hit: dict[str, Any], who: str, lang: str) -> str:
        cards = hit["cards"]
        kept = dice(cards) if len(cards) == 1 else t("zt.kept", lang, cards=dice(cards), kept=hit["kept"])
        return t("zt.hit", lang, fighter=W.fighter_name(hit["fighter"], hit.get("weapon"), who, lang), cards=kept,
                 bonus=hit["bonus"], total=hit["total"])

    def _line(self, ev: dict[str, Any], names: dict[str, str], lang: str) -> str | None:  # noqa: C901, PLR0911, PLR0912
        kind = ev["type"]
        who = self._who(ev.get("seat"), names)
        node = W.node_name(ev.get("node"), lang) if "node" in ev else ""
        house = W.house_name(ev["house"], lang) if ev.get("house") else ""
        simple = {"first_player", "encounter_over", "recruited", "survivor_lost", "deck_empty"}
        if kind in simple:
            return t(f"zt.ev.{kind}", lang, who=who)
        if kind == "bases":
            parts = [t("zt.ev.base", lang, who=self._who(s, names), house=W.house_name(h, lang))
                     for s, h in ev["bases"].items()]
            return t("zt.ev.bases", lang, bases=join(parts, lang))
        if kind == "deal":
            return t("zt.ev.deal", lang, deal=ev["deal"], keep=ev["keep"], who=who)
        if kind == "deal_discard":
            return t("zt.ev.deal_discard", lang, who=who, left=ev["left"])
        if kind == "turn":
            return t("zt.ev.turn", lang, who=who, day=ev["day"], turn=ev["turn"])
        if kind == "respawn":
            return t("zt.ev.respawn", lang, who=who, node=node, character=W.character_name(ev["character"], lang),
                     health=ev["health"])
        if kind == "moved":
            path = self._path(ev, lang)
            return t("zt.ev.moved_free" if ev.get("free") else "zt.ev.moved", lang, who=who, path=path)
        if kind == "search":
            return tn("zt.ev.search", ev["left"], lang, who=who, house=house)
        if kind == "found":
            return t("zt.ev.found", lang, who=who)
        if kind == "found_discarded":
            return t("zt.ev.found_discarded", lang, who=who, card=W.card_name(ev["card"], lang))
        if kind == "event_card":
            return t("zt.ev.event_card", lang, who=who, card=W.card_name(ev["card"], lang),
                     effect=t(f"zt.effect.{ev['effect']}", lang, n=ev.get("value", 1)))
        if kind == "horde":
            return tn("zt.ev.horde", ev["count"], lang, node=node)
        if kind == "jammed":
            return tn("zt.ev.jammed", ev["ammo"], lang, who=who, weapon=W.card_name(ev["weapon"], lang))
        if kind == "encounter":
            key = "zt.ev.encounter_car" if ev.get("in_car") else "zt.ev.encounter"
            return tn(key, ev["zombies"], lang, who=who, node=node)
        if kind == "zombie_fight":
            key = "zt.ev.zombie_won" if ev["won"] else "zt.ev.zombie_lost"
            return t(key, lang, fight=self._fight(ev, who, lang), node=node, strength=ev["strength"])
        if kind == "guard_fight":
            key = "zt.ev.guard_won" if ev["won"] else "zt.ev.guard_lost"
            return t(key, lang, fight=self._fight({**ev, "fighter": "guard"}, t("zt.guard", lang), lang),
                     house=house, strength=ev["strength"])
        if kind == "player_fight":
            return self._player_fight(ev, names, lang)
        if kind == "zombies_collected":
            return tn("zt.ev.collected", ev["count"], lang, who=who)
        if kind == "wounded":
            return tn("zt.ev.wounded", ev["health"], lang, who=who)
        if kind == "died":
            lost = [W.card_name(c, lang) for c in ev.get("discarded") or []]
            return t("zt.ev.died", lang, who=who, node=node, character=W.character_name(ev.get("character"), lang),
                     lost=join(lost, lang) or t("zt.nothing", lang))
        if kind == "guard_killed":
            return t("zt.ev.guard_killed", lang, house=house)
        if kind == "fled":
            pay = t("zt.ev.pay_wound", lang) if ev["pay"] == "damage" else t("zt.ev.pay_survivor", lang)
            return t("zt.ev.fled", lang, who=who, src=W.node_name(ev["from"], lang), dst=W.node_name(ev["to"], lang),
                     pay=pay)
        if kind == "equipped":
            return t("zt.ev.equipped", lang, who=who, weapon=W.card_name(ev["card"], lang))
        if kind == "reloaded":
            return tn("zt.ev.reloaded", ev["ammo"], lang, who=who, weapon=W.card_name(ev["weapon"], lang))
        if kind == "healed":
            return tn("zt.ev.healed", ev["health"], lang, who=who)
        if kind == "armed":
            return t("zt.ev.armed", lang, who=who, survivor=W.survivor_name(ev["survivor"], lang),
                     weapon=W.card_name(ev["weapon"], lang))
        if kind == "barricaded":
            return tn("zt.ev.barricaded", ev["count"], lang, who=who, house=house)
        if kind == "guard_placed":
            return t("zt.ev.guard_placed", lang, who=who, house=house, survivor=W.survivor_name(ev["card"], lang))
        if kind == "barricade_broken":
            by = ev.get("by")
            key = {"zombie": "zt.ev.broken_zombie", "collapse": "zt.ev.broken_collapse"}.get(by, "zt.ev.broken")
            return tn(key, ev["left"], lang, who=self._who(by, names), house=house)
        if kind == "house_claimed":
            if ev.get("from") and ev["from"] != ev.get("seat"):
                return t("zt.ev.claimed_from", lang, who=who, house=house, owner=self._who(ev["from"], names))
            return t("zt.ev.claimed", lang, who=who, house=house)
        if kind == "house_lost":
            return t("zt.ev.house_lost", lang, who=who, house=house)
        if kind == "dropped":
            return t("zt.ev.dropped", lang, who=who, weapon=W.card_name(ev["weapon"], lang))
        if kind == "order_set":
            return t("zt.ev.order_set", lang, who=who)
        if kind == "zombie_phase":
            return tn("zt.ev.zombie_phase", ev["moves"], lang, who=who)
        if kind == "zombies_rise":
            squares = ", ".join(f"{W.node_name(sq, lang)}×{n}" if n > 1 else W.node_name(sq, lang)
                                for sq, n in ev["squares"].items())
            total = sum(ev["squares"].values())
            return tn("zt.ev.rise", total, lang, squares=squares or "—", box=ev["box"], day=ev["day"])
        if kind == "day_end":
            return t("zt.ev.day_end", lang, day=ev["day"])
        if kind == "day":
            return t("zt.ev.day", lang, day=ev["day"])
        if kind == "game_over":
            return self._game_over(ev, names, lang)
        if kind == "key_taken":
            return t("zt.ev.key_taken", lang, who=who, house=house)
        if kind in ("car_entered", "car_left"):
            return t(f"zt.ev.{kind}", lang, who=who, car=W.car_name(ev["car"], lang), node=node)
        if kind == "drove":
            return self._drove(ev, who, lang)
        if kind == "car_broken":
            return t("zt.ev.car_broken", lang, car=W.car_name(ev["car"], lang), node=node)
        if kind == "agenda_drawn":
            return t("zt.ev.agenda_drawn", lang, who=who)
        if kind == "agenda_duplicate":
            return t("zt.ev.agenda_duplicate", lang, who=who, agenda=W.agenda_name(ev["card"], lang))
        if kind == "agenda_completed":
            return t("zt.ev.agenda_completed", lang, who=who, agenda=W.agenda_name(ev["card"], lang),
                     objective=W.objective_text(ev["card"], ev["objective"], lang))
        if kind == "agenda_redraw":
            return t("zt.ev.redraw_yes" if ev["draw"] else "zt.ev.redraw_no", lang, who=who)
        if kind == "agenda_discarded":
            key = "zt.ev.agenda_discarded_draw" if ev.get("draw") else "zt.ev.agenda_discarded"
            return t(key, lang, who=who, agenda=W.agenda_name(ev["card"], lang))
        if kind == "skipped":
            return t("ev.skipped", lang, who=who)
        if kind == "kicked":
            return t("ev.kicked", lang, who=who)
        if kind == "timeout":
            return t("ev.timeout", lang, who=who, count=ev["count"], limit=ev["limit"])
        return None

    def _player_fight(self, ev: dict[str, Any], names: dict[str, str], lang: str) -> str:
        who = self._who(ev["seat"], names)
        target = ev["target"]
        them = self._who(target, names) if target in names else t("zt.guard", lang)
        mine = self._fight(ev["attacker"], who, lang)
        theirs = self._fight(ev["defender"], them, lang)
        winner = ev.get("winner")
        result = t("zt.ev.tie", lang) if winner is None else t(
            "zt.ev.wins", lang, who=who if winner == ev["seat"] else them)
        key = "zt.ev.shoots" if ev.get("shooting") else "zt.ev.attacks"
        return t(key, lang, who=who, target=them, mine=mine, theirs=theirs, result=result)

    def _drove(self, ev: dict[str, Any], who: str, lang: str) -> str:
        path = self._path(ev, lang)
        line = t("zt.ev.drove_free" if ev.get("free") else "zt.ev.drove", lang, who=who,
                 car=W.car_name(ev["car"], lang), path=path)
        if ev.get("run_over"):
            line += " " + tn("zt.ev.run_over", ev["run_over"], lang, damage=ev["damage"],
                             max=data().settings.car_max_damage)
        house = W.parked_on(ev["path"][-1])
        if house is not None:
            line += " " + t("zt.ev.parked", lang, house=W.house_name(house, lang))
        elif (house := W.driveway_of(ev["path"][-1])) is not None:
            line += " " + t("zt.ev.parked_driveway", lang, house=W.house_name(house, lang))
        return line

    def _game_over(self, ev: dict[str, Any], names: dict[str, str], lang: str) -> str:
        scores = " · ".join(f"{self._who(s, names)} {n}" for s, n in sorted(ev["scores"].items(), key=lambda kv: -kv[1]))
        winners = join([self._who(w, names) for w in ev.get("winners") or []], lang)
        key = "zt.ev.game_over" if len(ev.get("winners") or []) == 1 else "zt.ev.game_over_tie"
        line = t(key, lang, winners=winners or "—", scores=scores)
        for seat, row in (ev.get("detail") or {}).items():
            parts = [t(f"zt.score.{k}", lang, n=v) for k, v in row.items() if k != "total" and v]
            line += "\n" + t("zt.ev.score_row", lang, who=self._who(seat, names), total=row["total"],
                             parts=", ".join(parts) or "—")
        return line

    # -- what only one seat sees --------------------------------------------------------
    def private(self, events: list[dict[str, Any]], view: View, seat: str, locale: Any) -> list[str]:
        """The secret parts of ``events`` for ``seat`` (``view``: their own view, after the
        move), in their language: the card found, the key taken, the agenda drawn, the order
        set, and the key lying in the house they stand in."""
        lang = lang_of(locale)
        out = []
        for ev in events_for(events, seat):
            mine = ev.get("mine")
            if not mine:
                continue
            if ev["type"] == "found":
                out.append(t("zt.you.found", lang, card=W.card_name(mine["card"], lang),
                             text=self.card_text(mine["card"], lang)))
            elif ev["type"] == "key_taken":
                out.append(t("zt.you.key", lang, car=W.car_name(mine["key"], lang)))
            elif ev["type"] == "agenda_drawn":
                out.append(t("zt.you.agenda", lang, agenda=self.agenda_text(mine["card"], lang)))
            elif ev["type"] == "order_set":
                out.append(t("zt.you.order", lang, order=t(f"zt.order.{mine['order']}", lang)))
        you = view.get("you") or {}
        moved_in = any(e["type"] in ("moved", "fled", "respawn") and e.get("seat") == seat for e in events)
        if you.get("key_here") and moved_in:
            out.append(t("zt.you.key_here", lang, car=W.car_name(you["key_here"], lang)))
        return out

    def card_text(self, card: str, lang: str) -> str:
        info = card_info(card)
        k = info["kind"]
        if k == "weapon":
            return W.weapon_text(card, None, lang)
        if k == "supply":
            return tn("zt.points", info.get("points", 0), lang)
        return t(f"zt.kind.{k}", lang)

    def agenda_text(self, card: str, lang: str) -> str:
        objectives = data().settings.agendas[card.rsplit("_", 1)[0]]["objectives"]
        return t("zt.agenda", lang, name=W.agenda_name(card, lang),
                 objectives=" / ".join(W.objective_text(card, i, lang) for i in range(len(objectives))))

    def hand(self, view: View, seat: str, names: dict[str, str], locale: Any) -> str:
        lang = lang_of(locale)
        you = view["you"]
        me = view["players"][seat]
        lines = [t("zt.hand.title", lang, character=W.character_name(me["character"], lang),
                   text=W.character_text(me["character"], lang), health=me["health"], max=me["max_health"])]
        lines.append(t("zt.hand.cards", lang, n=len(you["hand"])))
        lines += [f"• {W.card_name(c, lang)} — {self.card_text(c, lang)}" for c in you["hand"]]
        if view["road_rage"]:
            keys = [W.car_name(k, lang) for k in you["keys"]]
            lines.append(t("zt.hand.keys", lang, keys=join(keys, lang) or t("zt.nothing", lang)))
            if you.get("key_here"):
                lines.append(t("zt.you.key_here", lang, car=W.car_name(you["key_here"], lang)))
            lines.append(t("zt.hand.agendas", lang))
            lines += [f"• {self.agenda_text(a, lang)}" for a in you["agendas"]] or [f"• {t('zt.nothing', lang)}"]
            for done in me["done"]:
                lines.append("🎯 " + t("zt.hand.done", lang, agenda=W.agenda_name(done["card"], lang),
                                       objective=W.objective_text(done["card"], done["objective"], lang)))
        lines.append(t("zt.hand.order", lang, order=t(f"zt.order.{you.get('order', 'best')}", lang)))
        if you.get("scores"):
            parts = [t(f"zt.score.{k}", lang, n=v) for k, v in you["scores"].items() if k != "total" and v]
            lines.append(t("zt.hand.score", lang, total=you["scores"]["total"], parts=", ".join(parts) or "—"))
        return "\n".join(lines)

    # -- status and prompt ------------------------------------------------------------
    def status(self, view: View, names: dict[str, str], locale: Any) -> str:
        lang = lang_of(locale)
        lines = [t("zt.status.day", lang, day=view["day"], last=view["last_day"],
                   zombies=sum(view["zombies"].values()), box=view["box"])]
        for seat in view["order"]:
            p = view["players"][seat]
            if p["out"]:
                continue
            where = t("zt.status.dead", lang) if p["dead"] else W.node_name(p["pos"], lang)
            if p["car"]:
                where += " " + t("zt.status.in_car", lang, car=W.car_name(p["car"], lang))
            gear = [W.weapon_text(w["card"], w["ammo"], lang) for w in p["weapons"]]
            lines.append(t("zt.status.player", lang, who=self._who(seat, names), where=where,
                           character=W.character_name(p["character"], lang), health=p["health"],
                           max=p["max_health"], weapons=join(gear, lang) or t("zt.nothing", lang),
                           followers=len(p["followers"]), zombies=p["zombies"], cards=p["hand"], keys=p["keys"],
                           score=view["scores"].get(seat, 0)))
        owned = [f"{W.house_name(h, lang)} ({self._who(x['owner'], names)}"
                 + (f", 🪵{x['barricades']}" if x["barricades"] else "") + ")"
                 for h, x in view["houses"].items() if x["owner"]]
        if owned:
            lines.append(t("zt.status.houses", lang, houses=", ".join(owned)))
        prompt = self.prompt(view, names, lang)
        if prompt:
            lines.append(prompt)
        return "\n".join(lines)

    def alt_lines(self, view: View, names: dict[str, str], locale: Any) -> list[str]:
        """The status, whose turn it is on its first line (kept however long the table)."""
        lines = super().alt_lines(view, names, locale)
        if view["current"] is not None and view["phase"] != "over":
            lines[0] += " · " + t("alt.turn", locale, who=self._who(view["current"], names))
        return lines

    def prompt(self, view: View, names: dict[str, str], locale: Any) -> str:
        lang = lang_of(locale)
        seat = view["current"]
        if seat is None or view["phase"] == "over":
            return ""
        phase = view["phase"]
        if phase == "deal":
            return tn("zt.prompt.deal", view["players"][seat]["hand"] - data().settings.keep, lang)
        if phase == "encounter":
            enc = view["encounter"] or {}
            pos = view["players"][seat]["pos"]
            return tn("zt.prompt.encounter", enc.get("left", 0), lang, node=W.node_name(pos, lang))
        if phase == "zombies":
            return tn("zt.prompt.zombies", view["zombie_moves_left"], lang)
        if phase == "redraw":
            return t("zt.prompt.redraw", lang)
        free = t("zt.prompt.free_yes" if view["free_move"] else "zt.prompt.free_no", lang)
        return tn("zt.prompt.act", view["actions"], lang, free=free)

    # -- refusals ---------------------------------------------------------------------
    PHASES = {"draw a new secret agenda, or not": "redraw", "move the zombies": "zombies",
              "fight the zombies here or flee": "encounter", "take an action or end your turn": "act"}

    def localize_params(self, params: dict[str, Any], locale: Any) -> dict[str, Any]:
        out = dict(params)
        if isinstance(out.get("node"), str):
            out["node"] = W.node_name(out["node"], locale)
        if out.get("phase") in self.PHASES:
            out["phase"] = t(f"zt.phase.{self.PHASES[out['phase']]}", locale)
        return out

    # -- buttons ----------------------------------------------------------------------
    def encode(self, action: Action) -> str:
        for code, act in CODES.items():
            if act == action:
                return code
        return super().encode(action)

    def decode(self, code: str) -> Action:
        if code in CODES:
            return dict(CODES[code])
        return super().decode(code)

    @cached_property
    def choices(self) -> dict[str, Command]:
        return self.commands()
