"""rules/alkamo.md §3: a test per rule (R1–R35) and per decision it relies on."""

from __future__ import annotations

import pytest

from ludotheque.engine.errors import IllegalAction, InvalidAction, OptionsError
from ludotheque.games.alkamo import GAME
from ludotheque.games.alkamo.rules import MAX_REFUSED_OFFERS

from .helpers import accepted, deal, finish_return, new, next_plaque, play_word, rejected


def test_R1_two_to_four_players_and_options() -> None:
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    with pytest.raises(OptionsError):
        GAME.new(5)
    with pytest.raises(OptionsError, match="arbitre"):
        GAME.new(2, {"judge": "arbitre", "arbiter": 3})
    with pytest.raises(OptionsError):
        GAME.new(2, {"judge": "oracle"})
    with pytest.raises(OptionsError):
        GAME.new(2, {"transaction_limit": -1})


def test_R2_bags_and_R5_racks_of_ten() -> None:
    state = new(players=4)
    assert sorted(state.bag_t) == sorted(state.maquette.plaques()) and len(state.bag_t) == 25
    assert all(len(r) == 10 for r in state.racks)
    assert len(state.bag_l) == 191 - 40
    state.check_invariants()


def test_R3_nearest_to_A_starts_ties_redraw() -> None:
    """R3, D1: the start draw is public; a tie for nearest makes everybody redraw."""
    order = "ABCDEFGHIJKLMNOPQRSTUVWXYZ*"
    for seed in range(30):
        state = new(players=4, seed=seed)
        draws = [e["tuiles"] for e in state.opening_events if e["type"] == "tirage_premier"]
        last = draws[-1]
        best = min(order.index(t) for t in last)
        assert [order.index(t) for t in last].count(best) == 1
        assert order.index(last[state.active]) == best
        for earlier in draws[:-1]:
            low = min(order.index(t) for t in earlier)
            assert [order.index(t) for t in earlier].count(low) > 1


def test_R4_counter_clockwise() -> None:
    state = new(players=4)
    first = state.active
    state.apply(first, {"type": "tirer"})
    state.apply(first, {"type": "passer"})
    finish_return(state)
    assert state.active == (first - 1) % 4


def test_R6_theme_step_choices() -> None:
    state = new()
    seat = state.active
    assert state.legal_actions(seat) == [{"type": "tirer"}, {"type": "super_mot"}]
    with pytest.raises(IllegalAction):
        state.apply(seat, {"type": "reprendre"})
    with pytest.raises(IllegalAction):
        state.apply(seat, {"type": "mot", "mot": "CHAT"})


def test_R6_super_mot_sends_a_pending_plaque_back() -> None:
    state = new()
    p1 = state.active
    next_plaque(state, "HIVER")
    state.apply(p1, {"type": "tirer"})
    state.apply(p1, {"type": "passer"})
    finish_return(state)
    p2 = state.active
    state.apply(p2, {"type": "super_mot"})
    assert state.pending is None and "HIVER" in state.bag_t and state.super_mot


def test_R7_free_square_needs_its_length() -> None:
    state = new()
    deal(state, state.active, "FROMAGEEEE")
    next_plaque(state, "C1")
    state.apply(state.active, {"type": "tirer"})
    words = {a["mot"] for a in state.legal_actions(state.active) if a["type"] == "mot"}
    assert words and all(len(w) == 7 for w in words) and "FROMAGE" in words


def test_R8_R25_transactions_only_after_the_theme_step() -> None:
    """R8, R25: a transaction takes place in the active player's turn, after his theme."""
    state = new()
    seat = state.active
    with pytest.raises(IllegalAction):
        state.apply(seat, {"type": "achat", "vendeur": (seat + 1) % 3, "lettre": "Z"})
    state.apply(seat, {"type": "tirer"})
    kinds = {a["type"] for a in state.legal_actions(seat)}
    assert {"achat", "echange", "mot", "passer"} <= kinds


def test_R9_D3_one_submission_then_the_turn_moves_on() -> None:
    state = new()
    deal(state, state.active, "CHATEEEEEE")
    events = play_word(state, "MER", "CHAT")
    assert rejected(events) is not None and state.phase == "return"
    with pytest.raises(IllegalAction):
        state.apply(state.active, {"type": "mot", "mot": "THE"})


