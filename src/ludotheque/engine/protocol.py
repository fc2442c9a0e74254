"""The game protocol every game keeps (ARCHITECTURE.md, « The game protocol »).

A game module defines a :class:`Game` (metadata, ``options_type``, ``new``) and a
:class:`State`. The state does the bookkeeping shared by every game: the seeded RNG, the list of
accepted actions (the record), refusing actions from seats that are not to move, and leaving
the state untouched when an action is refused. A game writes ``_legal``, ``_check`` (raise,
change nothing) and ``_apply`` (change the state, return the public events), and may write
``_normalise`` (the canonical form of a checked action, the one the record keeps).

Both classes are generic: ``State[O]`` over its options, ``Game[S, O]`` over its state and
options, so that ``GAME.new(...)`` is typed as the game's own state. A bare ``State`` or
``Game`` (what the registry hands out) means any game: ``State[GameOptions]``.

Every optional capability is a member of :class:`State` with a default (``opening_events``,
``offers_all_legal``, ``timer_seconds``, ``game_clock``, ``min_interval``, ``bot_pace``,
``offered_actions``, ``shared_legal_actions``): drivers call them, they never probe a game
with ``getattr``.
"""

from __future__ import annotations

import copy
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Protocol, Self

from typing_extensions import TypeVar

from ludotheque.engine.errors import IllegalAction, InvalidAction, OptionsError
from ludotheque.engine.labels import GENERIC_BOTS, GameWords
from ludotheque.engine.options import GameOptions

Action = dict[str, Any]
Event = dict[str, Any]
RECORD_FORMAT = 1
_TYPE = frozenset({"type"})
# The variant that plays the rule book to the letter where the default table departs from it.
LITERAL_VARIANT = "livre"

# A state's options; a bare ``State`` is ``State[GameOptions]``. Covariant: a game's state is a
# state of some game, so the registry can hold every game in one ``dict[str, Game]``.
O_co = TypeVar("O_co", bound=GameOptions, default=GameOptions, covariant=True)


