"""The presenter base every game's presenter extends, and the helpers they share.

Apart from the registry (:func:`bot.games.presenter`) so that a game's presenter
imports this module, never the package that imports it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.games.choices import Command, matches, numbers
from bot.i18n import fmt_num, join, lang_of, t, text_of
from bot.rules import names as N

__all__ = ["ALT_MAX", "TYPED_SHOWN", "fit_alt", "Action", "Command", "Group", "Presenter", "View", "matches", "numbers", "typed"]

Action = dict[str, Any]
View = dict[str, Any]  # what game.view(state, seat) returns
Group = tuple[str, str, list[Action]]

TYPED_SHOWN = 40  # how much of a player's unknown text a refusal quotes back
ALT_MAX = 1024  # Discord's limit on an attachment's description (its alt text)


def typed(text: Any, limit: int = TYPED_SHOWN) -> str:
    """A player's text, made safe to quote in a refusal: one line, at most ``limit`` characters."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _plain(line: str) -> str:
    """A line of the status as a screen reader should read it: no Markdown marks."""
    return " ".join(line.replace("**", "").replace("__", "").replace("`", "").split())


def fit_alt(*candidates: list[str], limit: int = ALT_MAX) -> str:
    """The first of ``candidates`` (each a list of whole parts, most complete first) that fits
    in ``limit`` characters once joined, so a long table loses whole lower-priority parts,
    never a word; only when even the last is too long is it cut, at a space, with « … »."""
    for parts in candidates:
        text = "\n".join(p for p in parts if p)
        if len(text) <= limit:
            return text
    text = "\n".join(p for p in candidates[-1] if p) if candidates else ""
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip()
    return cut + "…"


