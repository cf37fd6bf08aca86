"""Risk Transformers in words: the narration of every engine event (battles with their dice as
text, d6 and d8 marked, modifiers shown), labels, status, prompt and the hands.

Narration goes through ``events_for`` (:mod:`bot.rules.events`) only, so a card drawn or a
standing order set never reaches the channel; the owner (and, in the team game, the teammate)
reads them with ``/game hand``, and the mover alone through :meth:`TfPresenter.private`.
Names come from the engine's own ``component_names`` (leaders and upgrades included: kinds
``bot.rules.names.KINDS`` does not list), so the presenter reads French leader names whether
or not the game is registered yet.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache, cached_property
from typing import Any

from bot.games.base import Action, Presenter, View
from bot.games.choices import Command, Context, Slot
from bot.i18n import fmt_pct, join, lang_of, t, tn
from bot.rules import names as N
from bot.rules.events import events_for

GAME = "transformers"

CODES = {
    "r": {"type": "roll"},
    "ru": {"type": "roll", "until": True},
    "x": {"type": "retreat"},
    "ep": {"type": "end_placement"},
    "ea": {"type": "end_attack"},
    "et": {"type": "end_turn"},
}
BUTTONS = frozenset({"roll", "retreat", "end_placement", "end_attack", "end_turn", "flip"})


def engine():  # noqa: ANN201 - the Transformers engine (registered or not)
    from bot.rules.transformers import GAME as TF

    return TF


@cache
def _tables() -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    game = engine()
    en = game.component_names()
    fr: dict[str, dict[str, str]] = {k: dict(v) for k, v in game.component_names_fr().items()}
    for kind, table in N.french_table(GAME).items():
        if isinstance(table, dict) and kind != "provisional":
            for key, text in table.items():
                if isinstance(text, str):
                    fr.setdefault(kind, {}).setdefault(key, text)
    return en, fr


# a refusal's params that name a component (the engine writes its English name), and the
# engine's English words for when a card is played (bot.rules.transformers.phases._WHEN)
PARAM_KINDS = {"territory": "territory", "src": "territory", "dst": "territory", "zone": "territory",
               "card": "territory", "upgrade": "upgrade", "leader": "leader"}
WHEN = {"in phase 1": "place", "before an attack": "attack", "by your defence order when attacked": "defend",
        "in phase 2": "transform"}


# the map engine's refusals that count "members": here they are robots (TfPresenter.refusal_key)
ROBOT_REFUSALS = frozenset({"err.bad_number", "err.out_of_range", "err.members_to_place", "err.place_phase_only",
                            "err.none_to_place", "err.too_few_to_attack", "err.too_few_to_move",
                            "err.malformed.count"})


@cache
def _by_english(kind: str) -> dict[str, str]:
    """``kind``'s English names → keys."""
    return {name: key for key, name in _tables()[0].get(kind, {}).items()}


YES = ("yes", "oui", "true", "y", "o")
NO = ("no", "non", "false", "n")


def yes_no(text: Any) -> bool | None:
    """A yes/no option as typed or picked (« yes », « oui », « no », « non »); ``None`` else."""
    if isinstance(text, bool):
        return text
    word = N.fold(str(text or ""))
    return True if word in YES else False if word in NO else None


def yes_no_text(value: bool) -> str:
    """What a yes/no choice sends back: « yes » or « no »."""
    return "yes" if value else "no"


def cname(kind: str, key: str | None, lang: Any = "en") -> str:
    """The ``kind`` name of ``key`` (territory, region, leader, upgrade) in ``lang``."""
    if key is None:
        return "?"
    en, fr = _tables()
    if lang_of(lang) == "fr":
        found = fr.get(kind, {}).get(key)
        if found:
            return found
    return en.get(kind, {}).get(key, key)


def zone(tid: str | None, lang: Any) -> str:
    return cname("territory", tid, lang)


def card_name(card: Any, lang: Any) -> str:
    """A card (its id, or the view's ``{"card": id, …}``): its upgrade and the zone it shows
    (« Fusion Cannons (Kaon) »)."""
    if isinstance(card, dict):
        card = card.get("card")
    cards = engine().data.cards
    up = cards[card].upgrade if card in cards else None
    where = cname("territory", card, lang)
    return f"{cname('upgrade', up, lang)} ({where})" if up else where