@dataclass(frozen=True)
class Result:
    """How a game ended: per-seat scores and ranks (1 = first, equal ranks are shared).

    Rank 0 marks a seat that does not play (Alkamo's non-playing arbiter, who only judges):
    it is in no ranking, rating, win rate or reward; its score is 0."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    reason_fr: str
    reason_en: str
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "reason": self.reason_fr,
            "reason_en": self.reason_en,
            "details": dict(self.details),
        }


class Bot(Protocol):
    """A player that decides from what its seat may know: ``view`` and ``legal`` actions."""

    name: str

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action: ...


# How a game makes one of its bots: ``factory(seed)``.
BotFactory = Callable[[int], Bot]


class State(ABC, Generic[O_co]):
    """One game in progress, over its options ``O_co`` (``class AliceState(State[Options])``).
    Subclasses keep all their data in plain attributes."""

    game: ClassVar[Game]
    # Whether a player's client is shown every legal action (``offered_actions`` is
    # ``legal_actions``). A game whose legal list holds answers the player must find himself
    # sets it False and writes ``offered_actions``.
    offers_all_legal: ClassVar[bool] = True
    # The fields each type of action may carry besides its ``type``: ``apply`` refuses any
    # other key (a key a game would ignore could still be stored, sent and replayed — text
    # UTF-8 cannot write, numbers JSON has no word for). Types not listed are left to the
    # game's ``_check``, which says why they are unknown.
    action_fields: ClassVar[Mapping[str, frozenset[str]]] = MappingProxyType({})

    def __init__(self, players: int, options: O_co, seed: int) -> None:
        self.players = players
        self.options: O_co = options
        self.seed = seed
        self.rng = random.Random(seed)
        self.actions: list[tuple[int | None, Action]] = []
        # The public events of the set-up (a draw for the dealer, the deal), told to every
        # player before the first action. Games that have some set it in their ``__init__``.
        self.opening_events: list[Event] = []

    # -- what a game writes ---------------------------------------------------------------------
    @abstractmethod
    def to_move(self) -> frozenset[int]:
        """Seats that may act now (several in real-time phases, none when the game is over)."""

    @abstractmethod
    def _legal(self, seat: int) -> list[Action]:
        """Every distinct choice of ``seat`` now (called only for seats in ``to_move``)."""

    @abstractmethod
    def _check(self, seat: int | None, action: Action) -> None:
        """Raise InvalidAction / IllegalAction if the action cannot be applied. Changes nothing,
        neither the state nor the action."""

    def _normalise(self, seat: int | None, action: Action) -> Action:
        """The canonical form of a checked action: the one ``_apply`` receives and the record
        keeps (AlphaPoker spells its cards one way, marks a bet to the cap « pour voir »).
        Called after ``_check``; ``action`` is the state's own copy. Default: unchanged."""
        return action

    @abstractmethod
    def _apply(self, seat: int | None, action: Action) -> list[Event]:
        """Apply a checked action; return public events (no hidden information)."""

    @abstractmethod
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may know, JSON-able. ``None`` is a spectator."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result: ...

    def timeout_action(self, seat: int) -> Action | None:
        """What the rule book says happens when ``seat``'s clock runs out (None: no timer)."""
        return None

    # -- shared bookkeeping ---------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_move():
            return []
        return self._legal(seat)

    def shared_legal_actions(self, seat: int) -> list[Action]:
        """``legal_actions(seat)``, where a game may hand out one list shared by every state and
        caller that has the same choices (Poker d'As: the 32 choices of a throw, per set of
        dice), without a copy per call: to be read, encoded or picked from, never changed.
        The server's hot path calls it; everything else gets its own copies from
        ``legal_actions``. Default: ``legal_actions``."""
        return self.legal_actions(seat)

    def timer_seconds(self, seat: int) -> float | None:
        """The length of the rule book's timer on ``seat``'s current decision, when it names one
        (the clock runs in the driver; ``timeout_action`` says what its end means). None: no
        length in the rules, the driver chooses."""
        return None

    def game_clock(self) -> tuple[float, Action] | None:
        """A clock on the whole game, when the table has one (Alice's ``time_limit_s``, the
        Bataille's timed mode): its length in seconds, counted from the start of play (the
        deal), and the action the arbiter (seat None) plays when it runs out. None when there
        is no such clock now: none at this table, already run out, or not in this phase. The
        driver keeps the time; the engine never reads a clock."""
        return None

    def min_interval(self, seat: int, action: Action) -> tuple[float, int] | None:
        """A rule-book minimum before ``action`` of ``seat``: ``(seconds, version)`` — it may
        not be played less than ``seconds`` after the action that led to ``version`` (the
        number of actions then; 0 is the deal). None: no minimum. The driver measures the time
        and refuses an early action (the engine, being pure, cannot)."""
        return None

    def bot_pace(self, seat: int, action: Action) -> tuple[float, int] | None:
        """The least time a bot waits before playing ``action``, as the table asks for it:
        ``(seconds, version)`` like ``min_interval`` — counted from the action that led to
        ``version``. It keeps bots human: the Bataille's « Réaction des bots » counted from the
        card that makes the word, a readable pace between a bot's successive dice throws.
        None: the driver's own pace. Drivers (server, terminal) honour it; engines never wait.
        """
        return None

    def offered_actions(self, seat: int) -> list[Action]:
        """The legal actions shown to a player's client (browser, remote agent).

        Where ``legal_actions`` holds answers the player must find himself (the best words of
        his hand or of the table), a game returns here the forms he fills in instead, so that
        no client can read them, and sets ``offers_all_legal`` False; ``apply`` still accepts
        every legal action. Default: all.
        """
        return self.legal_actions(seat)

    def typed_actions(self, seat: int) -> frozenset[str]:
        """The kinds of action ``seat`` may send now with content he types himself, that no
        list can hold (Alkamo: a word, whatever his rack forms): a server passes them to
        ``apply``, which judges them and says why it refuses. Default: none."""
        return frozenset()

    def apply(self, seat: int | None, action: Action) -> list[Event]:
        """Apply ``action`` for ``seat``; on refusal raise and leave the state unchanged."""
        action = self._accepted(seat, action)
        events = self._apply(seat, action)
        self.actions.append((seat, action))
        return events

    def verify(self, seat: int | None, action: Action) -> None:
        """Raise what ``apply`` would raise for ``action`` (InvalidAction, IllegalAction with
        the reason); change nothing. Drivers and the conformance harness ask it whether an
        action (a timeout's, a client's) would be accepted, without playing it."""
        self._accepted(seat, action)

    def _accepted(self, seat: int | None, action: Action) -> Action:
        """The state's own copy of ``action``, in its canonical form, when ``apply`` accepts
        it; else raise the refusal. Changes nothing."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise InvalidAction(
                "une action est un objet JSON avec un champ « type »",
                "an action is a JSON object with a 'type' field",
            )
        if self.is_over():
            raise IllegalAction("la partie est terminée", "the game is over")
        if seat is not None and (type(seat) is not int or seat not in self.to_move()):
            if type(seat) is not int or not 0 <= seat < self.players:
                raise InvalidAction(f"siège inconnu : {seat!r}", f"unknown seat: {seat!r}")
            raise IllegalAction(
                f"ce n'est pas au joueur {seat} de jouer",
                f"it is not seat {seat}'s turn",
            )
        allowed = self.action_fields.get(action["type"])
        if allowed is not None and not action.keys() - _TYPE <= allowed:
            extra = sorted(str(k)[:32] for k in action.keys() - _TYPE - allowed)
            known = ", ".join(sorted(allowed)) or "aucun"
            raise InvalidAction(
                f"champ inconnu dans « {action['type']} » : {', '.join(extra[:5])} "
                f"(champs possibles : {known})",
                f"unknown field in '{action['type']}': {', '.join(extra[:5])} "
                f"(known fields: {', '.join(sorted(allowed)) or 'none'})",
            )
        action = _copy_action(action)
        self._check(seat, action)
        return self._normalise(seat, action)

    def record(self) -> dict[str, Any]:
        """Everything needed to replay this game bit for bit (ARCHITECTURE principle 1)."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game.name,
            "version": self.game.version,
            "options": self.options.to_dict(),
            "players": self.players,
            "seed": self.seed,
            "actions": [[seat, copy.deepcopy(a)] for seat, a in self.actions],
        }

    def clone(self) -> Self:
        """An independent copy (search bots copy states often; games may override for speed)."""
        return copy.deepcopy(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        new = object.__new__(type(self))
        memo[id(self)] = new
        for key, value in self.__dict__.items():
            # Shared read-only resources (a lexicon) are marked by a leading "_shared_".
            if key.startswith("_shared_"):
                new.__dict__[key] = value
            else:
                new.__dict__[key] = copy.deepcopy(value, memo)
        return new


# A game's state type; a bare ``Game`` is ``Game[State, GameOptions]``.
S_co = TypeVar("S_co", bound=State, default=State, covariant=True)


class Game(Generic[S_co, O_co]):
    """A game's metadata and constructor, over its state ``S_co`` and options ``O_co``. Each
    game module makes one instance and registers it."""

    name: str
    title: str
    min_players: int
    max_players: int
    version: int = 1
    options_type: type[O_co]  # the game's frozen options dataclass
    state_type: type[S_co]  # the game's State subclass
    # The game's adapters, each the dotted path of a module of the game's folder, imported only
    # by the layer it serves (so that cli/, rl/ and report/ iterate the registry and never name
    # a game, and a game's rules never import its adapters); None = the generic fallback.
    cli_commands: str | None = None  # a module whose `app` (typer.Typer) is `ludotheque GAME …`
    rl_features: str | None = None  # a module with `codec(players, options)`, `features(…)`
    report_questions: str | None = None  # a module with `build(report, n, jobs, seed)` …

    def __init__(
        self,
        name: str,
        title: str,
        min_players: int,
        max_players: int,
        options: type[O_co],
        state: type[S_co],
        version: int = 1,
        description_fr: str = "",
        bots: Mapping[str, BotFactory] | None = None,
        terminal: str | None = None,
        variants: Mapping[str, Mapping[str, Any]] | None = None,
        default_bot: Callable[[GameOptions], str] | None = None,
        literal: Mapping[str, Any] | None = None,
        defaults_note: tuple[str, str] | None = None,
        record_defaults: Mapping[str, Any] | None = None,
        cli_commands: str | None = None,
        rl_features: str | None = None,
        report_questions: str | None = None,
        words: GameWords | None = None,
        seats_note: tuple[str, str] | None = None,
    ) -> None:
        self.name = name
        self.title = title
        self.min_players = min_players
        self.max_players = max_players
        self.options_type = options
        self.state_type = state
        self.version = version
        self.description_fr = description_fr
        self.bots = dict(bots or {})  # name → factory(seed) of the game's own bots
        # "module:Class" of the game's terminal interface, imported only by the CLI.
        self.terminal = terminal
        # Named presets of options (« joker », « café »…): `play --variant NAME` starts from one.
        self.variants = {k: dict(v) for k, v in (variants or {}).items()}
        self._default_bot = default_bot
        # The defaults policy (docs/defaults.md): ``Options()`` is the table a newcomer gets —
        # the rule book where it makes a good game, a documented preset where it does not.
        # ``literal`` holds the option values of the rule book read to the letter where the
        # default table departs from it; it is the variant « livre ». ``defaults_note`` says
        # in a sentence (fr, en) how and why the default table departs.
        if literal:
            self.variants.setdefault(LITERAL_VARIANT, dict(literal))
        self.defaults_note = defaults_note
        # Options added after records existed: the value a stored record (or database row)
        # that lacks the key was played with, so that it replays as it was played.
        self.record_defaults = dict(record_defaults or {})
        self.cli_commands = cli_commands
        self.rl_features = rl_features
        self.report_questions = report_questions
        # The words people read for its bots, variants and events, its description in English
        # (engine/labels.py); its options' words are ``Options.words``.
        self.words = words or GameWords()
        # Who plays with whom, when seats are not all against all (fr, en): said where seats
        # are chosen (Belote's partners: two friends took places 1 and 2 and were opponents).
        self.seats_note = seats_note
        state.game = self

    def new(
        self,
        players: int,
        options: GameOptions | Mapping[str, Any] | None = None,
        seed: int = 0,
    ) -> S_co:
        """A new game, deterministic for a given seed."""
        opts: O_co
        if isinstance(options, GameOptions):
            if not isinstance(options, self.options_type):
                raise OptionsError(
                    f"ces options ne sont pas celles de {self.title}",
                    f"these options are not {self.title}'s",
                )
            opts = options
        else:
            opts = self.options_type.from_dict(options)
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionsError(
                "le nombre de joueurs doit être un entier",
                "the number of players must be an integer",
            )
        if not self.min_players <= players <= self.max_players:
            low, high = self.min_players, self.max_players
            fr, en = (
                (f"à {low}", f"by {low}")
                if low == high
                else (f"de {low} à {high}", f"by {low} to {high}")
            )
            raise OptionsError(
                f"{self.title} se joue {fr} joueurs (demandé : {players})",
                f"{self.title} is played {en} players (asked: {players})",
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionsError("la graine doit être un entier", "the seed must be an integer")
        return self.state_type(players, opts, seed)

    def default_bot(self, options: GameOptions) -> str:
        """The bot a person plays against when none is named: the game's own choice for these
        options when it makes one, else « fort » if the game has it, else « random »."""
        if self._default_bot is not None:
            return self._default_bot(options)
        return "fort" if "fort" in self.bots else "random"

    def listed_bots(self) -> list[str]:
        """The bots a list offers people (the lobby, the rules page): the game's own, then the
        generic ones, each level once — a name whose French words an earlier one already has
        (an old name kept so that tables and records made with it still play: Alice's « mcts »
        for « mcts:moyen ») is left out (« Bot moyen » was listed twice)."""
        said: set[str] = set()
        out = []
        for name in [*self.bots, *(n for n in GENERIC_BOTS if n not in self.bots)]:
            words = self.words.bots.get(name) or GENERIC_BOTS.get(name)
            label = words.fr if words else name
            if label not in said:
                said.add(label)
                out.append(name)
        return out

    def default_players(self) -> int:
        """The table size offered when none is asked: three, within the game's limits."""
        return max(self.min_players, min(3, self.max_players))

    def variant_options(self, variant: str) -> dict[str, Any]:
        """The option values of a named variant; OptionsError naming the known ones."""
        if variant not in self.variants:
            known = ", ".join(sorted(self.variants)) or "aucune"
            raise OptionsError(
                f"{self.title} n'a pas de variante « {variant} » (variantes : {known})",
                f"{self.title} has no variant '{variant}' (variants: {known or 'none'})",
            )
        return dict(self.variants[variant])

    def options_from_record(self, values: Mapping[str, Any] | None) -> O_co:
        """The options of a stored game (a record, a database row): keys it lacks take the
        value its games were played with (``record_defaults``), not today's default."""
        return self.options_type.from_dict(self.stored_options(values))

    def stored_options(self, values: Mapping[str, Any] | None) -> dict[str, Any]:
        """The option values of a stored game, unchecked, completed by ``record_defaults``
        (a value that is not a mapping is left for the check to refuse)."""
        if not isinstance(values, Mapping):
            return values  # type: ignore[return-value]
        return {**self.record_defaults, **values}

    def table_kind(self, options: GameOptions) -> tuple[str, str]:
        """Which table these options make, in words (fr, en): the default table, the rule
        book to the letter (variant « livre »), another named variant, or chosen options."""
        if options == self.options_type():
            if self.defaults_note is None:
                return ("par défaut — la règle du livre", "default — the rule book")
            fr, en = self.defaults_note
            return (f"par défaut — {fr}", f"default — {en}")
        values = options.to_dict()
        for name in sorted(self.variants, key=lambda n: (n != LITERAL_VARIANT, n)):
            wanted = self.options_type.from_dict(self.variants[name]).to_dict()
            label = self.words.variants.get(name)  # « 'secrete' (Secret Belote) » in English
            en = f"'{name}' ({label.en})" if label is not None else f"'{name}'"
            if wanted == values:
                if name == LITERAL_VARIANT:
                    return (
                        "la règle du livre à la lettre (variante « livre »)",
                        "the rule book to the letter (variant 'livre')",
                    )
                if self.departs(options):  # the variant on a default table that departs
                    return (
                        f"variante « {name} » sur la table par défaut",
                        f"variant {en} on the default table",
                    )
                return (f"variante « {name} »", f"variant {en}")
            by_the_book = {**self.literal, **self.variants[name]}
            if self.literal and self.options_type.from_dict(by_the_book).to_dict() == values:
                return (
                    f"variante « {name} », la règle du livre à la lettre",
                    f"variant {en}, the rule book to the letter",
                )
        return ("options choisies", "chosen options")

    @property
    def literal(self) -> Mapping[str, Any]:
        """The rule book's values where the default table departs from it (the variant
        « livre »; empty when the default table is the rule book)."""
        return self.variants.get(LITERAL_VARIANT, {})

    def departs(self, options: GameOptions) -> bool:
        """Do these options depart from the rule book where the default table does
        (``literal``: the values the rule book gives and the default table changes)?"""
        values = options.to_dict()
        book = self.options_type.from_dict(self.literal).to_dict() if self.literal else {}
        return any(values[key] != book[key] for key in self.literal)

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


def fields(**types: Iterable[str]) -> Mapping[str, frozenset[str]]:
    """A game's ``action_fields``: ``fields(bet=("amount", "pour_voir"), fold=())``."""
    return MappingProxyType({kind: frozenset(names) for kind, names in types.items()})


def _copy_action(action: Mapping[str, Any]) -> Action:
    """A private copy of an action (flat JSON objects: lists and dicts one level deep)."""
    return {
        k: list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v
        for k, v in action.items()
    }


def canonical_json(value: Any) -> str:
    """The one JSON spelling used to compare actions and views."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