class Presenter:
    """Defaults shared by every game; a game overrides what it shows differently."""

    game_id = ""

    def encode(self, action: Action) -> str:
        """A compact, stable text for a button's custom id (≤ 60 characters)."""
        return json.dumps(action, separators=(",", ":"), sort_keys=True)

    def decode(self, code: str) -> Action:
        return json.loads(code)

    # Every method below reads a *view* (``game.view(state, None)`` for what the channel
    # sees, ``game.view(state, seat)`` for one seat's private answers), never the raw state:
    # secrets leave an engine only through its views, so a presenter cannot leak one.
    def buttons(self, view: View, seat: str, legal: list[Action]) -> list[Action]:
        """The legal actions offered as buttons (the rest go through slash commands)."""
        return legal

    def groups(self, view: View, seat: str, actions: list[Action], locale: Any) -> list[Group] | None:
        """Two-step menus: ``[(group id, label, its actions)]`` (first choose the group, then
        the action), or ``None`` to offer ``actions`` flat. ``view``: the public view."""
        return None

    def narrate(self, events: list[dict[str, Any]], names: dict[str, str], locale: Any) -> list[str]:
        return []

    def private(self, events: list[dict[str, Any]], view: View, seat: str, locale: Any) -> list[str]:
        """What ``events`` showed ``seat`` alone (a card found, a key taken), in their language,
        sent to them ephemerally after the move: read through ``events_for(events, seat)``
        (the part marked ``"mine"``); ``view`` is their own view after the move."""
        return []

    def action_label(self, action: Action, view: View, locale: Any) -> str:
        return action["type"]

    def status(self, view: View, names: dict[str, str], locale: Any) -> str:
        """``/game status``: the public view in words."""
        return ""

    def prompt(self, view: View, names: dict[str, str], locale: Any) -> str:
        """What the player to act is asked, from the public view."""
        return ""

    # -- alt text -----------------------------------------------------------------------
    def alt_lines(self, view: View, names: dict[str, str], locale: Any) -> list[str]:
        """The picture's description, line by line, most important first: whose turn, then
        each player's standing, then the rest. The game's status (built from the public view
        only, so no secret can be in it); a game overrides it to order it otherwise."""
        return [x for x in (_plain(line) for line in self.status(view, names, locale).splitlines()) if x]

    def alt_text(self, view: View, names: dict[str, str], locale: Any) -> str:
        """The board's alt text (an attachment's description, at most :data:`ALT_MAX`): the
        game and what the picture shows, whose turn, the standings, and what changed hands
        since the last picture (``view["changed"]``, what the board rings). From the public
        ``view`` only, in ``locale``'s language. Too long (a big table), it drops whole parts:
        the changes first, then the per-player details from the last, keeping one line of
        everyone's standing."""
        lang = lang_of(locale)
        zoom = view.get("zoom")
        head = (t("alt.zoom", lang, game=self.name(lang), region=N.name(self.game_id, "region", zoom, lang))
                if zoom else t("alt.board", lang, game=self.name(lang)))
        lines = self.alt_lines(view, names, lang)
        winners = view.get("winners")
        if isinstance(winners, list) and winners:
            head += " " + t("alt.won", lang, who=join([names.get(w, w) for w in winners], lang), n=len(winners))
        changes = self.alt_changed(view, lang)
        table = self.alt_standings(view, names, lang)
        shorter = [[head, *lines[:k], table] for k in range(len(lines) - 1, 0, -1)]
        return fit_alt([head, *lines, changes], [head, *lines], *shorter, [head, table], [head])

    def alt_changed(self, view: View, locale: Any) -> str:
        """« Changed hands since the last picture: … », of what the board rings (``""``: nothing)."""
        marks = view.get("changed") or []
        if not marks:
            return ""
        lang = lang_of(locale)
        kind, _owners = self.owners(view)
        shown = [N.name(self.game_id, kind, i, lang) if kind else str(i) for i in marks[:12]]
        more = len(marks) - len(shown)
        what = ", ".join(shown) + (t("since.more", lang, n=more) if more > 0 else "")
        return t("alt.changed", lang, what=what, n=len(marks))

    def alt_standings(self, view: View, names: Mapping[str, str], locale: Any) -> str:
        """Everyone's standing on one line, best first (what the story's chart counts)."""
        lang = lang_of(locale)
        score = self.standings(view)
        if not score:
            return ""
        table = " · ".join(f"{names.get(s, s)} {fmt_num(v, lang)}" for s, v in
                           sorted(score.items(), key=lambda kv: -kv[1]))
        return t("alt.standings", lang, what=self.standing_label(view, lang), table=table)

    def hand(self, view: View, seat: str, names: dict[str, str], locale: Any) -> str:
        """``/game hand``: ``seat``'s own view (``game.view(state, seat)``) in words."""
        return t("hand.none", locale)

    @property
    def choices(self) -> Mapping[str, Command]:
        """Its slash commands' options, each declared as the part of the legal actions it
        fills (:mod:`bot.games.choices`, the one autocomplete): command name → Command."""
        return {}

    def rules(self, locale: Any) -> str:
        return t(f"rules.{self.game_id}", locale)

    def name(self, locale: Any) -> str:
        return t(f"game.{self.game_id}", locale)

    # what a player's standing is made of, for the chart of a game's story: the public view's
    # points (Risk Express, Zombie Town), else the territories each holds (the map games)
    standing_key = "story.standing.territories"

    def standings(self, view: View) -> dict[str, float]:
        """Each seat's standing in the public ``view`` (what the game's score is made of),
        named by :attr:`standing_key`. Only what everyone sees: the chart is public."""
        scores = view.get("scores")
        if isinstance(scores, dict) and scores:
            return {str(s): float(v) for s, v in scores.items()}
        players = view.get("players") or {}
        return {str(s): float(p.get("territories", 0)) for s, p in players.items()}

    # -- since a player's last decision -----------------------------------------------------
    SINCE_LINES = 5

    @staticmethod
    def owners(view: View) -> tuple[str, dict[str, Any]]:
        """What the public ``view`` says each thing is held by: ``("territory", {id: owner})`` on
        a map, ``("card", …)`` for cards on the table; ``("", {})`` when it holds nothing such."""
        terr = view.get("territories")
        if isinstance(terr, dict) and terr and all(isinstance(x, dict) for x in terr.values()):
            return "territory", {tid: x.get("owner") for tid, x in terr.items()}
        cards = view.get("cards")
        if isinstance(cards, list) and cards and all(isinstance(c, dict) and "id" in c for c in cards):
            return "card", {c["id"]: c.get("owner") for c in cards}
        return "", {}

    def since_memo(self, view: View) -> View:
        """What :meth:`since` compares, of a public view (kept per player between their
        decisions, so small): who holds what, and the standings."""
        kind, owners = self.owners(view)
        out: dict[str, Any] = {"scores": dict(self.standings(view))}
        if kind == "territory":
            out["territories"] = {k: {"owner": o} for k, o in owners.items()}
        elif kind == "card":
            out["cards"] = [{"id": k, "owner": o} for k, o in owners.items()]
        return out

    def since(self, before: View, after: View, seat: str, names: Mapping[str, str],
              locale: Any) -> tuple[list[str], list[str]]:
        """What happened since ``seat``'s last decision, from the public views then and now:
        at most :attr:`SINCE_LINES` lines (what they lost, what the others took, the scores)
        and the ids the board marks (everything that changed hands)."""
        lang = lang_of(locale)
        kind, was = self.owners(before)
        _kind, now = self.owners(after)
        changed = [k for k, owner in now.items() if k in was and was[k] != owner]
        body: list[str] = []

        def listed(ids: list[str]) -> str:
            shown = [N.name(self.game_id, kind, i, lang) for i in ids[:4]]
            more = len(ids) - len(shown)
            return ", ".join(shown) + (t("since.more", lang, n=more) if more > 0 else "")

        lost = [k for k in changed if was[k] == seat]
        if lost:
            body.append(t("since.lost", lang, what=listed(lost), n=len(lost)))
        gained: dict[str, list[str]] = {}
        for k in changed:
            if now[k] is not None and now[k] != seat:
                gained.setdefault(str(now[k]), []).append(k)
        for who, ids in sorted(gained.items(), key=lambda kv: -len(kv[1])):
            body.append(t("since.took", lang, who=names.get(who, who), what=listed(ids), n=len(ids)))
        mine = [k for k in changed if now[k] == seat]
        if mine:
            body.append(t("since.kept", lang, what=listed(mine), n=len(mine)))
        then, score = self.standings(before), self.standings(after)
        moves = [(s, score[s] - then.get(s, 0)) for s in score if score[s] != then.get(s, 0)]
        if moves:
            parts = [t("since.score", lang, who=names.get(s, s), score=fmt_num(score[s], lang),
                       delta=("+" if d > 0 else "−") + fmt_num(abs(d), lang)) for s, d in moves]
            body.append(t("since.scores", lang, what=self.standing_label(after, lang), table=" · ".join(parts)))
        if not body:
            return [], changed
        head = "since.head_ringed" if changed else "since.head"  # the boards ring what changed hands
        return [t(head, lang), *body[: self.SINCE_LINES - 1]], changed

    def standing_label(self, view: View, locale: Any) -> str:
        scores = view.get("scores")
        return t("story.standing.points" if isinstance(scores, dict) and scores else self.standing_key, locale)

    def refusal_key(self, key: str) -> str:
        """The catalog key a refusal reads in this game: a game whose pieces are not the map
        engine's "members" (survivors, robots) gives those refusals its own words (default: ``key``)."""
        return key

    def localize_params(self, params: dict[str, Any], locale: Any) -> dict[str, Any]:
        """A refusal's params with the component names the engine wrote (in English) put in
        ``locale``'s language: ``t(err.key, lang, **pres.localize_params(err.params, lang))``."""
        return dict(params)

    # -- lobby options --------------------------------------------------------------------
    def option_label(self, option: str, value: Any, locale: Any) -> str:
        """« with the British Crown » for ``crown=True``: catalog ``opt.<game>.<option>.<value>``,
        else ``opt.<game>.<option>: <value>``."""
        lang = lang_of(locale)
        key = f"opt.{self.game_id}.{option}"
        word = {True: "true", False: "false"}.get(value, str(value))
        text = text_of(f"{key}.{word}", lang)
        if text is not None:
            return text
        return f"{t(key, lang)}: {value}"

    def options_text(self, options: dict[str, Any], locale: Any) -> str:
        """Every lobby option of a game in the game's words, « · » between them."""
        return " · ".join(self.option_label(k, v, locale) for k, v in options.items()) or "—"
