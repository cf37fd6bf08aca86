"""Risk Peaky Blinders in Discord words: battles with dice as text, odds, the Crown.

Narration goes through ``events_for`` (:mod:`bot.rules.events`) only, so cards drawn or handed over never reach
the channel; the owner reads them with ``/game hand``. Every event an action can produce
reads as a line (a phase change only when nothing else of the action does), so no move is
ever silent in the channel or in ``/game log``.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import Any

from bot.games.base import Action, Presenter, View
from bot.games.choices import NAME, Command, Context, Slot
from bot.i18n import count, fmt_num, fmt_pct, join, join_fit, lang_of, t, tn
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
        if kind == "timeout":
            return t("ev.timeout", lang, who=who, count=ev["count"], limit=ev["limit"])
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
        return "\n".join(lines)  # the prompt: /game status adds it for the player it asks

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
    def territory(self, text: Any, among: Any = None) -> str | None:
        """The territory a player meant: an id from the list, a name in either language, or
        the unique start of one (« liver » → Liverpool); ``None`` if none fits. Raises
        :class:`~bot.rules.errors.AmbiguousName` when the text starts several names.
        ``among``: the territories that may be meant (a hand of cards)."""
        return N.resolve(GAME, "territory", text, among)

    def power(self, text: Any) -> str | None:
        """The power card a player meant, as :meth:`territory` reads a territory."""
        return N.resolve(GAME, "power", text)

    def localize_params(self, params: dict[str, Any], locale: Any) -> dict[str, Any]:
        out = dict(params)
        for key in ("territory", "src", "dst", "card"):
            value = out.get(key)  # names the engine wrote: exact, never a guess from a start
            tid = N.lookup(GAME, "territory", value) if isinstance(value, str) else None
            if tid is not None:
                out[key] = tname(tid, locale)
        gang = out.get("gang_id") or N.lookup(GAME, "gang", out.get("gang") or "")
        if gang and "gang" in out:
            out["gang"] = N.name(GAME, "gang", gang, locale)
        return out

    # -- autocomplete: what each /peaky option fills (bot.games.choices lists it) -----------
    @cached_property
    def choices(self) -> dict[str, Command]:
        where = Slot("territory", self.territory, self._territory_labels, self._territory_texts, sort=True)
        members = Slot("count", labels=self._member_labels)
        return {
            "place": Command(("place",), {"territory": where, "count": members}),
            "attack": Command(("attack",), {
                "from": replace(where, part="from"),
                "to": replace(where, part="to", labels=self._target_labels),
                "count": Slot("count", labels=self._attack_count_labels, requires=("from",)),
            }),
            "manoeuvre": Command(("manoeuvre",), {
                "from": replace(where, part="from"),
                "to": replace(where, part="to"),
                "count": replace(members, requires=("from",)),
            }),
            "trade": Command(("trade",), {"cards": Slot("cards", labels=self._trade_labels, match_label=True,
                                                        values=self._trade_totals, send=str,
                                                        to_part=lambda total, ctx: self._fewest(ctx)[total])},
                             private=True),
            "power": Command(("play_power",), {"power": Slot("power", self.power, self._power_labels,
                                                             self._power_texts)}),
            "neutral": Command(("neutral",), {
                slot: replace(where, part="territories", labels=self._neutral_labels)
                for slot in ("first", "second", "third")}, build=self._neutral_action),
        }

    @staticmethod
    def _territory_texts(tid: str, ctx: Context) -> tuple[str, str]:
        return tname(tid, ctx.lang), tid

    @staticmethod
    def _neutral_action(given: dict[str, Any], ctx: Context) -> dict[str, Any]:
        """The three members of a neutral gang, one where each was put (as ``/peaky neutral``)."""
        placements: dict[str, int] = {}
        for slot in ("first", "second", "third"):
            if slot in given:
                placements[given[slot]] = placements.get(given[slot], 0) + 1
        return {"type": "neutral", "placements": placements}

    @staticmethod
    def _troops(ctx: Context, tid: str) -> int:
        return ctx.view["territories"][tid]["troops"]

    def _territory_labels(self, tids: list[str], ctx: Context) -> list[str]:
        return [t("pb.ac.territory", ctx.lang, territory=tname(tid, ctx.lang), n=fmt_num(self._troops(ctx, tid), ctx.lang))
                for tid in tids]

    def _neutral_labels(self, tids: list[str], ctx: Context) -> list[str]:
        lang = ctx.lang
        return [t("pb.ac.neutral", lang, territory=tname(tid, lang), n=fmt_num(self._troops(ctx, tid), lang),
                  gang=self.faction(ctx.view["territories"][tid]["owner"], dict(ctx.names), lang)) for tid in tids]

    @staticmethod
    def _member_labels(counts: list[int], ctx: Context) -> list[str]:
        return [count("member", n, ctx.lang) for n in counts]

    @staticmethod
    def _bonus(ctx: Context, tid: str) -> int:
        """The defence bonus of ``tid`` (a stronghold's +1), as the view tells it."""
        return int(ctx.view["defence_bonus"].get(tid, 0))

    def _target_labels(self, dsts: list[str], ctx: Context) -> list[str]:
        """« Birmingham (Bob, 5 members): 73 % with 12 »: each target with the odds of the most
        members that may attack it, one bounded odds table per defence bonus."""
        lang = ctx.lang
        wanted = set(dsts)
        best: dict[str, int] = {}  # target → the most members that may attack it
        for a in ctx.forms:
            if a["to"] in wanted:
                best[a["to"]] = max(best.get(a["to"], 0), a["count"]["max"])
        by_bonus: dict[int, list[str]] = {}
        for dst in dsts:
            by_bonus.setdefault(self._bonus(ctx, dst), []).append(dst)
        odds: dict[str, float] = {}
        for bonus, group in by_bonus.items():  # one odds table per defence bonus, not per target
            found = win_chances_for([(best[d], self._troops(ctx, d)) for d in group], bonus,
                                    BUDGET_CELLS // len(by_bonus))
            odds.update({d: found[best[d], self._troops(ctx, d)] for d in group})
        names = dict(ctx.names)
        return [tn("pb.ac.target", best[d], lang, territory=tname(d, lang),
                   owner=self.faction(ctx.view["territories"][d]["owner"], names, lang),
                   d=fmt_num(self._troops(ctx, d), lang), odds=fmt_pct(odds[d], lang, 0)) for d in dsts]

    def _attack_count_labels(self, counts: list[int], ctx: Context) -> list[str]:
        dst = ctx.given.get("to")
        if dst is None:
            return self._member_labels(counts, ctx)
        odds = win_chances(counts, self._troops(ctx, dst), self._bonus(ctx, dst))
        return [tn("pb.ac.count", n, ctx.lang, odds=fmt_pct(odds[n], ctx.lang, 0)) for n in counts]

    @staticmethod
    def _fewest(ctx: Context) -> dict[int, list[str]]:
        """Razor total → the fewest cards of the hand worth it, for the trade form."""
        form = ctx.forms[0]
        rng = form.get("razors") or {"min": 2, "max": 10}
        return fewest_cards(as_list(form["cards"]), form.get("points") or engine().data.razors, rng["min"], rng["max"])

    def _trade_totals(self, ctx: Context) -> list[int]:
        return [total for total in sorted(self._fewest(ctx), reverse=True) if trade_value(total) is not None]

    def _trade_labels(self, totals: list[int], ctx: Context) -> list[str]:
        lang, fewest = ctx.lang, self._fewest(ctx)
        out = []
        for total in totals:  # what the trade gives first, then the cards it spends, as many as fit
            head = dict(razors=count("razor", total, lang), members=count("member", trade_value(total) or 0, lang))
            room = NAME - len(t("pb.ac.trade", lang, **head, cards=""))
            out.append(t("pb.ac.trade", lang, **head, cards=join_fit([tname(c, lang) for c in fewest[total]], room, lang)))
        return out

    def _power_texts(self, pid: str, ctx: Context) -> tuple[str, str]:
        return self.power_name(pid, ctx.lang), pid

    def _power_labels(self, pids: list[str], ctx: Context) -> list[str]:
        return [t("pb.ac.power", ctx.lang, name=self.power_name(pid, ctx.lang),
                  text=N.name(GAME, "power_text", pid, ctx.lang)) for pid in pids]