def test_R10_refill_to_ten_after_returning_tiles() -> None:
    state = new()
    seat = state.active
    deal(state, seat, "CHEVALEEEE")
    before = len(state.bag_l)
    play_word(state, "CHEVAL", "CHEVAL")
    assert state.phase == "return" and len(state.racks[seat]) == 4
    state.apply(seat, {"type": "rendre", "lettres": "E"})
    events = state.apply(seat, {"type": "rendre", "lettres": "E"})
    assert events[0]["type"] == "mise_de_cote"
    events = finish_return(state)
    assert len(state.racks[seat]) == 10 and state.racks[seat].count("E") >= 0
    assert len(state.bag_l) == before - 6
    assert state.central["CHEVAL"] == {"seat": seat, "mot": "CHEVAL"}
    assert state.boards[seat][0]["mot"] == "CHEVAL"
    state.check_invariants()


def test_R11_D5_multipliers_and_bonuses() -> None:
    state = new()
    score = state.score_of
    assert score("ORDINATEUR", [], "ORDINATEUR", False)["score"] == 100
    assert score("ORDINATEUR", [], None, True)["score"] == 80
    assert score("ALPINISTES", [], "MONTAGNE", False)["score"] == 56
    assert score("FROMAGE", [], "C1", False)["score"] == 40
    assert score("FROMAGER", [], "C5", False)["score"] == 46  # 36 + 10
    assert score("ORDINATEUR", [], "C5", False)["bonus_10"] == 0  # no +20 on a C plaque


def test_R12_pass_undoes_and_leaves_the_plaque_pending() -> None:
    state = new()
    seat = state.active
    next_plaque(state, "MER")
    state.apply(seat, {"type": "tirer"})
    events = state.apply(seat, {"type": "passer"})
    assert events[-1]["type"] == "passe" and state.pending == "MER"
    assert state.phase == "return" and state.return_mode == "exchange"


def test_R13_outcomes_public_racks_private() -> None:
    state = new()
    seat = state.active
    other = (seat + 1) % 3
    view = state.view(other)
    assert view["rack"] == state.racks[other] and view["rack_sizes"] == [10, 10, 10]
    assert state.racks[seat] != view["rack"] or seat == other
    assert state.view(None)["rack"] is None
    deal(state, seat, "CHEVALEEEE")
    events = play_word(state, "CHEVAL", "CHEVAL")
    assert accepted(events)["mot"] == "CHEVAL"
    finish_return(state, "EE")
    assert state.view(other)["last_turn"] == {
        "seat": seat,
        "plaque": "CHEVAL",
        "mot": "CHEVAL",
        "score": 60,
        "rendues": 2,
    }
    for e in events:
        assert "rack" not in e


def test_R14_sablier_pass_without_exchange() -> None:
    state = new(sablier_s=30)
    seat = state.active
    assert state.timeout_action(seat) == {"type": "temps_ecoule"}
    assert {"type": "temps_ecoule"} in state.legal_actions(seat)
    state.apply(seat, {"type": "tirer"})
    plaque = state.plaque
    state.apply(seat, state.timeout_action(seat))
    assert state.pending == plaque and state.active != seat and state.passes_no_exchange == 1
    assert new().timeout_action(0) is None


def test_R14_sablier_length_is_the_timer_a_server_runs() -> None:
    state = new(sablier_s=45)
    assert state.timer_seconds(state.active) == 45.0
    assert new().timer_seconds(0) is None


def test_R15_super_mot_once_and_not_used_if_rejected() -> None:
    state = new()
    seat = state.active
    deal(state, seat, "ORDINATEUX")
    events = play_word(state, None, "ORDINATEUX")
    assert rejected(events) is not None and not state.super_used[seat]
    state2 = new()
    s2 = state2.active
    deal(state2, s2, "ORDINATEUR")
    play_word(state2, None, "ORDINATEUR")
    assert state2.super_used[s2]
    with pytest.raises(IllegalAction):
        state2.apply(s2, {"type": "achat", "vendeur": (s2 + 1) % 3, "lettre": "A"})


