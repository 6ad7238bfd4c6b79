"""The record commands of the logic engine: hint and explain (sudokit.records drives them).

One output record per input record, in input order, through the same reading, blocks and
worker processes as solve/check/count (``--jobs``), with the same per-record diagnostics.

    hint, text      <puzzle> TAB <technique id> TAB <explanation>        a step was found
                    <puzzle> TAB <status> [TAB <message>]                 otherwise
    hint, json      {"puzzle", "status": "hint"|status, "step" (or "steps" with --all),
                     "problems", "time_limit" (with status time-limit)}
    explain, text   <puzzle> TAB <status> TAB <n> steps[, hardest: <name> (SE r)]
                    (a technique SE lacks: '(no SE rating)')
                      1. <Name>: <explanation>         one step a line (the pencil-mark grid
                      2. ...                            drawn before the steps --grid-before
                                                        names), a blank line between puzzles
    explain, json   {"puzzle", "status", "steps": [...], "problems": [...]} on one line

Status words: solved (already solved, or logic reached the solution), stuck (no enabled
technique applies), limit (--max-steps), time-limit (--time-limit ran out: explain keeps
the steps found so far; the text line says so after a TAB), illegal, impossible, ambiguous, inconsistent (a
player's marks or values contradict the puzzle: the message names the cell), error
(unreadable).  These are answers, not failures (exit status 0), except error.
"""

from __future__ import annotations

import json

from .._value import Value
from ._commands import _Command, one_line, puzzle_field

__all__ = ["LogicOptions", "HintCommand", "ExplainCommand"]

LOGIC_OUTPUTS = ("text", "json")


class LogicOptions(Value):
    """The logic engine's options of a hint or explain run.

    techniques  ids to use (None: the whole ladder); exclude: ids not to use
    all_steps   hint: every step of the easiest technique that finds one
    grid_before explain: draw the pencil-mark grid before the steps of these technique
                ids ('all': before every step); () none
    max_steps   explain: stop after this many steps (status 'limit'); None: no limit
    time_limit  seconds per record (status 'time-limit'; explain keeps the steps found so
                far); None: no limit
    """

    __slots__ = __match_args__ = ("techniques", "exclude", "all_steps", "grid_before",
                                  "max_steps", "time_limit")

    def __init__(self, techniques=None, exclude=(), all_steps: bool = False, grid_before=(),
                 max_steps=None, time_limit=None):
        from ..logic._budget import seconds_of
        from ..logic import technique
        _set = object.__setattr__
        _set(self, "techniques", None if techniques is None else tuple(techniques))
        _set(self, "exclude", tuple(exclude))
        _set(self, "all_steps", bool(all_steps))
        _set(self, "grid_before", tuple(grid_before))
        _set(self, "max_steps", max_steps)
        _set(self, "time_limit", seconds_of(time_limit))
        for i in (self.techniques or ()) + self.exclude + tuple(g for g in self.grid_before if g != "all"):
            technique(i)  # ValueError naming the known ids
        if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
            raise ValueError(f"max_steps must be a positive integer or None, not {max_steps!r}")

    def command(self, options, out, err):
        """The command object of a hint or explain run (records.command_for asks here, so
        that records need not import this module)."""
        return (HintCommand if options.command == "hint" else ExplainCommand)(options, out, err)


_OWN_TEXT = ("line", "sdm", "pencilmarks")  # formats whose records are answered as written


class _Logic(_Command):
    """Shared: each readable record to a State (its pencil marks when it has them)."""

    limit = 1

    def __init__(self, options, out, err):
        super().__init__(options, out, err)
        self.logic = options.logic
        self.json = options.to == "json"

    def handle(self, src, chunk: list, known: dict | None = None) -> None:
        from ..grid import Grid
        from ..logic import State
        marks = src.marks
        geom = self.args.geometry
        for rec in self.readable(src, chunk):
            self.reading_note(src, rec)
            grid = rec.grid if geom is None else Grid(rec.grid.values, geometry=geom)
            try:
                if rec.line in marks:
                    state = State.from_marks(grid, marks[rec.line])
                else:
                    state = State.from_grid(grid)
                self.texts.append(self.reply(src, rec, state))
            except ValueError as exc:  # e.g. marks that do not fit the geometry
                self.problem(src, rec, "error", str(exc))
                self.texts.append(self.failure(src, rec, "error", str(exc)))

    def failure(self, src, rec, status: str, reason) -> str:
        if self.json:
            obj = {"puzzle": one_line(rec.text), "status": status, "line": rec.line}
            if reason:
                obj["error"] = reason
            return json.dumps(obj) + "\n"
        return f"{one_line(rec.text)}\t{status}" + (f"\t{reason}" if reason else "") + "\n"


