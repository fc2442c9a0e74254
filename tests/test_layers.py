"""The package's import graph (ARCHITECTURE.md, issue 20): no import cycle, lazy ones included,
and every import goes down the arrows

    engine ← lexicon, cards, term ← games ← bots, tournament, sim, rl, report, cli, server
                                                                        ← __main__

Nothing outside ``games/`` imports a specific game (only ``ludotheque.games``, the registry),
and no game imports another game. A game's adapters — the modules its ``Game`` names in
``cli_commands``, ``rl_features`` and ``report_questions`` — belong to the layer they serve,
so they may import it (a game's CLI commands use the CLI kit, ``cli/common.py``); the game's
other modules — its engine — never import that layer, nor the adapters (they are found
through the registry), which is what keeps the graph acyclic.

The graph is read from the sources with ``ast`` (every ``import``, at module level or inside
a function), so an import that only runs later still counts.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

from ludotheque import games

SRC = Path(__file__).resolve().parents[1] / "src"
TIERS = {
    "engine": 0,
    "lexicon": 1, "cards": 1, "term": 1,
    "games": 2,
    "bots": 3, "tournament": 3, "sim": 3, "rl": 3, "report": 3, "cli": 3, "server": 3,
    "__main__": 4,  # ``python -m ludotheque``: the command, above everything
}  # fmt: skip
ADAPTER_TIER = 3


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_only(tree: ast.AST) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:``: read by type checkers, never run."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out.update(id(n) for child in node.body for n in ast.walk(child))
    return out


def import_graph(
    root: Path, package: str = "ludotheque", runtime: bool = False
) -> dict[str, set[str]]:
    """Module → the package's modules it imports (function-level imports included; with
    ``runtime``, without the imports under ``if TYPE_CHECKING:``, which never run)."""
    paths = {module_name(p, root): p for p in sorted((root / package).rglob("*.py"))}
    # C extensions (rl/_fast.c, built or not) are leaves: importing one runs no package code
    compiled = {module_name(p, root) for p in (root / package).rglob("*.c")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        is_package = path.name == "__init__.py"
        targets: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        skip = _type_only(tree) if runtime else set()
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    here = name.split(".") if is_package else name.split(".")[:-1]
                    here = here[: len(here) - node.level + 1]
                    base = ".".join([*here, base] if base else here)
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    if sub not in compiled:
                        targets.add(sub if sub in paths else base)
        graph[name] = {t for t in targets if t in paths and t != name}
    return graph


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def adapters() -> set[str]:
    """The adapter modules the registered games declare."""
    out = set()
    for name in games.names():
        g = games.get(name)
        out.update(m for m in (g.cli_commands, g.rl_features, g.report_questions) if m)
    return out


def wrong_way(graph: Mapping[str, Iterable[str]], adapter_modules: set[str]) -> list[str]:
    """Every import against the arrows or into another game's internals, as 'a -> b: why'.
    A game is a package of ``games/``; the other modules there (the registry in
    ``games/__init__.py``, ``games/docs.py``) work over all games, as the registry does."""
    game_names = {
        name.split(".")[2] for name in graph if name.startswith("ludotheque.games.")
        and name.count(".") >= 3
    }  # fmt: skip
    out = []
    for source, targets in sorted(graph.items()):
        src = source.split(".")
        if len(src) < 2:
            continue  # the top package ``ludotheque`` itself
        for target in sorted(targets):
            dst = target.split(".")
            if len(dst) < 2 or (src[1] == dst[1] and src[1] != "games"):
                continue
            why = _why(src, dst, source in adapter_modules, game_names)
            if why:
                out.append(f"{source} -> {target}: {why}")
    return out


def _why(src: list[str], dst: list[str], is_adapter: bool, game_names: set[str]) -> str | None:
    if src[1] not in TIERS or dst[1] not in TIERS:
        return f"{src[1] if src[1] not in TIERS else dst[1]} has no place in the arrows"
    tier = ADAPTER_TIER if is_adapter else TIERS[src[1]]
    src_all_games = src[1] == "games" and (len(src) == 2 or src[2] not in game_names)
    if dst[1] == "games" and len(dst) > 2 and dst[2] in game_names:  # a specific game
        if src_all_games:
            return None  # the registry lists the games
        if src[1] != "games":
            return "reaches a game's internals (go through the registry)"
        if src[2] != dst[2]:
            return "one game imports another"
        return None
    if dst[1] == "games" and src[1] == "games" and not (is_adapter or src_all_games):
        return "a game imports the registry"
    if TIERS[dst[1]] > tier or (TIERS[dst[1]] == tier == 2 and src[1] != dst[1]):
        return "imports upwards"
    return None


def test_the_package_has_no_import_cycle_lazy_imports_included() -> None:
    assert cycles(import_graph(SRC, runtime=True)) == []


def test_every_import_goes_down_the_arrows_and_no_one_reaches_into_a_game() -> None:
    assert wrong_way(import_graph(SRC), adapters()) == []


def test_every_declared_adapter_is_a_module_of_its_own_game() -> None:
    for name in games.names():
        g = games.get(name)
        for module in (g.cli_commands, g.rl_features, g.report_questions):
            if module:
                assert module.startswith(f"ludotheque.games.{name}."), (name, module)
                assert (SRC / (module.replace(".", "/") + ".py")).is_file(), module


def _plant(root: Path, files: Mapping[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_the_checks_catch_a_planted_lazy_cycle_and_wrong_way_imports(tmp_path: Path) -> None:
    root = _plant(tmp_path, {
        "ludotheque/__init__.py": "",
        "ludotheque/engine/__init__.py": "",
        "ludotheque/engine/registry.py": "def load():\n    import ludotheque.games.dice.rules\n",
        "ludotheque/engine/record.py": "if TYPE_CHECKING:\n    from ludotheque.engine import x\n",
        "ludotheque/games/__init__.py": "from ludotheque.games.dice import rules\n",
        "ludotheque/games/dice/__init__.py": "",
        "ludotheque/games/dice/rules.py": "from ludotheque.engine import registry\n",
        "ludotheque/games/cards/__init__.py": "",
        "ludotheque/games/cards/rules.py": "from ..dice.rules import x\n",
        "ludotheque/cli/__init__.py": "",
        "ludotheque/cli/tools.py": "from ludotheque.games.dice import rules\n",
    })  # fmt: skip
    graph = import_graph(root, runtime=True)
    assert graph["ludotheque.games.cards.rules"] == {"ludotheque.games.dice.rules"}
    assert cycles(graph) == [["ludotheque.engine.registry", "ludotheque.games.dice.rules"]]
    assert wrong_way(graph, set()) == [
        "ludotheque.cli.tools -> ludotheque.games.dice.rules: reaches a game's internals "
        "(go through the registry)",
        "ludotheque.engine.registry -> ludotheque.games.dice.rules: reaches a game's internals "
        "(go through the registry)",
        "ludotheque.games.cards.rules -> ludotheque.games.dice.rules: one game imports another",
    ]


def test_a_declared_cli_adapter_may_import_the_cli_kit_and_the_engine_may_not(
    tmp_path: Path,
) -> None:
    """Issue 20 (D8): the games' CLI commands share cli/common.py; a game's rules, bots or
    terminal importing it would be an upward import."""
    root = _plant(tmp_path, {
        "ludotheque/__init__.py": "",
        "ludotheque/engine/__init__.py": "",
        "ludotheque/cli/__init__.py": "",
        "ludotheque/cli/common.py": "from ludotheque.engine import errors\n",
        "ludotheque/games/__init__.py": "",
        "ludotheque/games/dice/__init__.py": "",
        "ludotheque/games/dice/cli.py": "from ludotheque.cli.common import fail\n",
        "ludotheque/games/dice/rules.py": "def f():\n    from ludotheque.cli import common\n",
    })  # fmt: skip
    graph = import_graph(root)
    assert wrong_way(graph, {"ludotheque.games.dice.cli"}) == [
        "ludotheque.games.dice.rules -> ludotheque.cli.common: imports upwards"
    ]
    assert wrong_way(graph, set()) == [
        "ludotheque.games.dice.cli -> ludotheque.cli.common: imports upwards",
        "ludotheque.games.dice.rules -> ludotheque.cli.common: imports upwards",
    ]
    # Here: the games' modules that use the kit are their declared CLI commands.
    users = {
        m for m, targets in import_graph(SRC).items()
        if "ludotheque.cli.common" in targets and m.startswith("ludotheque.games.")
    }  # fmt: skip
    assert users and users <= {games.get(n).cli_commands for n in games.names()}
