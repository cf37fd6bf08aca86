"""Risk Express in Discord words: dice as emoji and text, one line per move.

A turn's first choice (up to 14 cards × their lines) is offered in two steps: the card,
then the line (:meth:`RiskExpressPresenter.groups`).
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from bot.games.base import Action, Group, Presenter, View
from bot.games.choices import Command, Context, Slot
from bot.i18n import count, fmt_pct, join, lang_of, shorten, t, tn
from bot.rules import names as N
from bot.rules.events import events_for
from bot.rules.risk_express.game import GENERAL, load_cards
from bot.rules.risk_express.odds import view_chance

GAME = "risk_express"

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
    return N.name(GAME, "card", card_id, lang_of(locale))


def continent_name(cont: str, locale: Any) -> str:
    return N.name(GAME, "continent", cont, lang_of(locale))


def chance_text(p: float, locale: Any) -> str:
    """A chance on a label: whole percents, a tenth below 1 % (a long shot is not « 0 % »)."""
    return fmt_pct(p, locale, 1 if 0 < p < 0.01 else 0)


def with_chance(label: str, p: float | None, locale: Any, limit: int = 80) -> str:
    """« label · 43 % »: the chance kept whole, the label shortened at a word if need be."""
    if p is None:
        return shorten(label, limit)
    tail = " · " + t("re.chance", locale, p=chance_text(p, locale))
    return shorten(label, limit - len(tail)) + tail


def line_value(line: Any) -> str:
    """A line as the autocomplete sends it back: ``"1"``–``"3"`` or ``"general"``."""
    return GENERAL if line == GENERAL else str(int(line) + 1)


def parse_line(text: Any) -> int | str | None:
    """A line as a player writes it: ``1``–``3`` (counted from 1) or the General line
    (``general``, ``général``, ``g``, a ⭐). ``None`` for anything else; never raises."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    word = N.fold(text).strip(" .")
    if word in ("general", "g", "⭐", "general line", "ligne general", "ligne du general"):
        return GENERAL
    for prefix in ("line ", "ligne "):
        if word.startswith(prefix):
            word = word[len(prefix):].strip()
    if word in ("1", "2", "3"):  # ASCII digits only: "²" or "١" are no line
        return int(word) - 1
    return None


