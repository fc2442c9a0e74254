"""The ASGI app: HTTP API (accounts, lobby, tables, records, ratings, history), the play
WebSocket, and the browser front end's files. See docs/protocol.md."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import json
import logging
import re
import time
import typing
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Annotated, Any

import sqlalchemy as sa
from fastapi import Depends, FastAPI, Header, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import IntegrityError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import Receive

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.engine.errors import LudoError
from ludotheque.engine.labels import LITERAL_WORDS, Words
from ludotheque.engine.options import _type_name
from ludotheque.engine.protocol import LITERAL_VARIANT, Game, State
from ludotheque.games.docs import rules_page
from ludotheque.server import auth, db
from ludotheque.server.config import Settings
from ludotheque.server.errors import Refused, shape_refusal
from ludotheque.server.guard import RAW_RECEIVE, Guard, SafeJSONResponse, redact_logs
from ludotheque.server.hub import Hub, contribution_of
from ludotheque.server.messages import dumps
from ludotheque.server.parts import ENDED
from ludotheque.server.protocol import SCHEMAS, clean_json
from ludotheque.server.rooms import Conn, Room, new_id
from ludotheque.server.tournaments import Watcher

log = logging.getLogger("ludotheque.server")

REPLAYS_KEPT = 16  # finished games whose replay is kept, by seat
SPA_ROUTES = (
    "/",
    "/table/{table_id}",
    "/replay/{table_id}",
    "/history",
    "/ratings",
    "/login",
    "/tournament/{tournament_id}",
    "/tournaments/new",
    "/rules/{game}",
)


# -- request bodies -------------------------------------------------------------------------------
class Body(BaseModel):
    """A request body: its values are checked, never converted (`"private": "1"` is no
    boolean), and a field the API does not know is refused rather than ignored."""

    model_config = ConfigDict(strict=True, extra="forbid")


class GuestIn(Body):
    name: str = Field(min_length=1, max_length=32)


class AccountIn(Body):
    name: str = Field(min_length=3, max_length=32)
    password: str = Field(min_length=8, max_length=256, repr=False)


class SeatIn(Body):
    kind: typing.Literal["me", "open", "bot"]
    bot: str | None = Field(default=None, max_length=64)


class TableIn(Body):
    game: str = Field(max_length=32)
    players: int | None = Field(default=None, ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] | None = Field(default=None, max_length=16)
    private: bool = False
    move_clock: float | None = Field(default=None, gt=0, le=86400)
    variant: str | None = Field(default=None, max_length=32)
    # Checked by the hub, which says the rule (1 to 64 letters, digits, - or _).
    contribution: str | None = Field(
        default=None,
        max_length=1000,
        description="your own seed, mixed with the server's of your next deal (GET /api/deal)",
    )
    commitment: str | None = Field(
        default=None,
        max_length=64,
        description="the commitment GET /api/deal showed you: refused if it is no longer "
        "your next deal's",
    )


class JoinIn(Body):
    seat: int | None = Field(default=None, ge=0, le=15)
    contribution: str | None = Field(
        default=None,
        max_length=1000,
        description="your own seed, mixed with the table's server seed (its commitment is "
        "shown from the table's opening)",
    )


class AgainIn(Body):
    contribution: str | None = Field(default=None, max_length=1000)
    commitment: str | None = Field(default=None, max_length=64)


class FormulaIn(Body):
    """AlphaPoker's tournament options (rules/alphapoker.md §2, R44–R54)."""

    tournament_format: typing.Literal["standard", "championship"] = "standard"
    prelim_pairing: typing.Literal["halves", "fold"] = "halves"
    bracket_seeding: typing.Literal["lot", "ranking"] = "lot"


class TournamentIn(Body):
    name: str | None = Field(default=None, min_length=1, max_length=64)
    game: str = Field(max_length=32)
    formula: FormulaIn = Field(default_factory=FormulaIn)
    places: int = Field(ge=2, le=64, description="places (with bots: the number of entrants)")
    bots: bool = Field(default=False, description="bots fill the places left at the start")
    bot: str | None = Field(default=None, max_length=64)
    options: dict[str, Any] = Field(default_factory=dict, description="the tables' options")
    variant: str | None = Field(default=None, max_length=32)
    # Their limits are checked with the tournament (server/tournaments.py), said in its units.
    move_clock: float | None = Field(default=None, description="a move's clock (s), 5 s to 1 day")
    grace: float | None = Field(
        default=None, description="absence before a manche is lost by forfeit (s), 5 s to 1 h"
    )
    round_deadline: float | None = Field(
        default=None, description="a round's length at most (s), 1 min to 7 days"
    )
    starts_at: float | None = Field(default=None, ge=0, le=1e11, description="unix time")
    invitation: bool = Field(default=False, description="registration by invitation link only")


class RegisterIn(Body):
    invite: str | None = Field(default=None, max_length=32)


class RemoveIn(Body):
    user: str = Field(max_length=64, description="the id of the person whose registration goes")


class SettleIn(Body):
    duel: str = Field(max_length=16, description="the duel's key, e.g. ko1/0")
    winner: int = Field(ge=0, le=63, description="the entrant number who wins it")


# What Starlette refuses by itself, said as the API says its own refusals.
HTTP_REFUSALS: dict[int, tuple[str, str, str]] = {
    404: ("not_found", "adresse introuvable", "no such address"),
    405: (
        "method_not_allowed",
        "méthode non permise à cette adresse",
        "method not allowed at this address",
    ),
}


def _refused(exc: Refused) -> JSONResponse:
    detail: dict[str, Any] = {"code": exc.code, "message": exc.fr, "message_en": exc.en}
    headers = None
    if exc.retry_after is not None:
        detail["retry_after"] = round(exc.retry_after, 1)
        headers = {"Retry-After": str(max(1, round(exc.retry_after)))}
    return SafeJSONResponse({"detail": detail}, status_code=exc.status, headers=headers)


def _bad(exc: LudoError) -> Refused:
    return Refused(400, "invalid", exc.fr, exc.en)


def _name(text: str) -> str:
    try:
        return auth.clean_name(text)
    except LudoError as exc:
        raise _bad(exc) from None


def _broken() -> Refused:
    return Refused(
        409,
        "broken",
        "cette table est hors service : elle ne peut plus être rejouée "
        "(voir le journal du serveur)",
        "this table is out of service: it cannot be replayed any more (see the server's log)",
    )


def _slow_down(wait: float) -> Refused:
    return Refused(
        429,
        "rate_limited",
        f"trop d'essais : réessayez dans {wait:.0f} s",
        f"too many attempts: try again in {wait:.0f} s",
        retry_after=wait,
    )


