"""The generic table: any registered game played from its ``view`` and ``legal_actions``.

A new game is playable in the terminal as soon as it is registered: the view is shown as
labelled lines, the legal actions numbered, events told as they come. A game gives itself a
table of its own (``Game.terminal``) when it wants drawings and French sentences."""

from __future__ import annotations

import json
from typing import Any

from rich.markup import escape
from rich.table import Table

from ludotheque.engine.errors import InvalidAction
from ludotheque.engine.protocol import Action, Event, Result
from ludotheque.term.prompt import Terminal
from ludotheque.term.render import ranking

SHOWN = 30  # actions listed at once; « liste » shows them all
HELP = """Table générique : tapez le numéro d'une action de la liste, ou une action écrite en JSON
(« {"type": "bet", "amount": 3} ») quand le jeu en accepte d'autres que celles listées.
Commandes : liste (toutes les actions), table (la vue), aide, quitter."""
HELP_EN = """Generic table: type the number of an action in the list, or an action written in JSON
('{"type": "bet", "amount": 3}') when the game accepts others than those listed.
Commands: list (every action), table (the view), help, quit."""


def value_text(value: Any, lang: str = "fr") -> str:
    """A view's value on one line: lists joined, mappings as « clé : valeur », a switch « oui »
    or « non » (« yes », « no » in English)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return ("yes" if value else "no") if lang == "en" else ("oui" if value else "non")
    if isinstance(value, list):
        return "[" + ", ".join(value_text(v, lang) for v in value) + "]" if value else "[]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {value_text(v, lang)}" for k, v in value.items()) + "}"
    return str(value)


def action_text(action: Action, lang: str = "fr") -> str:
    """« bet amount=3 pour_voir=non »."""
    rest = " ".join(f"{k}={value_text(v, lang)}" for k, v in action.items() if k != "type")
    return f"{action['type']} {rest}".strip()


class GenericTerminal(Terminal):
    """Shows the view, numbers the legal actions, tells the events; any game."""

    def show(self, view: dict[str, Any]) -> None:
        table = Table(show_header=False, box=None, padding=(0, 1))
        table.add_column(style="bold")
        table.add_column()
        for key, value in view.items():
            table.add_row(escape(str(key)), escape(value_text(value, self.lang)))
        self.console.print(table)

    def _list(self, legal: list[Action], every: bool = False) -> None:
        shown = legal if every else legal[:SHOWN]
        for i, action in enumerate(shown, start=1):
            self.console.print(f"  {i:>3}. {escape(action_text(action, self.lang))}")
        if len(shown) < len(legal):
            more = len(legal) - len(shown)
            self.console.print(
                self.t(
                    f"  … et {more} autres (« liste » : toutes)", f"  … and {more} more (list: all)"
                )
            )

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self._list(legal)
        return super().choose(view, legal)

    def ask_action(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        text = self.read(
            self.t(
                f"Votre action (1 à {len(legal)}, aide) › ",
                f"Your action (1 to {len(legal)}, help) › ",
            ),
            {
                "aide help ? h": lambda: self.console.print(escape(self.t(HELP, HELP_EN))),
                "liste list l": lambda: self._list(legal, every=True),
                "table t vue view": lambda: self.show(view),
            },
        )
        if text is None:
            return None
        if text.isdigit():
            k = int(text)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            raise InvalidAction(f"numéro de 1 à {len(legal)}", f"a number from 1 to {len(legal)}")
        if text.startswith("{"):
            try:
                action = json.loads(text)
            except ValueError:
                action = None
            if isinstance(action, dict) and isinstance(action.get("type"), str):
                return action
            raise InvalidAction(
                "une action JSON est un objet avec un champ « type »",
                "a JSON action is an object with a 'type' field",
            )
        raise InvalidAction(
            f"« {text} » : tapez un numéro de 1 à {len(legal)} (ou aide)",
            f"'{text}': type a number from 1 to {len(legal)} (or help)",
        )

    def tell(self, events: list[Event], view: dict[str, Any]) -> None:
        for e in events:
            rest = {k: v for k, v in e.items() if k not in ("type", "seat")}
            who = f"{self.names[e['seat']]} — " if isinstance(e.get("seat"), int) else ""
            detail = " ".join(f"{k}={value_text(v, self.lang)}" for k, v in rest.items())
            self.console.print(escape(f"• {who}{e.get('type', '?')} {detail}".rstrip()))

    def finish(self, view: dict[str, Any], result: Result) -> None:
        self.console.print(ranking(result, self.names, "Score", lang=self.lang))
        self.console.print(escape(self.t(result.reason_fr, result.reason_en)) + ".")