def test_R15_super_mot_needs_ten_tiles() -> None:
    state = new()
    seat = state.active
    deal(state, seat, "ORDINATEU")
    with pytest.raises(IllegalAction, match="10"):
        state.apply(seat, {"type": "super_mot"})


def test_R16_accents_fold() -> None:
    state = new()
    deal(state, state.active, "FORETEEEEE")
    assert accepted(play_word(state, "FORET", "Forêt"))["score"] == 2 * 22


def test_R17_a_word_the_rack_cannot_form_is_refused() -> None:
    state = new()
    seat = state.active
    deal(state, seat, "CHATEEEEEE")
    state.apply(seat, {"type": "tirer"})
    before = state.view(seat)
    with pytest.raises(IllegalAction, match="former"):
        state.apply(seat, {"type": "mot", "mot": "ZEBRE"})
    with pytest.raises(IllegalAction):
        state.apply(seat, {"type": "mot", "mot": "CHAT", "jokers": [0]})
    with pytest.raises(InvalidAction):
        state.apply(seat, {"type": "mot", "mot": "CH4T"})
    with pytest.raises(InvalidAction):
        state.apply(seat, {"type": "mot", "mot": "CHAT", "jokers": [9]})
    assert state.view(seat) == before


def test_R18_D6_minimum_length() -> None:
    state = new()
    deal(state, state.active, "OSEEEEEEEE")
    assert accepted(play_word(state, "MER", "OS")) is None  # liste: OS not in MER's list
    state = new(judge="libre")
    deal(state, state.active, "OSEEEEEEEE")
    assert accepted(play_word(state, "MER", "OS")) is not None
    state = new(judge="libre", min_word_length=3)
    deal(state, state.active, "OSEEEEEEEE")
    assert "3 lettres" in rejected(play_word(state, "MER", "OS"))["raison"]


def test_R19_dictionary_refusal_explains_itself() -> None:
    state = new(judge="libre")
    deal(state, state.active, "MANGEOSEEE")
    event = rejected(play_word(state, "MER", "MANGE"))
    assert "conjuguée" in event["raison"]


def test_R20_plural_does_not_labour() -> None:
    state = new()
    deal(state, state.active, "CHEVAUXEEE")
    event = accepted(play_word(state, "CHEVAL", "CHEVAUX"))
    assert not event["labourage"] and event["score"] == 36


def test_R21_theme_word_always_qualifies_even_in_vote() -> None:
    state = new(judge="vote")
    deal(state, state.active, "CHEVALEEEE")
    assert accepted(play_word(state, "CHEVAL", "CHEVAL")) is not None


def test_R22_vote_is_unanimous() -> None:
    state = new(judge="vote", players=3)
    seat = state.active
    deal(state, seat, "SELLEEEEEE")
    events = play_word(state, "CHEVAL", "SELLE")
    ask = next(e for e in events if e["type"] == "vote_demande")
    assert sorted(ask["votants"]) == sorted({0, 1, 2} - {seat})
    assert state.to_move() == frozenset(ask["votants"])
    first, second = ask["votants"]
    state.apply(first, {"type": "accepter"})
    assert state.phase == "judge"
    events = state.apply(second, {"type": "accepter"})
    assert accepted(events)["mot"] == "SELLE"
    state = new(judge="vote", players=3)
    deal(state, state.active, "SELLEEEEEE")
    events = play_word(state, "CHEVAL", "SELLE")
    voter = next(e for e in events if e["type"] == "vote_demande")["votants"][0]
    assert rejected(state.apply(voter, {"type": "refuser"})) is not None


def test_R22_vote_may_accept_a_word_absent_from_lexique() -> None:
    state = new(judge="vote", players=2)
    deal(state, state.active, "ZOEEEEEEEE")
    events = play_word(state, "MER", "ZO")
    ask = next(e for e in events if e["type"] == "vote_demande")
    assert ask["absent"]
    assert accepted(state.apply(ask["votants"][0], {"type": "accepter"})) is not None
    state = new(judge="liste", players=2)
    deal(state, state.active, "ZOEEEEEEEE")
    assert "absent" in rejected(play_word(state, "MER", "ZO"))["raison"]


