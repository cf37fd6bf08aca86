"""Risk Express in Discord words: dice as emoji and text, one line per move."""

from __future__ import annotations

from typing import Any

from bot.games import Presenter
from bot.i18n import t
from bot.rules.risk_express import GENERAL, load_cards

FACE_EMOJI = {
    "general": "⭐",
    "cavalry": "🐎",
    "cannon": "💣",
    "soldier1": "🪖1",
    "soldier2": "🪖2",
    "soldier3": "🪖3",
}


def dice_text(faces: list[str]) -> str:
    return " ".join(FACE_EMOJI[f] for f in faces) if faces else "—"


def need_text(need: dict[str, int], locale: Any) -> str:
    parts = []
    for face in ("general", "cavalry", "cannon"):
        if need.get(face):
            parts.append(f"{need[face]}{FACE_EMOJI[face]}")
    if need.get("soldiers"):
        parts.append(t("re.soldiers", locale, n=need["soldiers"]))
    return " + ".join(parts)


def card_name(card_id: str | None, locale: Any) -> str:
    if card_id is None:
        return "—"
    return load_cards()["cards"][card_id]["name"]


class RiskExpressPresenter(Presenter):
    game_id = "risk_express"

    def encode(self, action: dict[str, Any]) -> str:
        if action["type"] == "fill":
            return f"f|{action['card']}|{action['line']}"
        return action["type"]

    def decode(self, code: str) -> dict[str, Any]:
        if code.startswith("f|"):
            _, card, line = code.split("|")
            return {"type": "fill", "card": card, "line": line if line == GENERAL else int(line)}
        return {"type": code}

    def line_name(self, line: Any, locale: Any) -> str:
        return t("re.general_line", locale) if line == GENERAL else t("re.line", locale, n=int(line) + 1)

    def action_label(self, action: dict[str, Any], state: dict[str, Any], locale: Any) -> str:
        if action["type"] == "fill":
            cards = load_cards()["cards"]
            card = cards[action["card"]]
            need = {GENERAL: 1} if action["line"] == GENERAL else card["lines"][action["line"]]
            return f"{card['name']} · {self.line_name(action['line'], locale)} ({need_text(need, locale)})"[:80]
        return t(f"re.action.{action['type']}", locale)

    def narrate(self, events: list[dict[str, Any]], names: dict[str, str], locale: Any) -> list[str]:
        """One line per decision; a chain of throws and lost dice reads as one line."""
        lines: list[str] = []
        chain: list[str] = []
        for ev in events:
            if ev["type"] in ("roll", "miss"):
                chain += self._lines([ev], names, locale)
                continue
            if chain:
                lines.append(" → ".join(chain))
                chain = []
            lines += self._lines([ev], names, locale)
        if chain:
            lines.append(" → ".join(chain))
        return lines

    def _lines(self, events: list[dict[str, Any]], names: dict[str, str], locale: Any) -> list[str]:
        lines: list[str] = []
        data = load_cards()
        for ev in events:
            kind = ev["type"]
            who = names.get(ev.get("seat", ""), ev.get("seat", ""))
            if kind == "turn":
                lines.append(t("re.ev.turn", locale, turn=ev["turn"], who=who))
            elif kind == "roll":
                lines.append(t("re.ev.roll", locale, dice=dice_text(ev["dice"])))
            elif kind == "miss":
                lines.append(t("re.ev.miss", locale, left=ev["left"]))
            elif kind == "fill":
                lines.append(t("re.ev.fill", locale, who=who, card=card_name(ev["card"], locale),
                               line=self.line_name(ev["line"], locale), dice=dice_text(ev["dice"])))
            elif kind == "conquer":
                frm = ev.get("from")
                key = "re.ev.conquer_from" if frm else "re.ev.conquer"
                lines.append(t(key, locale, who=who, card=card_name(ev["card"], locale), points=ev["points"],
                               loser=names.get(frm or "", frm or "")))
            elif kind == "continent":
                lines.append(t("re.ev.continent", locale, who=who,
                               continent=data["continents"][ev["continent"]]["name"], value=ev["value"]))
            elif kind == "failed":
                key = "re.ev.failed" if ev.get("card") else "re.ev.failed_none"
                lines.append(t(key, locale, who=who, card=card_name(ev.get("card"), locale)))
            elif kind == "may_continue":
                lines.append(t("re.ev.may_continue", locale, who=who, card=card_name(ev["card"], locale),
                               other=names.get(ev["from"], ev["from"])))
            elif kind == "continue":
                lines.append(t("re.ev.continue", locale, who=who, card=card_name(ev["card"], locale)))
            elif kind == "fresh":
                lines.append(t("re.ev.fresh", locale, who=who))
            elif kind == "skipped":
                lines.append(t("ev.skipped", locale, who=who))
            elif kind == "kicked":
                lines.append(t("ev.kicked", locale, who=who))
            elif kind == "game_over":
                winners = ", ".join(names.get(w, w) for w in ev["winners"])
                table = " · ".join(f"{names.get(s, s)} {p}" for s, p in
                                   sorted(ev["scores"].items(), key=lambda kv: -kv[1]))
                lines.append(t("re.ev.game_over", locale, winners=winners, scores=table))
        return lines

    def status(self, state: dict[str, Any], names: dict[str, str], locale: Any) -> str:
        from bot.rules import GAMES

        game = GAMES["risk_express"]
        scores = game.scores(state)
        board = " · ".join(f"{names.get(s, s)}: {scores[s]}" for s in state["seats"])
        owned = sum(1 for o in state["owners"].values() if o is not None)
        out = [t("re.status.scores", locale, scores=board), t("re.status.cards", locale, owned=owned, total=14)]
        if state["winners"] is None:
            seat = game.current(state)
            out.insert(0, t("status.turn", locale, turn=state["turn"], who=names.get(seat or "", seat or "")))
            out.append(self.prompt(state, names, locale))
        return "\n".join(x for x in out if x)

    def prompt(self, state: dict[str, Any], names: dict[str, str], locale: Any) -> str:
        if state.get("winners") is not None:
            return ""
        if state["phase"] == "continue":
            failed = state["failed"]
            return t("re.prompt.continue", locale, card=card_name(failed["card"], locale),
                     other=names.get(failed["seat"], failed["seat"]))
        att = state["attempt"]
        parts = [t("re.prompt.tray", locale, dice=dice_text(att["tray"]), aside=att["set_aside"])]
        if att["card"]:
            cards = load_cards()["cards"]
            card = cards[att["card"]]
            done = []
            for i, line in enumerate(card["lines"]):
                mark = "✅" if str(i) in att["filled"] else "⬜"
                done.append(f"{mark} {need_text(line, locale)}")
            if att["general_needed"]:
                done.append(f"{'✅' if GENERAL in att['filled'] else '⬜'} 1{FACE_EMOJI['general']}")
            parts.append(t("re.prompt.target", locale, card=card["name"], lines=" · ".join(done)))
        else:
            parts.append(t("re.prompt.choose", locale))
        return "\n".join(parts)
