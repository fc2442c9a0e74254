"""La Bataille in real time (issue 15): the terminal's live table.

The rules are real time (R58, D26): anyone may claim at any moment, so the terminal does not ask
in turns. :class:`LiveTable` is the table's clockwork, without any I/O of its own: it is told
the time (``now``, in seconds) by its driver, reads the person's typed lines (``typed``) and
plays what is due by then (``advance``):

* each bot's action when its pace allows it — ``State.bot_pace``: a claim no earlier than the
  table's « Réaction des bots » after the card that made the word, a lay no earlier than that
  after the previous card — and never a card laid against R65's 3 s minimum (``min_interval``);
* the lay timer of R65 (``timer_seconds`` / ``timeout_action``: the top card is laid 10 s after
  the previous one), for the person and the bots alike;
* the timed mode of R67 (``game_clock``: the arbiter's ``time_up``, counted from the deal).

The person types a word to claim (on any card, his own included), Entrée to lay his card (or,
at the end, to make no last word); a refused line is answered and changes nothing.
``status(now)`` is the clock line a front end keeps on screen. The table speaks its screen's
language (``lang``, « fr » or « en »: ``ludotheque play bataille --lang en``); its command
words are understood in both.

Two drivers: :func:`run_scripted` (a fake clock and a scripted person: tests and the benchmark)
and :func:`run_terminal` (the real clock; prompt_toolkit's prompt with the clock line at the
bottom of a terminal, a plain line reader otherwise).
"""

from __future__ import annotations

import asyncio
import queue
import sys
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from ludotheque.engine.errors import LudoError
from ludotheque.engine.protocol import Action, Event
from ludotheque.games.bataille.options import MIN_TABLE
from ludotheque.games.bataille.rules import COLOUR, FINAL, PLAY, BatailleState
from ludotheque.lexicon import fold
from ludotheque.lexicon.tablewords import resolve, table_words
from ludotheque.term.prompt import QUIT_WORDS, Quit, without_rule_ids

DRIVER_PACE = 1.0  # s: a bot's colour choice or its final « no word », when no pace is asked
# the table's commands, also typed « /aide »…: a bare one the table spells is a claim (AIDE)
COMMANDS = QUIT_WORDS | {"aide", "help", "?", "h", "table", "t", "regles", "rules"}
# the colour typed at the lot's choice, in either language
COLOUR_WORDS = {"r": "r", "rouge": "r", "red": "r", "b": "b", "noir": "b", "n": "b", "black": "b"}
# what « aide » and « regles » show (the terminal's turn-based loop shows them too)
HELP = (
    "La table vit en temps réel : dès 5 cartes sur la table, tapez un mot (« chat ») et "
    "Entrée pour poser la main, à tout moment, sur n'importe quelle carte, la vôtre comprise : "
    "s'il est admis vous prenez ses cartes ; s'il n'est pas admis, l'adversaire prend ses "
    "cartes et une carte de pénalité ; si la table ne peut pas le former, l'adversaire prend "
    "seulement une carte de pénalité. Entrée seule : poser votre carte quand c'est à vous "
    "(ou, à la fin, ne proposer aucun dernier mot). Un bot pose la main au plus tôt « Réaction "
    "des bots » (bot_reaction_ms) après la carte qui fait son mot. La ligne du bas montre le "
    "temps qui reste (mode timed) et le délai pour poser (lay_timer). « r » / « b » : choisir "
    "sa couleur. "
    "Toujours : /aide, /table, /regles, /quitter (sans « / » aussi, sauf si la table fait "
    "ce mot : « aide » est alors une proposition)."
)
HELP_EN = (
    "The table plays in real time: once 5 cards are on the table, type a French word "
    "(“chat”) and Enter to claim it, at any moment, on any card, your own included: if it is "
    "admitted you take its cards; if it is not admitted, the opponent takes its cards and a "
    "penalty card; if the table cannot make it, the opponent takes only a penalty card. Enter "
    "alone: turn up your card when it is your turn (or, at the end, offer no last word). A bot "
    "claims no sooner than the “Bots' reaction” (bot_reaction_ms) after the card that made its "
    "word. The bottom line shows the time left (timed mode) and the time left to turn up your "
    "card (lay_timer). “r” / “b”: choose your colour, red or black. "
    "Always: /help, /table, /rules, /quit (also without “/”, unless the table makes that "
    "word: “help” is then a claim)."
)
RULES = """[bold]La Bataille AlphaPoker en bref[/]
• Deux joueurs, un jeu complet de 130 cartes. Le sort désigne celui qui choisit sa couleur et
  pose le premier ; chacun reçoit les 65 cartes de sa couleur (64 lettres et 1 joker), mélangées,
  face cachée : c'est sa pioche.
• À tour de rôle, chacun retourne la carte du dessus de sa pioche sur la table, où toutes les
  cartes restent visibles.
• Dès que la table porte 5 cartes, chacun peut « poser la main » : seul le premier est écouté,
  et il propose un mot fait de cartes de la table (3 lettres au moins ; le joker vaut n'importe
  quelle lettre). Mot admis : il prend ses cartes. Mot non admis : ses cartes vont à
  l'adversaire, et c'est une faute. Mot impossible avec la table, ou aucun mot : une faute.
• Une faute coûte la carte du dessus de sa pioche, donnée à l'adversaire (à défaut la dernière
  carte gagnée). Plusieurs mots peuvent être pris entre deux cartes posées.
• « Courtoisie » (option) : après une carte posée, seul l'adversaire de celui qui l'a posée peut
  poser la main jusqu'à la carte suivante. Option « Minuteur de pose » : une carte toutes les
  3 à 10 s.
• Fin : pioches épuisées, chacun à son tour peut encore proposer un dernier mot, ou
  laisser passer (fin « jusqu'au bout des cartes ») ; ou à la fin du temps annoncé, les cartes
  gagnées formant une nouvelle pioche (fin « au bout du temps annoncé »). Les cartes restées
  sur la table ne comptent pour personne.
• Score : la valeur des cartes que l'on possède (pioche et cartes gagnées), le joker vaut 10.
  Le plus haut total gagne ; égalité : partie nulle."""

