"""Zombie Town's choices: the buttons of the common flow and what each ``/zt`` option offers.

Buttons are public (the channel sees their labels), so they offer only what shows no secret:
walking, driving, fighting, fleeing, searching, the car, the zombies, ending. Cards from the
hand (the deal's discards, equipping, healing…) go through ``/zt`` commands, whose
autocomplete only their owner sees. Walks and drives are labelled with the way they go.
"""

from __future__ import annotations

from typing import Any

import bot.games.zombie_town.words as W
from bot.games.base import Action, Group, View
from bot.games.choices import Command, Context, Slot
from bot.i18n import fmt_pct, lang_of, shorten, t, tn
from bot.rules.zombie_town.core import card_info, data
from bot.rules.zombie_town.odds import attack_odds, fight_odds


def with_chance(label: str, p: float | None, lang: str, limit: int = 80) -> str:
    """« label · 67 % to win »: the chance kept whole, the label shortened at a word if need be."""
    if p is None:
        return shorten(label, limit)
    tail = " · " + t("zt.chance_win", lang, p=fmt_pct(p, lang, 1 if 0 < p < 0.01 else 0))
    return shorten(label, limit - len(tail)) + tail

CODES: dict[str, Action] = {
    "e": {"type": "end"},
    "s": {"type": "search"},
    "k": {"type": "take_key"},
    "ec": {"type": "enter_car"},
    "xc": {"type": "exit_car"},
    "b": {"type": "break"},
    "za": {"type": "zombies_auto"},
    "r1": {"type": "agenda_redraw", "draw": True},
    "r0": {"type": "agenda_redraw", "draw": False},
}
PLAIN = frozenset(a["type"] for a in CODES.values())
HAND = frozenset({"equip", "reload", "heal", "recruit", "barricade"})


def _each(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list) else [value]


def expand(form: Action) -> list[Action]:
    """The concrete actions of one compact form (lists of values; no ranges here)."""
    out: list[Action] = [{}]
    for key, value in form.items():
        out = [{**a, key: v} for a in out for v in _each(value)]
    return out


def _asking(ctx: Context) -> str:
    """The seat whose choices these are: the owner of the view, else (a public view, in a
    click chain) the seat to play."""
    return (ctx.view.get("you") or {}).get("seat") or ctx.view.get("current") or ""


