"""Knuth's DLX text format (the input of dlx1): read and write exact-cover problems.

The format, line by line:

    | any line whose first non-blank character is a bar is a comment
    a b c d e f g | x y        <- the first other line: primary items, then optionally
    c e                           a bar and the secondary items
    a d g                      <- each later line is one option: the names of its items
    b c f x                       (secondary items anywhere in it)

Names are runs of non-blank characters without ':' or '|'. Blank lines are skipped.

Choices (and where we differ from dlx1):
- Colours (`x:red` on a secondary item, the dlx2 extension) are rejected with a ParseError
  saying colours are not supported: the engine implements dlx1's Algorithm X only, and
  silently dropping a colour would change the problem.
- Names are not limited to 8 characters (dlx1's limit); format_knuth writes longer names,
  which dlx1 itself would refuse.
- An option with no primary item is kept (dlx1 drops it with a warning), so option k is
  always the k-th option line; the engine never chooses such an option.
- A problem needs at least one primary item (as in dlx1): an item line that began with
  '|' would read as a comment, and an empty one as a blank line.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import NamedTuple

from ..errors import ParseError

__all__ = ["KnuthProblem", "format_knuth", "parse_knuth"]


class KnuthProblem(NamedTuple):
    """An exact-cover problem as read from Knuth's format: names are strings."""

    primary: list[str]
    secondary: list[str]
    options: list[list[str]]


def _tokens(line: str):
    """Yield (column, token) for each run of non-blank characters; columns are 1-based."""
    k, n = 0, len(line)
    while k < n:
        if line[k].isspace():
            k += 1
            continue
        start = k
        while k < n and not line[k].isspace():
            k += 1
        yield start + 1, line[start:k]


def _check_name(token: str, lineno: int, column: int) -> None:
    """Return None if token is a legal item name; else raise ParseError at its bad character."""
    for k, ch in enumerate(token):
        if ch in ":|":
            raise ParseError(f"illegal character {ch!r} in item name {token!r}",
                             line=lineno, column=column + k, char=ch)


def parse_knuth(text: str) -> KnuthProblem:
    """Return the problem written in Knuth's DLX format; ParseError names line and column."""
    primary: list[str] = []
    secondary: list[str] = []
    options: list[list[str]] = []
    index: dict[str, bool] = {}          # name -> is secondary
    have_items = False
    for lineno, line in enumerate(text.split("\n"), start=1):
        if line.endswith("\r"):
            line = line[:-1]
        stripped = line.lstrip()
        if not stripped or stripped[0] == "|":
            continue                     # blank line or comment
        if not have_items:
            have_items = True
            names = primary
            for column, token in _tokens(line):
                if token[0] == "|":
                    if names is secondary:
                        raise ParseError("the item line has a second '|'",
                                         line=lineno, column=column, char="|")
                    names = secondary
                    token, column = token[1:], column + 1
                    if not token:
                        continue
                _check_name(token, lineno, column)
                if token in index:
                    raise ParseError(f"duplicate item name {token!r}",
                                     line=lineno, column=column, char=token)
                index[token] = names is secondary
                names.append(token)
            continue
        option: list[str] = []
        seen: set[str] = set()
        for column, token in _tokens(line):
            name, colon, colour = token.partition(":")
            if colon and name in index and "|" not in token:
                if index[name]:
                    raise ParseError(f"colours are not supported ({token!r}); sudokit reads"
                                     " dlx1 input, not dlx2", line=lineno,
                                     column=column + len(name), char=token)
                raise ParseError(f"primary item {name!r} cannot have a colour",
                                 line=lineno, column=column + len(name), char=token)
            _check_name(token, lineno, column)
            if token not in index:
                raise ParseError(f"unknown item name {token!r}",
                                 line=lineno, column=column, char=token)
            if token in seen:
                raise ParseError(f"item {token!r} appears twice in this option",
                                 line=lineno, column=column, char=token)
            seen.add(token)
            option.append(token)
        options.append(option)
    if not have_items:
        raise ParseError("no item line (the text is empty or only comments)",
                         line=max(1, text.count("\n") + (not text.endswith("\n"))))
    return KnuthProblem(primary, secondary, options)


def _spell(name: Hashable) -> str:
    """Return str(name) if it is a legal name in Knuth's format; else raise ValueError."""
    text = str(name)
    if not text or any(ch.isspace() or ch in ":|" for ch in text):
        raise ValueError(f"item name {text!r} cannot be written in Knuth's format"
                         " (empty, or contains a blank, ':' or '|')")
    return text


def format_knuth(primary: Sequence[Hashable], secondary: Sequence[Hashable],
                 options: Iterable[Iterable[Hashable]], *, comment: str | None = None) -> str:
    """Return the problem as text in Knuth's DLX format (names via str()), ending in a newline.

    Raises ValueError if there is no primary item, an option is empty, or a name cannot be
    written (empty, blanks, ':' or '|', or two names that print the same). Each line of
    `comment` is written first as a comment line.
    """
    if not primary:
        raise ValueError("Knuth's format needs at least one primary item")
    spelled = {}
    for name in [*primary, *secondary]:
        text = _spell(name)
        if spelled.setdefault(text, name) != name:
            raise ValueError(f"two items are both written as {text!r}")
    lines = []
    if comment is not None:
        lines.extend(("| " + part).rstrip() for part in comment.split("\n"))
    head = " ".join(_spell(name) for name in primary)
    if secondary:
        head += " | " + " ".join(_spell(name) for name in secondary)
    lines.append(head)
    for option in options:
        line = " ".join(_spell(name) for name in option)
        if not line:
            raise ValueError("an empty option cannot be written in Knuth's format")
        lines.append(line)
    return "\n".join(lines) + "\n"
