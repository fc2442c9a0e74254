"""Casino Royal bots. They see their seat's ``view`` and ``legal`` actions only.

``fort`` estimates its chance of holding the best hand when the round stops, by simulation
(Monte Carlo) over what it cannot see: the order of the rest of the deck, and in game B the
other players' hidden cards, dealt at random from the unseen cards. Cartons and markers are
public, so every other player's hand is followed card by card.

- A, « Rien ne va plus »: everything is public, so the bot knows whether its hand is the best
  right now; it calls exactly then (the best hand at the call wins, R17).
- A and B, « Relance ? », following, the first betting round: the chance ``p`` of winning is
  simulated over the future cards, the round stopping after each card with probability
  ``stop_rate`` (someone calls) or, in A, as soon as the bot is best (it calls). It raises a
  fraction of its balance (half the Kelly fraction of a pot shared by ``k`` players) when
  ``p`` is well above ``1/k``, and it pays to stay in when ``p`` times what it would win beats
  ``1 - p`` times what it pays (pot odds).
- B, « Rien ne va plus, j'enchéris ! » and the final phase: no more cards come, so ``p`` is the
  chance that its hand beats every other hand now, over the other players' unseen hidden cards.
  It declares when ``p`` ≥ ``declare_at``, continues on pot odds and doubles when ``p`` ≥ 0.8.
- Table stakes (the default table, ``view["table_stakes"]``): a player short of a bet may pay
  all he has and stay in, and an all-in player's cartons keep being covered; the simulation
  covers them, and the pot odds count only what the bot could win if it goes all-in (from each
  other player at most what it has put itself). In B, once betting has stopped, it calls
  « Rien ne va plus » like in A, when its chance now is at least one half.
- Without table stakes (the variant « livre »), whenever it can bet more than every other
  player still in can pay, it does: they must all pass (R14, R26) and it wins the round.
- C: the bingo is seen by the engine (D17), so the only choice is the dealer's figure: it
  simulates every figure and names the one with the best expected gain for itself.
"""

from __future__ import annotations

import random
from typing import Any

from ludotheque.cards.french52 import card_str
from ludotheque.cards.poker import BIT, evaluate_mask
from ludotheque.engine.protocol import Action
from ludotheque.games.casinoroyal.cartons import CARTONS, FIGURES, PLACES

_CARD_OF: dict[str, int] = {card_str(c): c for c in range(52)}
CELL_CARD_BITS = tuple(tuple(BIT[c] for c in carton) for carton in CARTONS)


def covered_mask(view: dict[str, Any], seat: int) -> int:
    """The hand mask of the cards covered on the seat's cartons."""
    mask = 0
    for number in view["cartons"][seat]:
        cells = view["covered"][number - 1]
        bits = CELL_CARD_BITS[number - 1]
        while cells:
            low = cells & -cells
            mask |= bits[low.bit_length() - 1]
            cells ^= low
    return mask


def hidden_cards(view: dict[str, Any]) -> list[int]:
    text = view.get("hidden")
    return [_CARD_OF[t] for t in text.split()] if text else []