# The same summary in English, for the browser's rules page in English (games/docs.py) and
# « rules » at an English table; « claim » is the browser's word for « poser la main ».
RULES_EN = """[bold]AlphaPoker Bataille in brief[/]
• Two players, a full set of 130 cards. The lot picks who chooses his colour and turns up first;
  each gets the 65 cards of his colour (64 letters and 1 joker), shuffled, face down: his pile.
• In turn, each turns the top card of his pile onto the table, where all cards stay visible.
• Once the table holds 5 cards, anyone may claim (lay a hand on the table): only the first is
  heard, and he offers a French word made of cards on the table (3 letters at least; the
  joker stands for any letter). Word admitted: he takes its cards. Word not admitted: its cards
  go to the opponent, and it is a fault. A word impossible with the table, or no word: a fault.
• A fault costs the top card of one's pile, given to the opponent (failing that the last card
  won). Several words may be taken between two cards turned up.
• “Courtesy” (option): after a card is turned up, only the opponent of whoever turned it
  up may claim until the next card. Option “Laying timer”: a card every 3 to 10 s.
• End: piles used up, each in turn may still offer one last word, or let it pass (until the
  cards run out); or at the end of the announced time, the cards won forming a new pile (timed
  game). The cards left on the table count for nobody.
• Score: the value of the cards one owns (pile and cards won), the joker is worth 10. The
  highest total wins; a tie: drawn game."""


class Screen(Protocol):
    """What the live table tells the person (``BatailleTerminal`` is one; its ``lang``, when
    it has one, is the table's language)."""

    def show(self, view: dict[str, Any]) -> None: ...

    def tell(self, events: list[Event], view: dict[str, Any]) -> None: ...

    def say(self, text: str) -> None: ...


@dataclass(order=True)
class Due:
    """An action the table will play at ``time`` (earliest first; at equal times the arbiter,
    then claims, then lays)."""

    time: float
    rank: int
    seat: int | None = field(compare=False)
    action: Action = field(compare=False)


