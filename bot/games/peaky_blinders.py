"""Risk Peaky Blinders in Discord words: battles with dice as text, odds, the Crown.

Narration goes through ``public_events`` only, so cards drawn or handed over never reach
the channel; the owner reads them with ``/game hand``.
"""

from __future__ import annotations

from typing import Any

from bot.games import Presenter
from bot.i18n import t
from bot.rules.peaky_blinders import public_events
from bot.rules.peaky_data import NEUTRAL

# Parameterless actions, offered as buttons (the rest go through /peaky commands).
CODES = {
    "r": {"type": "roll"},
    "ru": {"type": "roll", "until": True},
    "x": {"type": "retreat"},
    "fp": {"type": "flip_power"},
    "ep": {"type": "end_placement"},
    "ea": {"type": "end_attack"},
    "et": {"type": "end_turn"},
}


def engine():  # noqa: ANN201 - the registered engine, looked up late to avoid an import cycle
    from bot.rules import GAMES

    return GAMES["peaky_blinders"]


def tname(tid: str) -> str:
    return engine().tname(tid)


def dice(values: list[int]) -> str:
    return " ".join(f"[{v}]" for v in values)


def pct(p: float | None) -> str:
    return "?" if p is None else f"{100 * p:.1f}%"


class PeakyPresenter(Presenter):
    game_id = "peaky_blinders"

    # -- buttons ----------------------------------------------------------------------
    def encode(self, action: dict[str, Any]) -> str:
        for code, act in CODES.items():
            if act == {k: v for k, v in action.items() if not (k == "until" and v is False)}:
                return code
        if action["type"] == "play_power":
            return f"pp|{action['power']}"
        return super().encode(action)

    def decode(self, code: str) -> dict[str, Any]:
        if code in CODES:
            return dict(CODES[code])
        if code.startswith("pp|"):
            return {"type": "play_power", "power": code[3:]}
        raise ValueError(code)

    def buttons(self, state: dict[str, Any], seat: str, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for action in legal:
            if action["type"] == "play_power" and isinstance(action.get("power"), list):
                out += [{"type": "play_power", "power": p} for p in action["power"]]
            elif action["type"] in ("roll", "retreat", "flip_power", "end_placement", "end_attack", "end_turn",
                                    "play_power"):
                out.append(action)
        return out

    def action_label(self, action: dict[str, Any], state: dict[str, Any], locale: Any) -> str:
        kind = action["type"]
        if kind == "roll":
            return t("pb.btn.roll_until" if action.get("until") else "pb.btn.roll", locale)
        if kind == "play_power":
            power = engine().data.powers[action["power"]]
            return t("pb.btn.power", locale, name=power.name)[:80]
        return t(f"pb.btn.{kind}", locale)

    # -- narration --------------------------------------------------------------------
    def faction(self, key: str | None, names: dict[str, str], state: dict[str, Any] | None = None) -> str:
        if not key:
            return "?"
        if key.startswith(NEUTRAL):
            gang = engine().data.gangs[key[len(NEUTRAL):]]
            return gang["name"]
        return names.get(key, key)

    def narrate(self, events: list[dict[str, Any]], names: dict[str, str], locale: Any) -> list[str]:
        out: list[str] = []
        for ev in public_events(events, None):
            line = self._line(ev, names, locale)
            if line:
                out.append(line)
        return out

    def _line(self, ev: dict[str, Any], names: dict[str, str], locale: Any) -> str | None:
        kind = ev["type"]
        who = self.faction(ev.get("seat"), names)
        if kind == "turn":
            inc = ev["income"]
            parts = [t(f"pb.income.{k}", locale, n=v) for k, v in inc.items() if v]
            return t("pb.ev.turn", locale, turn=ev["turn"], who=who, n=ev["reserve"], parts=", ".join(parts))
        if kind == "place":
            return t("pb.ev.place", locale, who=who, n=ev["count"], territory=tname(ev["territory"]), left=ev["left"])
        if kind == "trade":
            return t("pb.ev.trade", locale, who=who, cards=", ".join(tname(c) for c in ev["cards"]),
                     razors=ev["razors"], n=ev["members"])
        if kind == "power_flipped":
            key = {"gain": "pb.ev.power_gain", "lose": "pb.ev.power_lose"}.get(ev.get("result"), "pb.ev.power_kept")
            lost = ", ".join(f"{tname(tid)} −{n}" for tid, n in (ev.get("losses") or {}).items())
            return t(key, locale, who=who, name=ev["name"], n=ev.get("value", 0), losses=lost or "—")
        if kind == "power_played":
            return t("pb.ev.power_played", locale, who=who, name=ev["name"])
        if kind == "neutral":
            spread = ", ".join(f"{tname(tid)} +{n}" for tid, n in ev["placements"].items())
            return t("pb.ev.neutral", locale, who=who, gang=self.faction(ev["faction"], names), spread=spread)
        if kind == "attack":
            return t("pb.ev.attack", locale, who=who, src=tname(ev["from"]), dst=tname(ev["to"]), n=ev["committed"],
                     defender=self.faction(ev.get("defender"), names), d=ev["defenders"])
        if kind == "roll":
            return t("pb.ev.roll", locale, att=dice(ev["att"]), dfn=dice(ev["def"]), al=ev["att_losses"],
                     dl=ev["def_losses"], left=ev["committed"], defenders=ev["defenders"])
        if kind == "conquest":
            return t("pb.ev.conquest", locale, who=who, territory=tname(ev["to"]),
                     loser=self.faction(ev.get("loser"), names), n=ev["troops"])
        if kind == "attack_end":
            if ev["result"] == "retreat":
                return t("pb.ev.retreat", locale, who=who, n=ev["returned"], territory=tname(ev["from"]))
            if ev["result"] == "repelled":
                return t("pb.ev.repelled", locale, territory=tname(ev["to"]))
            return None
        if kind == "phase":
            if ev.get("reason") == "beaten":
                return t("pb.ev.beaten", locale, who=who)
            return None
        if kind == "eliminated":
            return t("pb.ev.eliminated", locale, who=who, by=self.faction(ev.get("by"), names), cards=ev.get("cards", 0))
        if kind == "neutral_wiped":
            return t("pb.ev.neutral_wiped", locale, gang=self.faction(ev["faction"], names),
                     by=self.faction(ev.get("by"), names), cards=ev.get("cards", 0))
        if kind == "manoeuvre":
            return t("pb.ev.manoeuvre", locale, who=who, n=ev["count"], src=tname(ev["from"]), dst=tname(ev["to"]))
        if kind == "draw":
            return t("pb.ev.draw", locale, who=who, n=ev["count"])
        if kind == "reshuffle":
            return t("pb.ev.reshuffle", locale)
        if kind == "crown_roll":
            return t(f"pb.ev.crown_{ev['result']}", locale, dice=dice(ev["dice"]), total=sum(ev["dice"]),
                     territory=tname(ev["territory"]))
        if kind == "crown_move":
            return t("pb.ev.crown_move", locale, territory=tname(ev["territory"]), step=ev["step"] + 1,
                     steps=ev["steps"])
        if kind == "mission_completed":
            return t("pb.ev.mission", locale, who=who, name=ev["name"], n=ev["reward"])
        if kind == "skipped":
            return t("ev.skipped", locale, who=who)
        if kind == "kicked":
            return t("ev.kicked", locale, who=who)
        if kind == "game_over":
            scores = " · ".join(f"{self.faction(s, names)} {n}" for s, n in
                                sorted(ev["scores"].items(), key=lambda kv: -kv[1]))
            if not ev["winners"]:
                return t("pb.ev.nobody_wins", locale, scores=scores)
            return t("pb.ev.game_over", locale, winners=", ".join(self.faction(w, names) for w in ev["winners"]),
                     scores=scores, reason=t(f"pb.reason.{ev['reason']}", locale))
        return None

    # -- status, prompt, secrets ------------------------------------------------------
    def status(self, state: dict[str, Any], names: dict[str, str], locale: Any) -> str:
        view = engine().view(state, None)
        lines = []
        if view["current"]:
            lines.append(t("status.turn", locale, turn=view["turn"], who=names.get(view["current"], view["current"]))
                         + " " + t(f"pb.phase.{view['phase']}", locale))
        for seat, p in view["players"].items():
            gang = view["factions"][seat]["name"]
            out = " ☠️" if seat in view["eliminated"] else ""
            lines.append(t("pb.status.player", locale, who=names.get(seat, seat), gang=gang, t=p["territories"],
                           m=p["members"], cards=p["cards"]) + out)
        for key, n in view["neutrals"].items():
            if n["alive"]:
                lines.append(t("pb.status.neutral", locale, gang=view["factions"][key]["name"], t=n["territories"]))
        if view["crown"]:
            c = view["crown"]
            lines.append(t("pb.status.crown", locale, step=c["step"] + 1, steps=c["steps"], territory=tname(c["territory"])))
        prompt = self.prompt(state, names, locale)
        if prompt:
            lines.append(prompt)
        return "\n".join(lines)

    def prompt(self, state: dict[str, Any], names: dict[str, str], locale: Any) -> str:
        view = engine().view(state, None)
        if view["current"] is None:
            return ""
        phase = view["phase"]
        if phase == "place" and (view["placement"]["reserve"] > 0 or self._neutral_due(view)):
            pl = view["placement"]
            lines = [t("pb.prompt.place", locale, n=pl["reserve"])]
            if self._neutral_due(view):
                lines.append(t("pb.prompt.neutral", locale))
            return "\n".join(lines)
        if phase == "battle":
            b = view["battle"]
            return t("pb.prompt.battle", locale, src=tname(b["from"]), dst=tname(b["to"]), n=b["committed"],
                     d=b["defenders"], odds=pct(b["odds"]))
        if phase in ("attack", "place"):
            return t("pb.prompt.attack", locale)
        if phase == "manoeuvre":
            return t("pb.prompt.manoeuvre", locale)
        return ""

    @staticmethod
    def _neutral_due(view: dict[str, Any]) -> bool:
        pl = view["placement"]
        return bool(pl and not pl["neutral_done"] and any(n["alive"] for n in view["neutrals"].values()))

    def hand(self, state: dict[str, Any], seat: str, names: dict[str, str], locale: Any) -> str:
        you = engine().view(state, seat)["you"]
        lines = [t("pb.hand.cards", locale, n=len(you["cards"]), razors=you["razors"])]
        for card in you["cards"]:
            lines.append(f"• {card['name']} " + "🪒" * card["razors"])
        lines.append(t("pb.hand.missions", locale))
        for m in you["missions"]:
            where = ", ".join(tname(x) for x in m["territories"])
            mark = "✅" if m["done"] else ("🟡" if m["holding_now"] else "⬜")
            lines.append(t("pb.hand.mission", locale, mark=mark, name=m["name"], where=where, turns=m["turns"],
                           held=m["held"], reward=m["reward"]))
        lines.append(t("pb.hand.powers", locale))
        for p in you["powers"]:
            if p["state"] == "face_down":
                lines.append(t("pb.hand.face_down", locale))
            else:
                lines.append(f"• **{p['name']}** — {p.get('text', '')}")
        return "\n".join(lines)