def either(items: list[str], lang: Any) -> str:
    """« a, b or c » / « a, b ou c »."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + t("tf.or", lang) + items[-1]


def _listed(spec: Any) -> list[Any]:
    """A compact form's part as the values it takes (a list, or one value)."""
    return list(spec) if isinstance(spec, list) else [] if spec is None else [spec]


def robots(n: int, lang: Any) -> str:
    """« 1 robot », « 3 robots »."""
    return tn("tf.robots", n, lang)


def dice(values: list[int], sides: list[int] | None = None, final: list[int] | None = None) -> str:
    """``[5] [7]ᵈ⁸`` — a d8 marked, a modified die shown as ``[4→5]``."""
    out = []
    for i, v in enumerate(values):
        d = sides[i] if sides and i < len(sides) else 6
        f = final[i] if final and i < len(final) else v
        face = f"{v}→{f}" if f != v else f"{v}"
        out.append(f"[{face}]" + ("d8" if d == 8 else ""))
    return " ".join(out) or "—"


def odds_text(odds: dict[tuple[int, int], Any], lang: Any, dice: dict[str, Any] | None = None) -> str:
    """The exact odds of one roll (``attack_odds``: (attacker losses, defender losses) →
    probability) in words, the defender's worst first: « defender −2: 37.2% · −1 each: … »;
    with ``dice`` (``attack_dice``) the dice thrown first: « d8 d6 d6 (+1 on one die) against d6 d6 »."""
    parts = [t("tf.odds.part", lang, al=al, dl=dl, p=fmt_pct(float(p), lang))
             for (al, dl), p in sorted(odds.items(), key=lambda kv: (kv[0][0] - kv[0][1], kv[0]))]
    text = t("tf.odds", lang, parts=" · ".join(parts))
    if dice is None:
        return text
    att, dfn = _dice_words(dice["att"], dice["att_mods"], lang), _dice_words(dice["def"], dice["def_mods"], lang)
    return t("tf.odds.dice", lang, att=att, dfn=dfn) + "\n" + text


def _dice_words(sides: list[int], mods: dict[str, int], lang: Any) -> str:
    words = " ".join(f"d{n}" for n in sides)
    extra = [t(f"tf.odds.mod_{kind}", lang, n=mods[kind]) for kind in ("all", "highest", "bonus") if mods.get(kind)]
    return words + (f" ({', '.join(extra)})" if extra else "")


