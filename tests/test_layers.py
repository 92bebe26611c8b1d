"""The packages stand in layers and no module imports itself back.

The layers, lowest first: the engine core (``tarot``), the bots (``tarot.bots``), the
teaching aids (``tarot.teaching``), the tools (``tarot.tools``, with ``python -m tarot``),
the page (``web``).  A module imports only from its own layer or below.  The import graph is read from the
source with :mod:`ast`: every import the code runs, inside functions too; only the
``if TYPE_CHECKING:`` blocks, for type hints, are left out.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("tarot", "tarot.bots", "tarot.teaching", "tarot.puzzles", "tarot.tools", "web")  # lowest first
ENTRIES = {"tarot.__main__": "tarot.tools"}  # ``python -m tarot`` runs the command line: it stands with the tools


def module_files() -> dict[str, Path]:
    """Each module of tarot/ and web/ by its dotted name."""
    files = {}
    for path in sorted((*ROOT.glob("tarot/**/*.py"), *ROOT.glob("web/**/*.py"))):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        files[name] = path
    return files


def _imported(node: ast.Import | ast.ImportFrom, package: str, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that one import statement of ``package`` names."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in known}
    base = node.module or ""
    if node.level:
        parts = package.split(".")[:len(package.split(".")) - node.level + 1]
        base = ".".join(parts + ([node.module] if node.module else []))
    found = set()
    for alias in node.names:
        if f"{base}.{alias.name}" in known:
            found.add(f"{base}.{alias.name}")
        elif base in known:
            found.add(base)
    return found


def _run_imports(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The import statements of ``body`` and the blocks in it, ``if TYPE_CHECKING:`` aside."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            found.extend(_run_imports(node.orelse))
        else:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.stmt):
                    found.extend(_run_imports([child]))
                elif isinstance(child, ast.ExceptHandler):
                    found.extend(_run_imports(child.body))
    return found


def import_graph() -> dict[str, set[str]]:
    """Each module of tarot/ and web/ and the modules of tarot/ and web/ it imports when it runs."""
    files = module_files()
    graph = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[name] = set().union(*(_imported(n, package, files) for n in _run_imports(tree.body))) - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of two modules or more that import each other, directly or not (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while (w := stack.pop()) != v:
                group.append(w)
            if group:
                groups.append(sorted(group + [v]))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return groups


def layer(module: str) -> int:
    """The rank of the layer ``module`` belongs to (0: the engine core)."""
    module = ENTRIES.get(module, module)
    return max(i for i, top in enumerate(LAYERS) if module == top or module.startswith(top + "."))


def test_the_graph_sees_imports_in_functions_and_leaves_out_type_hints():
    graph = import_graph()
    assert "tarot.bots.speed" in graph["tarot.tools.bench"]  # imported inside a function
    assert "tarot.bots" not in graph["tarot.match"]  # only under TYPE_CHECKING
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_module_of_tarot_or_web_imports_itself_back():
    assert circles(import_graph()) == []


def test_a_module_imports_only_from_its_layer_or_below():
    graph = import_graph()
    upward = sorted(f"{m} -> {d}" for m, deps in graph.items() for d in deps if layer(d) > layer(m))
    assert upward == []


def test_the_engine_core_imports_no_bot_no_teaching_aid_no_tool_and_no_page():
    graph = import_graph()
    core = [m for m in graph if layer(m) == 0]
    assert "tarot.state" in core and "tarot.record" in core
    assert [f"{m} -> {d}" for m in core for d in sorted(graph[m]) if layer(d) > 0] == []


def test_nothing_in_tarot_imports_the_page():
    graph = import_graph()
    assert not [m for m, deps in graph.items() if m.startswith("tarot") and any(layer(d) == LAYERS.index("web") for d in deps)]
