"""Tournaments for people (issue 18): AlphaPoker's formula (§9) run by the server.

The formula — pairings, match points, tie-break, brackets, the final ranking — is
``ludotheque.tournament.Formula``, the one the offline ``ludotheque tournoi`` plays; this module
only stores and drives it. Everything is in the database (migration 0002): the tournament's row,
its registrations, one row per duel (primary key: tournament and ``label/i``, so two processes can
never both create a duel) holding its manches as they end, and a log of the organiser's decisions
and the forfeits. One process at a time drives a tournament, under a lease like a table's; its
``tick`` reads the rows, records the manches whose tables ended, asks the formula for the round in
play, creates the duels it lacks and seats each unfinished duel's next manche at a new table
(the previous manche's table points to it, as « rejouer » does). Every write is conditional on
what was read (a duel's ``rev``, the tournament's ``rev``), so a process that lost its lease, or
a restart in the middle of a tick, never writes a result twice or creates a second table.

A manche is one game at a table of the server: seated automatically, dealt at once, played
with the table's clocks; a player absent longer than the tournament's grace period loses the
manche by forfeit (the table ends with status ``forfeit``; no stand-in plays in a tournament).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.engine.errors import LudoError, OptionsError
from ludotheque.engine.rng import fresh_seed
from ludotheque.server import db
from ludotheque.server.auth import clean_name, login_of
from ludotheque.server.errors import Refused
from ludotheque.server.limits import MAX_MOVE_CLOCK
from ludotheque.server.messages import dumps
from ludotheque.server.protocol import clean_json
from ludotheque.server.store import new_id
from ludotheque.tournament import Duel, Formula, Manche, TournamentOptions
from ludotheque.tournament.duel import WINS_NEEDED
from ludotheque.tournament.formula import Planned

if TYPE_CHECKING:
    from ludotheque.server.hub import Hub
    from ludotheque.server.rooms import Room

log = logging.getLogger("ludotheque.server")

# A manche seated: (the table its players come from, the new table, the seat there that is
# sent on — None: every player of a duel's previous manche).
Seated = tuple[str | None, str, int | None]

OPEN = ("registering", "running", "paused")  # a tournament a process drives
MIN_GRACE, MAX_GRACE = 5.0, 3600.0
MIN_DEADLINE, MAX_DEADLINE = 60.0, 7 * 86400.0
MAX_AHEAD = 90 * 86400.0  # a start at most this far ahead


def _not_found() -> Refused:
    return Refused(404, "not_found", "tournoi inconnu", "unknown tournament")


def _organiser_only() -> Refused:
    return Refused(
        403,
        "forbidden",
        "seul l'organisateur du tournoi peut le faire",
        "only the tournament's organiser can do that",
    )


def duel_of(row: Any) -> Duel:
    """A stored duel as the formula counts it (its manches so far)."""
    return Duel(row.a, row.b, [Manche.from_dict(m) for m in counted(row.manches)])


def counted(manches: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A duel's stored manches that count: not the tied ones, which were replayed (kept in the
    duel's history, their table leads to the replay; as ``play_duel``, only the replay counts,
    for the wins and for the tie-break points)."""
    return [m for m in manches if m.get("how") != "tied"]


