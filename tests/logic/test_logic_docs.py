"""docs/logic.md lists the ladder as the code has it (regenerate the table with
``python3 -c "from sudokit.logic.ladder import markdown; print(markdown())"``)."""

from __future__ import annotations

from _paths import ROOT
import re
from pathlib import Path

from sudokit.logic.ladder import ladder, markdown

DOC = ROOT / "docs" / "logic.md"


def test_docs_table_is_the_ladder():
    text = DOC.read_text(encoding="utf-8")
    m = re.search(r"<!-- ladder:begin -->\n(.*?)\n<!-- ladder:end -->", text, re.S)
    assert m, "docs/logic.md lost its ladder markers"
    assert m.group(1).strip() == markdown()
    assert len(m.group(1).strip().splitlines()) == len(ladder()) + 2
