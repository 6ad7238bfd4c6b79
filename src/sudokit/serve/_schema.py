"""The request schema of the JSON API: which fields each route takes, of which types, in what range.

Checked in the HTTP thread before any work is queued (cheap: types and lengths only), so a
malformed request never takes a worker.  Everything here raises ``BadRequest`` (-> 400, or the
status it carries) with a message naming the field and what was wrong.

A *puzzle* field is either text (any format ``sudokit.formats.parse`` reads: an 81-character
line, a block, tokens, a pencil-mark line, JSON, f-puzzles JSON or link) or an object
``{"size": N, "givens": [N*N ints], "geometry": <Geometry.to_json()>}`` (what /api/parse
returns; geometry optional: the classic boxes of N).
"""

from __future__ import annotations

__all__ = ["BadRequest", "ROUTES", "MAX_SIZE", "MAX_COUNT", "MAX_NODES", "validate"]

MAX_SIZE = 25            # the largest grid any route works on (25x25); 36x36 .. 64x64 -> 422
MAX_COUNT = 10_000       # the largest 'limit' of /api/count
MAX_NODES = 2_000_000    # the node limit of every search (a request may ask for fewer)
MAX_TEXT = 60_000        # characters of a puzzle text (the body limit is 64 KiB anyway)
MAX_IDS = 100            # technique ids in 'techniques' / 'exclude'


class BadRequest(ValueError):
    """A request the API refuses: ``status`` (400 unless said) and a message naming the field."""

    def __init__(self, message: str, *, status: int = 400, field: "str | None" = None):
        super().__init__(message)
        self.status = status
        self.field = field

    def to_json(self) -> dict:
        out = {"error": str(self), "status": self.status}
        if self.field:
            out["field"] = self.field
        return out


