"""The rule condition language: a small, admin-readable subset of Python expression syntax.

    ame.enabled and ame.page_support == "4K" and workload.app_page_size == "64K"
    cpu.entitled_capacity < workload.peak.physc_avg * 0.5
    workload.type in ["db2", "sap-java"] or not exists(ame.deficit_mb)

Grammar: `and`, `or`, `not`, parentheses; comparisons `== != < <= > >=` (chains allowed),
`in [...]` / `not in [...]` over literal lists; `exists(path)` / `missing(path)`; a bare
path means `path == true`. The left side of a comparison is a field path; the right side a
literal or arithmetic (`+ - * /`) over paths and numbers. Literals: numbers, "strings",
true/false.

Conditions are parsed once into a negation-normal AST (no `not` left: it is pushed into
the comparisons), which both the durable-rules compiler and the reference evaluator
consume, so the two cannot disagree about what `not` means. A comparison whose field is
absent is false, also after negation: `x != 1` does not hold when x is missing.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any

CMP_OPS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}
FLIP = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}
NEGATE = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}
ARITH_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}
NAMED_LITERALS = {"true": True, "false": False, "True": True, "False": False}


class ConditionError(ValueError):
    """A condition that does not parse or uses an unsupported construct; names the column."""

    def __init__(self, message: str, column: int | None = None):
        self.column = column
        super().__init__(f"{message} (column {column + 1})" if column is not None else message)


@dataclass(frozen=True)
class Lit:
    value: Any


@dataclass(frozen=True)
class Ref:
    path: str


@dataclass(frozen=True)
class Arith:
    op: str
    left: Operand
    right: Operand


Operand = Lit | Ref | Arith


@dataclass(frozen=True)
class Cmp:
    path: str
    op: str
    rhs: Operand


@dataclass(frozen=True)
class Exists:
    path: str
    present: bool


@dataclass(frozen=True)
class And:
    items: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    items: tuple[Node, ...]


Node = Cmp | Exists | And | Or


def negate(node: Node) -> Node:
    if isinstance(node, Cmp):
        return Cmp(node.path, NEGATE[node.op], node.rhs)
    if isinstance(node, Exists):
        return Exists(node.path, not node.present)
    if isinstance(node, And):
        return Or(tuple(negate(i) for i in node.items))
    return And(tuple(negate(i) for i in node.items))


def _path(expr: ast.expr) -> str | None:
    if isinstance(expr, ast.Name) and expr.id not in NAMED_LITERALS:
        return expr.id
    if isinstance(expr, ast.Attribute):
        base = _path(expr.value)
        return f"{base}.{expr.attr}" if base else None
    return None


def _literal(expr: ast.expr) -> tuple[bool, Any]:
    if isinstance(expr, ast.Constant) and isinstance(expr.value, (int, float, str, bool)):
        return True, expr.value
    if isinstance(expr, ast.Name) and expr.id in NAMED_LITERALS:
        return True, NAMED_LITERALS[expr.id]
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        ok, val = _literal(expr.operand)
        if ok and isinstance(val, (int, float)) and not isinstance(val, bool):
            return True, -val
    return False, None


def _operand(expr: ast.expr) -> Operand:
    ok, val = _literal(expr)
    if ok:
        return Lit(val)
    path = _path(expr)
    if path:
        return Ref(path)
    if isinstance(expr, ast.BinOp) and type(expr.op) in ARITH_OPS:
        op = ARITH_OPS[type(expr.op)]
        right = _operand(expr.right)
        if op == "/":
            # The engine's C core dies with SIGFPE on a zero divisor: divide by non-zero numbers only,
            # as a multiplication so integer operands never take the integer-division path.
            if not (
                isinstance(right, Lit)
                and isinstance(right.value, (int, float))
                and not isinstance(right.value, bool)
                and right.value != 0
            ):
                raise ConditionError(
                    "divide only by a non-zero number (use a derived value otherwise)", expr.right.col_offset
                )
            return Arith("*", _operand(expr.left), Lit(1.0 / right.value))
        return Arith(op, _operand(expr.left), right)
    raise ConditionError("expected a literal, a field path or arithmetic", expr.col_offset)


def _compare(left: ast.expr, op: ast.cmpop, right: ast.expr) -> Node:
    if isinstance(op, (ast.In, ast.NotIn)):
        path = _path(left)
        if not path or not isinstance(right, (ast.List, ast.Tuple)) or not right.elts:
            raise ConditionError(
                "`in` needs a field path on the left and a non-empty [list] of literals", left.col_offset
            )
        values = []
        for elt in right.elts:
            ok, val = _literal(elt)
            if not ok:
                raise ConditionError("`in` lists hold literals only", elt.col_offset)
            values.append(val)
        if isinstance(op, ast.In):
            return (
                Or(tuple(Cmp(path, "==", Lit(v)) for v in values))
                if len(values) > 1
                else Cmp(path, "==", Lit(values[0]))
            )
        return (
            And(tuple(Cmp(path, "!=", Lit(v)) for v in values)) if len(values) > 1 else Cmp(path, "!=", Lit(values[0]))
        )
    if type(op) not in CMP_OPS:
        raise ConditionError(f"unsupported comparison {type(op).__name__}", left.col_offset)
    sym = CMP_OPS[type(op)]
    lpath, rpath = _path(left), _path(right)
    if lpath:
        return Cmp(lpath, sym, _operand(right))
    if rpath and _literal(left)[0]:
        return Cmp(rpath, FLIP[sym], Lit(_literal(left)[1]))
    raise ConditionError(
        "the left side of a comparison must be a field path (put arithmetic on the right, "
        "or compute it as a derived value)",
        left.col_offset,
    )


def _node(expr: ast.expr) -> Node:
    if isinstance(expr, ast.BoolOp):
        items = tuple(_node(v) for v in expr.values)
        return And(items) if isinstance(expr.op, ast.And) else Or(items)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
        return negate(_node(expr.operand))
    if isinstance(expr, ast.Compare):
        parts = []
        left = expr.left
        for op, right in zip(expr.ops, expr.comparators, strict=False):
            parts.append(_compare(left, op, right))
            left = right
        return parts[0] if len(parts) == 1 else And(tuple(parts))
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in ("exists", "missing"):
        if len(expr.args) != 1 or expr.keywords or not _path(expr.args[0]):
            raise ConditionError(f"{expr.func.id}() takes one field path", expr.col_offset)
        return Exists(_path(expr.args[0]), expr.func.id == "exists")
    path = _path(expr)
    if path:
        return Cmp(path, "==", Lit(True))
    raise ConditionError(f"unsupported expression {type(expr).__name__}", getattr(expr, "col_offset", None))


def parse_condition(text: str) -> Node:
    """Parse a condition into its negation-normal AST; raises ConditionError with the column."""
    source = " ".join(text.split())  # YAML folded scalars: newlines are spaces
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError as exc:
        raise ConditionError(f"syntax error: {exc.msg}", (exc.offset or 1) - 1) from None
    return _node(tree.body)


def operand_paths(op: Operand) -> list[str]:
    if isinstance(op, Ref):
        return [op.path]
    if isinstance(op, Arith):
        return operand_paths(op.left) + operand_paths(op.right)
    return []


def node_paths(node: Node) -> list[str]:
    """Every field path a condition reads, in order of appearance."""
    if isinstance(node, Cmp):
        return [node.path, *operand_paths(node.rhs)]
    if isinstance(node, Exists):
        return [node.path]
    out: list[str] = []
    for item in node.items:
        out += node_paths(item)
    return out


def comparisons(node: Node) -> list[Cmp]:
    if isinstance(node, Cmp):
        return [node]
    if isinstance(node, Exists):
        return []
    return [c for item in node.items for c in comparisons(item)]


def render(node: Node) -> str:
    """Canonical text of a normalised condition (used in explanations)."""
    if isinstance(node, Cmp):
        return f"{node.path} {node.op} {render_operand(node.rhs)}"
    if isinstance(node, Exists):
        return f"{'exists' if node.present else 'missing'}({node.path})"
    joiner = " and " if isinstance(node, And) else " or "
    return "(" + joiner.join(render(i) for i in node.items) + ")"


def render_operand(op: Operand) -> str:
    if isinstance(op, Lit):
        if isinstance(op.value, bool):
            return "true" if op.value else "false"
        return f'"{op.value}"' if isinstance(op.value, str) else repr(op.value)
    if isinstance(op, Ref):
        return op.path
    return f"({render_operand(op.left)} {op.op} {render_operand(op.right)})"
