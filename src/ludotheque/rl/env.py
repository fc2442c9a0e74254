"""A PettingZoo AEC environment over any registered game (docs/rl.md).

``LudoEnv("alphapoker", players=3, hand_size=9)`` plays one game per episode through the
protocol: agents ``player_0``… are the seats; ``observe(agent)`` is
``{"observation": float32 vector, "action_mask": int8 vector}`` computed from
``state.view(seat)`` alone; an action is a slot of the game's fixed discrete space
(``rl/actions.py``), turned into the concrete legal action before ``state.apply``.

Real-time phases (several seats in ``to_move``) are serialised: the next agent is drawn
uniformly among the seats that may act, with an RNG seeded by ``reset(seed=…)``, and its action
is applied at once; the others then see the new state (as the fastest player wins a race in the
real game). Simultaneous secret choices stay secret because views hide them until the engine
reveals them. Rewards come at the end of the game (``reward="win"``, ``"rank"`` or ``"score"``).
"""

from __future__ import annotations

import copy
import importlib
import json
import random
import types
import typing
import warnings
from collections.abc import Iterable, Mapping
from types import ModuleType
from typing import Any, cast

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ludotheque import games
from ludotheque.engine.errors import IllegalAction, LudoError, OptionsError
from ludotheque.engine.options import GameOptions, shown
from ludotheque.engine.protocol import Action, Game, Result, State
from ludotheque.rl import actions as act
from ludotheque.rl import encoding as enc
from ludotheque.rl.encoding import _fast

REWARDS = ("win", "rank", "score")


class NotReset(LudoError, AttributeError):
    """The env has no game yet (or no more, after ``close()``): call ``reset()`` first. An
    AttributeError too, so that ``hasattr(env, "agent_selection")`` stays False before it."""


def not_reset() -> NotReset:
    return NotReset(
        "l'environnement n'a pas de partie en cours : appelez d'abord reset() (par exemple "
        "env.reset(seed=0)), après sa création comme après close()",
        "the environment has no game going on: call reset() first (e.g. env.reset(seed=0)), "
        "after making it as after close()",
    )


# What reset() sets: reading one of them before the first reset() raises NotReset.
_RESET_ATTRIBUTES = frozenset(
    {
        "agent_selection",
        "agents",
        "rewards",
        "_cumulative_rewards",
        "terminations",
        "truncations",
        "infos",
        "steps",
        "_cache",
        "_counted",
        "_over",
        "_order",
        "_encode",
    }
)