def _throttle(hub: Hub, request: Request) -> None:
    """Logins and new accounts hash a password (argon2: tens of milliseconds of CPU each): a
    few a second from one address at most."""
    wait = hub.auth_addresses.take(request.client.host if request.client else "")
    if wait is not None:
        raise _slow_down(wait)


async def user_of(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    hub = typing.cast(Hub, request.app.state.hub)
    token = (authorization or "").removeprefix("Bearer ").strip()
    uid = auth.read_token(hub.secret, token, hub.settings.token_days * 86400)
    user = await hub.store.run(hub.user_by_id, uid) if uid else None
    if user is None:
        raise Refused(
            401, "unauthorized", "identifiez-vous (invité ou compte)", "sign in (guest or account)"
        )
    return user


User = Annotated[dict[str, Any], Depends(user_of)]


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(settings)
        await hub.start()
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(
        title="Ludothèque",
        description="La ludothèque en ligne : comptes, salon, tables, parties, classements. "
        "Le jeu lui-même passe par le WebSocket /ws/tables/{id} (docs/protocol.md).",
        version="1",
        openapi_url="/api/openapi.json",
        docs_url="/api/docs",
        redoc_url=None,
        lifespan=lifespan,
        default_response_class=SafeJSONResponse,
    )
    app.add_middleware(Guard)
    # Scripts, styles, words and JSON answers travel compressed (the table page's weight,
    # docs/web.md « Figures »); the WebSocket is not an HTTP response and is left alone.
    app.add_middleware(GZipMiddleware, minimum_size=1000)
    redact_logs()

    @app.exception_handler(Refused)
    async def refused_handler(_request: Request, exc: Refused) -> JSONResponse:
        return _refused(exc)

    @app.exception_handler(StarletteHTTPException)
    async def http_handler(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        """Starlette's own refusals (an unknown address, a wrong method) in every other
        refusal's shape, not `{"detail": "Not Found"}`."""
        code, fr, en = HTTP_REFUSALS.get(
            exc.status_code, ("http_error", "requête refusée", "request refused")
        )
        answer = _refused(Refused(exc.status_code, code, fr, en))
        answer.headers.update(exc.headers or {})
        return answer

    @app.exception_handler(RequestValidationError)
    async def invalid_handler(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return _refused(shape_refusal(list(exc.errors())))

    # The step-by-step replays last asked for, by table and seat (docs/server.md).
    replays: OrderedDict[tuple[str, int | None], Replayed] = OrderedDict()

    def hub_of(request: Request) -> Hub:
        return typing.cast(Hub, request.app.state.hub)

    def answer(hub: Hub, user: dict[str, Any]) -> dict[str, Any]:
        return {
            "token": auth.make_token(hub.secret, user["id"]),
            "user": {"id": user["id"], "name": user["name"], "guest": bool(user["guest"])},
        }

    # -- identity ------------------------------------------------------------------------------
    @app.post("/api/guest", tags=["comptes"])
    async def guest(body: GuestIn, request: Request) -> dict[str, Any]:
        """Jouer en invité sous un pseudonyme."""
        hub = hub_of(request)
        name = _name(body.name)
        hub.admit_guest(request.client.host if request.client else "")
        user = {
            "id": new_id(),
            "name": name,
            "guest": True,
            "login": None,
            "created_at": time.time(),
        }

        def store() -> bool:
            # An account's name is its own: a guest may not sit, be listed and rated under it.
            with hub.store.tx() as conn:
                if conn.execute(
                    sa.select(db.users.c.id).where(db.users.c.login == auth.login_of(name))
                ).first():
                    return False
                conn.execute(db.users.insert().values(**user))
            return True

        if not await hub.store.run(store):
            raise Refused(
                409,
                "taken",
                f"« {name} » est le nom d'un compte : connectez-vous, ou choisissez un autre "
                "pseudonyme",
                f"'{name}' is an account's name: log in, or choose another nickname",
            )
        return answer(hub, user)

    @app.post("/api/accounts", tags=["comptes"])
    async def create_account(
        body: AccountIn,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Créer un compte (mot de passe haché par argon2, jamais journalisé). Un invité qui
        crée son compte le devient : ses parties, son historique et son classement le suivent."""
        hub = hub_of(request)
        name = _name(body.name)
        _throttle(hub, request)
        hashed = await asyncio.to_thread(auth.hash_password, body.password)
        token = (authorization or "").removeprefix("Bearer ").strip()
        uid = auth.read_token(hub.secret, token, hub.settings.token_days * 86400) if token else None
        was = await hub.store.run(hub.user_by_id, uid) if uid else None
        guest_id = was["id"] if was is not None and was["guest"] else None
        user = {
            "id": guest_id or new_id(),
            "name": name,
            "guest": False,
            "login": auth.login_of(name),
            "created_at": was["created_at"] if guest_id and was else time.time(),
        }

        def store() -> bool:
            try:
                with hub.store.tx() as conn:
                    if guest_id:  # the guest made permanent, under the same id
                        conn.execute(
                            sa.update(db.users)
                            .where(db.users.c.id == guest_id, db.users.c.guest.is_(True))
                            .values(password_hash=hashed, **user)
                        )
                    else:
                        conn.execute(db.users.insert().values(password_hash=hashed, **user))
                return True
            except IntegrityError:
                return False

        if not await hub.store.run(store):
            raise Refused(
                409, "taken", f"le nom « {name} » est déjà pris", f"the name '{name}' is taken"
            )
        if guest_id:
            hub.users.pop(guest_id, None)  # read again: no longer a guest, maybe renamed
        return answer(hub, user)

    @app.post("/api/login", tags=["comptes"])
    async def login(body: AccountIn, request: Request) -> dict[str, Any]:
        """Se connecter à un compte."""
        hub = hub_of(request)
        login_name = auth.login_of(body.name)
        _throttle(hub, request)
        wait = hub.login_names.take(login_name)  # guesses at one name, from anywhere
        if wait is not None:
            raise _slow_down(wait)

        def fetch() -> Any:
            with hub.store.engine.connect() as conn:
                return conn.execute(
                    sa.select(db.users).where(db.users.c.login == login_name)
                ).first()

        row = await hub.store.run(fetch)
        ok = row is not None and await asyncio.to_thread(
            auth.check_password, row.password_hash or "", body.password
        )
        if not ok:
            raise Refused(
                401, "wrong_login", "nom ou mot de passe incorrect", "wrong name or password"
            )
        return answer(hub, db.row_dict(row))

    @app.get("/api/me", tags=["comptes"])
    async def me(user: User) -> dict[str, Any]:
        return {"id": user["id"], "name": user["name"], "guest": bool(user["guest"])}

    # -- games ---------------------------------------------------------------------------------
    @app.get("/api/games", tags=["jeux"], openapi_extra=_games_openapi())
    async def list_games() -> list[dict[str, Any]]:
        """Tous les jeux du registre, leurs options (défauts du livret), variantes et bots, et
        les mots de chacun en français et en anglais, tels que chaque jeu les déclare
        (schemas/http/games.json) : aucun écran ne montre une clé d'option, une valeur
        brute, un nom de bot ou un type d'événement."""
        return [_game_dict(games.get(name)) for name in games.names()]

    @app.get("/api/games/{game}", tags=["jeux"])
    async def one_game(game: str) -> dict[str, Any]:
        """Un jeu comme ``/api/games`` le décrit (la page d'une table n'a besoin que du sien)."""
        try:
            g = games.get(game)
        except LudoError as exc:
            raise Refused(404, "not_found", exc.fr, exc.en) from None
        return _game_dict(g)

    rules_pages: dict[tuple[str, str], str] = {}

    @app.get("/api/games/{game}/rules", tags=["jeux"])
    async def game_rules(game: str, lang: typing.Literal["fr", "en"] = "fr") -> dict[str, Any]:
        """Les règles d'un jeu pour la table, en français ou en anglais (``lang``) : la page de
        docs/games/ sans les commandes du terminal ni le protocole (même source : le résumé
        des règles du jeu et les mots qu'il déclare pour ses options, variantes et bots)."""
        try:
            g = games.get(game)
        except LudoError as exc:
            raise Refused(404, "not_found", exc.fr, exc.en) from None
        if (g.name, lang) not in rules_pages:  # probing the accepted values takes ~0.1 s
            rules_pages[g.name, lang] = await asyncio.to_thread(rules_page, g, lang)
        return {
            "name": g.name,
            "title": g.title,
            "lang": lang,
            "markdown": rules_pages[g.name, lang],
        }

    # -- tables --------------------------------------------------------------------------------
    @app.get("/api/tables", tags=["salon"])
    async def list_tables(
        request: Request,
        game: str | None = None,
        status: typing.Literal["waiting", "playing"] | None = None,
        limit: Annotated[int, Query(ge=1, le=200)] = 100,
    ) -> list[dict[str, Any]]:
        """Les tables publiques en attente ou en cours, les plus récentes d'abord."""
        hub = hub_of(request)

        def fetch() -> list[dict[str, Any]]:
            t = db.tables
            q = sa.select(t).where(t.c.private.is_(False), t.c.status.in_(("waiting", "playing")))
            if game:
                q = q.where(t.c.game == game)
            if status:
                q = q.where(t.c.status == status)
            with hub.store.engine.connect() as conn:
                rows = conn.execute(q.order_by(t.c.created_at.desc()).limit(limit)).all()
            return [clean_json(db.row_dict(r)) for r in rows]

        rows = await hub.store.run(fetch)
        out = []
        for row in rows:
            room = hub.rooms.get(row["id"])
            try:
                out.append(room.table_dict() if room else _table_from_row(hub, row))
            except Exception:  # a row no table can be made of: the others are listed
                log.exception("lobby: table %s left out", row["id"])
        return out

    @app.get("/api/my-tables", tags=["salon"])
    async def my_tables(request: Request, user: User) -> list[dict[str, Any]]:
        """Mes parties en cours : les tables pas finies où j'ai une place, privées comprises,
        les plus récentes d'abord."""
        hub = hub_of(request)
        uid = user["id"]

        def fetch() -> list[dict[str, Any]]:
            t = db.tables
            q = (
                sa.select(t)
                .where(
                    t.c.status.in_(("waiting", "playing")),
                    # a first sieve in the database (ids are random), the seat checked below
                    sa.cast(t.c.seats, sa.Text).contains(uid),
                )
                .order_by(t.c.created_at.desc())
                .limit(100)
            )
            with hub.store.engine.connect() as conn:
                rows = [clean_json(db.row_dict(r)) for r in conn.execute(q)]
            return [r for r in rows if any(s.get("user") == uid for s in r["seats"])]

        out = []
        for row in await hub.store.run(fetch):
            room = hub.rooms.get(row["id"])
            try:
                out.append(room.table_dict() if room else _table_from_row(hub, row))
            except Exception:
                log.exception("my tables: table %s left out", row["id"])
        return out

    @app.post("/api/tables", tags=["salon"])
    async def create_table(body: TableIn, request: Request, user: User) -> dict[str, Any]:
        """Ouvrir une table : jeu, options (défauts du livret), sièges (bots, places libres)."""
        hub = hub_of(request)
        try:
            g = games.get(body.game)
            options = dict(body.options)
            if body.variant:
                options = {**g.variant_options(body.variant), **options}
            players = body.players or (len(body.seats) if body.seats else g.default_players())
            seats = (
                [s.model_dump() for s in body.seats]
                if body.seats
                else ([{"kind": "me"}] + [{"kind": "open"}] * (players - 1))
            )
            table_id = await hub.store.run(
                hub.create_table,
                user,
                g.name,
                players,
                options,
                seats,
                body.private,
                body.move_clock,
                None,
                body.contribution,
                body.commitment,
            )
        except LudoError as exc:
            raise _bad(exc) from None
        return (await _open(hub, table_id)).table_dict()

    @app.get("/api/deal", tags=["parties"])
    async def next_deal(request: Request, user: User) -> dict[str, Any]:
        """L'empreinte SHA-256 de la graine du serveur pour votre prochaine table : lisez-la,
        puis donnez votre propre graine avec la table que vous ouvrez (``contribution``) —
        ni le serveur ni vous ne choisissez seuls la donne (docs/server.md)."""
        hub = hub_of(request)
        return {"commitment": await hub.store.run(hub.next_deal, user["id"])}

    @app.get("/api/tables/{table_id}", tags=["salon"])
    async def get_table(table_id: str, request: Request) -> dict[str, Any]:
        room = await hub_of(request).room(table_id)
        if room is None:
            raise Refused(404, "not_found", "table inconnue", "unknown table")
        return room.table_dict()

    @app.post("/api/tables/{table_id}/join", tags=["salon"])
    async def join(table_id: str, body: JoinIn, request: Request, user: User) -> dict[str, Any]:
        """Prendre une place libre (la première si aucune n'est demandée), avec sa graine si
        l'on veut (``contribution``, mêlée à celle du serveur dont l'empreinte est affichée)."""
        hub = hub_of(request)
        contribution = None if body.contribution is None else contribution_of(body.contribution)

        def change(row: dict[str, Any]) -> dict[str, Any] | None:
            seats = [dict(s) for s in row["seats"]]
            mine = [i for i, s in enumerate(seats) if s.get("user") == user["id"]]
            if mine and contribution is None:
                return None  # already seated: nothing to do
            if mine:  # already seated, with a seed: his own until the deal, never after
                if row["status"] != "waiting":
                    raise Refused(
                        409,
                        "conflict",
                        "la donne est faite : votre graine ne peut plus changer",
                        "the deal is made: your seed can no longer change",
                    )
                given = list(row["contributions"] or [None] * len(seats))
                given[mine[0]] = contribution
                return {"contributions": given}
            if row["status"] != "waiting":
                raise Refused(
                    409,
                    "conflict",
                    "la partie a commencé : regardez-la",
                    "the game has started: watch it",
                )
            free = [i for i, s in enumerate(seats) if s["kind"] == "open"]
            seat = body.seat if body.seat is not None else (free[0] if free else None)
            if seat is None or seat not in free:
                raise Refused(409, "conflict", "cette place est prise", "this seat is taken")
            seats[seat] = {"kind": "human", "user": user["id"], "name": user["name"]}
            new: dict[str, Any] = {"seats": seats}
            given = list(row["contributions"] or [None] * len(seats))
            if body.contribution is not None:
                if row["server_seed"] is None:
                    raise Refused(
                        409,
                        "conflict",
                        "cette table a été ouverte avant que chacun puisse donner sa graine : "
                        "rejoignez-la sans",
                        "this table was opened before players could give their seed: join it "
                        "without one",
                    )
                given[seat] = contribution
                new["contributions"] = given
            if all(s["kind"] != "open" for s in seats):
                hub._deal_values(new, row["server_seed"], given)
            return new

        await hub.store.run(hub.change_seats, table_id, change)
        room = await _open(hub, table_id)
        await hub.after_change(table_id)
        return room.table_dict()

    @app.post("/api/tables/{table_id}/leave", tags=["salon"])
    async def leave(table_id: str, request: Request, user: User) -> dict[str, Any]:
        """Quitter sa place : libre avant la donne, tenue par un bot remplaçant ensuite."""
        hub = hub_of(request)
        left: list[int] = []

        def change(row: dict[str, Any]) -> dict[str, Any] | None:
            seats = [dict(s) for s in row["seats"]]
            mine = [i for i, s in enumerate(seats) if s.get("user") == user["id"]]
            if not mine:
                raise Refused(
                    409,
                    "not_seated",
                    "vous n'avez pas de place à cette table",
                    "you have no seat at this table",
                )
            left[:] = mine
            if row["status"] != "waiting":
                return None
            seats[mine[0]] = {"kind": "open", "user": None, "name": None}
            given = list(row["contributions"] or [None] * len(seats))
            given[mine[0]] = None  # his seed goes with him
            return {"seats": seats, "contributions": given}

        row = await hub.store.run(hub.change_seats, table_id, change)
        room = await _open(hub, table_id)
        extra = {"kind": "leave", "seat": left[0]} if row["status"] == "playing" else None
        await hub.after_change(table_id, extra)
        return room.table_dict()

    @app.post("/api/tables/{table_id}/again", tags=["salon"])
    async def again(
        table_id: str, request: Request, user: User, body: AgainIn | None = None
    ) -> dict[str, Any]:
        """Rejouer : une nouvelle table, même jeu, mêmes options, mêmes joueurs et bots (votre
        graine avec elle, comme à l'ouverture d'une table)."""
        hub = hub_of(request)
        row = await hub.store.run(hub._table_row, table_id)
        if row is None:
            raise Refused(404, "not_found", "table inconnue", "unknown table")
        if not any(s.get("user") == user["id"] for s in row["seats"]):
            raise Refused(
                403,
                "forbidden",
                "seuls les joueurs de la table peuvent rejouer",
                "only the table's players can play again",
            )
        if row["status"] != "over":
            raise Refused(409, "not_over", "la partie n'est pas terminée", "the game is not over")
        if row["next_table"]:
            return (await _open(hub, row["next_table"])).table_dict()
        if row["tournament"]:  # the tournament makes a duel's next manche, and sends its players
            raise Refused(
                409,
                "tournament",
                "une manche de tournoi ne se rejoue pas ici : le tournoi crée la manche suivante "
                "s'il en faut une et vous y envoie (voir la page du tournoi)",
                "a tournament manche is not replayed here: the tournament makes the next manche "
                "if one is needed and sends you to it (see the tournament's page)",
            )
        seats = []
        for s in row["seats"]:
            if s["kind"] == "human":
                seats.append({"kind": "human", "user": s["user"], "name": s["name"]})
            elif s["kind"] == "bot":
                seats.append({"kind": "bot", "bot": s["bot"]})
            else:
                seats.append({"kind": "open"})
        new_id_ = await hub.store.run(
            hub.create_table,
            user,
            row["game"],
            row["players"],
            games.get(row["game"]).stored_options(row["options"]),
            seats,
            row["private"],
            row["move_clock"],
            table_id,
            body.contribution if body else None,
            body.commitment if body else None,
        )

        def link(r: dict[str, Any]) -> dict[str, Any] | None:
            return None if r["next_table"] else {"next_table": new_id_}

        final = await hub.store.run(hub.change_seats, table_id, link)
        winner = final.get("next_table") or new_id_
        if winner != new_id_:  # someone else asked first: his table is the one
            await hub.store.run(_drop_table, hub, new_id_)
        else:
            await hub.after_change(table_id, {"kind": "again", "table_id": winner})
        return (await _open(hub, winner)).table_dict()

    @app.get("/api/tables/{table_id}/record", tags=["parties"])
    async def record(table_id: str, request: Request) -> dict[str, Any]:
        """L'enregistrement de la partie terminée (vérifiable par ludotheque replay --verify)."""
        hub = hub_of(request)
        return await hub.store.run(hub.record, table_id)

    @app.get("/api/tables/{table_id}/verify", tags=["parties"])
    async def verify(table_id: str, request: Request) -> dict[str, Any]:
        """« Vérifier » : la graine révélée a l'empreinte publiée, et la re-donne redonne tout."""
        hub = hub_of(request)
        return await hub.store.run(hub.verify, table_id)

    @app.get("/api/tables/{table_id}/replay", tags=["parties"])
    async def replay_steps(
        table_id: str,
        request: Request,
        seat: Annotated[int | None, Query(ge=0, le=15)] = None,
        start: Annotated[int, Query(alias="from", ge=0)] = 0,
        limit: Annotated[int, Query(ge=1, le=2000)] = 500,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """La partie pas à pas, telle qu'un siège (ou un spectateur) pouvait la voir."""
        hub = hub_of(request)
        row = await hub.store.run(hub._table_row, table_id)
        if row is None:
            raise Refused(404, "not_found", "table inconnue", "unknown table")
        if row["status"] == "waiting":
            raise Refused(
                409, "not_started", "la partie n'a pas commencé", "the game has not started"
            )
        if row["status"] == "broken":
            raise _broken()
        # A finished game, or a manche the tournament ended: nothing more will be played.
        over = row["status"] in ("over", *ENDED)
        viewer_user = None
        if authorization:
            uid = auth.read_token(
                hub.secret,
                authorization.removeprefix("Bearer ").strip(),
                settings.token_days * 86400,
            )
            viewer_user = uid
        if seat is not None and not over:
            s = row["seats"][seat] if seat < len(row["seats"]) else None
            if s is None or viewer_user is None or s.get("user") != viewer_user:
                raise Refused(
                    403,
                    "forbidden",
                    "ce siège n'est pas le vôtre pendant la partie",
                    "this seat is not yours while the game goes on",
                )
        if seat is not None and seat >= row["players"]:
            raise Refused(400, "invalid", "siège inconnu", "unknown seat")
        key = (table_id, seat)
        # Taken out while it is extended: a request beside this one starts afresh rather
        # than apply actions twice to the same state.
        kept = replays.pop(key, None)
        if kept is not None and kept.over != over:  # ended since: every action is shown now
            kept = None
        if kept is None or not kept.over:
            log_rows = await hub.store.run(hub.load_actions, table_id, kept.seq if kept else 0)
            try:
                kept = await asyncio.to_thread(_replayed, row, log_rows, seat, over, kept)
            except LudoError as exc:  # a log stored before today's checks
                raise _broken() from exc
        replays[key] = kept
        while len(replays) > REPLAYS_KEPT:
            replays.popitem(last=False)
        steps = [s for s in kept.steps if s["version"] >= start][:limit]
        return {"table": table_id, "seat": seat, "steps": steps}

    # -- tournaments (issue 18) ----------------------------------------------------------------
    @app.get("/api/tournaments", tags=["tournois"])
    async def list_tournaments(
        request: Request,
        status: typing.Literal["registering", "running", "paused", "over", "cancelled"]
        | None = None,
        user: Annotated[str | None, Query(max_length=64)] = None,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
    ) -> list[dict[str, Any]]:
        """Les tournois à venir et en cours (ouverts à tous), ou tous ceux d'un joueur."""
        hub = hub_of(request)
        return await hub.store.run(hub.tournaments.listing, status, user, limit)

    @app.post(
        "/api/tournaments", tags=["tournois"], openapi_extra=_tournament_openapi(400, 401, 429)
    )
    async def create_tournament(body: TournamentIn, request: Request, user: User) -> dict[str, Any]:
        """Organiser un tournoi : jeu à deux, formule, places, bots, options, pendules, début."""
        hub = hub_of(request)
        spec = body.model_dump()
        spec["formula"] = body.formula.model_dump()
        try:
            if body.variant:
                spec["options"] = {
                    **games.get(body.game).variant_options(body.variant),
                    **body.options,
                }
            row = await hub.store.run(hub.tournaments.create, user, spec)
            hub.tournaments.wake.set()
            return await hub.store.run(hub.tournaments.detail, row["id"], user["id"])
        except LudoError as exc:
            raise _bad(exc) from None

    @app.get(
        "/api/tournaments/{tournament_id}",
        tags=["tournois"],
        openapi_extra=_tournament_openapi(404),
    )
    async def get_tournament(
        tournament_id: str,
        request: Request,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """Un tournoi : inscriptions, tableau des tours et des duels, classement, journal."""
        hub = hub_of(request)
        viewer = auth.read_token(
            hub.secret,
            (authorization or "").removeprefix("Bearer ").strip(),
            settings.token_days * 86400,
        )
        return await hub.store.run(hub.tournaments.detail, tournament_id, viewer)

    async def _organise(
        hub: Hub, tournament_id: str, user: dict[str, Any], fn: Callable[..., Any], *args: Any
    ) -> dict[str, Any]:
        """Do ``fn`` (a registration, an organiser's decision), step the tournament, show it."""
        stopped = await hub.store.run(fn, tournament_id, user, *args)
        for table_id in [stopped] if isinstance(stopped, str) else stopped or []:
            await hub.tournaments.stopped(table_id)
        hub.tournaments.wake.set()
        await hub.tournaments.announce(tournament_id)
        return await hub.store.run(hub.tournaments.detail, tournament_id, user["id"])

    @app.post(
        "/api/tournaments/{tournament_id}/register",
        tags=["tournois"],
        openapi_extra=_tournament_openapi(401, 403, 404, 409),
    )
    async def register(
        tournament_id: str, body: RegisterIn, request: Request, user: User
    ) -> dict[str, Any]:
        """S'inscrire (jusqu'au début ; le code d'invitation pour un tournoi sur invitation)."""
        hub = hub_of(request)
        return await _organise(hub, tournament_id, user, hub.tournaments.register, body.invite)

    @app.post(
        "/api/tournaments/{tournament_id}/withdraw",
        tags=["tournois"],
        openapi_extra=_tournament_openapi(401, 404, 409),
    )
    async def withdraw(tournament_id: str, request: Request, user: User) -> dict[str, Any]:
        """Se désinscrire (jusqu'au début)."""
        hub = hub_of(request)
        return await _organise(hub, tournament_id, user, hub.tournaments.withdraw)

    @app.post(
        "/api/tournaments/{tournament_id}/start",
        tags=["tournois"],
        openapi_extra=_tournament_openapi(401, 403, 404, 409),
    )
    async def start_tournament(tournament_id: str, request: Request, user: User) -> dict[str, Any]:
        """L'organisateur clôt les inscriptions et lance le tournoi maintenant."""
        hub = hub_of(request)
        return await _organise(hub, tournament_id, user, hub.tournaments.start_now)

    @app.post(
        "/api/tournaments/{tournament_id}/remove",
        tags=["tournois"],
        openapi_extra=_tournament_openapi(400, 401, 403, 404, 409),
    )
    async def remove_registration(
        tournament_id: str, body: RemoveIn, request: Request, user: User
    ) -> dict[str, Any]:
        """L'organisateur retire l'inscription d'une personne (jusqu'au début)."""
        hub = hub_of(request)
        return await _organise(hub, tournament_id, user, hub.tournaments.remove, body.user)

    @app.post(
        "/api/tournaments/{tournament_id}/cancel",
        tags=["tournois"],
        openapi_extra=_tournament_openapi(401, 403, 404, 409),
    )
    async def cancel_tournament(tournament_id: str, request: Request, user: User) -> dict[str, Any]:
        """L'organisateur annule son tournoi ; les manches en cours s'arrêtent."""
        hub = hub_of(request)
        return await _organise(hub, tournament_id, user, hub.tournaments.cancel)

    @app.post(
        "/api/tournaments/{tournament_id}/pause",
        tags=["tournois"],
        openapi_extra=_tournament_openapi(401, 403, 404, 409),
    )
    async def pause_tournament(tournament_id: str, request: Request, user: User) -> dict[str, Any]:
        """L'organisateur suspend le tournoi : ni nouvelle manche ni nouveau tour."""
        hub = hub_of(request)
        return await _organise(hub, tournament_id, user, hub.tournaments.pause)

    @app.post(
        "/api/tournaments/{tournament_id}/resume",
        tags=["tournois"],
        openapi_extra=_tournament_openapi(401, 403, 404, 409),
    )
    async def resume_tournament(tournament_id: str, request: Request, user: User) -> dict[str, Any]:
        """L'organisateur reprend le tournoi suspendu."""
        hub = hub_of(request)
        return await _organise(hub, tournament_id, user, hub.tournaments.resume)

    @app.post(
        "/api/tournaments/{tournament_id}/settle",
        tags=["tournois"],
        openapi_extra=_tournament_openapi(400, 401, 403, 404, 409),
    )
    async def settle_duel(
        tournament_id: str, body: SettleIn, request: Request, user: User
    ) -> dict[str, Any]:
        """L'organisateur tranche un duel contesté du tour en cours (inscrit à son nom)."""
        hub = hub_of(request)
        settle = hub.tournaments.settle
        return await _organise(hub, tournament_id, user, settle, body.duel, body.winner)

    # -- ratings and history ---------------------------------------------------------------------
    @app.get("/api/ratings/{game}", tags=["classements"])
    async def ratings(game: str, request: Request) -> list[dict[str, Any]]:
        """Le classement Glicko-2 d'un jeu."""
        hub = hub_of(request)
        try:
            games.get(game)
        except LudoError as exc:
            raise Refused(404, "not_found", exc.fr, exc.en) from None

        def fetch() -> list[dict[str, Any]]:
            r = db.ratings
            with hub.store.engine.connect() as conn:
                rows = conn.execute(
                    sa.select(r).where(r.c.game == game).order_by(r.c.rating.desc()).limit(500)
                ).all()
            return [
                {
                    "player": x.player,
                    "name": x.name,
                    "rating": round(x.rating, 1),
                    "rd": round(x.rd, 1),
                    "volatility": round(x.vol, 6),
                    "games": x.games,
                }
                for x in rows
            ]

        return await hub.store.run(fetch)

    @app.get("/api/history", tags=["classements"])
    async def history(
        request: Request,
        user: Annotated[str | None, Query(max_length=64)] = None,
        game: Annotated[str | None, Query(max_length=32)] = None,
        limit: Annotated[int, Query(ge=1, le=500)] = 50,
        authorization: Annotated[str | None, Header()] = None,
    ) -> list[dict[str, Any]]:
        """Les parties terminées, les plus récentes d'abord (d'un joueur, d'un jeu). Les
        parties privées d'un joueur ne sont listées qu'à lui-même."""
        hub = hub_of(request)
        viewer = auth.read_token(
            hub.secret,
            (authorization or "").removeprefix("Bearer ").strip(),
            settings.token_days * 86400,
        )

        def fetch() -> list[dict[str, Any]]:
            t = db.tables
            q = sa.select(t).where(t.c.status == "over")
            if game:
                q = q.where(t.c.game == game)
            if not user or user != viewer:
                q = q.where(t.c.private.is_(False))
            q = q.order_by(t.c.finished_at.desc())
            out = []
            with hub.store.engine.connect() as conn:
                for r in conn.execute(q.limit(limit if not user else 5000)):
                    seats = r.seats
                    if user and not any(s.get("user") == user for s in seats):
                        continue
                    res = r.result or {}
                    out.append(
                        {
                            "id": r.id,
                            "game": r.game,
                            "title": games.get(r.game).title,
                            "tournament": r.tournament,
                            "finished_at": r.finished_at,
                            "result": r.result,
                            "players": [
                                {
                                    "seat": i,
                                    "name": s.get("name"),
                                    "user": s.get("user"),
                                    "bot": s.get("bot"),
                                    "score": (res.get("scores") or [None] * len(seats))[i],
                                    "rank": (res.get("ranks") or [None] * len(seats))[i],
                                }
                                for i, s in enumerate(seats)
                            ],
                        }
                    )
                    if len(out) >= limit:
                        break
                # A stand-in's results are the absent person's: marked as such (issue 17).
                ev = db.seat_events
                stood = {
                    (r.table_id, r.seat)
                    for r in conn.execute(
                        sa.select(ev.c.table_id, ev.c.seat).where(
                            ev.c.kind == "standin_on", ev.c.table_id.in_([g["id"] for g in out])
                        )
                    )
                }
            for g in out:
                for p in g["players"]:
                    p["standin"] = (g["id"], p["seat"]) in stood
            return out

        return await hub.store.run(fetch)

    @app.get("/api/health", tags=["serveur"])
    async def health(request: Request) -> dict[str, Any]:
        """L'état du processus : tables tenues, tables menées, reprise au démarrage."""
        hub = hub_of(request)
        return {
            "process": hub.name,
            "rooms": len(hub.rooms),
            "driving": sum(1 for r in hub.rooms.values() if r.driving),
            "unfinished": sum(
                1
                for r in hub.rooms.values()
                if r.driving and r.state is not None and not r.state.is_over()
            ),
            "connections": sum(len(r.conns) for r in hub.rooms.values()),
            "resumed": hub.resumed,
            "resumed_in": hub.resumed_in,
            "database": hub.store.dialect,
            "redis": settings.redis_url is not None,
            # False while Redis does not answer (the process retries; tables wait for it)
            "redis_connected": hub.bus.connected if settings.redis_url is not None else None,
            "commits": hub.store.commits,
        }

    # -- the play WebSocket ------------------------------------------------------------------------
    @app.websocket("/ws/tables/{table_id}")
    async def play(ws: WebSocket, table_id: str, token: str | None = None) -> None:
        hub: Hub = ws.app.state.hub
        # One address holds a bounded number of table sockets (thousands of spectators from
        # one address slowed every table): past it, closed at once with 4429, saying why.
        address = ws.client.host if ws.client else ""
        if hub.sockets_by_address.get(address, 0) >= settings.sockets_per_address:
            await ws.accept()
            await ws.close(
                code=4429,
                reason="trop de connexions depuis votre adresse / too many connections",
            )
            return
        hub.sockets_by_address[address] = hub.sockets_by_address.get(address, 0) + 1
        try:
            await _play(ws, hub, table_id, token)
        finally:
            left = hub.sockets_by_address.get(address, 1) - 1
            if left > 0:
                hub.sockets_by_address[address] = left
            else:
                hub.sockets_by_address.pop(address, None)

    async def _play(ws: WebSocket, hub: Hub, table_id: str, token: str | None) -> None:
        user = None
        if token:
            uid = auth.read_token(hub.secret, token, settings.token_days * 86400)
            user = await hub.store.run(hub.user_by_id, uid) if uid else None
        room = await hub.room(table_id) if len(table_id) <= 32 else None
        await ws.accept()
        if room is None:
            await ws.close(code=4404, reason="table inconnue / unknown table")
            return
        if token and user is None:
            await ws.close(code=4401, reason="jeton invalide / invalid token")
            return
        conn = Conn(ws, user, hub)
        await room.attach(conn)
        writer = asyncio.get_running_loop().create_task(conn.writer())
        # The client's messages from the ASGI server's own receive when the middleware left it
        # in the scope (guard.Guard), as the writer sends: past the handshake Starlette's
        # WebSocket only checks states this loop keeps itself (it stops at the disconnect).
        receive: Receive = ws.scope.get(RAW_RECEIVE) or ws.receive
        try:
            while not conn.closed:
                msg = await receive()
                if msg["type"] == "websocket.disconnect":
                    break
                text = msg.get("text")
                if text is None:
                    data = msg.get("bytes") or b""
                    text = data.decode("utf-8", "replace")
                await room.handle(conn, text)
        except Exception as exc:  # the socket died under us
            log.debug("connection to %s ended: %r", table_id, exc)
        finally:
            await room.detach(conn)
            conn.close()
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(writer, 2)

    @app.websocket("/ws/tournaments/{tournament_id}")
    async def watch_tournament(ws: WebSocket, tournament_id: str) -> None:
        """A tournament as it goes: ``tournament`` messages (server/tournament.json), the whole
        state at once and again after each change. Nothing is read from the client."""
        hub: Hub = ws.app.state.hub
        await ws.accept()
        try:
            first = await hub.store.run(hub.tournaments.detail, tournament_id[:64], None)
        except Refused:
            await ws.close(code=4404, reason="tournoi inconnu / unknown tournament")
            return
        watcher = Watcher()
        watchers = hub.tournaments.watchers.setdefault(tournament_id, set())
        watchers.add(watcher)
        watcher.send(dumps({"type": "tournament", "tournament": first}))

        async def writer() -> None:
            while (text := await watcher.queue.get()) is not None:
                await ws.send_text(text)

        task = asyncio.get_running_loop().create_task(writer())
        try:
            while True:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
        except Exception as exc:  # the socket died under us
            log.debug("tournament socket %s ended: %r", tournament_id, exc)
        finally:
            watchers.discard(watcher)
            if not watchers:
                hub.tournaments.watchers.pop(tournament_id, None)
            task.cancel()
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await task

    # -- the front end ---------------------------------------------------------------------------
    web = settings.web_dir
    app.mount("/static", StaticFiles(directory=web, check_dir=False), name="static")

    async def index() -> FileResponse:
        page = web / "index.html"
        if not page.is_file():
            raise Refused(
                404,
                "not_found",
                "le site n'est pas installé (web/index.html)",
                "the front end is not installed (web/index.html)",
            )
        return FileResponse(page, media_type="text/html")

    preloaded: dict[str, str] = {}

    async def table_page() -> HTMLResponse:
        """The page of a table: the index with a ``<link rel="modulepreload">`` for every module
        the table page imports, so that a cold browser fetches them at once instead of one
        level of imports after another (docs/web.md, « Figures »)."""
        if "table" not in preloaded:
            page = await index()
            text = Path(page.path).read_text(encoding="utf-8")
            links = "".join(
                f'    <link rel="modulepreload" href="/static/{m}" />\n'
                for m in _module_graph(web, "js/pages/table.js")
            )
            tag = '    <script type="module"'
            preloaded["table"] = text.replace(tag, links + tag, 1)
        return HTMLResponse(preloaded["table"])

    for path in SPA_ROUTES:
        page_of = table_page if path == "/table/{table_id}" else index
        app.add_api_route(path, page_of, methods=["GET"], include_in_schema=False)
    return app


def _module_graph(web: Path, start: str) -> list[str]:
    """The ES modules ``start`` imports statically, itself included, transitively (paths under
    ``web``); the dynamic ``import()`` of a game's screen is left to the page."""
    found: list[str] = []
    todo = [start]
    while todo:
        name = todo.pop(0)
        if name in found or not (web / name).is_file():
            continue
        found.append(name)
        text = (web / name).read_text(encoding="utf-8")
        for ref in re.findall(r'^\s*import\s[^;]*?from\s+"(\.{1,2}/[^"]+)"', text, re.M):
            todo.append(_normal((Path(name).parent / ref).as_posix()))
    return found


def _normal(path: str) -> str:
    """``js/pages/../api.js`` → ``js/api.js``."""
    parts: list[str] = []
    for part in path.split("/"):
        if part == "..":
            parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def _game_dict(g: Game) -> dict[str, Any]:
    """One game as ``/api/games`` describes it (schemas/http/games.json)."""
    defaults = g.options_type()
    # The default table in words (docs/defaults.md): how it departs from the rule book.
    note = g.defaults_note or ("la règle du livre", "the rule book")
    hints = typing.get_type_hints(g.options_type)
    opts = []
    for f in dataclasses.fields(g.options_type):
        if f.name.startswith("_"):
            continue
        tp = hints[f.name]
        choices = None
        for part in typing.get_args(tp) or (tp,):
            if typing.get_origin(part) is typing.Literal:
                choices = list(typing.get_args(part))
        if typing.get_origin(tp) is typing.Literal:
            choices = list(typing.get_args(tp))
        words = g.options_type.words.get(f.name)
        label = (
            words.to_dict()
            if words
            else {"label": Words(f.name, f.name).to_dict(), "help": None, "values": {}}
        )
        opts.append(
            {
                "name": f.name,
                "default": defaults.to_dict()[f.name],
                "type": _type_name(tp),
                "choices": choices,
                **label,
            }
        )
    # A bot kept under two names (Alice's « mcts », the old name of « mcts:moyen ») is offered
    # once: the lobby listed « Bot moyen » twice.
    bots = g.listed_bots()
    variants = {
        name: (LITERAL_WORDS if name == LITERAL_VARIANT else g.words.variants.get(name))
        for name in g.variants
    }
    return {
        "name": g.name,
        "title": g.title,
        "min_players": g.min_players,
        "max_players": g.max_players,
        "default_players": g.default_players(),
        "description": g.description_fr,
        "description_en": g.words.description_en,
        "options": opts,
        "variants": g.variants,
        "variant_words": {k: (v or Words(k, k)).to_dict() for k, v in variants.items()},
        "bots": bots,
        "default_bot": g.default_bot(defaults),
        # Every name's words, the unlisted alias's too (a table may have been made with it).
        "bot_words": {
            b: g.words.bots.get(b, Words(b, b)).to_dict() for b in botlib.available(g.name)
        },
        "events": {k: v.to_dict() for k, v in g.words.events.items()},
        "terms": {k: v.to_dict() for k, v in g.words.terms.items()},
        "table": note[0],
        "table_en": note[1],
        "seats_note": (
            {"fr": g.seats_note[0], "en": g.seats_note[1]} if g.seats_note is not None else None
        ),
    }


def _games_openapi() -> dict[str, Any]:
    """The answer of ``/api/games`` in the OpenAPI document: its JSON Schema."""
    schema = json.loads((SCHEMAS / "http" / "games.json").read_text(encoding="utf-8"))
    defs = schema.pop("$defs")

    def inline(node: Any) -> Any:  # "#/$defs/words" means nothing inside the OpenAPI document
        if isinstance(node, dict):
            if set(node) == {"$ref"}:
                return inline(defs[node["$ref"].rsplit("/", 1)[1]])
            return {k: inline(v) for k, v in node.items() if k not in ("$schema", "$id")}
        return [inline(v) for v in node] if isinstance(node, list) else node

    schema = inline(schema)
    content = {"application/json": {"schema": schema}}
    return {"responses": {"200": {"description": "Les jeux et leurs mots", "content": content}}}


REFUSALS = {
    400: "invalide (message, message_en)",
    401: "pas identifié",
    403: "interdit : seul l'organisateur, ou sur invitation sans son code",
    404: "tournoi ou duel inconnu",
    409: "complet, déjà commencé, pas inscrit, pas en cours, ou changé entre-temps",
    429: "trop de tournois pas encore finis pour cet organisateur",
}


@functools.cache
def _tournament_schema() -> dict[str, Any]:
    """The tournament's JSON Schema (the tournament socket's message), read once for the
    eight routes that answer with it."""
    whole = json.loads((SCHEMAS / "server" / "tournament.json").read_text(encoding="utf-8"))
    schema: dict[str, Any] = whole["properties"]["tournament"]
    return schema


def _tournament_openapi(*refusals: int) -> dict[str, Any]:
    """A tournament route's answers in the OpenAPI document: the tournament (the schema of the
    tournament socket's message, server/tournament.json) and the refusals it may give, each
    ``{"detail": {"code", "message", "message_en"}}``."""
    answer = {"application/json": {"schema": _tournament_schema()}}
    error = {
        "type": "object",
        "required": ["detail"],
        "properties": {
            "detail": {
                "type": "object",
                "required": ["code", "message", "message_en"],
                "properties": {
                    "code": {"type": "string"},
                    "message": {"type": "string", "description": "en français"},
                    "message_en": {"type": "string", "description": "in English"},
                },
            }
        },
    }
    responses: dict[str, Any] = {"200": {"description": "Le tournoi", "content": answer}}
    for code in refusals:
        responses[str(code)] = {
            "description": REFUSALS[code],
            "content": {"application/json": {"schema": error}},
        }
    return {"responses": responses}


async def _open(hub: Hub, table_id: str) -> Room:
    """The table loaded here, reread from the database, driven here when we dealt it."""
    room = await hub.room(table_id)
    if room is None:
        raise Refused(404, "not_found", "table inconnue", "unknown table")
    await hub.reload_meta(room)
    if room.meta["status"] == "playing" and room.meta["driver"] == hub.name and not room.driving:
        room.start_driving()
    return room


def _drop_table(hub: Hub, table_id: str) -> None:
    with hub.store.tx() as conn:
        conn.execute(sa.delete(db.tables).where(db.tables.c.id == table_id))


def _table_from_row(hub: Hub, row: dict[str, Any]) -> dict[str, Any]:
    from ludotheque.server.rooms import Room

    room = Room(hub, row)
    return room.table_dict()


@dataclasses.dataclass
class Replayed:
    """A game's replay from one seat, as far as it was worked out: its steps and the state
    after them, so that a game in play is extended by its new actions, not replayed again."""

    steps: list[dict[str, Any]]
    state: State
    seq: int  # the last action applied
    over: bool  # ended when worked out: every action shown, nothing more to come


def _replayed(
    row: dict[str, Any],
    log_rows: list[dict[str, Any]],
    seat: int | None,
    over: bool,
    kept: Replayed | None,
) -> Replayed:
    """``kept`` (or a new replay) extended by ``log_rows``, the actions played after it."""
    if kept is None:
        game = games.get(row["game"])
        state = game.new(row["players"], game.options_from_record(row["options"]), int(row["seed"]))
        opening = {
            "version": 0,
            "seat": None,
            "actor": None,
            "action": None,
            "events": list(state.opening_events),
            "view": state.view(seat),
        }
        kept = Replayed([opening], state, 0, over)
    for r in log_rows:
        events = kept.state.apply(r["seat"], r["action"])
        kept.seq = r["seq"]
        if r["seq"] == 0:
            continue
        shown = over or (seat is not None and r["seat"] == seat)
        kept.steps.append(
            {
                "version": r["seq"],
                "seat": r["seat"],
                "actor": r["actor"],
                "action": r["action"] if shown else None,
                "events": events,
                "view": kept.state.view(seat),
            }
        )
    return kept