class LiveTable:
    def __init__(
        self,
        state: BatailleState,
        seat: int,
        agents: Mapping[int, Any],
        screen: Screen,
        now: float,
        save: Callable[..., None] | None = None,
        lang: str | None = None,
    ) -> None:
        self.state = state
        # the table's language: « fr », or « en » (by default the screen's)
        self.lang: str = lang or str(getattr(screen, "lang", "fr"))
        self.seat = seat
        self.agents = agents
        self.screen = screen
        self.save = save or (lambda soon=False: None)
        # the time each version was reached (a resumed game: all of them now)
        self.times: list[float] = [now] * (len(state.actions) + 1)
        self.play_start: float | None = None if state.phase == COLOUR else now
        self.plans: dict[int, tuple[int, Due | None]] = {}  # bot seat → (version, its plan)
        self.claims_won = [0, 0]

    def t(self, fr: str, en: str) -> str:
        """The sentence in the table's language."""
        return en if self.lang == "en" else fr

    def seconds(self, value: float) -> str:
        """« 2,5 » / « 2.5 »: a tenth of a second as the table's language writes it."""
        text = f"{value:.1f}"
        return text if self.lang == "en" else text.replace(".", ",")

    # ------------------------------------------------------------------ what is due
    @property
    def version(self) -> int:
        return len(self.state.actions)

    @property
    def over(self) -> bool:
        return self.state.is_over()

    def lay_clock_start(self) -> float:
        """R65's 10 s run from the previous card (from the deal for the first card)."""
        st = self.state
        if st.last_lay_version is not None:
            return self.times[st.last_lay_version]
        return self.play_start if self.play_start is not None else self.times[-1]

    def due(self) -> list[Due]:
        st = self.state
        if st.is_over():
            return []
        out: list[Due] = []
        clock = st.game_clock()
        if clock is not None and self.play_start is not None:
            out.append(Due(self.play_start + clock[0], 0, None, clock[1]))
        for s in sorted(st.to_move()):
            timer = st.timer_seconds(s)
            timeout = st.timeout_action(s)
            if timer is not None and timeout is not None:
                out.append(Due(self.lay_clock_start() + timer, 2, s, timeout))
            if s != self.seat:
                plan = self._plan(s)
                if plan is not None:
                    out.append(plan)
        return out

    def next_due(self) -> float | None:
        items = self.due()
        return min(items).time if items else None

    def _plan(self, s: int) -> Due | None:
        """Bot ``s``'s next action and when it is played, asked once per version."""
        cached = self.plans.get(s)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        st, agent = self.state, self.agents[s]
        view = st.view(s)
        action = agent.act(view, st.legal_actions(s))
        plan: Due | None
        if action["type"] == "pass" and st.phase == PLAY:
            plan = None  # in real time a bot with no word just watches
        else:
            pace = st.bot_pace(s, action)
            if pace is None:
                at = self.times[-1] + DRIVER_PACE
            else:
                own = getattr(agent, "reaction_s", None)  # a slower level waits longer
                wait = max(pace[0], own(view) if own is not None else 0.0)
                at = self.times[pace[1]] + wait
            least = st.min_interval(s, action)
            if least is not None:
                at = max(at, self.times[least[1]] + least[0])
            plan = Due(max(at, self.times[-1]), 1 if action["type"] == "claim" else 2, s, action)
        self.plans[s] = (self.version, plan)
        return plan

    # ------------------------------------------------------------------ playing
    def _play(self, seat: int | None, action: Action, at: float) -> list[Event]:
        events = self.state.apply(seat, action)
        self.times.append(max(at, self.times[-1]))
        if self.play_start is None and self.state.phase != COLOUR:
            self.play_start = self.times[-1]
        for e in events:
            if e["type"] == "claim" and e.get("outcome") == "valid":
                self.claims_won[e["seat"]] += 1
        view = self.state.view(self.seat)
        self.screen.tell(events, view)
        if any(e["type"] in ("lay", "claim", "refill") for e in events) and not self.over:
            self.screen.show(view)
        self.save(soon=seat != self.seat)
        return events

    def advance(self, now: float) -> None:
        """Play everything due by ``now``, in time order."""
        while not self.over:
            items = self.due()
            if not items:
                return
            first = min(items)
            if first.time > now:
                return
            self._play(first.seat, first.action, first.time)

    def typed(self, line: str, now: float) -> None:
        """A line the person typed at ``now``: a word claims, Entrée lays (or, for the last
        word, makes none); anything refused is said and changes nothing."""
        self.advance(now)
        text = line.strip()
        word = fold(text).lower()
        command = word.removeprefix("/")
        if command in COMMANDS and (word != command or not self._may_take(word)):
            if command in QUIT_WORDS:
                raise Quit
            if command in ("table", "t"):
                self.screen.show(self.state.view(self.seat))
                return
            if command in ("regles", "rules"):
                self.screen.say(self.t(RULES, RULES_EN))
            else:
                self.screen.say(self.t(HELP, HELP_EN))
            return
        if self.over:
            return
        action = self._action(text, now)
        if action is None:
            return
        try:
            self._play(self.seat, action, now)
        except LudoError as exc:
            said = exc.en if self.lang == "en" else exc.fr
            self.screen.say(f"[red]✗ {without_rule_ids(said)}[/]")

    def _may_take(self, word: str) -> bool:
        """A command word (« aide », « table ») the table spells is a claim when one may be
        made now; « /aide » is always the command."""
        st = self.state
        if self.seat not in st.to_move() or (st.phase == PLAY and self.seat not in st.claimers()):
            return False
        return resolve(word.upper(), st.table) is not None

    def _action(self, text: str, now: float) -> Action | None:
        """The person's line as an action, or None after saying why it is refused."""
        st, seat = self.state, self.seat
        if st.phase == COLOUR:
            if seat != st.chooser:
                return self._refuse(
                    self.t(
                        "l'adversaire choisit sa couleur, un instant",
                        "the opponent is choosing a colour, one moment",
                    )
                )
            choice = fold(text).lower().removeprefix("coul").strip()
            colour = COLOUR_WORDS.get(choice)
            if colour is None:
                return self._refuse(
                    self.t(
                        "votre couleur : r (rouge) ou b (noir)",
                        "your colour: r (red) or b (black)",
                    )
                )
            return {"type": "colour", "colour": colour}
        if not text:
            if st.phase == FINAL:
                if st.final_queue[:1] == [seat]:
                    return {"type": "pass"}
                return self._refuse(
                    self.t(
                        "l'adversaire propose son dernier mot",
                        "the opponent is offering a last word",
                    )
                )
            if st.turn != seat:
                return self._refuse(
                    self.t(
                        "ce n'est pas à vous de poser : tapez un mot pour poser la main",
                        "it is not your turn to turn up a card: type a word to claim",
                    )
                )
            least = st.min_interval(seat, {"type": "lay"})
            if least is not None and now < self.times[least[1]] + least[0]:
                wait = self.times[least[1]] + least[0] - now
                return self._refuse(
                    self.t(
                        f"trop tôt : {least[0]:.0f} s au moins entre deux cartes (R65), "
                        f"encore {self.seconds(wait)} s",
                        f"too soon: at least {least[0]:.0f} s between two cards (R65), "
                        f"{self.seconds(wait)} s to go",
                    )
                )
            return {"type": "lay"}
        if seat not in st.to_move():
            if st.phase == PLAY and st.passed[seat]:  # a game begun turn by turn, resumed
                return self._refuse(
                    self.t(
                        "vous avez laissé passer cette carte : attendez la suivante",
                        "you let this card pass: wait for the next one",
                    )
                )
            if st.phase == FINAL:
                return self._refuse(
                    self.t(
                        "c'est à l'adversaire de proposer son dernier mot",
                        "it is the opponent's turn to offer a last word",
                    )
                )
            if len(st.table) < MIN_TABLE:
                return self._refuse(self._too_few())
            return self._refuse(
                self.t(
                    "avec courtoisie, seul l'adversaire de celui qui vient de poser peut "
                    "proposer (R61)",
                    "with courtesy, only the opponent of whoever just turned up a card may "
                    "claim (R61)",
                )
            )
        if st.phase == PLAY and seat not in st.claimers():
            if len(st.table) < MIN_TABLE:
                return self._refuse(self._too_few())
            return self._refuse(
                self.t(
                    "avec courtoisie, vous ne proposez pas sur votre propre carte (R61) : "
                    "Entrée pour poser la suivante",
                    "with courtesy, you do not claim on your own card (R61): "
                    "Enter to turn up the next one",
                )
            )
        return {"type": "claim", "word": text}

    def _too_few(self) -> str:
        return self.t(
            f"il faut au moins {MIN_TABLE} cartes sur la table pour poser la main (R58)",
            f"at least {MIN_TABLE} cards must be on the table to claim (R58)",
        )

    def _refuse(self, why: str) -> Action | None:
        """Say why the person's line is refused; no action (``return self._refuse(…)``)."""
        self.screen.say(f"[red]✗ {without_rule_ids(why)}[/]")
        return None

    # ------------------------------------------------------------------ the clock line
    def status(self, now: float) -> str:
        """The clock line: time left (timed mode), whose card, the lay timer, the scores."""
        st, seat = self.state, self.seat
        parts: list[str] = []
        clock = st.game_clock()
        if clock is not None and self.play_start is not None:
            left = max(0.0, self.play_start + clock[0] - now)
            minutes, secs = int(left) // 60, int(left) % 60
            parts.append(
                self.t(f"⏱ reste {minutes} min {secs:02d} s", f"⏱ {minutes} min {secs:02d} s left")
            )
        if st.phase == COLOUR:
            parts.append(self.t("choix des couleurs", "choosing colours"))
        elif st.phase == PLAY:
            if st.turn == seat:
                who = self.t("à vous de poser", "your card next")
            else:
                who = self.t("l'adversaire pose", "the opponent's card next")
            timer = st.timer_seconds(st.turn)
            if timer is not None:
                left = max(0.0, self.lay_clock_start() + timer - now)
                who += f" ({left:.0f} s)"
            parts.append(who)
        elif st.phase == FINAL:
            if st.final_queue[:1] == [seat]:
                parts.append(self.t("votre dernier mot", "your last word"))
            else:
                parts.append(self.t("derniers mots", "last words"))
        scores = st.scores()
        you = self.t("vous", "you")
        # the score as a match's: « you 8 – 2 Strong 1 », each number beside its player
        names = getattr(self.screen, "names", None)
        them = names[1 - seat] if names else self.t("l'adversaire", "the opponent")
        parts.append(f"table {len(st.table)} · {you} {scores[seat]} – {scores[1 - seat]} {them}")
        return " · ".join(parts)

    def question(self) -> str:
        """The prompt when it asks the person something of his own (his colour, his last
        word); empty while he may only claim or turn up a card."""
        st = self.state
        mine = (st.phase == COLOUR and st.chooser == self.seat) or (
            st.phase == FINAL and st.final_queue[:1] == [self.seat]
        )
        return self.prompt() if mine else ""

    def prompt(self) -> str:
        st = self.state
        if st.phase == COLOUR and st.chooser == self.seat:
            return self.t("Votre couleur (r/b) › ", "Your colour (r/b) › ")
        if st.phase == FINAL and st.final_queue[:1] == [self.seat]:
            return self.t("Dernier mot (Entrée = aucun) › ", "Last word (Enter = none) › ")
        if st.phase == PLAY and st.turn == self.seat:
            return self.t("Un mot, ou Entrée pour poser › ", "A word, or Enter to turn up › ")
        return self.t("Un mot › ", "A word › ")