def test_R22_arbitre_decides_and_his_own_words_go_to_the_others() -> None:
    state = new(judge="arbitre", arbiter=0, players=3)
    seat = state.active
    deal(state, seat, "SELLEEEEEE")
    events = play_word(state, "CHEVAL", "SELLE")
    ask = next(e for e in events if e["type"] == "vote_demande")
    if seat == 0:
        assert sorted(ask["votants"]) == [1, 2]
    else:
        assert ask["votants"] == [0]
        assert accepted(state.apply(0, {"type": "accepter"})) is not None


def test_R22_auto_shows_the_score() -> None:
    state = new(judge="auto")
    deal(state, state.active, "SOLDATEEEE")
    events = play_word(state, "ARMEE", "SOLDAT")
    judged = next(e for e in events if e["type"] == "jugement")
    assert judged["source"] == "list" and judged["accepted"] is True
    state = new(judge="auto")
    deal(state, state.active, "TULIPEEEEE")
    events = play_word(state, "ARMEE", "TULIPE")
    judged = next(e for e in events if e["type"] == "jugement")
    assert judged["reason"].startswith("parenté avec ARMÉE : 0,")
    assert rejected(events) is not None


def test_R22_mixte_asks_the_players_in_between() -> None:
    from ludotheque.lexicon.judge import MIXTE_HIGH, MIXTE_LOW, make_judge

    judge = make_judge("auto")
    theme = new().maquette.theme("ARMEE")
    middle = next(
        w
        for w in ("GENERAL", "POLICE", "DRAPEAU", "ORDRE", "CAMP", "FUSIL", "GARDE", "ETAT")
        if MIXTE_LOW <= (judge.score("ARMÉE", w, theme.related) or 0) < MIXTE_HIGH
    )
    state = new(judge="mixte")
    deal(state, state.active, (middle + "EEEEEEEEEE")[:10])
    events = play_word(state, "ARMEE", middle)
    assert any(e["type"] == "vote_demande" for e in events)


def test_R23_rejected_word_is_a_pass() -> None:
    state = new()
    seat = state.active
    deal(state, seat, "CHATEEEEEE")
    events = play_word(state, "MER", "CHAT")
    assert [e["type"] for e in events][-2:] == ["rejete", "passe"]
    assert state.pending == "MER" and state.racks[seat] == sorted("CHATEEEEEE")


def test_R26_exchange_one_for_one() -> None:
    state = new(players=2)
    p = state.active
    q = 1 - p
    deal(state, p, "CHATEEEEEE")
    deal(state, q, "ZOOOOOOOOO")
    state.apply(p, {"type": "tirer"})
    state.apply(p, {"type": "echange", "avec": q, "lettre": "Z"})
    assert {a["lettre"] for a in state.legal_actions(p) if a["type"] == "donne"} == set("ACEHT")
    state.apply(p, {"type": "donne", "lettre": "E"})
    state.apply(q, {"type": "accepter"})
    assert len(state.racks[p]) == 10 and "Z" in state.racks[p] and "E" in state.racks[q]
    assert state.scores == [0, 0]


def test_R26_seller_without_the_tile_can_only_refuse() -> None:
    state = new(players=2)
    p = state.active
    q = 1 - p
    deal(state, q, "OOOOOOOOOO")
    state.apply(p, {"type": "tirer"})
    state.apply(p, {"type": "achat", "vendeur": q, "lettre": "Z", "prix": 3})
    assert state.legal_actions(q) == [{"type": "refuser"}]
    with pytest.raises(IllegalAction):
        state.apply(q, {"type": "accepter"})
    state.apply(q, {"type": "refuser"})
    assert state.refused_offers == 1 and state.phase == "word"


def test_R27_D9_limit_per_player_or_per_game() -> None:
    for scope, left in (("per_player", 2), ("per_game", 1)):
        state = new(players=2, transaction_scope=scope)
        state.tx_total = 2
        state.tx_count = [1, 1]
        assert state.tx_left() == left, scope
    state = new(players=2, transaction_limit=0)
    state.apply(state.active, {"type": "tirer"})
    assert not any(a["type"] == "achat" for a in state.legal_actions(state.active))