class TfPresenter(Presenter):
    game_id = GAME

    # -- buttons ----------------------------------------------------------------------
    def encode(self, action: Action) -> str:
        for code, act in CODES.items():
            if act == {k: v for k, v in action.items() if not (k == "until" and v is False)}:
                return code
        kind = action["type"]
        if kind == "flip":
            return "f"
        if kind == "bonus" and isinstance(action.get("die"), int):
            return f"b{action['die']}"
        if kind == "escape" and isinstance(action.get("territory"), str):
            return f"s:{action['territory']}"
        return super().encode(action)

    def decode(self, code: str) -> Action:
        if code in CODES:
            return dict(CODES[code])
        if code == "f":
            return {"type": "flip"}
        if len(code) == 2 and code[0] == "b" and code[1].isdigit():
            return {"type": "bonus", "die": int(code[1])}
        if code.startswith("s:"):
            return {"type": "escape", "territory": code[2:]}
        return super().decode(code)

    def buttons(self, view: View, seat: str, legal: list[Action]) -> list[Action]:
        out: list[Action] = []
        for action in legal:
            kind = action["type"]
            if kind == "roll":
                found = [{"type": "roll"}, {"type": "roll", "until": True}]
            elif kind == "bonus":  # the attacker's +1: one button a die
                found = [{"type": "bonus", "die": d} for d in _listed(action.get("die"))]
            elif kind == "escape":  # Bumblebee beaten: one button a zone he may escape to
                found = [{"type": "escape", "territory": z} for z in _listed(action.get("territory"))]
            elif kind in BUTTONS and all(k == "type" for k in action):
                found = [{"type": kind}]
            else:
                continue
            out += [a for a in found if a not in out]  # a roll's forms may come one per `until`
        return out

    def action_label(self, action: Action, view: View, locale: Any) -> str:
        lang = lang_of(locale)
        kind = action["type"]
        if kind == "roll":
            return t("tf.act.roll_until" if action.get("until") else "tf.act.roll", lang)
        if kind == "bonus":
            return self.die_label(view, action.get("die"), lang)
        if kind == "escape":
            return t("tf.act.escape", lang, zone=zone(action.get("territory"), lang))
        key = f"tf.act.{kind}"
        return t(key, lang) if kind in BUTTONS or kind == "retreat" else kind

    @staticmethod
    def die_label(view: View, die: Any, lang: str) -> str:
        """« +1 on the 5 (d8) »: a die of the open question, as thrown."""
        ask = view.get("ask") or {}
        faces, sides = ask.get("att") or [], ask.get("att_sides") or []
        if not isinstance(die, int) or not 0 <= die < len(faces):
            return t("tf.act.bonus", lang, face="?", kind="")
        kind = "d8" if die < len(sides) and sides[die] == 8 else "d6"
        label = t("tf.act.bonus", lang, face=faces[die], kind=kind)
        results = ask.get("results") or []
        if die < len(results) and isinstance(results[die], (list, tuple)) and len(results[die]) == 2:
            label += " " + t("tf.act.bonus_cost", lang, al=results[die][0], dl=results[die][1])
        return label

    # -- narration --------------------------------------------------------------------
    def narrate(self, events: list[dict[str, Any]], names: dict[str, str], locale: Any) -> list[str]:
        lang = lang_of(locale)
        lines: list[str] = []
        public = events_for(events, None)
        escaping = frozenset(e.get("leader") for e in public if e["type"] == "ask" and e.get("kind") == "escape")
        for ev in public:
            line = self.event_line(ev, names, lang, escaping)
            if line:
                lines.append(line)
        if not lines and events:
            lines.append(t("tf.ev.moves_on", lang, who=self.who(events[0].get("seat"), names)))
        return lines

    @staticmethod
    def who(seat: Any, names: dict[str, str]) -> str:
        return names.get(str(seat), str(seat)) if seat is not None else "?"

    def event_line(self, ev: dict[str, Any], names: dict[str, str], lang: str,  # noqa: C901, PLR0911, PLR0912
                   escaping: frozenset[str] = frozenset()) -> str | None:
        """One event in words (``escaping``: leaders beaten who may escape, asked next)."""
        kind = ev["type"]
        who = self.who(ev.get("seat"), names)
        z = lambda key: zone(ev.get(key), lang)  # noqa: E731
        if kind == "setup":
            leaders = join([t("tf.ev.leader_of", lang, who=self.who(s, names), leader=cname("leader", lid, lang))
                            for s, lid in ev["leaders"].items()], lang)
            return t("tf.ev.setup_teams" if ev.get("teams") else "tf.ev.setup", lang, leaders=leaders,
                     days=ev.get("days", 6))
        if kind == "turn":
            inc = ev.get("income") or {}
            return t("tf.ev.turn", lang, who=who, turn=ev.get("turn", ""), day=ev.get("day", ""),
                     n=ev.get("reserve", 0), zones=inc.get("zones", 0), sectors=inc.get("sectors", 0),
                     factories=inc.get("factories", 0))
        if kind == "day":
            return t("tf.ev.day", lang, day=ev["day"], days=ev.get("days", 6))
        if kind == "place":
            return t("tf.ev.place", lang, who=who, n=robots(ev["count"], lang), zone=z("territory"), left=ev.get("left", 0))
        if kind == "claim":
            return t("tf.ev.claim", lang, who=who, zone=z("territory"), left=ev.get("left", 0))
        if kind == "placed":
            return t("tf.ev.placed", lang)
        if kind == "card" and "robots" in ev:
            return t("tf.ev.card", lang, who=who, upgrade=cname("upgrade", ev.get("upgrade"), lang),
                     n=ev.get("robots", 0))
        if kind == "card":
            return t("tf.ev.play", lang, who=who, upgrade=cname("upgrade", ev.get("upgrade"), lang))
        if kind == "revive":
            return t("tf.ev.revive", lang, who=who, leader=cname("leader", ev["leader"], lang), zone=z("territory"),
                     mode=t(f"tf.mode.{ev.get('mode', 'robot')}", lang))
        if kind == "flip":
            return t("tf.ev.flip", lang, leader=cname("leader", ev["leader"], lang),
                     mode=t(f"tf.mode.{ev['mode']}", lang), zone=z("territory"))
        if kind == "transform":
            crushed = ev.get("crushed")
            line = t("tf.ev.open" if ev.get("open") else "tf.ev.close", lang, who=who, zone=z("zone"))
            if crushed:
                lost = [robots(crushed.get("robots", 0), lang)]
                if crushed.get("leader"):
                    lost.append(cname("leader", crushed["leader"], lang))
                line += " " + t("tf.ev.crushed", lang, what=join(lost, lang))
            return line
        if kind == "backup":
            return t("tf.ev.backup", lang, who=who, n=robots(ev["count"], lang), src=z("from"), dst=z("to"))
        if kind == "attack" and ev.get("leader") and not ev.get("committed"):
            line = t("tf.ev.attack_alone", lang, who=who, leader=cname("leader", ev["leader"], lang), src=z("from"),
                     dst=z("to"), defender=self.who(ev.get("defender"), names))
            if ev.get("strike"):
                line += " " + t("tf.ev.strike", lang)
            if ev.get("cards"):
                line += " " + t("tf.ev.armed", lang, cards=join([cname("upgrade", c, lang) for c in ev["cards"]], lang))
            return line
        if kind == "attack":
            extra = ""
            if ev.get("leader"):
                extra += " " + t("tf.ev.with_leader", lang, leader=cname("leader", ev["leader"], lang))
            if ev.get("strike"):
                extra += " " + t("tf.ev.strike", lang)
            if ev.get("cards"):
                extra += " " + t("tf.ev.armed", lang,
                                 cards=join([cname("upgrade", c, lang) for c in ev["cards"]], lang))
            return t("tf.ev.attack", lang, who=who, src=z("from"), dst=z("to"), n=robots(ev.get("committed", 0), lang),
                     defender=self.who(ev.get("defender"), names)) + extra
        if kind == "defence_card":
            return t("tf.ev.defence_card", lang, who=who, upgrade=cname("upgrade", ev.get("upgrade"), lang),
                     zone=z("territory"))
        if kind == "roll":
            att = dice(ev["att"], ev.get("att_sides"), ev.get("att_final"))
            dfn = dice(ev["def"], ev.get("def_sides"), ev.get("def_final"))
            line = t("tf.ev.roll", lang, att=att, dfn=dfn, al=ev.get("att_losses", 0), dl=ev.get("def_losses", 0))
            for side in ("att", "def"):
                if ev.get(f"{side}_leader_lost") and ev[f"{side}_leader_lost"] not in escaping:
                    line += " " + t("tf.ev.leader_lost", lang, leader=cname("leader", ev[f"{side}_leader_lost"], lang))
                if ev.get(f"{side}_escaped"):
                    esc = ev[f"{side}_escaped"]
                    where = esc.get("to") if isinstance(esc, dict) else esc
                    line += " " + t("tf.ev.escaped", lang, zone=zone(where, lang))
            return line
        if kind == "attack_end":
            return t(f"tf.ev.end.{ev.get('result', 'repelled')}", lang, who=who, dst=z("to"))
        if kind == "conquest":
            return t("tf.ev.conquest", lang, who=who, dst=z("to"), n=robots(ev.get("troops", 0), lang),
                     loser=self.who(ev.get("loser"), names))
        if kind == "advance":
            return t("tf.ev.advance", lang, who=who, n=robots(ev["count"], lang), dst=z("to"))
        if kind == "recommit":
            return t("tf.ev.recommit", lang, who=who, n=robots(ev["count"], lang), src=z("from"), dst=z("to"))
        if kind == "manoeuvre":
            return t("tf.ev.manoeuvre", lang, who=who, n=robots(ev["count"], lang), src=z("from"), dst=z("to"))
        if kind == "jump":
            return t("tf.ev.jump", lang, leader=cname("leader", ev["leader"], lang), src=z("from"), dst=z("to"))
        if kind == "give":
            return t("tf.ev.give", lang, who=who, zone=z("territory"), to=self.who(ev.get("to_seat"), names))
        if kind == "draw":
            return tn("tf.ev.draw", ev.get("count", 1), lang, who=who)
        if kind == "reshuffle":
            return t("tf.ev.reshuffle", lang)
        if kind == "matrix":
            return t("tf.ev.matrix", lang, day=ev.get("day", ""), zone=z("territory"), who=who,
                     n=ev.get("robots", 3)) if ev.get("seat") else t("tf.ev.matrix_none", lang, zone=z("territory"))
        if kind == "eliminated":
            return t("tf.ev.eliminated", lang, who=who, by=self.who(ev.get("by"), names))
        if kind == "game_over":
            seats = ev.get("winners") or []
            return tn(f"tf.ev.over.{ev.get('reason', 'days')}", len(seats), lang,
                      winners=join([self.who(s, names) for s in seats], lang))
        if kind == "ask" and ev.get("kind") == "bonus":
            return t("tf.ev.ask_bonus", lang, who=who,
                     att=dice(ev.get("att") or [], ev.get("att_sides")), dfn=dice(ev.get("def") or [], ev.get("def_sides")))
        if kind == "ask":
            return t("tf.ev.ask_escape", lang, who=who, leader=cname("leader", ev.get("leader"), lang),
                     zones=either([zone(z, lang) for z in ev.get("options") or []], lang))
        if kind == "escape":
            return t("tf.ev.escape", lang, leader=cname("leader", ev.get("leader"), lang), src=z("from"),
                     zone=z("territory"))
        if kind in ("stance", "defence_order", "rally"):  # what they are stays private (/game hand)
            return t("tf.ev.orders", lang, who=who)
        if kind in ("end_turn", "phase", "retreat"):
            return None
        if kind in ("skipped", "kicked", "timeout"):
            return t(f"tf.ev.{kind}", lang, who=who)
        return None

    def private(self, events: list[dict[str, Any]], view: View, seat: str, locale: Any) -> list[str]:
        lang = lang_of(locale)
        out = []
        for ev in events_for(events, seat):
            mine = ev.get("mine") or {}
            if ev["type"] == "draw" and mine.get("cards"):
                out.append(t("tf.priv.drew", lang, cards=join([card_name(c, lang) for c in mine["cards"]], lang)))
            elif ev["type"] == "stance" and mine:
                out.append(t("tf.priv.stance", lang, text=self.stance_text(mine, lang)))
            elif ev["type"] == "defence_order" and mine.get("order"):
                out.append(t("tf.priv.defence", lang, order=t(f"tf.order.{mine['order']}", lang)))
            elif ev["type"] == "rally" and mine.get("order"):
                out.append(t("tf.priv.rally", lang, order=t(f"tf.rally.{mine['order']}", lang)))
            elif ev["type"] == "ask" and mine.get("default"):  # where he goes if the clock runs out
                out.append(t("tf.priv.escape_default", lang, leader=cname("leader", ev.get("leader"), lang),
                             zone=zone(mine["default"], lang)))
        return out

    # -- status, prompt, hand ---------------------------------------------------------
    @staticmethod
    def stance_text(stance: dict[str, Any], lang: str) -> str:
        return t("tf.stance", lang, dice=stance.get("dice", 2),
                 leader=t("tf.yes" if stance.get("leader", True) else "tf.no", lang),
                 lose=t(f"tf.lose.{stance.get('lose', 'last')}", lang))

    standing_key = "story.standing.zones"

    def standings(self, view: View) -> dict[str, float]:
        """A faction's standing is the zones it holds."""
        return {str(s): float(p.get("zones", 0)) for s, p in (view.get("players") or {}).items()}

    def status(self, view: View, names: dict[str, str], locale: Any) -> str:
        lang = lang_of(locale)
        tf = view.get("transformers") or {}
        lines = [t("tf.status.day", lang, day=tf.get("day", view.get("day")), days=tf.get("days", 6),
                   who=self.who(view.get("current"), names), phase=t(f"tf.phase.{view.get('phase')}", lang))]
        leaders = tf.get("leaders") or {}
        for seat, p in (view.get("players") or {}).items():
            lead = leaders.get(p.get("leader")) or {}
            where = (t("tf.status.where", lang, zone=zone(lead["zone"], lang),
                       mode=t(f"tf.mode.{lead.get('mode', 'robot')}", lang))
                     if lead.get("zone") else t("tf.status.scrapyard", lang))
            lines.append(t("tf.status.player", lang, who=self.who(seat, names),
                           leader=cname("leader", p.get("leader"), lang), side=t(f"tf.side.{p.get('side')}", lang),
                           zones=p.get("zones", 0), robots=robots(p.get("robots", 0), lang),
                           cards=tn("tf.cards", p.get("cards", 0), lang), where=where))
        closed = [zone(z, lang) for z, is_open in (tf.get("open") or {}).items() if not is_open]
        if closed:
            lines.append(t("tf.status.closed", lang, zones=join(closed, lang)))
        if tf.get("matrix"):
            lines.append(t("tf.status.matrix", lang, zone=zone(tf["matrix"], lang)))
        return "\n".join(lines)

    def prompt(self, view: View, names: dict[str, str], locale: Any) -> str:
        lang = lang_of(locale)
        if view.get("outcome") or view.get("winners"):
            return ""
        ask = view.get("ask")
        if ask:  # a question of the battle: the roll waits for its answer
            return t(f"tf.prompt.ask_{ask.get('kind')}", lang, who=self.who(ask.get("seat"), names),
                     leader=cname("leader", ask.get("leader"), lang))
        phase = view.get("phase")
        if phase == "place" and not (view.get("placement") or {}).get("reserve", 1):
            phase = "place_done"  # every robot placed: the turn goes on by a button or an attack
        return t(f"tf.prompt.{phase}", lang, who=self.who(view.get("current"), names))

    def hand(self, view: View, seat: str, names: dict[str, str], locale: Any) -> str:
        lang = lang_of(locale)
        lines = []
        for key in ("you", "teammate"):
            part = view.get(key)
            if not part:
                continue
            cards = join([card_name(c, lang) for c in part.get("cards") or []], lang) or t("tf.none", lang)
            lines.append(t(f"tf.hand.{key}", lang, who=self.who(part.get("seat"), names), cards=cards,
                           order=t(f"tf.order.{part.get('defence', 'always')}", lang),
                           stance=self.stance_text(part.get("stance") or {}, lang)))
            seat_of = part.get("seat")
            if part.get("rally") and (view.get("players") or {}).get(seat_of, {}).get("leader") == "bumblebee":
                lines.append(t("tf.hand.rally", lang, order=t(f"tf.rally.{part['rally']}", lang)))
            if part.get("escape_default") and key == "you" and (view.get("ask") or {}).get("kind") == "escape":
                lines.append(t("tf.priv.escape_default", lang, leader=cname("leader", view["ask"].get("leader"), lang),
                               zone=zone(part["escape_default"], lang)))
        return "\n".join(lines) or t("hand.none", lang)

    # -- refusals -----------------------------------------------------------------------
    def refusal_key(self, key: str) -> str:
        """The map engine's refusals about its "members" read "robots" here."""
        return f"tf.ref.{key[4:]}" if key in ROBOT_REFUSALS else key

    def localize_params(self, params: dict[str, Any], locale: Any) -> dict[str, Any]:
        """The names the engine wrote in a refusal (English: zones, a card's zone, upgrades,
        leaders, when a card is played) in ``locale``'s language; exact names only."""
        out = dict(params)
        if out.get("detail_key") in ROBOT_REFUSALS:  # a malformed count: robots, not members
            out["detail_key"] = self.refusal_key(out["detail_key"])
        for key, kind in PARAM_KINDS.items():
            value = out.get(key)
            found = _by_english(kind).get(value) if isinstance(value, str) else None
            if found is not None:
                out[key] = cname(kind, found, locale)
        when = WHEN.get(out.get("when")) if isinstance(out.get("when"), str) else None
        if when is not None:
            out["when"] = t(f"tf.when.{when}", locale)
        return out

    # -- the choices (one autocomplete: bot/games/choices.py) -------------------------------
    @staticmethod
    def resolve(kind: str, text: Any) -> str | None:
        """The ``kind`` key a player typed: a key, or a whole name in either language (case and
        accents ignored), or the unique start of one; ``None`` if nothing or several fit."""
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            return None
        want = N.fold(text)
        en, fr = _tables()
        keys = {**en.get(kind, {}), **fr.get(kind, {})}
        exact = {k for table in (en, fr) for k, v in table.get(kind, {}).items() if N.fold(v) == want}
        exact |= {k for k in keys if N.fold(k) == want or N.fold(k.replace("_", " ")) == want}
        if len(exact) == 1:
            return exact.pop()
        starts = {k for table in (en, fr) for k, v in table.get(kind, {}).items() if N.fold(v).startswith(want)}
        return starts.pop() if len(starts) == 1 else None

    def territory(self, text: Any) -> str | None:
        return self.resolve("territory", text)

    @cached_property
    def choices(self) -> dict[str, Command]:  # type: ignore[override]
        where = Slot("territory", self.territory, self._zone_labels, self._zone_texts, sort=True)
        robots = Slot("count", labels=self._count_labels)
        card = Slot("card", lambda v: v if isinstance(v, str) and v in engine().data.cards else None,
                    self._card_labels, self._card_texts)
        return {
            "place": Command(("place",), {"territory": where, "count": robots}),
            "claim": Command(("claim",), {"territory": replace(where, for_me=True)}),
            "attack": Command(("attack",), {
                "from": replace(where, part="from"),
                "to": replace(where, part="to", labels=self._target_labels),
                "leader": Slot("leader", yes_no, self._leader_labels, self._yes_no_texts, send=yes_no_text,
                               requires=("from",)),
                "robots": replace(robots, requires=("from",), values=self._attack_counts),
            }),
            "move": Command(("manoeuvre",), {
                "from": replace(where, part="from"),
                "to": replace(where, part="to"),
                "count": replace(robots, requires=("from",)),
            }),
            "backup": Command(("backup",), {
                "card": card, "from": replace(where, part="from"), "to": replace(where, part="to"),
                "count": replace(robots, requires=("from",)),
            }, private=True),
            "play": Command(("play",), {"card": card}, private=True),
            "transform": Command(("transform",), {"zone": replace(where, part="zone"), "card": card}, private=True),
            "revive": Command(("revive",), {"territory": where}),
            "jump": Command(("jump",), {"territory": where}),
            "bonus": Command(("bonus",), {"die": Slot("die", labels=self._die_labels)}),
            "escape": Command(("escape",), {"territory": where}),
            "give": Command(("give",), {"territory": where}),
            "advance": Command(("advance",), {"count": robots}),
        }

    def _die_labels(self, dice_: list[int], ctx: Context) -> list[str]:
        return [self.die_label(ctx.view, d, ctx.lang) for d in dice_]

    @staticmethod
    def _yes_no_texts(value: bool, ctx: Context) -> tuple[str, ...]:
        return YES if value else NO

    def _leader_labels(self, values: list[bool], ctx: Context) -> list[str]:
        tf = ctx.view.get("transformers") or {}
        lid = next((lid for lid, lead in (tf.get("leaders") or {}).items()
                    if lead.get("seat") == ctx.view.get("current")), None)
        mode = ((tf.get("leaders") or {}).get(lid) or {}).get("mode", "robot")
        return [t("tf.ac.leader", ctx.lang, leader=cname("leader", lid, ctx.lang), mode=t(f"tf.mode.{mode}", ctx.lang))
                if v else t("tf.ac.no_leader", ctx.lang) for v in values]

    @staticmethod
    def _zone_texts(tid: str, ctx: Context) -> tuple[str, ...]:
        return zone(tid, ctx.lang), cname("territory", tid, "en"), tid

    @staticmethod
    def _troops(ctx: Context, tid: str) -> int:
        return int((ctx.view.get("territories") or {}).get(tid, {}).get("troops", 0))

    def _zone_labels(self, tids: list[str], ctx: Context) -> list[str]:
        return [t("tf.ac.zone", ctx.lang, zone=zone(tid, ctx.lang), n=self._troops(ctx, tid)) for tid in tids]

    def _target_labels(self, tids: list[str], ctx: Context) -> list[str]:
        terr = ctx.view.get("territories") or {}
        return [t("tf.ac.target", ctx.lang, zone=zone(tid, ctx.lang), n=self._troops(ctx, tid),
                  who=self.who(terr.get(tid, {}).get("owner"), dict(ctx.names))) for tid in tids]

    @staticmethod
    def _attack_counts(ctx: Context) -> list[int]:
        """The robots an attack may send with the leader as given, or without him when the
        option is left empty (``/tf attack`` sends « no » then): 0 only when he goes alone."""
        leader = ctx.given.get("leader", False)
        seen: dict[int, None] = {}
        for form in ctx.forms:
            if form.get("leader") is not leader:
                continue
            spec = form.get("count")
            if isinstance(spec, dict):
                seen.update(dict.fromkeys(range(spec["max"], spec["min"] - 1, -1)))
            elif isinstance(spec, int):
                seen[spec] = None
        return list(seen)

    @staticmethod
    def _count_labels(counts: list[int], ctx: Context) -> list[str]:
        return [robots(n, ctx.lang) for n in counts]

    @staticmethod
    def _card_texts(card: str, ctx: Context) -> tuple[str, ...]:
        return card_name(card, ctx.lang), card_name(card, "en"), card

    @staticmethod
    def _card_labels(cards: list[str], ctx: Context) -> list[str]:
        return [card_name(c, ctx.lang) for c in cards]
