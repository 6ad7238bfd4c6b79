"""argparse value types shared by the command-line modules (cli, generate, dataset)."""

from __future__ import annotations

import argparse

__all__ = ["int_at_least", "positive_int", "number_in"]


def int_at_least(minimum: int, meaning: str = ""):
    """Return an argparse type accepting integers >= minimum (meaning explains the minimum)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
        if value < minimum:
            what = f"{minimum}{' ' + meaning if meaning else ''}"
            raise argparse.ArgumentTypeError(f"must be {what} or more, not {value}")
        return value
    return parse


positive_int = int_at_least(1)


def number_in(convert, low, high, not_a: str, out_of_range: str):
    """Return an argparse type: convert(text) (int or float) within low..high.  not_a is the
    message for text convert cannot read ({text!r} names it), out_of_range for a value
    outside the range ({value} names it, e.g. {value:g})."""
    def parse(text: str):
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(not_a.format(text=text)) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(out_of_range.format(value=value))
        return value
    return parse