def test_R27_refused_proposals_are_bounded() -> None:
    state = new(players=2)
    p = state.active
    state.apply(p, {"type": "tirer"})
    for _ in range(MAX_REFUSED_OFFERS):
        state.apply(p, {"type": "achat", "vendeur": 1 - p, "lettre": "W", "prix": 0})
        state.apply(1 - p, {"type": "refuser"})
    assert not any(a["type"] == "achat" for a in state.legal_actions(p))
    with pytest.raises(IllegalAction):
        state.apply(p, {"type": "achat", "vendeur": 1 - p, "lettre": "W", "prix": 0})


def test_R28_price_cap() -> None:
    state = new(players=2)
    p = state.active
    state.apply(p, {"type": "tirer"})
    with pytest.raises(IllegalAction, match="R28"):
        state.apply(p, {"type": "achat", "vendeur": 1 - p, "lettre": "E", "prix": 5})
    with pytest.raises(InvalidAction):
        state.apply(p, {"type": "achat", "vendeur": 1 - p, "lettre": "E", "prix": "2"})


def test_R29_acquired_tile_must_be_used_and_listed_words_use_it() -> None:
    state = new(players=2)
    p = state.active
    q = 1 - p
    deal(state, p, "ERBEEEEEEE")
    deal(state, q, "ZOOOOOOOOO")
    next_plaque(state, "C3")
    state.apply(p, {"type": "tirer"})
    state.apply(p, {"type": "achat", "vendeur": q, "lettre": "Z", "prix": 0})
    state.apply(q, {"type": "accepter"})
    words = [a["mot"] for a in state.legal_actions(p) if a["type"] == "mot"]
    assert words and all("Z" in w for w in words)
    assert accepted(state.apply(p, {"type": "mot", "mot": "ZEBRE"})) is not None
    assert state.scores[p] == 10 + 2 + 6 + 6 + 2


def test_R30_pass_refunds_everything() -> None:
    state = new(players=2)
    p = state.active
    q = 1 - p
    deal(state, q, "ZOOOOOOOOO")
    state.apply(p, {"type": "tirer"})
    state.apply(p, {"type": "achat", "vendeur": q, "lettre": "Z", "prix": 20})
    state.apply(q, {"type": "accepter"})
    events = state.apply(p, {"type": "passer"})
    assert events[0] == {"type": "annulation", "seat": p, "transactions": 1}
    assert state.scores == [0, 0] and state.tx_count == [0, 0]
    state.check_invariants()


def test_R31_invariants_hold_through_a_game() -> None:
    import random

    state = new(players=3, judge="libre", seed=5)
    rng = random.Random(5)
    while not state.is_over():
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        state.check_invariants()


def test_R32_R33_final_phase_when_themes_run_out() -> None:
    state = new(players=2, judge="libre")
    seat = state.active
    state.bag_t = ["C2"]
    for p in state.maquette.plaques():
        if p != "C2":
            state.central[p] = {"seat": 1 - seat, "mot": "X"}
    deal(state, seat, "CHATEEEEEE")
    events = play_word(state, "C2", "CHAT")
    events += finish_return(state)
    assert any(e["type"] == "phase_finale" for e in events) and state.final
    other = state.active
    assert state.phase == "word"
    kinds = {a["type"] for a in state.legal_actions(other)}
    assert kinds == {"mot", "passer"}  # no plaque, no transaction, no exchange


def test_R32_D12_final_phase_when_L_empties() -> None:
    state = new(players=2, judge="libre")
    seat = state.active
    deal(state, seat, "CHATEEEEEE")
    state.bag_l, spare = state.bag_l[:2], state.bag_l[2:]
    state.racks[1 - seat] += spare  # keep R31: the others hold the rest
    play_word(state, "C2", "CHAT")
    finish_return(state)
    assert state.final and not state.bag_l


def test_R33_final_phase_super_mot_doubles() -> None:
    state = new(players=2, judge="libre")
    state.final = True
    state.phase = "word"
    seat = state.active
    deal(state, seat, "ORDINATEUR")
    events = state.apply(seat, {"type": "mot", "mot": "ORDINATEUR"})
    event = accepted(events)
    assert event["score"] == 80 and state.super_used[seat]


