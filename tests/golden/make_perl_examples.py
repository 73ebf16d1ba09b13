"""Regenerates ``perl-examples.json`` from the worked examples of the ROUGE-1.5.5
specification (``shared/spec/rouge-1.5.5.md`` §14, every number printed by ROUGE-1.5.5.pl
itself). Run: ``python tests/golden/make_perl_examples.py ../shared/spec/rouge-1.5.5.md``."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

#: A row of the §14 table: id, what it shows, prediction, references, options, scores.
ROW = r"\| (E\d\d) \| (.*?) \| (.*?) \| (.*?) \| `?(.*?)`?(?: \+ empty DB)? \| (.*) \|$"


def cell_text(cell: str) -> str:
    """A table cell's text: backticked, with ⏎ = newline and · = a significant space."""
    if "*(empty)*" in cell or "*(none)*" in cell:
        return ""
    m = re.fullmatch(r"\s*`(.*)`\s*", cell)
    if not m:
        raise ValueError(f"unexpected cell {cell!r}")
    return m.group(1).replace("⏎", "\n").replace("·", " ")


def main(spec: str) -> None:
    rows = []
    for line in Path(spec).read_text(encoding="utf-8").splitlines():
        m = re.match(ROW, line)
        if not m:
            continue
        ident, shows, pred, refs, options, scores = m.groups()
        references = [] if "*(none)*" in refs else [cell_text(r) for r in refs.split("‖")]
        expected = {}
        for part in scores.split("<br>"):
            name, r, _, p, _, f = part.split()
            expected[name] = [r, p, f]
        rows.append(
            {
                "id": ident,
                "shows": shows,
                "prediction": cell_text(pred),
                "references": references,
                "options": options,
                "empty_table": "empty DB" in line,
                "expected": expected,
            }
        )
    out = Path(__file__).with_name("perl-examples.json")
    doc = {
        "source": "rouge-1.5.5.md §14 worked examples; numbers printed by ROUGE-1.5.5.pl "
        "(Perl 5.36, canonical WordNet exception DB unless empty_table)",
        "examples": rows,
    }
    out.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(rows)} examples -> {out}")


if __name__ == "__main__":
    main(sys.argv[1])