class ZombieLabels:
    """The button and autocomplete half of the presenter (mixed into it)."""

    # -- buttons ----------------------------------------------------------------------
    def buttons(self, view: View, seat: str, legal: list[Action]) -> list[Action]:
        """``view`` is the public view. Getting into a car needs its key, and keys held are
        secret: the button shows wherever a free working car stands on the player's square
        (the public view says so), key or not; without the key the click is refused to them
        alone. Nothing else offered here depends on a secret."""
        out: list[Action] = []
        for form in legal:
            kind = form["type"]
            if kind == "enter_car":
                continue
            if kind in PLAIN or kind in ("move", "drive", "fight", "flee", "zombie"):
                if kind == "flee":  # pay with a wound by button; a survivor through /zt flee
                    form = {**form, "pay": "damage"}
                out += expand(form)
        if self._car_to_enter(view, seat):
            out.append({"type": "enter_car"})
        return out

    @staticmethod
    def _car_to_enter(view: View, seat: str) -> bool:
        """Whether, as everyone sees it, ``seat`` could get into a car now if they held its key:
        their turn's actions, on foot, on a square where a working car waits with no driver."""
        me = view["players"].get(seat)
        if not view.get("road_rage") or view["phase"] != "act" or view["actions"] <= 0 or me is None:
            return False
        if me["pos"] is None or me["car"] is not None:
            return False
        return any(c["pos"] == me["pos"] and c["driver"] is None and c["working"] for c in view["cars"].values())

    def groups(self, view: View, seat: str, actions: list[Action], locale: Any) -> list[Group] | None:
        """Destinations (walk, free move, drive, flee) and zombie moves in menus of their own;
        the rest (fight, search, end…) as buttons beside them."""
        lang = lang_of(locale)
        by: dict[str, list[Action]] = {}
        for a in actions:
            kind = a["type"]
            if kind in ("move", "drive"):
                by.setdefault(f"{kind}{'f' if a.get('free') else ''}", []).append(a)
            elif kind in ("flee", "zombie"):
                by.setdefault(kind, []).append(a)
        if not by:
            return None
        order = ("move", "movef", "drive", "drivef", "flee", "zombie")
        return [(g, t(f"zt.group.{g}", lang), by[g]) for g in order if g in by]

    def action_label(self, action: Action, view: View, locale: Any) -> str:
        lang = lang_of(locale)
        kind = action["type"]
        seat = view.get("current") or ""
        if kind in ("move", "flee"):
            steps = data().settings.flee_squares if kind == "flee" else (
                W.free_steps(view, seat) if action.get("free") else data().settings.walk)
            path = W.walk_paths(view, seat, steps).get(action["to"], [action["to"]])
            return self._way(path, view, lang)
        if kind == "drive":
            car = view["players"][seat]["car"]
            found = W.drive_paths(view, car).get(action["to"]) if car else None
            return self._drive_label(action["to"], found, lang)
        if kind == "fight":  # with the chance to kill the zombie
            who = t("zt.you", lang)
            label = t("zt.btn.fight", lang, fighter=W.fighter_name(action["fighter"], action["weapon"], who, lang))
            return with_chance(label, fight_odds(view, seat, action["fighter"], action["weapon"]), lang)
        if kind == "zombie":
            return f"🧟 {W.node_name(action['from'], lang)} → {W.node_name(action['to'], lang)}"
        if kind == "agenda_redraw":
            return t("zt.btn.redraw_yes" if action["draw"] else "zt.btn.redraw_no", lang)
        return t(f"zt.btn.{kind}", lang)

    def _way(self, path: list[str], view: View, lang: str) -> str:
        """« E5 (via D5) · 🧟 2 »: a destination, the squares on the way, the zombies there."""
        dest = path[-1]
        text = W.node_name(dest, lang)
        if len(path) > 1:
            text += " " + t("zt.via", lang, path=" → ".join(W.node_name(n, lang) for n in path[:-1]))
        n = view["zombies"].get(dest, 0)
        if n:
            text += f" · 🧟{n}"
        return text

    def _drive_label(self, dest: str, found: tuple[int, list[str], str] | None, lang: str) -> str:
        if found is None:
            return W.node_name(dest, lang)
        hits, path, _heading = found
        text = tn("zt.drive_label", len(path), lang, dest=dest, squares=len(path))
        if hits:
            text += " · " + tn("zt.runs_over", hits, lang)
        house = W.parked_on(dest)
        if house is not None:
            text += " · " + t("zt.parks", lang, house=W.house_name(house, lang))
        elif (house := W.driveway_of(dest)) is not None:
            text += " · " + t("zt.parks_driveway", lang, house=W.house_name(house, lang))
        return text

    # -- autocomplete: what each /zt option fills -------------------------------------
    def commands(self) -> dict[str, Command]:
        node = Slot("to", W.resolve_node, self._to_labels, self._node_texts)
        card = Slot("card", self._card_id, self._card_labels, self._card_texts)
        fighter = Slot("fighter", None, self._with_labels, values=self._with_values)
        return {
            "move": Command(("move",), {"to": node}),
            "drive": Command(("drive",), {"to": Slot("to", W.resolve_node, self._drive_labels, self._node_texts)}),
            "flee": Command(("flee",), {"to": node, "pay": Slot("pay", None, self._pay_labels)}),
            "fight": Command(("fight",), {"with": fighter}, build=self._fighter_action("fight")),
            "attack": Command(("attack",), {"target": Slot("target", self._plain, self._target_labels, self._target_texts),
                                            "with": fighter}, build=self._fighter_action("attack")),
            "card": Command(tuple(sorted(HAND)), {"card": card,
                                                  "weapon": Slot("weapon", self._card_id, self._weapon_labels)},
                            private=True),
            "discard": Command(("discard",), {"card": card}, private=True),
            "arm": Command(("arm",), {"weapon": Slot("weapon", self._card_id, self._weapon_labels),
                                      "survivor": Slot("survivor", self._card_id, self._survivor_labels)},
                           private=True),
            "guard": Command(("guard",), {"survivor": Slot("survivor", self._card_id, self._survivor_labels)},
                             private=True),
            "drop": Command(("drop",), {"weapon": Slot("weapon", self._card_id, self._weapon_labels)}, private=True),
            "zombie": Command(("zombie",), {"from": Slot("from", W.resolve_node, self._from_labels, self._node_texts),
                                            "to": Slot("to", W.resolve_node, self._zto_labels, self._node_texts,
                                                       requires=("from",))}),
            "agenda": Command(("agenda_discard",), {"card": Slot("card", self._card_id, self._agenda_labels,
                                                                 self._agenda_texts)}, private=True),
        }

    @staticmethod
    def _plain(text: Any) -> str | None:
        """A value picked from the list (a seat or a guard's card), which narrows the others."""
        return str(text).strip() or None

    @staticmethod
    def _card_id(text: Any) -> str | None:
        raw = str(text or "").strip()
        return raw if raw in data().kind_of or raw.startswith("starting_gun_") else None

    @staticmethod
    def _node_texts(node: str, ctx: Context) -> tuple[str, ...]:
        return W.node_name(node, ctx.lang), W.node_name(node, "en"), node

    def _to_labels(self, nodes: list[str], ctx: Context) -> list[str]:
        seat = ctx.view["you"]["seat"]
        s = data().settings
        free_ok = {n for f in ctx.forms if f.get("free") for n in _each(f["to"])}
        paid_ok = {n for f in ctx.forms if not f.get("free") for n in _each(f["to"])}
        flee = ctx.forms and ctx.forms[0]["type"] == "flee"
        walk = W.walk_paths(ctx.view, seat, s.flee_squares if flee else max(s.walk, W.free_steps(ctx.view, seat)))
        out = []
        for n in nodes:
            label = self._way(walk.get(n, [n]), ctx.view, ctx.lang)
            if not flee:
                label += " · " + t("zt.free_move" if n in free_ok else "zt.one_action", ctx.lang)
                if n in free_ok and n in paid_ok:
                    label += " " + t("zt.or_action", ctx.lang)
            out.append(label)
        return out

    def _drive_labels(self, nodes: list[str], ctx: Context) -> list[str]:
        car = ctx.view["players"][ctx.view["you"]["seat"]]["car"]
        found = W.drive_paths(ctx.view, car) if car else {}
        return [self._drive_label(n, found.get(n), ctx.lang) for n in nodes]

    @staticmethod
    def _fighter_action(kind: str) -> Any:
        """A fight or an attack clicked: « who|weapon » (:meth:`_with_values`) split into its parts."""
        def build(given: dict[str, Any], ctx: Context) -> Action:
            fighter, weapon = str(given["with"]).split("|", 1)
            action: Action = {"type": kind, "fighter": fighter, "weapon": weapon}
            if "target" in given:
                action["target"] = given["target"]
            return action

        return build

    def _with_values(self, ctx: Context) -> list[str]:
        seen: dict[str, None] = {}
        for f in ctx.forms:
            seen[f"{f['fighter']}|{f['weapon']}"] = None
        return list(seen)

    def _with_labels(self, values: list[str], ctx: Context) -> list[str]:
        """« You with Pistol (+1) · 67 % to win »: against the zombie (``fight``), or against the
        target once it is chosen (``attack``)."""
        seat = _asking(ctx)
        kind = ctx.forms[0]["type"] if ctx.forms else None
        out = []
        for v in values:
            fighter, weapon = v.split("|", 1)
            bonus = card_info(weapon)["bonus"] if weapon != "none" else 0
            label = f"{W.fighter_name(fighter, weapon, t('zt.you', ctx.lang), ctx.lang)} (+{bonus})"
            p = None
            if kind == "fight":
                p = fight_odds(ctx.view, seat, fighter, weapon)
            elif kind == "attack" and "target" in ctx.given:
                p = attack_odds(ctx.view, seat, ctx.given["target"], fighter, weapon)[0]
            out.append(with_chance(label, p, ctx.lang, 100))
        return out

    def _target_texts(self, target: str, ctx: Context) -> tuple[str, ...]:
        return (ctx.names.get(target, W.survivor_name(target, ctx.lang)), target)

    def _target_labels(self, targets: list[str], ctx: Context) -> list[str]:
        """« Bob · 59 % to win »: each target with the chance of the best fighter against it."""
        seat = _asking(ctx)
        out = []
        for x in targets:
            label = ctx.names.get(x) or t("zt.guard_target", ctx.lang, survivor=W.survivor_name(x, ctx.lang))
            best = max((attack_odds(ctx.view, seat, x, f["fighter"], f["weapon"])[0] for f in ctx.forms
                        if x in _each(f["target"])), default=None)
            out.append(with_chance(label, best, ctx.lang, 100))
        return out

    def _pay_labels(self, values: list[str], ctx: Context) -> list[str]:
        return [t("zt.pay.damage", ctx.lang) if v == "damage" else
                t("zt.pay.survivor", ctx.lang, survivor=W.survivor_name(v, ctx.lang)) for v in values]

    @staticmethod
    def _card_texts(card: str, ctx: Context) -> tuple[str, ...]:
        return W.card_name(card, ctx.lang), W.card_name(card, "en"), card

    def _card_labels(self, cards: list[str], ctx: Context) -> list[str]:
        use = {c: f["type"] for f in ctx.forms for c in _each(f.get("card"))}
        return [f"{W.card_name(c, ctx.lang)} — " + (t(f"zt.use.{use[c]}", ctx.lang) if use.get(c) != "discard"
                                                     else self.card_text(c, ctx.lang))  # type: ignore[attr-defined]
                for c in cards]

    def _weapon_labels(self, cards: list[str], ctx: Context) -> list[str]:
        me = ctx.view["players"][ctx.view["you"]["seat"]]
        ammo = {w["card"]: w["ammo"] for w in me["weapons"]}
        return [W.weapon_text(c, ammo.get(c), ctx.lang) for c in cards]

    def _survivor_labels(self, cards: list[str], ctx: Context) -> list[str]:
        me = ctx.view["players"][ctx.view["you"]["seat"]]
        armed = {f["card"]: f["weapon"] for f in me["followers"]}
        return [W.survivor_name(c, ctx.lang) + (f" ({W.card_name(armed[c]['card'], ctx.lang)})" if armed.get(c) else "")
                for c in cards]

    def _from_labels(self, nodes: list[str], ctx: Context) -> list[str]:
        return [f"{W.node_name(n, ctx.lang)} · 🧟{ctx.view['zombies'].get(n, 0)}" for n in nodes]

    def _zto_labels(self, nodes: list[str], ctx: Context) -> list[str]:
        return [W.node_name(n, ctx.lang) for n in nodes]

    @staticmethod
    def _agenda_texts(card: str, ctx: Context) -> tuple[str, ...]:
        return W.agenda_name(card, ctx.lang), card

    def _agenda_labels(self, cards: list[str], ctx: Context) -> list[str]:
        return [self.agenda_text(c, ctx.lang) for c in cards]  # type: ignore[attr-defined]