class HintCommand(_Logic):
    """hint: the next step of each puzzle or pencil-mark state."""

    name = "hint"

    def reply(self, src, rec, state) -> str:
        from ..logic import hint_status
        puzzle = puzzle_field(src, rec, _OWN_TEXT)
        lo = self.logic
        status, found, problems = hint_status(state, all=lo.all_steps, techniques=lo.techniques,
                                              exclude=lo.exclude, time_limit=lo.time_limit)
        steps = found if isinstance(found, list) else [found] if found else []
        if self.json:
            obj = {"puzzle": puzzle, "status": status}
            if self.logic.all_steps:
                obj["steps"] = [s.to_json() for s in steps]
            else:
                obj["step"] = steps[0].to_json() if steps else None
            if problems:
                obj["problems"] = [p.to_json() for p in problems]
            if status == "time-limit":
                obj["time_limit"] = lo.time_limit
            return json.dumps(obj, ensure_ascii=False) + "\n"
        if steps:
            return f"{puzzle}\t{steps[0].technique}\t" + " / ".join(s.text for s in steps) + "\n"
        if status == "time-limit":
            return f"{puzzle}\t{status}\t{_no_answer(lo.time_limit)}\n"
        return f"{puzzle}\t{status}" + (f"\t{problems[0].message}" if problems else "") + "\n"


class ExplainCommand(_Logic):
    """explain: the whole logical path of each puzzle, one step a line."""

    name = "explain"

    def reply(self, src, rec, state) -> str:
        from ..logic import steps
        lo = self.logic
        puzzle = puzzle_field(src, rec, _OWN_TEXT)
        path = steps(state, techniques=lo.techniques, exclude=lo.exclude, max_steps=lo.max_steps,
                     time_limit=lo.time_limit)
        if self.json:
            obj = {"puzzle": puzzle, "status": path.status, "steps": [s.to_json() for s in path.steps]}
            if path.problems:
                obj["problems"] = [p.to_json() for p in path.problems]
            if path.status == "time-limit":
                obj["time_limit"] = lo.time_limit
            return json.dumps(obj, ensure_ascii=False) + "\n"
        head = f"{puzzle}\t{path.status}\t{len(path.steps)} steps"
        hardest = path.hardest
        if hardest is not None:
            # (the sum techniques are sudokit's own: SE has no rating for them)
            from ..logic.ladder import technique
            rated = "no SE rating" if technique(hardest.technique).own \
                else f"SE {hardest.se:.1f}"
            head += f", hardest: {hardest.name} ({rated})"
        if path.problems:
            head += f"\t{path.problems[0].message}"
        elif path.status == "time-limit":
            head += f"\t{_no_answer(lo.time_limit, 'the rest of the path')}"
        lines = [self.sep("block") + head]
        draw = set(lo.grid_before)
        current = path.start
        width = len(str(len(path.steps)))
        for k, step in enumerate(path.steps, 1):
            if "all" in draw or step.technique in draw:
                lines.extend("    " + row for row in _marks_grid(current).splitlines())
            lines.append(f"  {k:>{width}}. {step.name}: {step.text}")
            current = current.apply(step)
        return "\n".join(lines) + "\n"


def _no_answer(seconds, what: str = "a step") -> str:
    """The message of status time-limit."""
    return f"no answer for {what} within the time limit ({seconds:g} s)"


def _marks_grid(state) -> str:
    from .. import formats
    return formats.format_pencilmarks(state.grid(), state.candidates, layout="grid")
