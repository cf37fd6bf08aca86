"""Risk Peaky Blinders in Discord words: battles with dice as text, odds, the Crown.

Narration goes through ``events_for`` (:mod:`bot.rules.events`) only, so cards drawn or handed over never reach
the channel; the owner reads them with ``/game hand``. Every event an action can produce
reads as a line (a phase change only when nothing else of the action does), so no move is
ever silent in the channel or in ``/game log``.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import Action, Presenter, View, matches, numbers
from bot.i18n import count, fmt_num, fmt_pct, join, lang_of, t, tn
from bot.rules import names as N
from bot.rules.events import events_for
from bot.rules.peaky_blinders.data import NEUTRAL
from bot.rules.risk_map.bounded_odds import BUDGET_CELLS, win_chances, win_chances_for
from bot.rules.risk_map.cards import trade_value

GAME = "peaky_blinders"

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
BUTTONS = frozenset({"roll", "retreat", "flip_power", "end_placement", "end_attack", "end_turn", "play_power"})
DEFENCE_ORDERS = ("always", "save", "never")
DEFAULT_DEFENCE = "always"


def engine():  # noqa: ANN201 - the registered engine, looked up late to avoid an import cycle
    from bot.rules import GAMES

    return GAMES[GAME]


def tname(tid: str, lang: Any = "en") -> str:
    return N.name(GAME, "territory", tid, lang)


def dice(values: list[int]) -> str:
    return " ".join(f"[{v}]" for v in values)


def cap(text: str) -> str:
    """A name at the start of a sentence (« le Gang juif » → « Le Gang juif »)."""
    return text[:1].upper() + text[1:]


def as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, (list, tuple)) else [value]


def fewest_cards(hand: list[str], razors: dict[str, int], lo: int = 2, hi: int = 10) -> dict[int, list[str]]:
    """For each razor total in ``[lo, hi]`` some cards of ``hand`` add up to, the fewest cards
    that do (dynamic programming over the totals: linear in the hand, never a search
    over its subsets). Which cards go does not matter to the rules, only their razors."""
    best: dict[int, list[str]] = {0: []}
    for card in hand:
        value = razors.get(card, 0)
        if value <= 0:
            continue
        for total in sorted(best, reverse=True):  # each card at most once
            new = total + value
            if new <= hi and (new not in best or len(best[new]) > len(best[total]) + 1):
                best[new] = [*best[total], card]
    return {k: v for k, v in best.items() if lo <= k <= hi}


class PeakyPresenter(Presenter):
    game_id = GAME

    # -- names ------------------------------------------------------------------------
    def faction(self, key: str | None, names: dict[str, str], lang: Any = "en", start: bool = False) -> str:
        """A seat's display name, or a neutral gang's name in ``lang``."""
        if not key:
            return "?"
        if key.startswith(NEUTRAL):
            gang = N.name(GAME, "gang", key[len(NEUTRAL):], lang)
            return cap(gang) if start else gang
        return names.get(key, key)

    def gang_of(self, view: View, seat: str, lang: Any) -> str:
        gang = view["players"][seat]["gang"]
        return N.name(GAME, "gang", gang, lang)

    def power_name(self, pid: str, lang: Any) -> str:
        return N.name(GAME, "power", pid, lang)

    # -- buttons ----------------------------------------------------------------------
    def encode(self, action: Action) -> str:
        for code, act in CODES.items():
            if act == {k: v for k, v in action.items() if not (k == "until" and v is False)}:
                return code
        if action["type"] == "play_power":
            return f"pp|{action['power']}"
        return super().encode(action)

    def decode(self, code: str) -> Action:
        if code in CODES:
            return dict(CODES[code])
        if code.startswith("pp|"):
            return {"type": "play_power", "power": code[3:]}
        raise ValueError(code)

    def buttons(self, view: View, seat: str, legal: list[Action]) -> list[Action]:
        out = []
        for action in legal:
            if action["type"] == "play_power":
                out += [{"type": "play_power", "power": p} for p in as_list(action.get("power"))]
            elif action["type"] in BUTTONS:
                out.append(action)
        return out

    def action_label(self, action: Action, view: View, locale: Any) -> str:
        kind = action["type"]
        if kind == "roll":
            return t("pb.btn.roll_until" if action.get("until") else "pb.btn.roll", locale)
        if kind == "play_power":
            return t("pb.btn.power", locale, name=self.power_name(action["power"], locale))[:80]
        return t(f"pb.btn.{kind}", locale)

    # -- narration --------------------------------------------------------------------
    def narrate(self, events: list[dict[str, Any]], names: dict[str, str], locale: Any) -> list[str]:
        lang = lang_of(locale)
        out: list[str] = []
        quiet: list[str] = []  # phase changes: said only if nothing else of the action is
        for ev in events_for(events, None):
            if ev["type"] == "phase" and ev.get("reason") != "beaten":
                quiet.append(self._phase_line(ev, names, lang))
                continue
            line = self._line(ev, names, lang)
            if line:
                out.append(line)
        return out or quiet[-1:]

    def _phase_line(self, ev: dict[str, Any], names: dict[str, str], lang: str) -> str:
        who = self.faction(ev.get("seat"), names, lang)
        key = {"attack": "pb.ev.end_placement", "manoeuvre": "pb.ev.end_attack"}.get(ev.get("phase"), "pb.ev.phase")
        return t(key, lang, who=who)

    def _line(self, ev: dict[str, Any], names: dict[str, str], lang: str) -> str | None:  # noqa: C901, PLR0911, PLR0912
        kind = ev["type"]
        who = self.faction(ev.get("seat"), names, lang)
        if kind == "turn":
            inc = ev.get("income") or {}
            parts = [t(f"pb.income.{k}", lang, n=fmt_num(v, lang)) for k, v in inc.items() if v]
            return t("pb.ev.turn", lang, turn=ev["turn"], who=who, members=count("member", ev["reserve"], lang),
                     parts=", ".join(parts) or "—")
        if kind == "place":
            return t("pb.ev.place", lang, who=who, members=count("member", ev["count"], lang),
                     territory=tname(ev["territory"], lang), left=fmt_num(ev["left"], lang))
        if kind == "trade":
            return t("pb.ev.trade", lang, who=who, cards=join([tname(c, lang) for c in ev["cards"]], lang),
                     razors=count("razor", ev["razors"], lang), members=count("member", ev["members"], lang))
        if kind == "power_flipped":
            name = self.power_name(ev["power"], lang)
            result = ev.get("result")
            if result == "gain":
                return t("pb.ev.power_gain", lang, who=who, name=name, members=count("member", ev.get("value", 0), lang))
            if result == "lose":
                lost = ", ".join(f"{tname(tid, lang)} −{n}" for tid, n in (ev.get("losses") or {}).items())
                return t("pb.ev.power_lose", lang, who=who, name=name, losses=lost or "—")
            return t("pb.ev.power_kept", lang, who=who, name=name)
        if kind == "power_played":
            key = "pb.ev.power_defence" if str(ev.get("effect", "")).startswith("defend") else "pb.ev.power_played"
            return t(key, lang, who=who, name=self.power_name(ev["power"], lang))
        if kind == "neutral":
            spread = ", ".join(f"{tname(tid, lang)} +{n}" for tid, n in ev["placements"].items())
            return t("pb.ev.neutral", lang, who=who, gang=self.faction(ev["faction"], names, lang), spread=spread)
        if kind == "attack":
            return tn("pb.ev.attack", ev["committed"], lang, who=who, src=tname(ev["from"], lang),
                      dst=tname(ev["to"], lang), defender=self.faction(ev.get("defender"), names, lang),
                      d=fmt_num(ev["defenders"], lang))
        if kind == "roll":
            return t("pb.ev.roll", lang, att=dice(ev["att"]), dfn=dice(ev["def"]), al=ev["att_losses"],
                     dl=ev["def_losses"], left=ev["committed"], defenders=ev["defenders"])
        if kind == "conquest":
            return tn("pb.ev.conquest", ev["troops"], lang, who=who, territory=tname(ev["to"], lang),
                      loser=self.faction(ev.get("loser"), names, lang))
        if kind == "attack_end":
            if ev["result"] == "retreat":
                return tn("pb.ev.retreat", ev["returned"], lang, who=who, territory=tname(ev["from"], lang))
            if ev["result"] == "repelled":
                return t("pb.ev.repelled", lang, territory=tname(ev["to"], lang))
            return None  # a conquest: its line is the conquest's
        if kind == "phase":  # beaten: the other phase changes are narrated by narrate()
            return t("pb.ev.beaten", lang, who=who)
        if kind == "eliminated":
            n = ev.get("cards", 0)
            key = "pb.ev.eliminated" if n else "pb.ev.eliminated_empty"
            return t(key, lang, who=who, by=self.faction(ev.get("by"), names, lang),
                     cards=count("territory_card", n, lang))
        if kind == "neutral_wiped":
            return t("pb.ev.neutral_wiped", lang, gang=self.faction(ev["faction"], names, lang),
                     by=self.faction(ev.get("by"), names, lang), cards=count("territory_card", ev.get("cards", 0), lang))
        if kind == "manoeuvre":
            return t("pb.ev.manoeuvre", lang, who=who, members=count("member", ev["count"], lang),
                     src=tname(ev["from"], lang), dst=tname(ev["to"], lang))
        if kind == "end_turn":
            return t("pb.ev.end_turn", lang, who=who)
        if kind == "draw":
            return t("pb.ev.draw", lang, who=who, cards=count("territory_card", ev["count"], lang))
        if kind == "reshuffle":
            return t("pb.ev.reshuffle", lang)
        if kind == "crown_roll":
            return t(f"pb.ev.crown_{ev['result']}", lang, dice=dice(ev["dice"]), total=sum(ev["dice"]),
                     territory=tname(ev["territory"], lang))
        if kind == "crown_move":
            return t("pb.ev.crown_move", lang, territory=tname(ev["territory"], lang), step=ev["step"] + 1,
                     steps=ev["steps"])
        if kind == "mission_completed":
            name = N.name(GAME, "mission", ev["mission"], lang) if ev.get("mission") else ev.get("name", "?")
            return t("pb.ev.mission", lang, who=who, name=name, members=count("member", ev["reward"], lang))
        if kind in ("defence", "defence_order"):  # which order stays private
            return t("pb.ev.defence", lang, who=who)
        if kind == "gangs":  # opening: who leads which gang (and, two players, the neutral ones)
            leads = [t("pb.ev.leads", lang, who=self.faction(s, names, lang), gang=N.name(GAME, "gang", g, lang))
                     for s, g in (ev.get("gangs") or {}).items()]
            key = "pb.ev.gangs_random" if ev.get("how") == "random" else "pb.ev.gangs"
            line = t(key, lang, leads=join(leads, lang))
            if ev.get("neutrals"):
                line += " " + t("pb.ev.neutral_gangs", lang,
                                gangs=join([N.name(GAME, "gang", g, lang) for g in ev["neutrals"]], lang))
            return line
        if kind in ("first", "first_player"):
            return t("pb.ev.first", lang, who=who)
        if kind == "skipped":
            return t("ev.skipped", lang, who=who)
        if kind == "kicked":
            return t("ev.kicked", lang, who=who)
        if kind == "game_over":
            return self._game_over(ev, names, lang)
        return None

    def _game_over(self, ev: dict[str, Any], names: dict[str, str], lang: str) -> str:
        scores = " · ".join(f"{self.faction(s, names, lang)} {n}" for s, n in
                            sorted(ev["scores"].items(), key=lambda kv: -kv[1]))
        if not ev["winners"]:
            return t("pb.ev.nobody_wins", lang, scores=scores)
        winners = join([self.faction(w, names, lang) for w in ev["winners"]], lang)
        key = "pb.ev.game_over" if len(ev["winners"]) == 1 else "pb.ev.game_over_tie"
        return t(key, lang, winners=winners, scores=scores, reason=t(f"pb.reason.{ev['reason']}", lang))

    # -- status, prompt, secrets ------------------------------------------------------
    def status(self, view: View, names: dict[str, str], locale: Any) -> str:
        lang = lang_of(locale)
        lines = []
        if view["current"]:
            lines.append(t("status.turn", lang, turn=view["turn"], who=names.get(view["current"], view["current"]))
                         + " " + t(f"pb.phase.{view['phase']}", lang))
        for seat, p in view["players"].items():
            out = " ☠️" if seat in view["eliminated"] else ""
            lines.append(t("pb.status.player", lang, who=names.get(seat, seat),
                           gang=N.name(GAME, "gang", p["gang"], lang),
                           territories=count("territory", p["territories"], lang),
                           members=count("member", p["members"], lang), cards=count("card", p["cards"], lang)) + out)
        for n in view["neutrals"].values():
            if n["alive"]:
                lines.append(t("pb.status.neutral", lang, gang=cap(N.name(GAME, "gang", n["gang"], lang)),
                               territories=count("territory", n["territories"], lang)))
        if view["crown"]:
            c = view["crown"]
            lines.append(t("pb.status.crown", lang, step=c["step"] + 1, steps=c["steps"],
                           territory=tname(c["territory"], lang)))
        prompt = self.prompt(view, names, lang)
        if prompt:
            lines.append(prompt)
        return "\n".join(lines)

    def prompt(self, view: View, names: dict[str, str], locale: Any) -> str:
        lang = lang_of(locale)
        if view["current"] is None:
            return ""
        phase = view["phase"]
        if phase == "place" and (view["placement"]["reserve"] > 0 or self._neutral_due(view)):
            pl = view["placement"]
            lines = []
            if pl["reserve"] > 0:
                lines.append(tn("pb.prompt.place", pl["reserve"], lang))
            if self._neutral_due(view):
                lines.append(t("pb.prompt.neutral", lang))
            return "\n".join(lines)
        if phase == "battle":
            b = view["battle"]
            return t("pb.prompt.battle", lang, src=tname(b["from"], lang), dst=tname(b["to"], lang),
                     n=b["committed"], d=b["defenders"], odds=fmt_pct(b["odds"], lang))
        if phase in ("attack", "place"):
            return t("pb.prompt.attack", lang)
        if phase == "manoeuvre":
            return t("pb.prompt.manoeuvre", lang)
        return ""

    @staticmethod
    def _neutral_due(view: dict[str, Any]) -> bool:
        pl = view["placement"]
        return bool(pl and not pl["neutral_done"] and any(n["alive"] for n in view["neutrals"].values()))

    def hand(self, view: View, seat: str, names: dict[str, str], locale: Any) -> str:
        """``seat``'s cards, missions, powers and standing defence order: ``view`` is
        ``game.view(state, seat)``, whose ``"you"`` holds them."""
        lang = lang_of(locale)
        you = view["you"]
        lines = [t("pb.hand.cards", lang, cards=count("territory_card", len(you["cards"]), lang),
                   razors=count("razor", you["razors"], lang))]
        for card in you["cards"]:
            lines.append(f"• {tname(card['territory'], lang)} " + "🪒" * card["razors"])
        lines.append(t("pb.hand.missions", lang))
        dealt = False  # a mission territory yours since the deal: it counts once taken in play
        for m in you["missions"]:
            mark = "🏆" if m["done"] else ("⏳" if m.get("holding_now") else "📜")
            lines.append(t("pb.hand.mission", lang, mark=mark, name=N.name(GAME, "mission", m["id"], lang),
                           text=N.name(GAME, "mission_text", m["id"], lang),
                           held=tn("pb.hand.held", m.get("held", 0), lang, turns=count("turn", m["turns"], lang))))
            if m.get("progress") and not m["done"]:  # which territories count yet
                marks = []
                for x in m["progress"]:
                    sign = "✅" if x.get("counts") else ("🟡" if x.get("yours") else "⬜")
                    dealt = dealt or sign == "🟡"
                    marks.append(f"{tname(x['territory'], lang)} {sign}")
                lines.append("   " + " · ".join(marks))
        if dealt:
            lines.append(t("pb.hand.dealt", lang))
        lines.append(t("pb.hand.powers", lang))
        for p in you["powers"]:
            if p["state"] == "face_down":
                lines.append(t("pb.hand.face_down", lang))
            else:
                lines.append(f"• **{self.power_name(p['id'], lang)}** — {N.name(GAME, 'power_text', p['id'], lang)}")
        order = self.defence_order(you)
        lines.append(t("pb.hand.defence", lang, order=t(f"pb.defence.{order}", lang)))
        return "\n".join(lines)

    @staticmethod
    def defence_order(you: dict[str, Any]) -> str:
        """The seat's standing order for its kept defence powers (always, save, never), from
        its own view's ``"you"``."""
        for key in ("defence", "defence_order"):
            if you.get(key) in DEFENCE_ORDERS:
                return you[key]
        return DEFAULT_DEFENCE

    # -- typed input ------------------------------------------------------------------
    def territory(self, text: Any) -> str | None:
        """The territory a player meant (an id from the list, or a name in either language)."""
        return N.lookup(GAME, "territory", text) if isinstance(text, str) else None

    def power(self, text: Any) -> str | None:
        return N.lookup(GAME, "power", text) if isinstance(text, str) else None

    def localize_params(self, params: dict[str, Any], locale: Any) -> dict[str, Any]:
        out = dict(params)
        for key in ("territory", "src", "dst", "card"):
            tid = self.territory(out.get(key))
            if tid is not None:
                out[key] = tname(tid, locale)
        gang = out.get("gang_id") or N.lookup(GAME, "gang", out.get("gang") or "")
        if gang and "gang" in out:
            out["gang"] = N.name(GAME, "gang", gang, locale)
        return out

    # -- autocomplete -----------------------------------------------------------------
    def complete(self, command: str, option: str, state: dict[str, Any], seat: str, given: dict[str, Any],
                 current: str, locale: Any, names: dict[str, str]) -> list[tuple[str, Any]]:
        handler = getattr(self, f"_ac_{command}_{option}", None)
        if handler is None or state is None or seat not in state.get("players", {}):
            return []
        legal = engine().legal_actions(state, seat)
        return handler(state, seat, legal, given, current or "", lang_of(locale), names)[:25]

    @staticmethod
    def _of(legal: list[Action], kind: str) -> list[Action]:
        return [a for a in legal if a["type"] == kind]

    def _territories(self, state: dict[str, Any], tids: list[str], current: str, lang: str,
                     label: Any = None) -> list[tuple[str, str]]:
        out = []
        for tid in dict.fromkeys(tids):
            name = tname(tid, lang)
            if matches(current, name, tid):
                text = label(tid) if label else t("pb.ac.territory", lang, territory=name,
                                                  n=fmt_num(state["troops"][tid], lang))
                out.append((text[:100], tid))
        return sorted(out, key=lambda c: N.fold(c[0]))

    def _ac_place_territory(self, state, seat, legal, given, current, lang, names):  # noqa: ANN001, ANN202
        tids = [tid for a in self._of(legal, "place") for tid in as_list(a["territory"])]
        return self._territories(state, tids, current, lang)

    def _ac_place_count(self, state, seat, legal, given, current, lang, names):  # noqa: ANN001, ANN202
        acts = self._of(legal, "place")
        if not acts:
            return []
        where = self.territory(given.get("territory")) if given.get("territory") else None
        if where is not None and not any(where in as_list(a["territory"]) for a in acts):
            return []
        rng = acts[0]["count"]
        return [(count("member", n, lang), n) for n in numbers(rng["min"], rng["max"], current)]

    def _attacks(self, legal: list[Action], src: str | None) -> list[Action]:
        return [a for a in self._of(legal, "attack") if src is None or a["from"] == src]

    def _ac_attack_from(self, state, seat, legal, given, current, lang, names):  # noqa: ANN001, ANN202
        return self._territories(state, [a["from"] for a in self._attacks(legal, None)], current, lang)

    def _ac_attack_to(self, state, seat, legal, given, current, lang, names):  # noqa: ANN001, ANN202
        src = self.territory(given.get("from")) if given.get("from") else None
        best: dict[str, int] = {}  # target → the most members that may attack it
        for a in self._attacks(legal, src):
            best[a["to"]] = max(best.get(a["to"], 0), a["count"]["max"])
        shown = [dst for dst in best if matches(current, tname(dst, lang), dst)]
        odds: dict[str, float] = {}
        by_bonus: dict[int, list[str]] = {}
        for dst in shown:
            by_bonus.setdefault(engine().defence_bonus(state, dst), []).append(dst)
        for bonus, dsts in by_bonus.items():  # one odds table per defence bonus, not per target
            found = win_chances_for([(best[d], state["troops"][d]) for d in dsts], bonus,
                                    BUDGET_CELLS // len(by_bonus))
            odds.update({d: found[best[d], state["troops"][d]] for d in dsts})

        def label(dst: str) -> str:
            n = best[dst]
            return tn("pb.ac.target", n, lang, territory=tname(dst, lang), owner=self.faction(state["owner"][dst], names, lang),
                      d=fmt_num(state["troops"][dst], lang), odds=fmt_pct(odds[dst], lang, 0))

        return self._territories(state, list(best), current, lang, label)

    def _ac_attack_count(self, state, seat, legal, given, current, lang, names):  # noqa: ANN001, ANN202
        src = self.territory(given.get("from")) if given.get("from") else None
        dst = self.territory(given.get("to")) if given.get("to") else None
        acts = [a for a in self._attacks(legal, src) if dst is None or a["to"] == dst]
        if not acts or src is None:
            return []
        rng = acts[0]["count"]
        shown = numbers(rng["min"], rng["max"], current)
        if dst is None:
            return [(count("member", n, lang), n) for n in shown]
        odds = win_chances(shown, state["troops"][dst], engine().defence_bonus(state, dst))
        return [(tn("pb.ac.count", n, lang, odds=fmt_pct(odds[n], lang, 0)), n) for n in shown]

    def _manoeuvres(self, legal: list[Action], src: str | None) -> list[Action]:
        return [a for a in self._of(legal, "manoeuvre") if src is None or a["from"] == src]

    def _ac_manoeuvre_from(self, state, seat, legal, given, current, lang, names):  # noqa: ANN001, ANN202
        dst = self.territory(given.get("to")) if given.get("to") else None
        srcs = [a["from"] for a in self._manoeuvres(legal, None) if dst is None or dst in as_list(a["to"])]
        return self._territories(state, srcs, current, lang)

    def _ac_manoeuvre_to(self, state, seat, legal, given, current, lang, names):  # noqa: ANN001, ANN202
        src = self.territory(given.get("from")) if given.get("from") else None
        dests = [d for a in self._manoeuvres(legal, src) for d in as_list(a["to"])]
        return self._territories(state, dests, current, lang)

    def _ac_manoeuvre_count(self, state, seat, legal, given, current, lang, names):  # noqa: ANN001, ANN202
        src = self.territory(given.get("from")) if given.get("from") else None
        dst = self.territory(given.get("to")) if given.get("to") else None
        acts = [a for a in self._manoeuvres(legal, src) if dst is None or dst in as_list(a["to"])]
        if src is None or not acts:
            return []
        rng = acts[0]["count"]
        return [(count("member", n, lang), n) for n in numbers(rng["min"], rng["max"], current)]

    def _ac_trade_cards(self, state, seat, legal, given, current, lang, names):  # noqa: ANN001, ANN202
        acts = self._of(legal, "trade")
        if not acts:
            return []
        rng = acts[0].get("razors") or {"min": 2, "max": 10}
        razors = engine().data.razors
        out = []
        for total, cards in sorted(fewest_cards(as_list(acts[0]["cards"]), razors, rng["min"], rng["max"]).items(),
                                   reverse=True):
            members = trade_value(total)
            if members is None:
                continue
            label = t("pb.ac.trade", lang, razors=count("razor", total, lang), members=count("member", members, lang),
                      cards=join([tname(c, lang) for c in cards], lang))
            if matches(current, label, str(total)):
                out.append((label[:100], str(total)))
        return out

    def _ac_power_power(self, state, seat, legal, given, current, lang, names):  # noqa: ANN001, ANN202
        ids = [p for a in self._of(legal, "play_power") for p in as_list(a["power"])]
        out = []
        for pid in dict.fromkeys(ids):
            name = self.power_name(pid, lang)
            if matches(current, name, pid):
                text = t("pb.ac.power", lang, name=name, text=N.name(GAME, "power_text", pid, lang))
                out.append((text[:100], pid))
        return out

    def _neutral_choices(self, state, legal, given, option, current, lang, names):  # noqa: ANN001, ANN202
        acts = self._of(legal, "neutral")
        first = self.territory(given.get("first")) if option != "first" and given.get("first") else None
        if first is not None:
            acts = [a for a in acts if first in as_list(a["territories"])]

        def label(tid: str) -> str:
            return t("pb.ac.neutral", lang, territory=tname(tid, lang), n=fmt_num(state["troops"][tid], lang),
                     gang=self.faction(state["owner"][tid], names, lang))

        return self._territories(state, [tid for a in acts for tid in as_list(a["territories"])], current, lang, label)

    def _ac_neutral_first(self, state, seat, legal, given, current, lang, names):  # noqa: ANN001, ANN202
        return self._neutral_choices(state, legal, given, "first", current, lang, names)

    def _ac_neutral_second(self, state, seat, legal, given, current, lang, names):  # noqa: ANN001, ANN202
        return self._neutral_choices(state, legal, given, "second", current, lang, names)

    def _ac_neutral_third(self, state, seat, legal, given, current, lang, names):  # noqa: ANN001, ANN202
        return self._neutral_choices(state, legal, given, "third", current, lang, names)