# ---------------------------------------------------------------------- drivers
class Person(Protocol):
    """A scripted person: the next line he types and when, given the table (None: nothing)."""

    def next_line(self, live: LiveTable, now: float) -> tuple[float, str] | None: ...

    def unread(self, line: tuple[float, str]) -> None:
        """The line ``next_line`` gave was not typed (something came first)."""


class Lines:
    """A person who types fixed lines at fixed times: ``[(seconds, text), …]``."""

    def __init__(self, lines: list[tuple[float, str]]) -> None:
        self.lines = sorted(lines, key=lambda x: x[0])

    def next_line(self, live: LiveTable, now: float) -> tuple[float, str] | None:
        return self.lines.pop(0) if self.lines else None

    def unread(self, line: tuple[float, str]) -> None:
        self.lines.insert(0, line)


class QuickEye:
    """A person who claims ``reaction`` s after the card that made a word he sees (admissible
    words of at most ``max_len`` letters, the one of highest value first; counted from the card
    that opened the claims when it came later, as the bots' pace is), and lays his card
    ``lay_after`` s after the previous one."""

    def __init__(self, reaction: float = 1.5, max_len: int = 5, lay_after: float = 2.0) -> None:
        self.reaction, self.max_len, self.lay_after = reaction, max_len, lay_after

    def next_line(self, live: LiveTable, now: float) -> tuple[float, str] | None:
        st, seat = live.state, live.seat
        if st.is_over():
            return None
        if st.phase == COLOUR:
            return (now + 1.0, "r") if st.chooser == seat else None
        best: tuple[float, int, str] | None = None
        if seat in st.to_move() and (st.phase == FINAL or seat in st.claimers()):
            for w in table_words(st.table, st.options.compound_words, limit=8, decent=True):
                if len(w.word) > self.max_len:
                    continue
                since = st.claimable_since({"type": "claim", "word": w.word})
                at = max(now, live.times[since] + self.reaction)
                if best is None or (at, -w.value) < (best[0], best[1]):
                    best = (at, -w.value, w.word)
        if st.phase == FINAL:
            if st.final_queue[:1] != [seat]:
                return None
            return (best[0], best[2]) if best else (now + self.reaction, "")
        candidates: list[tuple[float, str]] = []
        if best is not None:
            candidates.append((best[0], best[2]))
        if st.turn == seat:
            at = max(now, live.lay_clock_start() + self.lay_after)
            least = st.min_interval(seat, {"type": "lay"})
            if least is not None:
                at = max(at, live.times[least[1]] + least[0])
            candidates.append((at, ""))
        return min(candidates, key=lambda c: c[0]) if candidates else None

    def unread(self, line: tuple[float, str]) -> None:
        """He decides anew from the table each time."""