class Tournaments:
    """The tournaments of the database, and the ones this process drives."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = hub.store
        self.wake = asyncio.Event()  # a manche ended here: tick now rather than in a second
        # The tournament sockets of this process (/ws/tournaments/ID) and what they last saw.
        self.watchers: dict[str, set[Watcher]] = {}
        self._pushing: set[str] = set()
        self._seen: dict[str, tuple[int, int, int]] = {}  # what the last tick found stored

    # -- creating -----------------------------------------------------------------------------
    def create(self, user: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any]:
        """Check and store a new tournament (registrations open until ``starts_at``)."""
        game = games.get(spec["game"])
        if game.min_players > 2 or game.max_players < 2:
            raise Refused(
                400,
                "invalid",
                f"{game.title} ne se joue pas à deux : pas de duels possibles",
                f"{game.title} is not a two-player game: no duels",
            )
        opts = game.options_type.from_dict(spec.get("options") or {})
        game.new(2, opts, 0)  # options that make no duel are refused now (Alkamo's arbiter)
        formula = TournamentOptions.from_dict(spec.get("formula") or {})
        places = int(spec["places"])
        bot = None
        if spec.get("bots"):
            Formula(places, 0, formula)  # the bots fill to this number: it must make a tournament
            bot = spec.get("bot") or game.default_bot(opts)
            if bot not in botlib.available(game.name):
                botlib.make(game.name, bot)  # raises the bot's « bot inconnu » error
        elif not 2 <= places <= 64:
            Formula(places, 0, formula)  # says what numbers are possible
        least = self.hub.settings.min_move_clock
        clock = spec.get("move_clock")
        if clock is not None and not least <= clock <= MAX_MOVE_CLOCK:
            raise Refused(
                400,
                "invalid",
                f"pendule par coup : de {span(least)[0]} à {span(MAX_MOVE_CLOCK)[0]}",
                f"move clock: {span(least)[1]} to {span(MAX_MOVE_CLOCK)[1]}",
            )
        grace = 60.0 if spec.get("grace") is None else float(spec["grace"])
        if not MIN_GRACE <= grace <= MAX_GRACE:
            raise Refused(
                400,
                "invalid",
                f"délai d'absence : de {span(MIN_GRACE)[0]} à {span(MAX_GRACE)[0]}",
                f"absence grace: {span(MIN_GRACE)[1]} to {span(MAX_GRACE)[1]}",
            )
        deadline = spec.get("round_deadline")
        if deadline is not None and not MIN_DEADLINE <= deadline <= MAX_DEADLINE:
            raise Refused(
                400,
                "invalid",
                f"durée d'un tour : de {span(MIN_DEADLINE)[0]} à {span(MAX_DEADLINE)[0]}",
                f"round's length: {span(MIN_DEADLINE)[1]} to {span(MAX_DEADLINE)[1]}",
            )
        now = time.time()
        starts_at = spec.get("starts_at")
        if starts_at is None and spec.get("bots"):
            starts_at = now  # bots fill it: it can start at once
        # Still None: people only, registrations open until the organiser starts it.
        if starts_at is not None and starts_at < now - 60:  # a minute of leeway for the clocks
            raise Refused(
                400,
                "invalid",
                "le début est déjà passé : choisissez une heure à venir (ou aucune pour ouvrir "
                "les inscriptions et lancer le tournoi vous-même)",
                "the start is already past: choose a time to come (or none to open the "
                "registrations and start the tournament yourself)",
            )
        if starts_at is not None and starts_at > now + MAX_AHEAD:
            raise Refused(
                400,
                "invalid",
                "le début est trop loin (90 jours au plus)",
                "the start is too far ahead (90 days at most)",
            )
        tid = new_id()
        row = {
            "id": tid,
            "name": _tournament_name(spec.get("name")) or f"Tournoi — {game.title}",
            "game": game.name,
            "options": opts.to_dict(),
            "formula": formula.to_dict(),
            "places": places,
            "bot": bot,
            "move_clock": clock,
            "grace": grace,
            "round_deadline": deadline,
            "starts_at": None if starts_at is None else max(float(starts_at), now),
            "status": "registering",
            "round_at": {},
            "invite": secrets.token_urlsafe(9) if spec.get("invitation") else None,
            "created_by": user["id"],
            "organiser": user["name"],
            "created_at": now,
            "rev": 0,
        }
        most = self.hub.settings.max_open_tables
        with self.store.tx() as conn:
            t = db.tournaments
            open_ = conn.execute(
                sa.select(sa.func.count()).where(t.c.created_by == user["id"], t.c.status.in_(OPEN))
            ).scalar_one()
            if open_ >= most:
                raise Refused(
                    429,
                    "too_many_tournaments",
                    f"vous organisez déjà {open_} tournois pas encore finis ({most} au "
                    "plus) : attendez la fin de l'un d'eux",
                    f"you already organise {open_} unfinished tournaments (at most "
                    f"{most}): wait for one to end",
                )
            conn.execute(db.tournaments.insert().values(**row))
            _event(conn, tid, "create", user["name"], {"places": places})
        return row

    # -- registrations ------------------------------------------------------------------------
    def register(self, tid: str, user: dict[str, Any], invite: str | None) -> None:
        """Register ``user`` (until the start; a full tournament refuses)."""
        row = self.row(tid)
        if (
            row["invite"] is not None
            and invite != row["invite"]
            and user["id"] != row["created_by"]
        ):
            raise Refused(
                403,
                "forbidden",
                "ce tournoi est sur invitation : il faut son lien",
                "this tournament is by invitation: its link is needed",
            )
        _registering(row)
        if _looks_like_a_bot(row["game"], user["name"]):
            raise Refused(
                409,
                "name_taken",
                f"« {user['name']} » est le nom que prend un bot dans les tournois : "
                "inscrivez-vous sous un autre nom",
                f"'{user['name']}' is the name a bot takes in tournaments: "
                "register under another name",
            )
        p = db.tournament_players
        with self.store.tx() as conn:
            _lock_registrations(conn, tid)
            if conn.execute(
                sa.select(p.c.user_id).where(p.c.tournament_id == tid, p.c.user_id == user["id"])
            ).first():
                return  # registered already: nothing to do
            names = list(
                conn.execute(sa.select(p.c.name).where(p.c.tournament_id == tid)).scalars()
            )
            twin = next((n for n in names if login_of(n) == login_of(user["name"])), None)
            if twin is not None:  # the bracket and the standings name entrants by name
                raise Refused(
                    409,
                    "name_taken",
                    f"un participant s'appelle déjà « {twin} » : inscrivez-vous sous un autre nom",
                    f"an entrant is already called '{twin}': register under another name",
                )
            count = len(names)
            if count >= row["places"]:
                raise Refused(
                    409,
                    "full",
                    f"le tournoi est complet ({row['places']} places)",
                    f"the tournament is full ({row['places']} places)",
                )
            conn.execute(
                p.insert().values(
                    tournament_id=tid, user_id=user["id"], name=user["name"], at=time.time()
                )
            )

    def withdraw(self, tid: str, user: dict[str, Any]) -> None:
        """Withdraw ``user``'s registration (until the start)."""
        _registering(self.row(tid))
        with self.store.tx() as conn:
            _lock_registrations(conn, tid)
            gone = conn.execute(
                sa.delete(db.tournament_players).where(
                    db.tournament_players.c.tournament_id == tid,
                    db.tournament_players.c.user_id == user["id"],
                )
            ).rowcount
        if not gone:
            raise Refused(
                409,
                "not_registered",
                "vous n'êtes pas inscrit à ce tournoi",
                "you are not registered for this tournament",
            )

    # -- the organiser ------------------------------------------------------------------------
    def start_now(self, tid: str, user: dict[str, Any]) -> None:
        """Start at the next tick, if the people registered (and the bots) make a tournament:
        else refused, the registrations kept (R48: the organiser adds or removes one)."""
        row = self._organiser(tid, user)
        _registering(row)
        with self.store.engine.connect() as conn:
            registered = conn.execute(
                sa.select(sa.func.count()).where(db.tournament_players.c.tournament_id == tid)
            ).scalar_one()
        entrants = row["places"] if row["bot"] is not None else min(registered, row["places"])
        try:
            Formula(entrants, 0, TournamentOptions.from_dict(row["formula"]))
        except OptionsError as exc:
            raise Refused(409, "cannot_start", exc.fr, exc.en) from None
        self._update(row, starts_at=time.time())

    def remove(self, tid: str, user: dict[str, Any], who: str) -> None:
        """The organiser removes a person's registration (until the start)."""
        row = self._organiser(tid, user)
        _registering(row)
        p = db.tournament_players
        with self.store.tx() as conn:
            _lock_registrations(conn, tid)
            name = conn.execute(
                sa.select(p.c.name).where(p.c.tournament_id == tid, p.c.user_id == who)
            ).scalar_one_or_none()
            if name is None:
                raise Refused(
                    409,
                    "not_registered",
                    "cette personne n'est pas inscrite à ce tournoi",
                    "this person is not registered for this tournament",
                )
            conn.execute(sa.delete(p).where(p.c.tournament_id == tid, p.c.user_id == who))
            _event(conn, tid, "remove", user["name"], {"name": name})

    def cancel(self, tid: str, user: dict[str, Any]) -> list[str]:
        """The organiser cancels his tournament (before its end): the manches in play stop.
        Returns their tables."""
        row = self._organiser(tid, user)
        if row["status"] not in OPEN:
            raise Refused(
                409,
                "conflict",
                "le tournoi est déjà fini ou annulé",
                "the tournament is already over or cancelled",
            )
        now = time.time()
        t = db.tables
        in_play = (t.c.tournament == tid) & t.c.status.in_(("waiting", "playing"))
        with self.store.tx() as conn:
            if not _update_tournament(
                conn, row, status="cancelled", finished_at=now, driver=None, lease_until=None
            ):
                raise Refused(
                    409,
                    "conflict",
                    "le tournoi vient de changer : réessayez",
                    "the tournament just changed: try again",
                )
            _event(conn, tid, "cancel", user["name"], {})
            stopped = list(conn.execute(sa.select(t.c.id).where(in_play)).scalars())
            conn.execute(
                sa.update(t)
                .where(in_play)
                .values(status="stopped", finished_at=now, driver=None, lease_until=None)
            )
        return stopped

    def pause(self, tid: str, user: dict[str, Any]) -> None:
        """No new manche and no new round until resumed (manches in play finish)."""
        row = self._organiser(tid, user)
        if row["status"] != "running":
            raise Refused(
                409,
                "conflict",
                "seul un tournoi en cours peut être mis en pause",
                "only a running tournament can be paused",
            )
        self._update(row, status="paused", event=("pause", user["name"], {}))

    def resume(self, tid: str, user: dict[str, Any]) -> None:
        """Play on; the round's deadline moves by the time spent paused."""
        row = self._organiser(tid, user)
        if row["status"] != "paused":
            raise Refused(
                409, "conflict", "le tournoi n'est pas en pause", "the tournament is not paused"
            )
        with self.store.engine.connect() as conn:
            paused_at = (
                conn.execute(
                    sa.select(sa.func.max(db.tournament_events.c.at)).where(
                        db.tournament_events.c.tournament_id == tid,
                        db.tournament_events.c.kind == "pause",
                    )
                ).scalar_one()
                or time.time()
            )
        shift = time.time() - paused_at
        round_at = {k: v + shift for k, v in (row["round_at"] or {}).items()}
        self._update(
            row,
            status="running",
            round_at=round_at,
            event=("resume", user["name"], {"paused_s": round(shift, 1)}),
        )

    def settle(self, tid: str, user: dict[str, Any], key: str, winner: int) -> str | None:
        """The organiser decides a disputed duel of the round in play: ``winner`` wins it, the
        manches he lacks recorded as settled by the organiser (his name); the manche in play
        stops. Returns the table stopped, if any."""
        row = self._organiser(tid, user)
        if row["status"] not in ("running", "paused"):
            raise Refused(
                409, "conflict", "le tournoi n'est pas en cours", "the tournament is not running"
            )
        with self.store.engine.connect() as conn:
            rows = self._duel_rows(conn, tid)
        if key not in rows and row["entrants"] and row["seed"] is not None:
            # A duel of the round in play that no tick has made yet (paused as its round
            # was paired): made now, as the next tick would.
            formula = Formula(
                len(row["entrants"]), int(row["seed"]), TournamentOptions.from_dict(row["formula"])
            )
            planned = formula.current({k: duel_of(x) for k, x in rows.items()})
            if planned is not None and key in planned.duel_keys():
                rows = self._make_duels(tid, planned, rows)
        d = rows.get(key)
        if d is None:
            raise Refused(
                404,
                "not_found",
                "ce duel n'est pas (encore) à jouer : seuls ceux du tour en cours se tranchent",
                "this duel is not (yet) to be played: only the round in play's duels are settled",
            )
        if d.winner is not None:
            raise Refused(409, "conflict", "ce duel est déjà joué", "this duel is over already")
        if winner not in (d.a, d.b):
            raise Refused(
                400,
                "invalid",
                f"le vainqueur doit être un des deux joueurs du duel ({d.a} ou {d.b})",
                f"the winner must be one of the duel's players ({d.a} or {d.b})",
            )
        stopped: str | None = d.table_id
        if not self._decide(tid, d, winner, "settled", user["name"]):
            raise Refused(
                409,
                "conflict",
                "le duel vient de changer : réessayez",
                "the duel just changed: try again",
            )
        return stopped

    def _organiser(self, tid: str, user: dict[str, Any]) -> dict[str, Any]:
        row = self.row(tid)
        if row["created_by"] != user["id"]:
            raise _organiser_only()
        return row

    def _update(
        self,
        row: dict[str, Any],
        event: tuple[str, str | None, dict[str, Any]] | None = None,
        **values: Any,
    ) -> bool:
        """Change the tournament's row if nobody changed it since ``row`` was read (409
        otherwise)."""
        with self.store.tx() as conn:
            done = _update_tournament(conn, row, **values)
            if done and event:
                _event(conn, row["id"], *event)
        if not done:
            raise Refused(
                409,
                "conflict",
                "le tournoi vient de changer : réessayez",
                "the tournament just changed: try again",
            )
        return True

    # -- reading ------------------------------------------------------------------------------
    def row(self, tid: str) -> dict[str, Any]:
        with self.store.engine.connect() as conn:
            r = conn.execute(sa.select(db.tournaments).where(db.tournaments.c.id == tid)).first()
        if r is None:
            raise _not_found()
        return dict(clean_json(db.row_dict(r)))

    def listing(self, status: str | None, user: str | None, limit: int) -> list[dict[str, Any]]:
        """Upcoming and running tournaments (open ones), or every tournament of ``user``."""
        t, p = db.tournaments, db.tournament_players
        q = sa.select(t)
        if user:
            mine = sa.select(p.c.tournament_id).where(p.c.user_id == user)
            q = q.where(t.c.id.in_(mine) | (t.c.created_by == user))
        else:
            q = q.where(t.c.invite.is_(None), t.c.status.in_(OPEN))
        if status:
            q = q.where(t.c.status == status)
        q = q.order_by(sa.func.coalesce(t.c.starts_at, t.c.created_at).desc()).limit(limit)
        with self.store.engine.connect() as conn:
            rows = [clean_json(db.row_dict(r)) for r in conn.execute(q)]
            counts: dict[str, int] = dict(
                conn.execute(
                    sa.select(p.c.tournament_id, sa.func.count())
                    .where(p.c.tournament_id.in_([r["id"] for r in rows]))
                    .group_by(p.c.tournament_id)
                ).all()
            )
        return [self.summary(r, counts.get(r["id"], 0), user) for r in rows]

    def summary(self, row: dict[str, Any], registered: int, user: str | None) -> dict[str, Any]:
        game = games.get(row["game"])
        entrants = row["entrants"] or []
        ranking = row["ranking"]
        place = None
        if user and ranking:
            for i, e in enumerate(ranking):
                if entrants[e].get("user") == user:
                    place = i + 1
        return {
            "id": row["id"],
            "name": row["name"],
            "game": row["game"],
            "title": game.title,
            "formula": row["formula"],
            "places": row["places"],
            "bots": row["bot"] is not None,
            "bot": row["bot"],
            "status": row["status"],
            "starts_at": row["starts_at"],
            "started_at": row["started_at"],
            "finished_at": row["finished_at"],
            "organiser": row["organiser"],
            "created_by": row["created_by"],
            "invitation": row["invite"] is not None,
            "registered": registered,
            "entrants": len(entrants),
            "place": place,
            "winner": entrants[ranking[0]]["name"] if ranking else None,
        }

    def detail(self, tid: str, viewer: str | None) -> dict[str, Any]:
        """Everything a tournament page shows: registrations, rounds and duels, standings."""
        row = self.row(tid)
        with self.store.engine.connect() as conn:
            players = conn.execute(
                sa.select(db.tournament_players)
                .where(db.tournament_players.c.tournament_id == tid)
                .order_by(db.tournament_players.c.at)
            ).all()
            duel_rows = {
                d.key: d
                for d in conn.execute(
                    sa.select(db.tournament_duels).where(db.tournament_duels.c.tournament_id == tid)
                )
            }
            events = conn.execute(
                sa.select(db.tournament_events)
                .where(db.tournament_events.c.tournament_id == tid)
                .order_by(db.tournament_events.c.id)
            ).all()
        out = self.summary(row, len(players), viewer)
        entrants = row["entrants"] or []
        out.update(
            {
                "options": row["options"],
                "move_clock": row["move_clock"],
                "grace": row["grace"],
                "round_deadline": row["round_deadline"],
                "invite": row["invite"] if viewer == row["created_by"] else None,
                "seed": row["seed"] if row["status"] == "over" else None,
                "note": row["note"],
                "ranking": row["ranking"],
                "registrations": [{"user": p.user_id, "name": p.name, "at": p.at} for p in players],
                "entrant_list": [
                    {"entrant": i, "user": e.get("user"), "name": e["name"], "bot": e.get("bot")}
                    for i, e in enumerate(entrants)
                ],
                "events": [
                    {"kind": e.kind, "by": e.by, "detail": e.detail, "at": e.at} for e in events
                ],
                "rounds": [],
                "standings": [],
            }
        )
        if not entrants or row["seed"] is None:
            return clean_json(out)  # type: ignore[no-any-return]
        formula = Formula(
            len(entrants), int(row["seed"]), TournamentOptions.from_dict(row["formula"])
        )
        done = {k: duel_of(d) for k, d in duel_rows.items()}
        finished = {k: d for k, d in done.items() if d.winner is not None}
        for planned in formula.rounds(done):
            duels = []
            for i, (a, b) in enumerate(planned.pairs):
                key = f"{planned.label}/{i}"
                d = duel_rows.get(key)
                duel = done.get(key, Duel(a, b))
                duels.append(
                    {
                        "key": key,
                        "a": a,
                        "b": b,
                        "wins": [duel.wins(a), duel.wins(b)],
                        "winner": duel.winner,
                        "table": d.table_id if d else None,
                        "match_points": duel.match_points() if duel.winner is not None else None,
                        "manches": _shown_manches(d.manches if d else [], a, b),
                    }
                )
            out["rounds"].append(
                {
                    "label": planned.label,
                    "title": planned.title,
                    "started_at": (row["round_at"] or {}).get(planned.label),
                    "duels": duels,
                }
            )
        # The order the next round pairs or qualifies by; a tie the lot broke is said (D23).
        for line in formula.standing_table(finished):
            out["standings"].append({**line, "name": entrants[line["entrant"]]["name"]})
        return clean_json(out)  # type: ignore[no-any-return]

    # -- leases -------------------------------------------------------------------------------
    def _claim(self) -> list[str]:
        """Renew this process's leases and take the tournaments nobody drives."""
        now = time.time()
        t = db.tournaments
        until = now + self.hub.settings.lease_ttl
        with self.store.tx() as conn:
            conn.execute(
                sa.update(t)
                .where(t.c.driver == self.hub.name, t.c.status.in_(OPEN))
                .values(lease_until=until)
            )
            conn.execute(
                sa.update(t)
                .where(t.c.status.in_(OPEN), t.c.driver.is_(None) | (t.c.lease_until < now))
                .values(driver=self.hub.name, lease_until=until)
            )
            return [
                r[0]
                for r in conn.execute(
                    sa.select(t.c.id).where(t.c.driver == self.hub.name, t.c.status.in_(OPEN))
                )
            ]

    def release(self) -> None:
        t = db.tournaments
        with self.store.tx() as conn:
            conn.execute(
                sa.update(t)
                .where(t.c.driver == self.hub.name)
                .values(driver=None, lease_until=None)
            )

    async def loop(self) -> None:
        """Drive the tournaments this process holds: a tick a second, or at once when a
        manche ends here."""
        every = self.hub.settings.tournament_every
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), every)
            self.wake.clear()
            try:
                for tid in await self.store.run(self._claim):
                    await self.tick(tid)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("tournament loop")

    # -- the tournament sockets -----------------------------------------------------------------
    async def announce(self, tid: str) -> None:
        """Tell every process (the bus) that the tournament changed: its sockets get it again."""
        await self.hub.bus.publish(f"tournament:{tid}", {"kind": "tournament", "id": tid})

    def changed(self, tid: str) -> None:
        """The tournament changed (said on the bus): push it to this process's sockets, once
        for a burst of changes."""
        if tid in self.watchers and tid not in self._pushing:
            self._pushing.add(tid)
            self.hub.spawn(self._push(tid))

    async def _push(self, tid: str) -> None:
        try:
            await asyncio.sleep(0.05)  # the changes of one tick arrive together
            self._pushing.discard(tid)
            data = await self.store.run(self.detail, tid, None)
        except Refused:
            return
        finally:
            self._pushing.discard(tid)
        text = dumps({"type": "tournament", "tournament": data})
        for w in list(self.watchers.get(tid, ())):
            w.send(text)

    def _fingerprint(self, tid: str) -> tuple[int, int, int]:
        """What a tick changes, in three numbers: the row's ``rev``, the duels' ``rev`` summed
        and how many duels."""
        d = db.tournament_duels
        with self.store.engine.connect() as conn:
            rev = conn.execute(
                sa.select(db.tournaments.c.rev).where(db.tournaments.c.id == tid)
            ).scalar_one_or_none()
            revs, count = conn.execute(
                sa.select(sa.func.coalesce(sa.func.sum(d.c.rev), 0), sa.func.count()).where(
                    d.c.tournament_id == tid
                )
            ).one()
        return int(rev or 0), int(revs), int(count)

    # -- driving ------------------------------------------------------------------------------
    async def tick(self, tid: str) -> None:
        """One step of a tournament from what is stored: start it when its time comes, record
        the manches that ended, pair the round in play, seat the manches it needs."""
        try:
            await self._tick(tid)
        except Refused as exc:  # another process changed it meanwhile: the next tick reads again
            log.info("tournament %s: %s", tid, exc.en)
        seen = await self.store.run(self._fingerprint, tid)
        if self._seen.get(tid) != seen:
            self._seen[tid] = seen
            await self.announce(tid)

    async def _tick(self, tid: str) -> None:
        row = await self.store.run(self.row, tid)
        if row["status"] == "registering":
            if row["starts_at"] is not None and time.time() >= row["starts_at"]:
                await self.store.run(self._start, row)
            return
        if row["status"] not in ("running", "paused"):
            return
        await self.store.run(self._record_manches, row)
        if row["status"] == "paused":
            return
        seated, stopped_tables = await self.store.run(self._step, tid)
        for table_id in stopped_tables:
            await self.stopped(table_id)
        if seated:
            await self._seated(seated)

    def _start(self, row: dict[str, Any]) -> None:
        """Close the registrations: the entrants (people by rating, then bots), the seed."""
        tid = row["id"]
        p, r = db.tournament_players, db.ratings
        with self.store.engine.connect() as conn:
            people = list(
                conn.execute(sa.select(p).where(p.c.tournament_id == tid).order_by(p.c.at))
            )
            rating = dict(
                conn.execute(
                    sa.select(r.c.player, r.c.rating).where(
                        r.c.game == row["game"], r.c.player.in_([x.user_id for x in people])
                    )
                ).all()
            )
        people = people[: row["places"]]  # the first registered (a race could add one more)
        people.sort(key=lambda x: -rating.get(x.user_id, 1500.0))  # stable: registration order
        entrants: list[dict[str, Any]] = [
            {"user": x.user_id, "name": x.name, "bot": None} for x in people
        ]
        if row["bot"] is not None:  # named as at their tables: « Bot fort 3 » (the page
            # shows them in the reader's language from the entrant's bot and number)
            word = games.get(row["game"]).words.bots.get(row["bot"])
            label = word.fr if word else f"Bot {row['bot']}"
            for k in range(row["places"] - len(entrants)):
                entrants.append({"user": None, "name": f"{label} {k + 1}", "bot": row["bot"]})
        formula = TournamentOptions.from_dict(row["formula"])
        try:
            Formula(len(entrants), 0, formula)
        except OptionsError as exc:  # R48: the organiser adds or removes one, then starts it
            why = {"entrants": len(entrants), "why": [exc.fr, exc.en]}
            self._update(row, starts_at=None, event=("postponed", None, why))
            return
        seed = fresh_seed()
        with self.store.tx() as conn:
            done = _update_tournament(
                conn,
                row,
                db.tournaments.c.status == "registering",
                status="running",
                entrants=entrants,
                seed=str(seed),
                started_at=time.time(),
            )
            if done:
                _event(conn, tid, "start", None, {"entrants": len(entrants)})

    def _duel_rows(self, conn: Connection, tid: str) -> dict[str, Any]:
        return {
            d.key: d
            for d in conn.execute(
                sa.select(db.tournament_duels).where(db.tournament_duels.c.tournament_id == tid)
            )
        }

    def _record_manches(self, row: dict[str, Any]) -> None:
        """The manches whose tables ended since the last tick, recorded in their duels (each
        once: conditional on the duel's ``rev``)."""
        tid = row["id"]
        with self.store.engine.connect() as conn:
            duels = [d for d in self._duel_rows(conn, tid).values() if d.table_id is not None]
            ids = [d.table_id for d in duels]
            tables = (
                {r.id: r for r in conn.execute(sa.select(db.tables).where(db.tables.c.id.in_(ids)))}
                if ids
                else {}
            )
        entrants = row["entrants"]
        for d in duels:
            tr = tables.get(d.table_id)
            if tr is None or tr.status in ("playing", "waiting"):
                continue
            seats = _manche_seats(d, len(counted(d.manches)) + 1)  # seat → entrant
            seed = int(tr.seed) if tr.seed else 0
            manche: dict[str, Any] | None
            if tr.status == "over":
                res = tr.result or {}
                winners = res.get("winners") or []
                start = (res.get("details") or {}).get("start_scores", [0, 0])
                points = {str(seats[s]): res["scores"][s] - start[s] for s in range(2)}
                single = len(winners) == 1  # else tied: replayed with the same seats
                manche = {
                    "winner": seats[winners[0]] if single else None,
                    "points": points,
                    "seed": seed,
                    "record": d.table_id,
                    "table": d.table_id,
                    "how": "played" if single else "tied",
                }
            elif tr.status == "forfeit":
                absent = (tr.result or {}).get("forfeit", 0)
                manche = {
                    "winner": seats[1 - absent],
                    "seed": seed,
                    "record": d.table_id,
                    "points": {str(d.a): 0, str(d.b): 0},
                    "table": d.table_id,
                    "how": "forfeit",
                    "absent": seats[absent],
                }
            else:  # stopped: the organiser settled the duel, or the round's deadline came
                manche = None
            manches = [*d.manches, manche] if manche else list(d.manches)
            duel = Duel(d.a, d.b, [Manche.from_dict(m) for m in counted(manches)])
            with self.store.tx() as c:
                ok = _update_duel(
                    c,
                    tid,
                    d,
                    manches=manches,
                    table_id=None,
                    winner=duel.winner,
                    finished_at=time.time() if duel.winner is not None else None,
                )
                if ok and manche and manche["how"] == "forfeit":
                    _event(
                        c,
                        tid,
                        "forfeit",
                        None,
                        {
                            "duel": d.key,
                            "entrant": manche["absent"],
                            "table": d.table_id,
                            "name": entrants[manche["absent"]]["name"],
                        },
                    )

    def _step(self, tid: str) -> tuple[list[Seated], list[str]]:
        """Pair the round in play, create its missing duels, seat the manches it needs; end the
        tournament after its last duel. Returns the tables seated (after which old one) and
        the tables stopped by the round's deadline."""
        row = self.row(tid)
        if row["status"] != "running":
            return [], []
        entrants = row["entrants"]
        formula = Formula(
            len(entrants), int(row["seed"]), TournamentOptions.from_dict(row["formula"])
        )
        with self.store.engine.connect() as conn:
            rows = self._duel_rows(conn, tid)
        done = {k: duel_of(d) for k, d in rows.items()}
        planned = formula.current(done)
        now = time.time()
        if planned is None:
            ranking = formula.final_ranking(done)
            with self.store.tx() as conn:
                ok = _update_tournament(
                    conn,
                    row,
                    status="over",
                    ranking=ranking,
                    finished_at=now,
                    driver=None,
                    lease_until=None,
                )
                if ok:
                    _event(
                        conn,
                        tid,
                        "end",
                        None,
                        {"winner": entrants[ranking[0]]["name"]} if ranking else {},
                    )
            return [], []
        round_at = dict(row["round_at"] or {})
        if planned.label not in round_at:
            round_at[planned.label] = now
            self._update(row, round_at=round_at)
        stopped: list[str] = []
        deadline = row["round_deadline"]
        if deadline is not None and now >= round_at[planned.label] + deadline:
            stopped = self._deadline(tid, row, planned.duel_keys())
        rows = self._make_duels(tid, planned, rows)
        todo = [rows[k] for k in planned.duel_keys()]
        todo = [d for d in todo if d.winner is None and d.table_id is None]
        return self._seat_manches(row, self._within_limit(row, todo)), stopped

    def _within_limit(self, row: dict[str, Any], todo: list[Any]) -> list[Any]:
        """The duels to seat now: every one a person plays (he is waiting for it), and the
        duels of two bots only while the organiser has fewer unfinished tables than his limit
        (``max_open_tables``, his own tables counted too): bots filling 64 places of ten
        tournaments would otherwise start hundreds of games at once. The others wait for a
        table to end (each end steps the tournament again)."""
        entrants = row["entrants"]
        bots_only = [d for d in todo if entrants[d.a].get("bot") and entrants[d.b].get("bot")]
        if not bots_only:
            return todo
        with self.store.engine.connect() as conn:
            t = db.tables
            unfinished = conn.execute(
                sa.select(sa.func.count()).where(
                    t.c.created_by == row["created_by"], t.c.status.in_(("waiting", "playing"))
                )
            ).scalar_one()
        room = max(0, self.hub.settings.max_open_tables - unfinished)
        waiting = {id(d) for d in bots_only[room:]}
        return [d for d in todo if id(d) not in waiting]

    def _make_duels(self, tid: str, planned: Planned, rows: dict[str, Any]) -> dict[str, Any]:
        """The duels of the round in play: created once (the primary key), whoever gets there
        first; all in one transaction, one by one only when another process raced this one.
        Returns the tournament's duel rows."""
        missing: list[dict[str, Any]] = [
            {
                "tournament_id": tid,
                "key": key,
                "a": a,
                "b": b,
                "manches": [],
                "table_id": None,
                "winner": None,
                "created_at": time.time(),
                "rev": 0,
            }
            for key, (a, b) in zip(planned.duel_keys(), planned.pairs, strict=True)
            if key not in rows
        ]
        if not missing:
            return rows
        try:
            with self.store.tx() as conn:
                conn.execute(db.tournament_duels.insert(), missing)
        except IntegrityError:
            for one in missing:
                with contextlib.suppress(IntegrityError), self.store.tx() as conn:
                    conn.execute(db.tournament_duels.insert(), [one])
        with self.store.engine.connect() as conn:
            return self._duel_rows(conn, tid)

    def _seat_manches(self, row: dict[str, Any], duels: list[Any]) -> list[Seated]:
        """Each duel's next manche at a new table, seated and dealt, in one transaction; a duel
        points to its table (one table per manche: the update is conditional on its ``rev``).
        Returns, for each, (the previous manche's table, the new one, None); for a new duel's
        first manche, (the person's last table in the tournament, the new one, his seat there)
        for each person of the duel, so that he is sent on from where he is."""
        made: list[Seated] = []
        if not duels:
            return made
        with self.store.tx() as conn:
            last_tables = _last_tables(conn, row)
            for d in duels:
                seats = []
                for e in _manche_seats(d, len(counted(d.manches)) + 1):
                    ent = row["entrants"][e]
                    if ent.get("bot"):
                        seats.append(
                            {"kind": "bot", "user": None, "name": ent["name"], "bot": ent["bot"]}
                        )
                    else:
                        seats.append({"kind": "human", "user": ent["user"], "name": ent["name"]})
                table_id = new_id()
                table: dict[str, Any] = {
                    "id": table_id,
                    "game": row["game"],
                    "players": 2,
                    "options": row["options"],
                    "seats": seats,
                    "private": False,
                    "move_clock": row["move_clock"],
                    "status": "waiting",
                    "seed": None,
                    "commitment": None,
                    "created_by": row["created_by"],
                    "created_at": time.time(),
                    "parent": None,
                    "rev": 0,
                    "tournament": row["id"],
                    "grace": row["grace"],
                }
                self.hub._deal_values(table)
                free = db.tournament_duels.c.table_id.is_(None)
                if not _update_duel(conn, row["id"], d, free, table_id=table_id):
                    continue  # another process seated it
                conn.execute(db.tables.insert().values(**table))
                previous = d.manches[-1].get("table") if d.manches else None
                if previous:
                    conn.execute(
                        sa.update(db.tables)
                        .where(db.tables.c.id == previous)
                        .values(next_table=table_id)
                    )
                made.append((previous, table_id, None))
                if not d.manches:  # a new duel: each person comes from his last one
                    for e in (d.a, d.b):
                        if e in last_tables:
                            last, seat = last_tables[e]
                            made.append((last, table_id, seat))
        return made

    def _deadline(self, tid: str, row: dict[str, Any], keys: list[str]) -> list[str]:
        """The round's deadline came: each unfinished duel goes to the one ahead in manches,
        then in tie-break points, then by lot; the manche in play stops."""
        stopped = []
        with self.store.engine.connect() as conn:
            rows = self._duel_rows(conn, tid)
        for key in keys:
            d = rows.get(key)
            if d is None or d.winner is not None:
                continue
            duel = duel_of(d)
            tb = duel.tiebreak()
            lot = random.Random(f"{row['seed']}:deadline:{key}").random()
            draw = {d.a: lot, d.b: 1 - lot}
            ahead = max((d.a, d.b), key=lambda e: (duel.wins(e), tb[e], draw[e]))
            if d.table_id:
                stopped.append(d.table_id)
            self._decide(tid, d, ahead, "deadline", None)
        return stopped

    def _decide(self, tid: str, d: Any, winner: int, how: str, by: str | None) -> bool:
        """Give duel ``d`` to ``winner``: the manches he lacks recorded as ``how`` (settled by
        the organiser ``by``, or the round's deadline); the table in play stops."""
        duel = duel_of(d)
        manches = list(d.manches)
        while duel.wins(winner) < WINS_NEEDED:
            m = {
                "winner": winner,
                "points": {str(d.a): 0, str(d.b): 0},
                "seed": 0,
                "record": d.table_id or "",
                "table": d.table_id,
                "how": how,
                "by": by,
            }
            manches.append(m)
            duel.manches.append(Manche.from_dict(m))
        now = time.time()
        with self.store.tx() as conn:
            if not _update_duel(
                conn, tid, d, manches=manches, table_id=None, winner=winner, finished_at=now
            ):
                return False
            _event(
                conn,
                tid,
                "settle" if how == "settled" else how,
                by,
                {"duel": d.key, "winner": winner},
            )
            if d.table_id:
                conn.execute(
                    sa.update(db.tables)
                    .where(db.tables.c.id == d.table_id, db.tables.c.status == "playing")
                    .values(
                        status="stopped",
                        finished_at=now,
                        driver=None,
                        lease_until=None,
                        result=None,
                    )
                )
        return True

    async def stopped(self, table_id: str) -> None:
        """A manche's table ended by the tournament: every process hears of it."""
        room = self.hub.rooms.get(table_id)
        if room is not None:
            room.stop_driving()
            await self.hub.reload_meta(room)  # the bus's « meta » is for the other processes
        await self.hub.after_change(table_id)

    async def _seated(self, seated: list[Seated]) -> None:
        """New manches' tables: loaded in one read, driven here; the previous manche's players
        are sent to the next one, and a new duel's people from their last table."""
        hub = self.hub
        missing = list(dict.fromkeys(new for _, new, _ in seated if new not in hub.rooms))
        for loaded in await self.store.run(hub._load_many, missing):
            hub.rooms.setdefault(loaded.id, loaded)
        for previous, table_id, seat in seated:
            room = hub.rooms.get(table_id)
            if room is not None and room.meta["driver"] == hub.name and not room.driving:
                room.start_driving()
            if previous and seat is None:
                await hub.after_change(previous, {"kind": "again", "table_id": table_id})
            elif previous:
                onward = {"kind": "onward", "table_id": table_id, "seat": seat}
                await hub.after_change(previous, onward)

    # -- a manche's player absent past the grace period ----------------------------------------
    def forfeit_rows(self, room: Room, seat: int) -> bool:
        """End a manche's table by forfeit of ``seat`` (absent past the grace period)."""
        now = time.time()
        with self.store.tx() as conn:
            ok = conn.execute(
                sa.update(db.tables)
                .where(db.tables.c.id == room.id, db.tables.c.status == "playing")
                .values(
                    status="forfeit",
                    finished_at=now,
                    driver=None,
                    lease_until=None,
                    result={"forfeit": seat},
                )
            ).rowcount
            if ok:
                conn.execute(
                    db.seat_events.insert().values(
                        table_id=room.id,
                        version=room.version,
                        seat=seat,
                        kind="forfeit",
                        bot=None,
                        at=now,
                    )
                )
        return bool(ok)