class RiskExpressPresenter(Presenter):
    game_id = GAME

    def encode(self, action: Action) -> str:
        if action["type"] == "fill":
            return f"f|{action['card']}|{action['line']}"
        return action["type"]

    def decode(self, code: str) -> Action:
        if code.startswith("f|"):
            _, card, line = code.split("|")
            return {"type": "fill", "card": card, "line": line if line == GENERAL else int(line)}
        return {"type": code}

    def line_name(self, line: Any, locale: Any) -> str:
        return t("re.general_line", locale) if line == GENERAL else t("re.line", locale, n=int(line) + 1)

    def need_of(self, card_id: str, line: Any) -> dict[str, int]:
        return {GENERAL: 1} if line == GENERAL else load_cards()["cards"][card_id]["lines"][line]

    def line_label(self, action: Action, locale: Any) -> str:
        """« line 2 (2🐎) »: a fill once its card is chosen."""
        return f"{self.line_name(action['line'], locale)} ({need_text(self.need_of(action['card'], action['line']), locale)})"

    def action_label(self, action: Action, view: View, locale: Any) -> str:
        """« Canada · line 2 (2🐎) · 43 % to take it »: a fill with the exact chance of then
        taking the card (:func:`~bot.rules.risk_express.odds.view_chance`)."""
        if action["type"] == "fill":
            return with_chance(f"{card_name(action['card'], locale)} · {self.line_label(action, locale)}",
                               view_chance(view, action["card"], action["line"]), locale)
        return t(f"re.action.{action['type']}", locale)

    def card_label(self, card_id: str, view: View, locale: Any, lines: list[Any] | None = None) -> str:
        """« Canada · 2 points · Alice's » — what a card is worth and whose it is (the public view);
        with the ``lines`` the throw fits on it, the best chance to take it with one of them."""
        card = load_cards()["cards"][card_id]
        owner = next((c["owner"] for c in view.get("cards", ()) if c["id"] == card_id), None)
        key = "re.group.owned" if owner is not None else "re.group.free"
        label = t(key, locale, card=card_name(card_id, locale), points=count("point", card["points"], locale))
        chances = [p for line in lines or () if (p := view_chance(view, card_id, line)) is not None]
        return with_chance(label, max(chances) if chances else None, locale)

    def groups(self, view: View, seat: str, actions: list[Action], locale: Any) -> list[Group] | None:
        """The card first (one group per card), then its lines; flat when the throw leaves
        one card (the target is fixed, or only one card fits)."""
        by_card: dict[str, list[Action]] = {}
        for action in actions:
            if action["type"] != "fill":
                return None
            by_card.setdefault(action["card"], []).append(action)
        if len(by_card) < 2:
            return None
        return [(cid, self.card_label(cid, view, locale, [a["line"] for a in acts]), acts)
                for cid, acts in by_card.items()]

    # -- narration --------------------------------------------------------------------
    def narrate(self, events: list[dict[str, Any]], names: dict[str, str], locale: Any) -> list[str]:
        """One line per decision; a chain of throws and lost dice reads as one line, and
        so does each round of the throws for who starts. Only the public part of the events
        is read (``events_for``: the channel's door to secrets)."""
        lang = lang_of(locale)
        lines: list[str] = []
        chain: list[str] = []
        start: list[dict[str, Any]] = []
        for ev in events_for(events, None):
            if ev["type"] == "start_roll":
                if start and start[-1].get("round") != ev.get("round"):
                    lines.append(self._start_round(start, names, lang))
                    start = []
                start.append(ev)
                continue
            if start:
                lines.append(self._start_round(start, names, lang))
                start = []
            if ev["type"] in ("roll", "miss"):
                chain += self._lines([ev], names, lang)
                continue
            if chain:
                lines.append(" → ".join(chain))
                chain = []
            lines += self._lines([ev], names, lang)
        if start:
            lines.append(self._start_round(start, names, lang))
        if chain:
            lines.append(" → ".join(chain))
        return lines

    def _start_round(self, rolls: list[dict[str, Any]], names: dict[str, str], lang: str) -> str:
        """One round of the throws for who starts (a later round: a tie thrown again)."""
        parts = []
        for r in rolls:
            generals = r.get("generals", list(r.get("dice", [])).count(GENERAL))
            parts.append(tn("re.ev.start_roll", generals, lang, who=names.get(r.get("seat", ""), r.get("seat", "")),
                            dice=dice_text(r.get("dice", []))))
        key = "re.ev.start_again" if (rolls[0].get("round") or 1) > 1 else "re.ev.start"
        return t(key, lang, rolls=" · ".join(parts))

    def _lines(self, events: list[dict[str, Any]], names: dict[str, str], lang: str) -> list[str]:  # noqa: C901, PLR0912
        lines: list[str] = []
        for ev in events:
            kind = ev["type"]
            who = names.get(ev.get("seat", ""), ev.get("seat", ""))
            if kind == "turn":
                lines.append(t("re.ev.turn", lang, turn=ev["turn"], who=who))
            elif kind == "roll":
                lines.append(t("re.ev.roll", lang, dice=dice_text(ev["dice"])))
            elif kind == "miss":
                lines.append(tn("re.ev.miss", ev["left"], lang, left=ev["left"]))
            elif kind == "fill":
                lines.append(t("re.ev.fill", lang, who=who, card=card_name(ev["card"], lang),
                               line=self.line_name(ev["line"], lang), dice=dice_text(ev["dice"])))
            elif kind == "conquer":
                frm = ev.get("from")
                key = "re.ev.conquer_from" if frm else "re.ev.conquer"
                lines.append(t(key, lang, who=who, card=card_name(ev["card"], lang),
                               points=count("point", ev["points"], lang), loser=names.get(frm or "", frm or "")))
            elif kind == "continent":
                lines.append(t("re.ev.continent", lang, who=who, continent=continent_name(ev["continent"], lang),
                               points=count("point", ev["value"], lang)))
            elif kind == "failed":
                key = "re.ev.failed" if ev.get("card") else "re.ev.failed_none"
                lines.append(t(key, lang, who=who, card=card_name(ev.get("card"), lang)))
            elif kind == "may_continue":
                lines.append(t("re.ev.may_continue", lang, who=who, card=card_name(ev["card"], lang),
                               other=names.get(ev["from"], ev["from"])))
            elif kind == "continue":
                lines.append(t("re.ev.continue", lang, who=who, card=card_name(ev["card"], lang)))
            elif kind == "fresh":
                lines.append(t("re.ev.fresh", lang, who=who))
            elif kind == "start_roll":
                lines.append(self._start_round([ev], names, lang))
            elif kind in ("first_player", "first"):
                lines.append(t("re.ev.first", lang, who=who))
            elif kind == "skipped":
                lines.append(t("ev.skipped", lang, who=who))
            elif kind == "kicked":
                lines.append(t("ev.kicked", lang, who=who))
            elif kind == "timeout":
                lines.append(t("ev.timeout", lang, who=who, count=ev["count"], limit=ev["limit"]))
            elif kind == "game_over":
                winners = join([names.get(w, w) for w in ev["winners"]], lang)
                table = " · ".join(f"{names.get(s, s)} {p}" for s, p in
                                   sorted(ev["scores"].items(), key=lambda kv: -kv[1]))
                key = "re.ev.game_over" if len(ev["winners"]) == 1 else "re.ev.game_over_tie"
                lines.append(t(key, lang, winners=winners, scores=table))
        return lines

    def status(self, view: View, names: dict[str, str], locale: Any) -> str:
        lang = lang_of(locale)
        scores = view["scores"]
        colon = " : " if lang == "fr" else ": "  # French puts a space before the colon
        board = " · ".join(f"{names.get(s, s)}{colon}{scores[s]}" for s in view["seats"])
        owned = sum(1 for c in view["cards"] if c["owner"] is not None)
        out = [t("re.status.scores", lang, scores=board), t("re.status.cards", lang, owned=owned, total=14)]
        if view["winners"] is None:
            seat = view["current"]
            out.insert(0, t("status.turn", lang, turn=view["turn"], who=names.get(seat or "", seat or "")))
        return "\n".join(x for x in out if x)

    def prompt(self, view: View, names: dict[str, str], locale: Any) -> str:
        lang = lang_of(locale)
        if view.get("winners") is not None:
            return ""
        if view["phase"] == "continue":
            failed = view["failed"]
            return t("re.prompt.continue", lang, card=card_name(failed["card"], lang),
                     other=names.get(failed["seat"], failed["seat"]))
        att = view["attempt"]
        parts = [tn("re.prompt.tray", att["set_aside"], lang, dice=dice_text(att["tray"]), aside=att["set_aside"])]
        if att["card"]:
            card = next(c for c in view["cards"] if c["id"] == att["card"])
            done = []
            for line in card["lines"]:
                mark = "✅" if line["filled"] is not None else "⬜"
                done.append(f"{mark} {need_text(line['need'], lang)}")
            if card["general"] is not None:
                done.append(f"{'✅' if card['general']['filled'] is not None else '⬜'} 1{FACE_EMOJI['general']}")
            parts.append(t("re.prompt.target", lang, card=card_name(att["card"], lang), lines=" · ".join(done)))
        else:
            parts.append(t("re.prompt.choose", lang))
        return "\n".join(parts)

    def localize_params(self, params: dict[str, Any], locale: Any) -> dict[str, Any]:
        out = dict(params)
        value = out.get("card")  # a name the engine wrote: exact, never a guess from a start
        card = N.lookup(GAME, "card", value) if isinstance(value, str) else None
        if card is not None:
            out["card"] = card_name(card, locale)
        return out

    # -- typed input and autocomplete -----------------------------------------------------
    def card(self, text: Any) -> str | None:
        """The card a player meant: an id from the list, a name in either language, or the
        unique start of one; raises :class:`~bot.rules.errors.AmbiguousName` when the text
        starts several names."""
        return N.resolve(GAME, "card", text)

    # -- autocomplete: what each /express option fills (bot.games.choices lists it) --------
    @cached_property
    def choices(self) -> dict[str, Command]:
        return {"play": Command(("fill",), {
            "card": Slot("card", self.card, self._card_labels, self._card_texts, match_label=True),
            "line": Slot("line", parse_line, self._line_labels, lambda v, ctx: (line_value(v),), match_label=True,
                         send=line_value),
        })}

    @staticmethod
    def _card_texts(cid: str, ctx: Context) -> tuple[str, str]:
        return cid, card_name(cid, "en")

    def _card_labels(self, cids: list[str], ctx: Context) -> list[str]:
        lines: dict[str, list[Any]] = {}
        for f in ctx.forms:
            for cid in f["card"] if isinstance(f["card"], list) else [f["card"]]:
                lines.setdefault(cid, []).extend(f["line"] if isinstance(f["line"], list) else [f["line"]])
        return [self.card_label(cid, ctx.view, ctx.lang, lines.get(cid)) for cid in cids]

    def _line_labels(self, lines: list[Any], ctx: Context) -> list[str]:
        """« line 2 (2🐎) » once the card is chosen; before, the card too (« Canada · line 2 (…) »),
        or the cards a line fits when it fits several."""
        out = []
        for line in lines:
            cards = [f["card"] for f in ctx.forms if f["line"] == line]
            action = {"type": "fill", "card": cards[0], "line": line}
            if "card" in ctx.given:
                out.append(with_chance(self.line_label(action, ctx.lang), view_chance(ctx.view, cards[0], line),
                                       ctx.lang, 100))
            elif len(cards) == 1:
                out.append(self.action_label(action, ctx.view, ctx.lang))
            else:
                out.append(f"{self.line_name(line, ctx.lang)} · {', '.join(card_name(c, ctx.lang) for c in cards)}")
        return out
