"""One vocabulary per layer: every engine's explanation becomes the core's one record
vocabulary (``crates/rougekit-core/src/explain/record.rs``) and the binding writes the
``rougekit.explain/1`` dict from it in one place (``crates/rougekit-py/src/explain.rs``).
A second builder or a second copy of the shared types would let the engines' dicts drift
apart; these tests fail when one comes back."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import REPO

CORE = REPO / "crates/rougekit-core/src"
BINDING = REPO / "crates/rougekit-py/src"
#: Where the engines' explainers live (the rouge-score family, ROUGE-1.5.5, pltrdy).
EXPLAINERS = (CORE / "explain", CORE / "perl", CORE / "pltrdy")
#: The shared vocabulary: each is defined once, in ``crate::explain``.
SHARED = ("Token", "Why", "Dropped", "GramMatch", "GramMissed", "SkipMatch", "SentenceMarks",
          "PairRecord", "TextRecord", "TypeRecord", "ReferenceRecord", "Tally", "Witness",
          "Prf", "Count")  # fmt: skip
#: Keys only an explanation dict writes (a builder that writes one of them is a builder).
DICT_KEYS = ("per_reference", "prediction_total", "reference_total", "prediction_in_lcs",
             "formula", "jackknife")  # fmt: skip


def _rust(folder: Path) -> dict[Path, str]:
    return {p: p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.rs"))}


def _definitions(name: str) -> list[Path]:
    pattern = re.compile(rf"^\s*pub(\(crate\))? (struct|enum|type) {name}\b", re.M)
    return [p for folder in EXPLAINERS for p, text in _rust(folder).items()
            if pattern.search(text)]  # fmt: skip


def test_core_records_are_the_one_record_class() -> None:
    for name in SHARED:
        found = _definitions(name)
        assert len(found) == 1, f"{name} is defined in {[str(p) for p in found]}"
        assert found[0].parent == CORE / "explain", f"{name} lives outside crate::explain"
    # The engines convert into the records; none keeps a dict vocabulary of its own.
    record = (CORE / "explain/record.rs").read_text(encoding="utf-8")
    assert "pub struct PairRecord<C>" in record


def test_the_binding_builds_the_dict_once() -> None:
    files = _rust(BINDING)
    builders = [p.name for p, text in files.items()
                if any(f'"{key}"' in text for key in DICT_KEYS)]  # fmt: skip
    assert builders == ["explain.rs"], builders
    assert not [p.name for p in files if p.name.endswith("_explain.rs")]
    # Each engine's record class hands its record to the one builder.
    text = "\n".join(files.values())
    classes = re.findall(r'#\[pyclass\(module = "rougekit._core",[^\]]*\]\s*pub struct (\w+)', text)
    records = [c for c in classes if "Explanation" in c]
    assert len(records) == 3, records
    assert text.count("fn pair_dict") == 1
    assert len(re.findall(r"\bpair_dict\(py, head,", text)) == len(records)
