"""Risk: The Walking Dead in Discord words: invasions and battles with dice as text, the
modifiers shown (``[6] > [4+1]``), crates and standing orders only to their owner.

Narration reads ``events_for(events, None)`` only, so crate values and defence orders never
reach the channel; :meth:`WalkingDeadPresenter.private` and ``/game hand`` tell them to their
owner. Every event an action produces reads as a line (phase changes only when nothing else
of the action does), so no move is silent.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from bot.games.base import Action, Presenter, View
from bot.games.choices import Command, Context, Slot
from bot.i18n import count, join, lang_of, t, text_of, tn
from bot.rules import names as N
from bot.rules.events import events_for
from bot.rules.walking_dead.crates import AMMO_TABLE, CRATE_VALUES, pick_crates, trade_choices
from bot.rules.walking_dead.walkers import EDGE

GAME = "walking_dead"
WALKERS = "walkers"
QUIET = frozenset({"phase", "end_placement", "end_attack"})
# Parameterless actions, offered as buttons (the rest go through /twd commands).
CODES: dict[str, Action] = {
    "d1": {"type": "defend", "dice": 1},
    "d2": {"type": "defend", "dice": 2},
    "pr": {"type": "place_rest"},
    "r": {"type": "roll", "until": False},
    "ru": {"type": "roll", "until": True},
    "x": {"type": "retreat"},
    "ep": {"type": "end_placement"},
    "ea": {"type": "end_attack"},
    "et": {"type": "end_turn"},
}
# The map engine's refusals (and malformed details) that name its pieces "members": this game's
# own texts (``wd.err.…``) say survivors.
OWN_WORDS = frozenset({"err.bad_number", "err.out_of_range", "err.members_to_place", "err.place_phase_only",
                       "err.none_to_place", "err.too_few_to_attack", "err.too_few_to_move", "err.malformed.count"})
BUTTONS = frozenset({"place_rest", "roll", "retreat", "end_placement", "end_attack", "end_turn"})


@cache
def _cards() -> dict[str, dict[str, Any]]:
    path = Path(__file__).resolve().parents[3] / "data" / GAME / "actions.json"
    return {c["id"]: c for c in json.loads(path.read_text(encoding="utf-8"))["cards"]}


def card_name(cid: str | None, lang: str) -> str:
    card = _cards().get(cid or "")
    if card is None:
        return str(cid or "?")
    return str(card.get("name_fr" if lang == "fr" else "name") or card.get("name") or cid)


def card_text(cid: str | None, lang: str) -> str:
    card = _cards().get(cid or "")
    return str((card or {}).get("text_fr" if lang == "fr" else "text") or (card or {}).get("text") or "")


def tname(tid: str | None, lang: str) -> str:
    return N.name(GAME, "territory", tid, lang) if tid else "—"


def dice(values: list[int] | None, mod: int = 0) -> str:
    """``[4+1] [2+1]`` — each die with its modifier."""
    if not values:
        return "—"
    return " ".join(f"[{v}+{mod}]" if mod else f"[{v}]" for v in values)


# the events whose count is of survivors moved or placed
_SURVIVORS = frozenset({"place", "manoeuvre", "advance", "conquest", "retreat", "attack"})


class WalkingDeadPresenter(Presenter):
    game_id = GAME

    def who(self, seat: str | None, names: dict[str, str], lang: str) -> str:
        if seat == WALKERS:
            return t("wd.walkers", lang)
        return names.get(seat or "", seat or "?")

    # -- buttons ----------------------------------------------------------------------
    def encode(self, action: Action) -> str:
        plain = action if action["type"] == "defend" else {k: v for k, v in action.items() if k != "dice"}
        for code, act in CODES.items():
            if act == plain:
                return code
        return super().encode(action)

    def decode(self, code: str) -> Action:
        if code in CODES:
            return dict(CODES[code])
        return super().decode(code)

    def buttons(self, view: View, seat: str, legal: list[Action]) -> list[Action]:
        out: list[Action] = []
        for action in legal:
            if action["type"] == "roll":
                out += [{"type": "roll", "until": False}, {"type": "roll", "until": True}]
            elif action["type"] == "defend":  # asked live: the most dice first, grenade by the standing order
                most = action["dice"]["max"]
                out += [{"type": "defend", "dice": d} for d in range(most, 0, -1)]
            elif action["type"] in BUTTONS:
                out.append({"type": action["type"]})
        unique: list[Action] = []  # the two roll forms (one roll, until decided) give the same buttons
        for action in out:
            if action not in unique:
                unique.append(action)
        return unique

    def action_label(self, action: Action, view: View, locale: Any) -> str:
        kind = action["type"]
        if kind == "roll":
            return t("wd.btn.roll_until" if action.get("until") else "wd.btn.roll", locale)
        if kind == "defend":
            return tn("wd.btn.defend", action.get("dice", 2), locale, n=action.get("dice", 2))
        return t(f"wd.btn.{kind}", locale)

    # -- typed input and autocomplete ----------------------------------------------------
    def territory(self, text: Any, among: Any = None) -> str | None:
        """The territory a player meant (an id, a name in either language, or the unique start of one)."""
        return N.resolve(GAME, "territory", text, among)

    def refusal_key(self, key: str) -> str:
        """The map engine's refusals about "members" read "survivors" here."""
        return f"wd.{key}" if key in OWN_WORDS else key

    def localize_params(self, params: dict[str, Any], locale: Any) -> dict[str, Any]:
        out = dict(params)
        if out.get("detail_key") in OWN_WORDS:  # a malformed count: survivors, not members
            out["detail_key"] = f"wd.{out['detail_key']}"
        for key in ("territory", "src", "dst"):
            value = out.get(key)
            tid = N.lookup(GAME, "territory", value) if isinstance(value, str) else None
            if tid is not None:
                out[key] = tname(tid, locale)
        return out

    @cached_property
    def choices(self) -> dict[str, Command]:
        where = Slot("territory", self.territory, self._territory_labels, self._territory_texts, sort=True)
        survivors = Slot("count")
        return {
            "claim": Command(("claim",), {"territory": replace(where, for_me=True)}),
            "start": Command(("place_start",), {"territory": replace(where, for_me=True)}),
            "place": Command(("place",), {"territory": where, "count": survivors}),
            "attack": Command(("attack",), {
                "from": replace(where, part="from"), "to": replace(where, part="to"),
                "count": Slot("count", requires=("from",)), "dice": Slot("dice", ask=False)}),
            "move": Command(("manoeuvre",), {
                "from": replace(where, part="from"), "to": replace(where, part="to"),
                "count": Slot("count", requires=("from",))}),
            "advance": Command(("advance",), {"count": survivors}),
            "trade": Command(("trade",), {"ammo": Slot("cards", labels=self._trade_labels, values=self._trade_totals,
                                                       to_part=self._trade_crates)}, private=True),
        }

    @staticmethod
    def _trades(ctx: Context) -> dict[int, tuple[int, int]]:
        """Ammunition → the fewest crates of the hand worth it (ones, twos), as the form allows."""
        form = ctx.forms[0]
        hand = [c for c in form["cards"]] if isinstance(form.get("cards"), list) else []
        span = form.get("razors") or {"min": 2, "max": 10}
        out: dict[int, tuple[int, int]] = {}
        for total, ones, twos in trade_choices(hand):
            if span["min"] <= total <= span["max"] and total not in out:
                out[total] = (ones, twos)
        return out

    def _trade_totals(self, ctx: Context) -> list[int]:
        return sorted(self._trades(ctx), reverse=True)

    def _trade_labels(self, totals: list[int], ctx: Context) -> list[str]:
        key = "wd.ac.trade_cards" if ctx.view.get("mode") == "conquest" else "wd.ac.trade"
        trades = self._trades(ctx)
        out = []
        for total in totals:
            ones, twos = trades[total]
            crates = ", ".join(t("wd.crate", ctx.lang, n=v) for v in [1] * ones + [2] * twos)
            out.append(t(key, ctx.lang, ammo=total, crates=crates, survivors=AMMO_TABLE[total]))
        return out

    def _trade_crates(self, total: int, ctx: Context) -> list[str]:
        ones, twos = self._trades(ctx)[total]
        form = ctx.forms[0]
        return pick_crates(list(form["cards"]), ones, twos)

    @staticmethod
    def _territory_texts(tid: str, ctx: Context) -> tuple[str, str]:
        return tname(tid, ctx.lang), tid

    def _territory_labels(self, tids: list[str], ctx: Context) -> list[str]:
        terr = ctx.view["territories"]
        return [t("wd.ac.territory", ctx.lang, territory=tname(tid, ctx.lang),
                  who=self.who(terr[tid]["owner"], dict(ctx.names), ctx.lang) if terr[tid]["owner"] else "—",
                  n=terr[tid]["troops"]) for tid in tids]

    # -- narration --------------------------------------------------------------------
    def narrate(self, events: list[dict[str, Any]], names: dict[str, str], locale: Any) -> list[str]:
        lang = lang_of(locale)
        out: list[str] = []
        quiet: list[str] = []
        public = events_for(events, None)
        defending = {ev.get("seat") for ev in public if ev["type"] == "defend"}
        for ev in public:
            kind = ev["type"]
            if kind in ("skipped", "kicked"):  # the platform's moves, in its words
                out.append(t(f"ev.{kind}", lang, who=self.who(ev.get("seat"), names, lang)))
                continue
            if kind == "timeout":  # a defender asked live: their standing order answers
                key = "wd.ev.timeout_defend" if ev.get("seat") in defending else "ev.timeout"
                out.append(t(key, lang, who=self.who(ev.get("seat"), names, lang), count=ev.get("count", 1),
                             limit=ev.get("limit", 3)))
                continue
            if ev["type"] in QUIET:
                kind = {"attack": "end_placement", "manoeuvre": "end_attack"}.get(ev.get("phase"), ev["type"])
                key = f"wd.ev.{kind}" if text_of(f"wd.ev.{kind}", lang) else "wd.ev.phase"
                quiet.append(t(key, lang, who=self.who(ev.get("seat"), names, lang)))
                continue
            out += self._lines(ev, names, lang)
        return out or quiet[-1:]

    def _lines(self, ev: dict[str, Any], names: dict[str, str], lang: str) -> list[str]:  # noqa: C901, PLR0911, PLR0912
        kind = ev["type"]
        who = self.who(ev.get("seat"), names, lang)
        terr = tname(ev.get("territory"), lang)
        n = ev.get("count", 0)
        if kind == "roll":
            return [self._roll(ev, names, lang)]
        if kind == "invasion":
            lines = [t("wd.ev.invasion", lang, territories=join([tname(x, lang) for x in ev.get("territories", [])], lang)
                       or "—", walkers=count("walker", ev.get("walkers", 0), lang))]
            for sp in ev.get("spawns", []):
                for r in sp.get("rolls") or []:
                    if isinstance(r, dict):  # the survivors' +1 on every die, a watchtower's on the best
                        r = {"seat": WALKERS, "defender": sp.get("defender"), "def_mod": EDGE,
                             "defence_bonus": 1 if sp.get("tower") else 0, **r}
                        lines.append(self._roll(r, names, lang))
                if sp.get("overrun"):
                    lines.append(t("wd.ev.overrun", lang, territory=tname(sp.get("territory"), lang),
                                   who=self.who(sp.get("defender"), names, lang)))
            return lines
        if kind == "game_over":
            scores = ", ".join(f"{self.who(s, names, lang)} {v}" for s, v in (ev.get("scores") or {}).items())
            winners = join([self.who(s, names, lang) for s in ev.get("winners") or []], lang) or "—"
            return [t("wd.ev.game_over", lang, winners=winners, scores=scores or "—")]
        params: dict[str, Any] = {
            "who": who, "territory": terr, "n": n,
            "src": tname(ev.get("from"), lang), "dst": tname(ev.get("to"), lang),
        }
        if kind == "claim":
            params["left"] = ev.get("left", 0)
        elif kind in ("place", "place_start"):
            params["n"] = ev.get("count", 1)
            params["left"] = ev.get("left", 0)
        elif kind == "placement_order":
            params["order"] = join([self.who(s, names, lang) for s in ev.get("order", [])], lang)
        elif kind == "walkers_placed":
            params["n"] = len(ev.get("territories", []))
        elif kind == "groups":
            params["groups"] = ", ".join(t("wd.group_of", lang, who=self.who(s, names, lang),
                                           group=N.name(GAME, "gang", g, lang))
                                         for s, g in (ev.get("groups") or {}).items())
        elif kind == "setup_done":
            params["who"] = self.who(ev.get("first"), names, lang)
        elif kind == "turn":
            params.update(turn=ev.get("turn", 0), n=ev.get("reserve", 0))
        elif kind == "round":
            kind = "round_final" if ev.get("final") else "round"
            params.update(round=ev.get("round", 0), marker=ev.get("marker", 0))
        elif kind in ("action", "objective"):
            params["card"] = card_name(ev.get("card"), lang)
            params["text"] = card_text(ev.get("card"), lang)
            if kind == "objective":
                kind = "objective_met" if ev.get("met") else "objective_missed"
        elif kind == "trade":
            params.update(n=len(ev.get("crates", [])), ammo=ev.get("ammo", 0), survivors=ev.get("survivors", 0))
        elif kind == "trade_cards":
            params["cards"] = join([tname(c, lang) for c in ev.get("cards", [])], lang) or "—"
            bonus = ev.get("bonus") or {}
            params["n"] = sum(bonus.values())
            params["territories"] = join([tname(x, lang) for x in bonus], lang)
            if not bonus:
                kind = "trade_cards_none"
        elif kind in ("attack", "defender_asked"):
            params.update(n=ev.get("committed", 0), d=ev.get("defenders", 0),
                          defender=self.who(ev.get("defender", ev.get("seat")), names, lang),
                          attacker=self.who(ev.get("attacker"), names, lang))
        elif kind == "attack_end":
            if ev.get("result") in ("conquest", "conquered"):
                return []
            kind = "retreat" if ev.get("result") == "retreat" else "repelled"
            params["n"] = ev.get("returned", 0)
        elif kind == "conquest":
            params.update(n=ev.get("troops", 0), loser=self.who(ev.get("loser"), names, lang))
        elif kind == "defend":
            params["n"] = ev.get("dice", 1)
            params["territory"] = tname(ev.get("to"), lang)
        elif kind == "tower" and not ev.get("territory"):
            kind = "no_tower"
        elif kind == "eliminated":
            params["by"] = self.who(ev.get("by"), names, lang)
        elif kind == "reshuffle":
            params["n"] = ev.get("deck", 0)
        elif kind == "horde":
            params["round"] = ev.get("round", 0)
        key = f"wd.ev.{kind}"
        if kind in _SURVIVORS:  # a count says what it counts: « 3 survivors »
            params["survivors"] = count("survivor", params["n"], lang)
        if text_of(key, lang) is None:
            return []
        return [tn(key, params["n"], lang, **params)]

    def _roll(self, ev: dict[str, Any], names: dict[str, str], lang: str) -> str:
        """``[6+1] [3+1] vs [4] [2]``, the pairs compared (``6+1 > 4``), the losses, a grenade's
        die and the turning roll. Modifiers: ``att_mod``/``def_mod`` on every die (+1 against
        walkers), ``att_bonus``/``defence_bonus`` on the best die (a card, a group leader, a
        watchtower)."""
        att = sorted(ev.get("att") or [], reverse=True)
        dfn = sorted(ev.get("def") or [], reverse=True)
        am = [(ev.get("att_mod") or 0) + ((ev.get("att_bonus") or 0) if i == 0 else 0) for i in range(len(att))]
        dm = [(ev.get("def_mod") or 0) + ((ev.get("defence_bonus") or 0) if i == 0 else 0) for i in range(len(dfn))]

        def die(v: int, m: int) -> str:
            return f"{v}+{m}" if m else str(v)

        pairs = []
        for i, (a, d) in enumerate(zip(att, dfn, strict=False)):
            x, y = a + am[i], d + dm[i]  # ties go to the defender
            pairs.append(f"{die(a, am[i])} > {die(d, dm[i])}" if x > y else
                         f"{die(d, dm[i])} > {die(a, am[i])}" if y > x else f"{die(d, dm[i])} = {die(a, am[i])}")
        line = t("wd.ev.roll", lang, att=" ".join(f"[{die(v, m)}]" for v, m in zip(att, am, strict=True)) or "—",
                 dfn=" ".join(f"[{die(v, m)}]" for v, m in zip(dfn, dm, strict=True)) or "—",
                 pairs=(" ; " if lang == "fr" else "; ").join(pairs) or "—", al=ev.get("att_losses", 0), dl=ev.get("def_losses", 0),
                 attacker=self.who(ev.get("seat"), names, lang), defender=self.who(ev.get("defender"), names, lang))
        for side in ("att", "def"):
            thrown = ev.get(f"{side}_grenade") or (ev.get("grenade") if side == "def" else None)
            if isinstance(thrown, dict) and "was" in thrown:
                who = ev.get("seat") if side == "att" else ev.get("defender")
                line += " " + t("wd.ev.grenade", lang, who=self.who(who, names, lang), was=thrown["was"])
        if ev.get("turning"):
            line += " " + tn("wd.ev.turning", ev.get("turned", 0), lang, rolls=dice(ev["turning"]), n=ev.get("turned", 0))
        return line

    # -- secrets: to their owner only ----------------------------------------------------
    def private(self, events: list[dict[str, Any]], view: View, seat: str, locale: Any) -> list[str]:
        lang = lang_of(locale)
        out: list[str] = []
        for ev in events_for(events, seat):
            mine = (ev.get("private") or {}).get(seat) or ev.get("mine") or {}
            if not isinstance(mine, dict):
                continue
            if mine.get("crates"):
                out.append(t("wd.private.crates", lang, crates=self._crates(mine["crates"], lang)))
            if mine.get("orders"):
                out.append(t("wd.private.orders", lang, **self._orders(mine["orders"], lang)))
            if "grenade" in mine:
                out.append(t("wd.private.grenade_yes" if mine["grenade"] else "wd.private.grenade_no", lang))
        return out

    @staticmethod
    def _crates(crates: list[Any], lang: str) -> str:
        """Crate ids (an event's private part) or ``{"id", "ammo"}`` (the owner's view)."""
        values = [c.get("ammo", 0) if isinstance(c, dict) else CRATE_VALUES.get(c, 0) for c in crates]
        return ", ".join(t("wd.crate", lang, n=v) for v in values) or "—"

    @staticmethod
    def _orders(orders: dict[str, Any], lang: str) -> dict[str, str]:
        return {"dice": t(f"wd.order.dice_{orders.get('dice', 'most')}", lang),
                "grenade": t(f"wd.order.grenade_{orders.get('grenade', 'save')}", lang)}

    def hand(self, view: View, seat: str, names: dict[str, str], locale: Any) -> str:
        lang = lang_of(locale)
        you = view.get("you") or {}
        if not you:
            return t("hand.none", lang)
        return t("wd.hand", lang, crates=self._crates(you.get("crates") or [], lang), ammo=you.get("ammo", 0),
                 grenades=you.get("grenades", 0), **self._orders(you.get("orders") or {}, lang))

    # -- status -------------------------------------------------------------------------
    standing_key = "story.standing.survivors"

    def standings(self, view: View) -> dict[str, float]:
        """A group's standing: in Conquest what its score counts, the territories it holds;
        in Survival its survivors on the board (the rulebook's strength)."""
        what = "territories" if view.get("mode") == "conquest" else "survivors"
        return {str(s): float(p.get(what, 0)) for s, p in (view.get("players") or {}).items()}

    def standing_label(self, view: View, locale: Any) -> str:
        return t("story.standing.territories" if view.get("mode") == "conquest" else self.standing_key, locale)

    def status(self, view: View, names: dict[str, str], locale: Any) -> str:
        lang = lang_of(locale)
        inv = view.get("invasion") or {}
        lines = [t("wd.status.head", lang, mode=t(f"opt.walking_dead.mode.{view.get('mode', 'survival')}", lang),
                   turn=view.get("turn", 0), round=inv.get("round", 0), marker=inv.get("marker", 0),
                   who=self.who(view.get("current"), names, lang) if view.get("current") else "—")]
        for seat, p in (view.get("players") or {}).items():
            lines.append(t("wd.status.player", lang, who=self.who(seat, names, lang),
                           group=N.name(GAME, "gang", p.get("group"), lang) if p.get("group") else "—",
                           territories=count("territory", p.get("territories", 0), lang),
                           survivors=count("survivor", p.get("survivors", 0), lang),
                           crates=count("crate", p.get("crates", 0), lang),
                           grenades=count("grenade", p.get("grenades", 0), lang)))
        return "\n".join(lines)

    def prompt(self, view: View, names: dict[str, str], locale: Any) -> str:
        lang = lang_of(locale)
        if view.get("outcome") or view.get("winners"):
            return ""
        battle = view.get("battle") or {}
        if battle.get("waiting"):
            return t("wd.prompt.defend", lang, who=self.who(battle["waiting"], names, lang),
                     territory=tname(battle.get("to"), lang), attacker=self.who(battle.get("attacker"), names, lang),
                     n=battle.get("committed", 0), d=battle.get("defenders", 0))
        phase, current = view.get("phase"), view.get("current")
        if phase == "claim":
            return tn("wd.prompt.claim", (view.get("setup") or {}).get("free", 0), lang)
        if phase == "garrison":
            left = ((view.get("players") or {}).get(current) or {}).get("pawns", 0)
            return tn("wd.prompt.garrison", left, lang, n=left)
        reserve = (view.get("placement") or {}).get("reserve", 0)
        if phase == "place" and reserve:
            return tn("wd.prompt.place", reserve, lang, n=reserve)
        if phase == "battle" and battle:
            return t("wd.prompt.battle", lang, src=tname(battle.get("from"), lang), dst=tname(battle.get("to"), lang),
                     n=battle.get("committed", 0), d=battle.get("defenders", 0))
        if phase in ("place", "attack"):
            return t("wd.prompt.attack", lang)
        if phase == "manoeuvre":
            return t("wd.prompt.manoeuvre", lang)
        return t("wd.prompt", lang, who=self.who(current, names, lang),
                 phase=t(f"wd.phase.{phase}", lang) if phase else "—")