def _kind(value) -> str:
    """The JSON name of a value's type ('string', 'number', 'object', ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def _fail(field: str, want: str, value) -> BadRequest:
    got = "null" if value is None else f"{_kind(value)} {_short(value)}"
    return BadRequest(f'"{field}" must be {want}, not {got}', field=field)


def _short(value) -> str:
    import json
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _int_list(field: str, value, lo: int, hi: int, length: "int | None" = None) -> None:
    if not isinstance(value, list):
        raise _fail(field, "an array of integers", value)
    if length is not None and len(value) != length:
        raise BadRequest(f'"{field}" must have {length} entries (one per cell), not {len(value)}',
                         field=field)
    for k, v in enumerate(value):
        if type(v) is not int or not lo <= v <= hi:
            raise BadRequest(f'"{field}"[{k}] must be an integer {lo}..{hi}, not {_short(v)}',
                             field=field)


def check_puzzle(field: str, value) -> None:
    """A puzzle: text, or {"size", "givens", "geometry"?} (sizes checked here, rules later)."""
    if isinstance(value, str):
        if not value.strip():
            raise BadRequest(f'"{field}" is empty: paste or type a puzzle', field=field)
        if len(value) > MAX_TEXT:
            raise BadRequest(f'"{field}" has {len(value)} characters; at most {MAX_TEXT}',
                             status=413, field=field)
        return
    if not isinstance(value, dict):
        raise _fail(field, "puzzle text or an object {\"size\", \"givens\", \"geometry\"}", value)
    unknown = sorted(set(value) - {"size", "givens", "geometry"})
    if unknown:
        raise BadRequest(f'unknown field(s) {", ".join(map(repr, unknown))} in "{field}"; '
                         f'known: size, givens, geometry', field=field)
    size = value.get("size")
    if type(size) is not int or size < 1:
        raise _fail(f"{field}.size", "a positive integer", size)
    check_size(size, f"{field}.size")
    _int_list(f"{field}.givens", value.get("givens"), 0, size, size * size)
    geometry = value.get("geometry")
    if geometry is not None and not isinstance(geometry, dict):
        raise _fail(f"{field}.geometry", "an object (Geometry.to_json) or null", geometry)


def check_size(size: int, field: str = "puzzle") -> None:
    """422 for a grid larger than MAX_SIZE: well formed, but more than this server will do."""
    if size > MAX_SIZE:
        raise BadRequest(f"a {size}x{size} grid is larger than this server works on (at most "
                         f"{MAX_SIZE}x{MAX_SIZE}): refused before any search", status=422,
                         field=field)


def _values(field, value):
    if value is not None:
        _int_list(field, value, 0, MAX_SIZE)


def _candidates(field, value):
    if value is None:
        return
    if not isinstance(value, list):
        raise _fail(field, "an array (one array of values per cell)", value)
    if len(value) > MAX_SIZE ** 2:
        raise BadRequest(f'"{field}" has {len(value)} entries; a grid has at most '
                         f'{MAX_SIZE ** 2} cells', field=field)
    for k, vs in enumerate(value):
        if not isinstance(vs, list) or len(vs) > MAX_SIZE or \
                any(type(v) is not int or not 1 <= v <= MAX_SIZE for v in vs):
            raise BadRequest(f'"{field}"[{k}] must be an array of values 1..N, not {_short(vs)}',
                             field=field)


def _node_limit(field, value):
    if value is not None and (type(value) is not int or value < 1):
        raise _fail(field, "a positive integer or null (the server's limit)", value)


def _count_limit(field, value):
    if value is not None and (type(value) is not int or not 1 <= value <= MAX_COUNT):
        raise _fail(field, f"an integer 1..{MAX_COUNT} or null", value)


def _ids(field, value):
    if value is None:
        return
    if not isinstance(value, list) or len(value) > MAX_IDS or \
            any(not isinstance(v, str) or len(v) > 40 for v in value):
        raise _fail(field, f"an array of at most {MAX_IDS} technique ids", value)


def _text(field, value):
    if not isinstance(value, str):
        raise _fail(field, "a string", value)


def _short_text(field, value):
    if value is not None and (not isinstance(value, str) or len(value) > 40):
        raise _fail(field, "a short string or null", value)


def _rules(field, value):
    if value is None:
        return
    if not isinstance(value, list) or len(value) > 10 or any(not isinstance(v, str) for v in value):
        raise _fail(field, "an array of rule names (x, windoku, antiknight, ...)", value)


def _seed(field, value):
    if value is not None and not (type(value) is int or (isinstance(value, str) and len(value) <= 64)):
        raise _fail(field, "an integer, a short string or null", value)


def _ticket(field, value):
    if value is not None and not (isinstance(value, str) and 1 <= len(value) <= 64 and
                                  all(ch.isascii() and (ch.isalnum() or ch in "-_")
                                      for ch in value)):
        raise _fail(field, "a ticket: 1 to 64 letters, digits, - or _", value)


def _bool(field, value):
    if value is not None and not isinstance(value, bool):
        raise _fail(field, "true or false", value)


def _step(field, value):
    """A step as /api/hint returns it: its parts' types are checked here, so a damaged step
    is a 400 naming the part (not a 500 or Python's own words); cells and values are checked
    against the grid when it is drawn, and the evidence is drawn only where it makes sense."""
    if value is None:
        return
    if not isinstance(value, dict):
        raise _fail(field, "a step object (as /api/hint returns it) or null", value)
    if not isinstance(value.get("technique"), str):
        raise _fail(f"{field}.technique", "a technique id (a string)", value.get("technique"))
    for part in ("placements", "eliminations"):
        got = value.get(part)
        if got is not None and not (isinstance(got, list) and all(
                isinstance(p, list) and len(p) == 2 and all(type(x) is int for x in p)
                for p in got)):
            raise _fail(f"{field}.{part}", "an array of [cell, value] pairs", got)
    if value.get("evidence") is not None and not isinstance(value["evidence"], dict):
        raise _fail(f"{field}.evidence", "an object or null", value["evidence"])
    if value.get("text") is not None and not isinstance(value["text"], str):
        raise _fail(f"{field}.text", "a string", value["text"])
    se = value.get("se")
    if se is not None and (isinstance(se, bool) or not isinstance(se, (int, float))):
        raise _fail(f"{field}.se", "a number", se)


def _format(field, value):
    if value is not None and value not in ("svg", "pdf"):
        raise _fail(field, '"svg" or "pdf"', value)


def _paper(field, value):
    if value is not None and value not in ("a4", "letter"):
        raise _fail(field, '"a4" or "letter"', value)


_PUZZLE = (check_puzzle, True)
_STATE = {"puzzle": _PUZZLE, "values": (_values, False), "candidates": (_candidates, False)}

# route -> {field: (checker, required)}
ROUTES = {
    "parse": {"text": (_text, False), "puzzle": (check_puzzle, False)},
    "solve": {"puzzle": _PUZZLE, "values": (_values, False), "node_limit": (_node_limit, False)},
    "count": {"puzzle": _PUZZLE, "limit": (_count_limit, False),
              "node_limit": (_node_limit, False)},
    "check": dict(_STATE, node_limit=(_node_limit, False)),
    "hint": dict(_STATE, techniques=(_ids, False), exclude=(_ids, False)),
    "generate": {"box": (_short_text, False), "rules": (_rules, False),
                 "symmetry": (_short_text, False), "difficulty": (_short_text, False),
                 "seed": (_seed, False), "minimal": (_bool, False),
                 "ticket": (_ticket, False)},   # (names the job for /api/cancel)
    "cancel": {"ticket": (_ticket, True)},      # (answered by the server, not a worker)
    "render": dict(_STATE, step=(_step, False), format=(_format, False),
                   coordinates=(_bool, False)),
    "print": dict(_STATE, corner=(_candidates, False), paper=(_paper, False),
                  marks=(_bool, False)),
}


def validate(route: str, body) -> dict:
    """Return body when it fits the route's schema; raise BadRequest naming the first problem."""
    if not isinstance(body, dict):
        raise BadRequest(f"the request body must be a JSON object, not {_kind(body)}")
    fields = ROUTES[route]
    unknown = sorted(set(body) - set(fields))
    if unknown:
        raise BadRequest(f"unknown field(s) {', '.join(map(repr, unknown))} for /api/{route}; "
                         f"known: {', '.join(fields)}", field=unknown[0])
    for name, (checker, required) in fields.items():
        if name not in body:
            if required:
                raise BadRequest(f'/api/{route} needs the field "{name}"', field=name)
            continue
        checker(name, body[name])
    if route == "parse" and ("text" in body) == ("puzzle" in body):
        raise BadRequest('/api/parse takes "text" (puzzle text) or "puzzle" (an object), '
                         'exactly one of them')
    return body