def test_R34a_empty_rack_ends_the_game() -> None:
    state = new(players=2, judge="libre")
    state.final = True
    state.phase = "word"
    seat = state.active
    deal(state, seat, "CHAT")
    events = state.apply(seat, {"type": "mot", "mot": "CHAT"})
    assert events[-1]["type"] == "fin" and state.end_reason == "rack_vide"


def test_R34b_everybody_passes_in_the_final_phase() -> None:
    state = new(players=2)
    state.final = True
    state.phase = "word"
    state.apply(state.active, {"type": "passer"})
    assert not state.is_over()
    state.apply(state.active, {"type": "passer"})
    assert state.is_over() and state.end_reason == "passes_finales"


def test_R34c_blocked_game_needs_passes_without_exchange() -> None:
    state = new(players=2)
    for _ in range(2):
        seat = state.active
        state.apply(seat, {"type": "tirer"} if state.pending is None else {"type": "reprendre"})
        state.apply(seat, {"type": "passer"})
        finish_return(state)
    assert state.is_over() and state.end_reason == "bloque"
    state = new(players=2)
    seat = state.active
    state.apply(seat, {"type": "tirer"})
    state.apply(seat, {"type": "passer"})
    finish_return(state, state.racks[seat][0])  # a pass with an exchange
    seat = state.active
    state.apply(seat, {"type": "reprendre"})
    state.apply(seat, {"type": "passer"})
    finish_return(state)
    assert not state.is_over()


def test_R34d_l_empty_end_option() -> None:
    state = new(players=2, judge="libre", l_empty="end")
    seat = state.active
    deal(state, seat, "CHATEEEEEE")
    state.bag_l, spare = state.bag_l[:2], state.bag_l[2:]
    state.racks[1 - seat] += spare
    play_word(state, "C2", "CHAT")
    finish_return(state)
    assert state.is_over() and state.end_reason == "cagnotte_vide"


def test_R35_D14_deductions_and_shared_title() -> None:
    state = new(players=3)
    deal(state, 0, "QE*")
    deal(state, 1, "AA")
    deal(state, 2, "")
    state.scores = [30, 22, 18]
    state.phase = "over"
    state.end_reason = "rack_vide"
    res = state.result()
    assert res.scores == (18, 18, 18) and res.winners == (0, 1, 2) and res.ranks == (1, 1, 1)


def test_R22_without_the_model_auto_is_refused_clearly_and_vote_works(monkeypatch) -> None:
    """No spaCy model: auto and mixte are refused with the install command; vote, arbitre,
    liste and libre still play, and fort votes with the list judge."""
    from ludotheque.games.alkamo import bots
    from ludotheque.lexicon import judge as J

    monkeypatch.setattr(J, "model_version", lambda: None)
    monkeypatch.setattr(J, "_JUDGES", {k: v for k, v in J._JUDGES.items() if k != "auto"})
    monkeypatch.setattr(bots, "_PREDICTORS", {})
    for mode in ("auto", "mixte"):
        with pytest.raises(OptionsError, match="pip install"):
            GAME.new(2, {"judge": mode})
    state = new(judge="vote", players=2)
    assert bots.predictor("vote").mode == "liste"
    seat = state.active
    deal(state, seat, "SELLEEEEEE")
    play_word(state, "CHEVAL", "SELLE")
    voter = 1 - seat
    assert bots.Fort(1).act(state.view(voter), state.legal_actions(voter)) == {"type": "accepter"}


def test_R16_a_client_is_offered_no_word_only_the_other_choices_of_his_turn() -> None:
    # The words of a rack are the player's to find: the server sends offered_actions, which
    # hold no « mot »; a typed word is still judged by apply.
    import random

    from ludotheque import games

    state = games.get("alkamo").new(2, None, seed=3)
    rng = random.Random(3)
    for _ in range(200):
        seat = min(state.to_move())
        legal = state.legal_actions(seat)
        if any(a["type"] == "mot" for a in legal):
            break
        state.apply(seat, rng.choice(legal))
    offered = state.offered_actions(seat)
    assert offered and all(a["type"] != "mot" for a in offered)
    assert all(a in legal for a in offered)
