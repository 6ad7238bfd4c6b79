"""argparse value types shared by the command-line modules (cli, generate, dataset)."""

from __future__ import annotations

import argparse

__all__ = ["int_at_least", "positive_int"]


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