class LudoEnv(AECEnv):
    """One registered game as an AEC environment (see the module docstring)."""

    metadata: dict[str, Any]  # PettingZoo's: render modes and the env's name (its game's)

    def __init__(
        self,
        name: str,
        /,
        players: int | None = None,
        options: GameOptions | Mapping[str, Any] | None = None,
        *,
        variant: str | None = None,
        reward: str = "win",
        max_steps: int | None = None,
        render_mode: str | None = None,
        generic: bool = False,
        **option_values: Any,
    ) -> None:
        super().__init__()
        self.metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}
        self.game = games.get(name)
        players, max_steps, generic = _plain(players), _plain(max_steps), _plain(generic)
        self.players = self.game.default_players() if players is None else players
        self.options = _options(self.game, options, variant, option_values)
        if not isinstance(generic, bool):
            raise OptionsError(
                f"generic vaut True ou False (reçu {shown(generic)}) : True ignore la "
                "déclaration du jeu et prend les replis génériques",
                f"generic is True or False (got {shown(generic)}): True ignores the game's "
                "declaration and uses the generic fallbacks",
            )
        if not isinstance(reward, str) or reward not in REWARDS:
            raise OptionsError(
                f"récompense inconnue : {shown(reward)} (possibles : {', '.join(REWARDS)})",
                f"unknown reward: {shown(reward)} (known: {', '.join(REWARDS)})",
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise OptionsError(
                f"mode d'affichage inconnu : {render_mode}", f"unknown render mode: {render_mode}"
            )
        self.game.new(self.players, self.options, 0)  # refuse a bad table size up front
        if max_steps is not None and (
            isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1
        ):
            raise OptionsError(
                f"max_steps doit être un entier valant au moins 1 (reçu {shown(max_steps)}) : "
                "le nombre d'actions après lequel l'épisode est tronqué (None : jamais)",
                f"max_steps must be an integer of at least 1 (got {shown(max_steps)}): the "
                "number of actions after which the episode is truncated (None: never)",
            )
        # A table that ends on a clock (the Bataille in timed mode, Alice with a time limit)
        # would never end: the arbiter's clock does not run here. As `simulate` without
        # --max-steps, refused rather than given a hidden horizon (see docs/rl.md).
        if max_steps is None and _ends_on_a_clock(self.game, self.players, self.options):
            raise OptionsError(
                f"à cette table, {self.game.title} se termine sur une horloge (une durée de "
                "partie) que l'environnement ne fait pas tourner : sans limite, un épisode ne "
                "finirait pas. Donnez max_steps=N (l'épisode est alors tronqué après N "
                "actions), ou jouez une table sans horloge",
                f"at this table, {self.game.title} ends on a clock (a game duration) that the "
                "environment does not run: without a limit an episode would never end. Give "
                "max_steps=N (the episode is then truncated after N actions), or play a table "
                "without a clock",
                "max_steps",
            )
        self.reward_mode = reward
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.generic = generic
        self.metadata["name"] = f"ludotheque_{self.game.name}_v0"
        self._build()
        low, high = self.encoder.bounds()
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
            }
        )
        self.possible_agents = [f"player_{s}" for s in range(self.players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state: State | None = None
        self.unmapped = 0  # legal actions without a slot (counted over the episode)

    def _build(self) -> None:
        """The codec and the encoder of the table (made again when an env is unpickled)."""
        decl = declaration(self.game) if not self.generic else None
        self.codec: act.Codec = decl.codec(self.players, self.options) if decl else act.LegalIndex()
        self.encoder: enc.Encoder | enc.HashedView = (
            enc.Encoder(decl.features(self.players, self.options), self.players)
            if decl
            else enc.HashedView(self.players)
        )

    def _fresh_encode(self) -> Any:
        """A fresh memory of each seat's last observation (see Encoder.incremental)."""
        if isinstance(self.encoder, enc.Encoder):
            return self.encoder.incremental()
        return self.encoder.encode

    # ------------------------------------------------------------------ copies
    def __getattr__(self, name: str) -> Any:
        """Only for attributes not set: those reset() sets say to call it first."""
        if name in _RESET_ATTRIBUTES:
            raise not_reset()
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> dict[str, Any]:
        """For pickle: everything but the game, the codec and the encoder (their functions
        are local to the declarations), which are made again from the game's name, the
        players and the options; the encoder's memory starts afresh (it is only a cache)."""
        state = dict(self.__dict__)
        for name in ("game", "codec", "encoder", "_encode"):
            state.pop(name, None)
        state["game"] = self.game.name
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.game = games.get(state["game"])
        self._build()
        if "_cache" in state:
            self._encode = self._fresh_encode()

    def __deepcopy__(self, memo: dict[int, Any]) -> LudoEnv:
        """A deep copy shares the codec, the encoder and the game (read only), as before
        pickling had its own way, with an encoder memory of its own; the rest is copied."""
        clone = type(self).__new__(type(self))
        memo[id(self)] = clone
        shared = ("game", "codec", "encoder", "_encode")
        for name, value in self.__dict__.items():
            clone.__dict__[name] = value if name in shared else copy.deepcopy(value, memo)
        if "_encode" in self.__dict__:
            clone._encode = clone._fresh_encode()
        return clone

    # ------------------------------------------------------------------ PettingZoo API
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` is the game's own seed (``game.new(seed=…)``, so an episode
        can be replayed from its record), an integer ≥ 0; without one, the next seed of the
        env's sequence. ``options`` are ignored, with a warning (a game's options are given to
        ``rl.env``; PettingZoo's api_test passes some and expects them taken)."""
        if options:  # PettingZoo's api_test passes some and expects them taken: a warning
            warnings.warn(
                f"reset(options={shown(options)}) ignored: a game's options (variant, players, "
                "the game's own) are given to rl.env(…) / les options d'une partie se donnent à "
                "rl.env(…)",
                UserWarning,
                stacklevel=2,
            )
        if seed is not None:
            game_seed = _seed(seed)
            self._seeds = random.Random(game_seed)
        else:
            game_seed = self._seeds.getrandbits(31)
        self.state = self.game.new(self.players, self.options, game_seed)
        self._over = self.state.is_over()
        self._order = random.Random(f"order:{game_seed}")
        self.steps = 0
        self.unmapped = 0
        self._cache: tuple[int, int, dict[str, Any], list[int | None], list[Action]] | None = None
        self._counted: tuple[Any, ...] | None = None  # the state whose clashes are counted
        self._encode = self._fresh_encode()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._next_agent()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if self.state is None:
            raise not_reset()
        seat = self._seat[agent]
        cache = self._cache
        if cache is None or cache[0] != self.steps or cache[1] != seat:
            cache = self._fill(seat)
        mask, clashes = _mask(cache[3], self.codec.size)
        if clashes and self._counted is not cache:  # counted once per state and seat
            self._counted = cache
            self.unmapped += clashes
        return {"observation": self._encode(cache[2], seat), "action_mask": mask}

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        if state is None:
            raise not_reset()
        if action is None:
            raise IllegalAction(
                f"None ne se joue que pour un agent dont l'épisode est fini (terminé ou tronqué) "
                f": {agent} est en jeu, il joue une case légale (voir obs['action_mask'])",
                f"None is played only for an agent whose episode is over (terminated or "
                f"truncated): {agent} is playing, it plays a legal slot (see "
                "obs['action_mask'])",
            )
        seat = self._seat[agent]
        cache = self._cache
        concrete = None
        if (
            cache is not None
            and cache[0] == self.steps
            and cache[1] == seat
            and (action.__class__ is int or action.__class__ is np.int64)
        ):
            try:  # the slots the agent was shown; the first of a slot's actions keeps it
                concrete = cache[4][cache[3].index(int(action))]
            except ValueError:
                concrete = None
        if concrete is None:
            concrete = self.decode(action, agent)
        state.apply(seat, concrete)
        self.steps += 1
        # Rewards are all zero until the end, so there is nothing to clear or add up before
        # (the acting agent's cumulative reward, which AECEnv resets here, is already 0).
        self._over = state.is_over()
        if self._over:
            result = state.result()
            self._clear_rewards()
            for s, a in enumerate(self.possible_agents):
                self.rewards[a] = _reward(result, s, self.reward_mode)
                self.terminations[a] = True
                self.infos[a] = {"result": result.to_dict()}
            self.agent_selection = self.agents[0]
            self._accumulate_rewards()
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self._next_agent()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The spectator's view as text (``ansi``), or printed (``human``)."""
        if self.state is None:
            return None
        who = ", ".join(f"player_{s}" for s in sorted(self.state.to_move())) or "—"
        text = f"{self.game.title} — action {self.steps}, à jouer : {who}\n" + json.dumps(
            self.state.view(None), ensure_ascii=False
        )
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = None

    def layout(self) -> str:
        """The observation's floats and the action slots, as Markdown tables."""
        lines = [
            f"Observation: {self.encoder.size} floats",
            "",
            "| floats | feature |",
            "|---|---|",
        ]
        lines += [f"| {o}–{o + n - 1} | {d} |" for o, n, d in self.encoder.layout()]
        lines += ["", f"Actions: {self.codec.size} slots", "", "| slots | family |", "|---|---|"]
        lines += [f"| {o}–{o + n - 1} | {d} |" for o, n, d in self.codec.describe()]
        return "\n".join(lines) + "\n"

    # ------------------------------------------------------------------ slots ↔ actions
    def legal_slots(self, agent: str | None = None) -> dict[int, Action]:
        """Slot → concrete legal action for ``agent`` (the agent to act by default)."""
        if self.state is None:
            raise not_reset()
        seat = self._seat[agent or self.agent_selection]
        return self._current(seat)[1]  # built afresh at each call: the caller's own

    def decode(self, slot: Any, agent: str | None = None) -> Action:
        """The concrete action behind ``slot`` for ``agent``; IllegalAction if none. A slot is
        an integer: a Python ``int``, a numpy integer or a 0-d integer array (not a bool, a
        float, a text)."""
        if self.state is None:
            raise not_reset()
        seat = self._seat[agent or self.agent_selection]
        number = _slot(slot)
        if number is None:
            raise IllegalAction(
                f"une case est un nombre entier (int, entier numpy) : {shorter(shown(slot))} "
                f"({type(slot).__name__}) n'en est pas un",
                f"a slot is an integer (int, numpy integer): {shorter(shown(slot))} "
                f"({type(slot).__name__}) is not one",
            )
        mapping = self._current(seat)[1]
        concrete = mapping.get(number)
        if concrete is None:
            fr, en = _some(sorted(mapping))
            said = shown(number)
            raise IllegalAction(
                f"la case {said} n'est pas légale pour player_{seat} maintenant ({fr})",
                f"slot {said} is not legal for player_{seat} now ({en})",
            )
        return concrete

    def encode_action(self, action: Action, agent: str | None = None) -> int:
        """The slot of a concrete legal action (e.g. a bot's choice) for ``agent``;
        IllegalAction naming the action and why it has none (in a few lines)."""
        if self.state is None:
            raise not_reset()
        seat = self._seat[agent or self.agent_selection]
        mapping = self._current(seat)[1]
        try:
            spelled = json.dumps(action, sort_keys=True)
        except (TypeError, ValueError):
            spelled = None
        if spelled is not None:
            for slot, concrete in mapping.items():
                if json.dumps(concrete, sort_keys=True) == spelled:
                    return slot
        fr, en = self._why_not(seat, action, list(mapping.values()))
        raise IllegalAction(
            f"l'action {_spelled(action)} n'a pas de case pour player_{seat} maintenant : {fr}",
            f"action {_spelled(action)} has no slot for player_{seat} now: {en}",
        )

    def _why_not(self, seat: int, action: Any, legal: list[Action]) -> tuple[str, str]:
        """Why ``action`` is not one of ``legal`` (the actions that have a slot), briefly."""
        state = self.state
        if state is None:
            raise not_reset()
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            return (
                "une action est un dict (un objet JSON) avec un champ « type »",
                "an action is a dict (a JSON object) with a 'type' field",
            )
        if not legal:
            return (
                "aucune action n'est légale pour ce siège maintenant (ce n'est pas à lui de "
                "jouer, ou la partie est finie)",
                "no action is legal for this seat now (it is not its turn, or the game is over)",
            )
        kind = action["type"]
        types = sorted({str(a.get("type")) for a in legal})
        same = [a for a in legal if a.get("type") == kind]
        if not same:
            return (
                f"aucune action « {shorter(kind)} » n'est légale maintenant (types légaux : "
                f"{', '.join(types[:12])})",
                f"no '{shorter(kind)}' action is legal now (legal types: {', '.join(types[:12])})",
            )
        try:
            state.verify(seat, action)
        except LudoError as exc:  # the engine's own reason
            return (f"le jeu la refuse : {exc.fr}", f"the game refuses it: {exc.en}")
        listed = set().union(*(a.keys() for a in same)) - {"type"}
        given = set(action) - {"type"}
        if given != listed:
            fr_fields = ", ".join(sorted(map(str, listed))) or "aucun"
            en_fields = ", ".join(sorted(map(str, listed))) or "none"
            return (
                f"le jeu accepte cette écriture, mais les actions « {kind} » légales, les seules "
                f"qui ont une case, ont les champs {fr_fields} (par exemple {_spelled(same[0])}"
                f") : jouez une action de la liste légale",
                f"the game accepts this spelling, but the legal '{kind}' actions, the only ones "
                f"with a slot, have the fields {en_fields} (e.g. {_spelled(same[0])}): play "
                "an action of the legal list",
            )
        return (
            f"le jeu l'accepte, mais elle n'est pas dans la liste légale sous cette forme "
            f"(par exemple {_spelled(same[0])})",
            f"the game accepts it, but it is not in the legal list in this form "
            f"(e.g. {_spelled(same[0])})",
        )

    # ------------------------------------------------------------------ internals
    def _next_agent(self) -> str:
        assert self.state is not None
        movers = self.state.to_move()
        if len(movers) == 1:
            (seat,) = movers
        else:
            seat = self._order.choice(sorted(movers))
        return self.possible_agents[seat]

    def _current(self, seat: int) -> tuple[dict[str, Any], dict[int, Action]]:
        """The seat's view and slot → action map for the current state (when two legal
        actions share a slot, or one has none, the first in the engine's order keeps it)."""
        cache = self._cache
        if cache is None or cache[0] != self.steps or cache[1] != seat:
            cache = self._fill(seat)
        slots, legal = cache[3], cache[4]
        every: dict[int | None, Action] = dict(zip(slots, legal, strict=True))
        if len(every) == len(legal) and None not in every:
            return cache[2], cast("dict[int, Action]", every)  # no None key: checked
        mapping: dict[int, Action] = {}  # the first keeps a shared slot
        for slot, action in zip(slots, legal, strict=True):
            if slot is not None and slot not in mapping:
                mapping[slot] = action
        return cache[2], mapping

    def _fill(self, seat: int) -> tuple[int, int, dict[str, Any], list[int | None], list[Action]]:
        """(step, seat, view, the slot of each legal action, the legal actions), kept for
        the step: computed once however often the seat is observed."""
        state = self.state
        if state is None:
            raise not_reset()
        view = state.view(seat)
        legal = [] if self._over else state.legal_actions(seat)
        self._cache = cache = (self.steps, seat, view, self.codec.slots(view, legal), legal)
        return cache


def declaration(game: Game) -> ModuleType | None:
    """The game's RL declaration (``Game.rl_features``): a module of its folder with
    ``codec(players, options)`` (action families) and ``features(players, options)`` (the view
    layout), the only code that knows the game's vocabulary; it reads views and legal actions,
    never a state. None: the generic fallbacks (:class:`~ludotheque.rl.actions.LegalIndex`,
    :class:`~ludotheque.rl.encoding.HashedView`)."""
    return None if game.rl_features is None else importlib.import_module(game.rl_features)


def shorter(text: str, most: int = 40) -> str:
    """A text a message may quote, cut short."""
    return text if len(text) <= most else text[:most] + "…"


def _spelled(action: Any, most: int = 160) -> str:
    """An action as a message quotes it: its JSON, every field (a repr for what JSON cannot
    write), cut short."""
    try:
        text = json.dumps(action, ensure_ascii=False, default=repr)
    except (TypeError, ValueError, RecursionError):
        text = shown(action, most)
    return text if len(text) <= most else text[:most] + "…"


def _some(slots: list[int], most: int = 8) -> tuple[str, str]:
    """The legal slots as a message gives them: their count and the first few (an Alkamo word
    step has thousands)."""
    if not slots:
        return ("aucune action légale", "no legal action")
    first = ", ".join(map(str, slots[:most]))
    if len(slots) <= most:
        return (f"cases légales : {first}", f"legal slots: {first}")
    return (
        f"{len(slots)} cases légales : {first}…",
        f"{len(slots)} legal slots: {first}…",
    )


def _python_mask(slots: Iterable[int | None], size: int) -> tuple[np.ndarray, int]:
    """``_fast.mask`` without the C module: ``size`` zeros (int8) with a one at each slot, and
    how many slots were None or repeated."""
    mask = bytearray(size)
    clashes = 0
    for slot in slots:
        if slot is None or mask[slot]:
            clashes += 1
        else:
            mask[slot] = 1
    return np.frombuffer(mask, np.int8), clashes


_mask = _fast.mask if _fast is not None else _python_mask


def _ends_on_a_clock(game: Game, players: int, options: GameOptions) -> bool:
    """Whether the table has a clock on the whole game, found as `simulate` finds it (random
    play of its first actions), only for a game whose state has a ``game_clock`` at all."""
    if type(game.new(players, options, 0)).game_clock is State.game_clock:
        return False
    from ludotheque.sim.runner import _on_a_clock  # the probe `simulate` uses; 70 ms to import

    return _on_a_clock(game, players, options, 0)


def _plain(value: Any) -> Any:
    """A numpy integer or bool as Python's (``np.int64(3)`` → 3); anything else as it is."""
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.bool_):
        return bool(value)
    return value


def _slot(value: Any) -> int | None:
    """An action as a slot number: an int (not a bool), a numpy integer, a 0-d integer array;
    None for anything else (a float, a text, a list…)."""
    if isinstance(value, int | np.integer) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, np.ndarray) and value.ndim == 0 and value.dtype.kind in "iu":
        return int(value)
    return None


def _seed(seed: Any) -> int:
    """A reset seed as the game's seed: an integer ≥ 0 (a numpy integer too). A negative seed
    is refused: ``random.Random`` seeds with the absolute value, so −s would replay s."""
    seed = _plain(seed)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise OptionsError(
            f"la graine doit être un entier positif ou nul (0, 1, 2…, reçu {shown(seed)}) : "
            "la graine de la partie, qui la rejoue ; une graine négative rejouerait la partie "
            "de sa valeur absolue",
            f"the seed must be a whole number ≥ 0 (0, 1, 2…, got {shown(seed)}): the game's "
            "seed, which replays it; a negative seed would replay its absolute value's game",
        )
    return seed


def _options(
    game: Game,
    options: GameOptions | Mapping[str, Any] | None,
    variant: str | None,
    values: Mapping[str, Any],
) -> GameOptions:
    if isinstance(options, GameOptions):
        if variant is not None or values:
            raise OptionsError(
                "donnez soit un objet Options, soit des valeurs d'options",
                "give either an Options object or option values",
            )
        return game.options_type.from_dict(options.to_dict())
    merged = dict(game.variant_options(variant)) if variant is not None else {}
    given = {k: _plain(v) for k, v in {**(options or {}), **values}.items()}
    _check_flags(game, given)
    merged.update(given)
    return game.options_type.from_dict(merged)


def _check_flags(game: Game, values: Mapping[str, Any]) -> None:
    """A yes/no option takes True or False: the engine's « attendu oui/non » names the
    words of a command line (``belote_secrete=oui``), where a program gives a bool."""
    hints = typing.get_type_hints(game.options_type)
    for key, value in values.items():
        hint = hints.get(key)
        if hint is None or isinstance(value, bool):
            continue
        parts = typing.get_args(hint) if isinstance(hint, types.UnionType) else (hint,)
        if bool not in parts or int in parts or str in parts:
            continue
        if value is None and type(None) in parts:
            continue
        named = game.options_type.named(key)
        named_en = game.options_type.named(key, "en")
        raise OptionsError(
            f"{named} ({key}) : True ou False attendu (reçu {shown(value)}) ; « oui »/« non » "
            "s'écrivent ainsi en texte, sur une ligne de commande",
            f"{named_en} ({key}): True or False expected (got {shown(value)}); 'yes'/'no' are "
            "how a command line writes them",
            key,
        )


def _reward(result: Result, seat: int, mode: str) -> float:
    if result.ranks[seat] == 0:  # a seat that does not play (Alkamo's non-playing arbiter)
        return 0.0
    if mode == "score":
        return float(result.scores[seat])
    if mode == "rank":
        # By distinct ranks among the players: the first 1, the last 0, ties share their
        # place (ranks 1, 2, 2: 1, 0, 0); all tied (a draw) 0.5; a lone player 1.
        distinct = sorted({rank for rank in result.ranks if rank > 0})
        if len(distinct) == 1:
            return 1.0 if sum(rank > 0 for rank in result.ranks) == 1 else 0.5
        place = distinct.index(result.ranks[seat])
        return (len(distinct) - 1 - place) / (len(distinct) - 1)
    return 1.0 / len(result.winners) if seat in result.winners else 0.0