def forfeit_loser(
    table_id: str, seat: int, absent_since: dict[int, float], grace: float, now: float
) -> int:
    """Who loses a manche by forfeit when ``seat``'s grace has run out. Alone past his grace,
    he does; when both players are, the one gone first (his absence the longer); gone at the
    same moment (neither came after the deal), a lot seeded by the table, so that it is the
    same whichever absence timer fires first and the same on a replay of the decision."""
    late = {s: since for s, since in absent_since.items() if since + grace <= now + 0.5}
    late.setdefault(seat, absent_since.get(seat, now - grace))
    first = min(late.values())
    tied = sorted(s for s, since in late.items() if since - first < 1.0)
    return tied[0] if len(tied) == 1 else random.Random(table_id).choice(tied)


class Watcher:
    """One tournament socket: the newest state waits to be sent (older ones are dropped)."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=1)

    def send(self, text: str | None) -> None:
        with contextlib.suppress(asyncio.QueueEmpty):
            self.queue.get_nowait()  # a newer state replaces one not sent yet
        self.queue.put_nowait(text)


def _shown_manches(manches: list[dict[str, Any]], a: int, b: int) -> list[dict[str, Any]]:
    """A duel's manches as its page shows them, numbered (a tied manche and its replay share
    their number)."""
    shown, number = [], 1
    for m in manches:
        how = m.get("how", "played")
        shown.append(
            {
                "number": number,
                "winner": m.get("winner"),
                "table": m.get("table"),
                "how": how,
                "by": m.get("by"),
                "points": [m["points"].get(str(a), 0), m["points"].get(str(b), 0)],
            }
        )
        number += how != "tied"
    return shown


def _tournament_name(text: str | None) -> str | None:
    """A tournament's name, checked as a person's (no character that hides or disguises)."""
    if not text:
        return None
    try:
        return clean_name(text, most=64)
    except LudoError as exc:
        fr, en = f"nom du tournoi : {exc.fr}", f"tournament name: {exc.en}"
        raise Refused(400, "invalid", fr, en) from None


def span(seconds: float) -> tuple[str, str]:
    """A limit in seconds as a form's reader counts it: « 7 jours », « 1 h », « 1 min », « 5 s »."""
    for size, fr, en in ((86400, "jour", "day"), (3600, "h", "h"), (60, "min", "min")):
        if seconds >= size and seconds % size == 0:
            n = int(seconds // size)
            plural = n > 1 and size == 86400
            return f"{n} {fr}{'s' if plural else ''}", f"{n} {en}{'s' if plural else ''}"
    return f"{seconds:g} s", f"{seconds:g} s"


def _last_tables(conn: Connection, row: dict[str, Any]) -> dict[int, tuple[str, int]]:
    """Each person's last table in the tournament (the last manche with a table of his
    latest finished duel) and his seat at it."""
    latest: dict[int, tuple[float, str]] = {}
    duels = db.tournament_duels
    for d in conn.execute(sa.select(duels).where(duels.c.tournament_id == row["id"])):
        tables = [m["table"] for m in d.manches if m.get("table")]
        if d.winner is None or not tables:
            continue
        for e in (d.a, d.b):
            if e not in latest or (d.finished_at or 0) > latest[e][0]:
                latest[e] = (d.finished_at or 0, tables[-1])
    people = {e: ent["user"] for e, ent in enumerate(row["entrants"]) if not ent.get("bot")}
    wanted = {e: t for e, (_, t) in latest.items() if e in people}
    if not wanted:
        return {}
    seats = dict(
        conn.execute(
            sa.select(db.tables.c.id, db.tables.c.seats).where(
                db.tables.c.id.in_(set(wanted.values()))
            )
        ).all()
    )
    found: dict[int, tuple[str, int]] = {}
    for e, table in wanted.items():
        for i, seat in enumerate(seats.get(table) or []):
            if seat.get("user") == people[e]:
                found[e] = (table, i)

    return found


def _manche_seats(d: Any, number: int) -> tuple[int, int]:
    """Seat 0 and seat 1's entrants in manche ``number``: they alternate (as ``play_duel``)."""
    return (d.a, d.b) if number % 2 else (d.b, d.a)


def _lock_registrations(conn: Connection, tid: str) -> None:
    """A registration changes the tournament's ``rev`` (on PostgreSQL the row stays locked
    until the commit: registrations take turns, and a start that read the registrations
    before this one sees the change and reads them again)."""
    t = db.tournaments
    done = conn.execute(
        sa.update(t).where(t.c.id == tid, t.c.status == "registering").values(rev=t.c.rev + 1)
    ).rowcount
    if not done:
        _registering({"status": "started"})


def _looks_like_a_bot(game: str, name: str) -> bool:
    """Whether a person's name is one a bot filling places takes (« Bot fort 4 », in either
    language): in the bracket and the log the two could not be told apart."""
    key = login_of(name)
    for word in games.get(game).words.bots.values():
        for label in (word.fr, word.en):
            rest = key.removeprefix(login_of(label) + " ")
            if rest != key and rest.isdigit():
                return True
    return False


def _registering(row: dict[str, Any]) -> None:
    if row["status"] != "registering":
        raise Refused(
            409,
            "started",
            "les inscriptions sont closes : le tournoi a commencé",
            "registrations are closed: the tournament has started",
        )


def _update_tournament(conn: Connection, row: dict[str, Any], *when: Any, **values: Any) -> bool:
    """Write ``values`` into the tournament's row if nobody changed it since ``row`` was read
    (its ``rev``, which the update increments) and if the conditions ``when`` hold; whether
    it was written."""
    t = db.tournaments
    done = conn.execute(
        sa.update(t)
        .where(t.c.id == row["id"], t.c.rev == row["rev"], *when)
        .values(rev=row["rev"] + 1, **values)
    ).rowcount
    return bool(done)


def _update_duel(conn: Connection, tid: str, d: Any, *when: Any, **values: Any) -> bool:
    """Write ``values`` into the row of duel ``d`` (of tournament ``tid``) if nobody changed it
    since ``d`` was read, and if the conditions ``when`` hold: the update is conditional on the
    duel's ``rev``, which it increments. Whether it was written (False: another process was
    first, and this one leaves the duel to it)."""
    c = db.tournament_duels.c
    done = conn.execute(
        sa.update(db.tournament_duels)
        .where(c.tournament_id == tid, c.key == d.key, c.rev == d.rev, *when)
        .values(rev=d.rev + 1, **values)
    ).rowcount
    return bool(done)


def _event(conn: Connection, tid: str, kind: str, by: str | None, detail: dict[str, Any]) -> None:
    conn.execute(
        db.tournament_events.insert().values(
            tournament_id=tid, kind=kind, by=by, detail=detail, at=time.time()
        )
    )