def run_scripted(
    live: LiveTable, person: Person, start: float = 0.0, until: float = float("inf")
) -> float:
    """Play on a fake clock, to the end or to ``until``: the person's lines and the table's
    due actions in time order (the person first at equal times). Returns the clock."""
    now = start
    while not live.over:
        line = person.next_line(live, now)
        due = live.next_due()
        times = [t for t in (line[0] if line else None, due) if t is not None]
        if not times or min(times) > until:
            if until == float("inf"):
                raise RuntimeError("la table attend une personne qui ne tape plus rien")
            if line is not None:
                person.unread(line)
            live.advance(until)
            return until
        now = max(now, min(times))
        if line is not None and line[0] <= now:
            live.typed(line[1], now)
        else:
            if line is not None:
                person.unread(line)
            live.advance(now)
    return now


def run_terminal(live: LiveTable, ask: Callable[[str], str] | None = None) -> None:
    """Play to the end on the real clock. In a terminal: prompt_toolkit, the clock line kept
    at the bottom and redrawn four times a second while the bots play; otherwise (piped input)
    the lines of ``ask`` (or of standard input) read in a thread."""
    t0 = time.monotonic()
    shift = live.times[-1]

    def clock() -> float:
        return shift + time.monotonic() - t0

    if sys.stdin.isatty() and sys.stdout.isatty():
        asyncio.run(_prompt_toolkit_loop(live, clock))
    else:
        _line_loop(live, clock, ask or (lambda p: input(p)))