class Fort:
    """Simulation-based bot for A and B; figure chooser for C (see the module docstring)."""

    name = "fort"

    def __init__(
        self,
        seed: int = 0,
        playouts: int = 300,
        stop_rate: float = 0.3,
        declare_at: float = 0.7,
        margin: float = 0.0,
    ) -> None:
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.stop_rate = stop_rate
        self.declare_at = declare_at
        self.margin = margin

    # ------------------------------------------------------------------ dispatch
    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        phase = view["phase"]
        forcing = self._forcing(view, legal)
        if forcing is not None:
            return forcing
        if phase == "window":
            return self._window(view, legal)
        if phase == "figure":
            return {"type": "figure", "figure": self._best_figure(view)}
        if phase == "ante":
            return min(legal, key=lambda a: abs(a["amount"] - 2))
        if phase in ("relance", "stake"):
            return self._open(view, legal)
        if phase in ("follow", "bet"):
            return self._answer_bet(view, legal)
        if phase == "final":
            return self._final(view, legal)
        return legal[0]  # pragma: no cover - every phase is handled above

    # ------------------------------------------------------------------ estimates
    def _opponents(self, view: dict[str, Any]) -> list[int]:
        me = view["seat"]
        return [s for s in range(view["players"]) if view["still_in"][s] and s != me]

    def chance_now(self, view: dict[str, Any]) -> float:
        """The chance that the bot's hand beats every other hand if the round stopped now
        (ties count as a share); in game B over the others' unseen hidden cards."""
        me = view["seat"]
        others = self._opponents(view)
        mine = evaluate_mask(covered_mask(view, me) | _mask(hidden_cards(view)))
        masks = [covered_mask(view, s) for s in others]
        if view["variant"] != "B":
            best = max((evaluate_mask(m) for m in masks), default=0)
            return _share(mine, best, [evaluate_mask(m) for m in masks])
        unseen = self._unseen(view)
        total = 0.0
        n = max(60, self.playouts // 2)
        for _ in range(n):
            cards = self.rng.sample(unseen, 3 * len(others))
            keys = []
            for i, m in enumerate(masks):
                for c in cards[3 * i : 3 * i + 3]:
                    m |= BIT[c]
                keys.append(evaluate_mask(m))
            total += _share(mine, max(keys, default=0), keys)
        return total / n

    def _unseen(self, view: dict[str, Any]) -> list[int]:
        seen = {_CARD_OF[t] for t in view["turned"]} | set(hidden_cards(view))
        return [c for c in range(52) if c not in seen]

    def chance_future(self, view: dict[str, Any]) -> float:
        """The chance of holding the best hand when the round stops, over the future cards."""
        me = view["seat"]
        players = [me, *self._opponents(view)]
        b_game = view["variant"] == "B"
        owner = {}
        for s in players:
            for number in view["cartons"][s]:
                owner[number - 1] = s
        base = {s: covered_mask(view, s) for s in players}
        base[me] |= _mask(hidden_cards(view))
        balances = view["balances"]
        free = bool(view.get("table_stakes"))  # all-in players keep covering cells
        unseen = self._unseen(view)
        others = players[1:]
        rng = self.rng
        q = self.stop_rate
        # Cards still to turn before anyone may call (this is asked at « Relance ? »).
        wait = view.get("call_after", 1) if view["phase"] in ("relance", "follow") else 1
        total = 0.0
        for _ in range(self.playouts):
            rng.shuffle(unseen)
            masks = dict(base)
            pos = 0
            if b_game:
                for s in others:
                    for c in unseen[pos : pos + 3]:
                        masks[s] |= BIT[c]
                    pos += 3
            units = {s: balances[s] for s in players}
            keys = {s: evaluate_mask(masks[s]) for s in players}
            for i, card in enumerate(unseen[pos:]):
                for k, _cell in PLACES[card]:
                    s = owner.get(k)
                    if s is not None and (units[s] > 0 or free):
                        units[s] -= 1
                        masks[s] |= BIT[card]
                        keys[s] = evaluate_mask(masks[s])
                if i + 1 < wait:  # no call yet (A's call_after)
                    continue
                best = max(keys.values())
                if (not b_game and keys[me] == best) or rng.random() < q:
                    break
            best = max(keys.values())
            total += _share(keys[me], best, [keys[s] for s in others])
        return total / self.playouts

    # ------------------------------------------------------------------ decisions
    def _forcing(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        """R14, R23, R26: a player who cannot pay passes, and there is no all-in. A bet that
        no other player still in can pay makes them all pass: the round is won at once. With
        table stakes they may go all-in instead, so there is no such bet."""
        others = self._opponents(view)
        if not others or view.get("table_stakes"):
            return None
        bal = view["balances"]
        richest = max(bal[s] for s in others) + 1
        phase = view["phase"]
        action: Action | None = None
        if phase == "relance":
            action = {"type": "raise", "amount": richest}
        elif phase == "stake":
            action = {"type": "stake", "amount": richest}
        elif phase == "bet":
            action = {"type": "outbid", "to": max(view["contrib"][s] + bal[s] for s in others) + 1}
        elif phase == "window" and view["variant"] == "B":
            action = {"type": "bid", "amount": richest}
        elif phase == "final" and all(2 * view["level"] - view["paid"][s] > bal[s] for s in others):
            action = {"type": "double"}
        return action if action in legal else None

    def _window(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if view["variant"] == "A" or {"type": "stop"} in legal:
            return {"type": "stop"} if self.chance_now(view) >= 0.5 else {"type": "wait"}
        bids = [a for a in legal if a["type"] == "bid"]
        if not bids:
            return {"type": "wait"}
        p = self.chance_now(view)
        if p < self.declare_at:
            return {"type": "wait"}
        k = len(self._opponents(view)) + 1
        amount = _kelly_amount(p, k, view["balances"][view["seat"]], 0.5)
        return min(bids, key=lambda a: abs(a["amount"] - amount))

    def _open(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """« Relance ? » (raise or decline) and B's opening stake."""
        p = self.chance_future(view)
        k = len(self._opponents(view)) + 1
        bal = view["balances"][view["seat"]]
        if view["phase"] == "stake":
            amount = _kelly_amount(p, k, bal, 0.25) if p > 1.3 / k else 0
            return min(legal, key=lambda a: abs(a["amount"] - amount))
        if p <= 1.5 / k:
            return {"type": "decline"}
        amount = _kelly_amount(p, k, bal, 0.5)
        raises = [a for a in legal if a["type"] == "raise"]
        return min(raises, key=lambda a: abs(a["amount"] - amount)) if raises else legal[0]

    def _answer_bet(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Follow a raise (A, B) or answer the first betting round (B) on pot odds."""
        me = view["seat"]
        types = {a["type"] for a in legal}
        if "follow" not in types and "match" not in types:
            return {"type": "fold"}
        if view["phase"] == "follow":
            cost = view["relance"]["amount"]
        else:
            cost = view["highest"] - view["contrib"][me]
        if cost == 0:
            return self._maybe_outbid(view, legal)
        cost = min(cost, view["balances"][me])  # all-in for less (table stakes)
        p = self.chance_future(view)
        # Folding loses what lies on our carton; staying and winning brings every carton and
        # the pot (the raiser's stake included), losing costs the answer.
        if _pays(p - self.margin, self._winnings(view, cost), cost):
            if view["phase"] == "bet":
                return self._maybe_outbid(view, legal, p)
            return {"type": "follow"}
        return {"type": "fold"}

    def _maybe_outbid(
        self, view: dict[str, Any], legal: list[Action], p: float | None = None
    ) -> Action:
        outbids = [a for a in legal if a["type"] == "outbid"]
        if not outbids:
            return {"type": "match"}
        p = self.chance_future(view) if p is None else p
        k = len(self._opponents(view)) + 1
        if p <= 1.5 / k:
            return {"type": "match"}
        target = view["highest"] + _kelly_amount(p, k, view["balances"][view["seat"]], 0.25)
        return min(outbids, key=lambda a: abs(a["to"] - target))

    def _winnings(self, view: dict[str, Any], cost: int = 0) -> int:
        """What winning the round would bring beyond what the bot already put in: the units on
        the other players' cartons, the pot, and its own markers (lost if it folds). Paying
        ``cost`` puts it all-in (table stakes): then from each other player at most what it
        has put itself."""
        total: int = sum(view["on_cartons"]) + view["pot"]
        me: int = view["seat"]
        put: list[int] | None = view.get("put")
        if not view.get("table_stakes") or put is None or cost < view["balances"][me]:
            return total
        mine = put[me] + cost
        return mine + sum(min(units, mine) for s, units in enumerate(put) if s != me)

    def _final(self, view: dict[str, Any], legal: list[Action]) -> Action:
        me = view["seat"]
        types = {a["type"] for a in legal}
        p = self.chance_now(view)
        if "double" in types and p >= 0.8:
            return {"type": "double"}
        if "continue" in types:
            cost = min(view["level"] - view["paid"][me], view["balances"][me])
            if _pays(p - self.margin, self._winnings(view, cost), cost):
                return {"type": "continue"}
        return {"type": "fold"}

    # ------------------------------------------------------------------ C: the figure
    def _best_figure(self, view: dict[str, Any]) -> int:
        me = view["seat"]
        players = [s for s in range(view["players"]) if view["in_round"][s]]
        owner = {number - 1: s for s in players for number in view["cartons"][s]}
        n = max(20, self.playouts // 10)
        best, best_gain = 1, float("-inf")
        decks = [self.rng.sample(range(52), 52) for _ in range(n)]
        for fig in FIGURES:
            gain = 0.0
            for deck in decks:
                gain += _bingo_gain(deck, fig.cells, fig.instances, owner, view["balances"], me)
            if gain > best_gain:
                best, best_gain = fig.number, gain
        return best


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


def _pays(p: float, gain: int, cost: int) -> bool:
    """Pot odds: staying in is worth it when ``p`` × what winning brings beats the cost."""
    return p * gain > (1 - p) * cost


def _share(mine: int, best: int, others: list[int]) -> float:
    if mine < best:
        return 0.0
    return 1.0 / (1 + sum(k == mine for k in others))


def _kelly_amount(p: float, k: int, balance: int, fraction: float) -> int:
    """A fraction of the Kelly stake for a pot shared by ``k`` players (odds k-1 to 1)."""
    edge = (p * k - 1) / (k - 1) if k > 1 else 0.0
    return max(1, min(balance, round(balance * edge * fraction)))


def _bingo_gain(
    deck: list[int],
    cells: int,
    instances: tuple[int, ...],
    owner: dict[int, int],
    balances: list[int],
    me: int,
) -> float:
    """Game C: the bot's net gain in one simulated round with that figure."""
    units = {s: balances[s] for s in set(owner.values())}
    covered = dict.fromkeys(owner, 0)
    for card in deck:
        done = []
        for k, cell in PLACES[card]:
            s = owner.get(k)
            if s is None or not cells >> cell & 1 or units[s] <= 0:
                continue
            units[s] -= 1
            covered[k] |= 1 << cell
            if any(covered[k] & i == i for i in instances):
                done.append(s)
        if done:
            spent = {s: balances[s] - units[s] for s in units}
            winners = set(done)
            if me in winners:
                return sum(v for s, v in spent.items() if s not in winners) / len(winners)
            return -spent.get(me, 0)
    return 0.0


__all__ = ["Fort", "covered_mask", "hidden_cards"]
