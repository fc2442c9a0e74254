"""The online ludothèque: an ASGI app (HTTP API + WebSocket play protocol) over the registry.

``ludotheque.server.app.create_app(Settings(...))`` builds the app; ``ludotheque serve`` runs
it on uvicorn. The server is generic over ``ludotheque.games.names()``: it reaches games only
through the protocol (``new``, ``to_move``, ``legal_actions``, ``apply``, ``view``,
``timeout_action``, ``record``), so a game added to the registry is playable online with no
change here. See docs/protocol.md (the contract with the front end) and docs/server.md.
"""