async def _prompt_toolkit_loop(live: LiveTable, clock: Callable[[], float]) -> None:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.patch_stdout import patch_stdout

    session: PromptSession[str] = PromptSession()
    failure: list[BaseException] = []

    async def tick() -> None:
        try:
            while not live.over:
                live.advance(clock())
                if live.over:
                    break
                nxt = live.next_due()
                await asyncio.sleep(0.25 if nxt is None else min(0.25, max(0.0, nxt - clock())))
        except BaseException as exc:  # shown by the prompt loop, not lost in a task
            failure.append(exc)
        if session.app.is_running:
            session.app.exit(result="")

    with patch_stdout(raw=True):
        ticker = asyncio.create_task(tick())
        try:
            while not live.over and not failure:
                try:
                    line = await session.prompt_async(
                        live.prompt,  # redrawn with the clock line
                        bottom_toolbar=lambda: live.status(clock()),
                        refresh_interval=0.25,
                    )
                except (EOFError, KeyboardInterrupt):
                    raise Quit from None
                if live.over or failure:
                    break
                live.typed(line, clock())
        finally:
            ticker.cancel()
    if failure and not isinstance(failure[0], asyncio.CancelledError):
        raise failure[0]


def _line_loop(live: LiveTable, clock: Callable[[], float], ask: Callable[[str], str]) -> None:
    lines: queue.Queue[str | BaseException] = queue.Queue()

    def reader() -> None:
        while True:
            try:
                lines.put(ask(""))
            except BaseException as exc:  # the end of the input, or a failure to show
                lines.put(exc)
                return

    threading.Thread(target=reader, daemon=True).start()
    asked = ""  # no prompt line stays on screen here: a question is said when it changes
    while not live.over:
        live.advance(clock())
        if live.over:
            break
        question = live.question()
        if question and question != asked:
            live.screen.say(question.rstrip())
        asked = question
        nxt = live.next_due()
        wait = 1.0 if nxt is None else min(1.0, max(0.0, nxt - clock()))
        try:
            line = lines.get(timeout=wait)
        except queue.Empty:
            continue
        if isinstance(line, (EOFError, KeyboardInterrupt)):
            raise Quit
        if isinstance(line, BaseException):
            raise line
        live.typed(line, clock())
