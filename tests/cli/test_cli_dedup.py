"""``rougekit dedup``: the kept records equal the self-instruct loop's, written atomically."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rougekit.cli import main
from self_instruct_oracle import near_duplicates, real_texts, self_instruct


def test_jsonl_kept_records_equal_the_loop(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    texts = near_duplicates(real_texts(80), 40, seed=3)
    src = tmp_path / "gen.jsonl"
    lines = [json.dumps({"instruction": t, "n": i}) for i, t in enumerate(texts)]
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    seeds = tmp_path / "seeds.jsonl"
    seeds.write_text(json.dumps({"instruction": texts[5]}) + "\n", encoding="utf-8")
    out, dropped = tmp_path / "kept.jsonl", tmp_path / "dropped.jsonl"
    argv = ["dedup", "--jsonl", str(src), "--field", "instruction", "--threshold", "0.7"]
    assert main([*argv, "-o", str(out), "--no-progress"]) == 0
    want = self_instruct(texts, [], 0.7)
    assert out.read_text(encoding="utf-8").splitlines() == [lines[i] for i in want]
    assert f"kept {len(want)} of {len(texts)}" in capsys.readouterr().err
    code = main([*argv, "--against", str(seeds), "-o", str(out), "--dropped", str(dropped)])
    assert code == 0
    want = self_instruct(texts, [texts[5]], 0.7)
    assert out.read_text(encoding="utf-8").splitlines() == [lines[i] for i in want]
    rows = [json.loads(r) for r in dropped.read_text(encoding="utf-8").splitlines()]
    assert [r["index"] for r in rows] == [i for i in range(len(texts)) if i not in want]
    assert rows[0]["nearest_against"] == 0 and rows[0]["fmeasure"] == 1.0  # texts[5] itself


def test_line_file(tmp_path: Path) -> None:
    src = tmp_path / "gen.txt"
    src.write_text("write a poem\nWrite a poem!\n\nlist three fruits\n", encoding="utf-8")
    out = tmp_path / "kept.txt"
    assert main(["dedup", "--lines", str(src), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == "write a poem\n\nlist three fruits\n"


def test_errors_leave_no_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "gen.jsonl"
    src.write_text('{"instruction": "a"}\n{"text": "b"}\n', encoding="utf-8")
    out = tmp_path / "kept.jsonl"
    assert main(["dedup", "--jsonl", str(src), "-o", str(out)]) == 1
    assert "gen.jsonl:2: no field 'instruction'" in capsys.readouterr().err
    assert not out.exists()
    assert main(["dedup", "--jsonl", str(src), "--threshold", "nan", "-o", str(out)]) == 2
    assert main(["dedup", "--jsonl", str(src), "-o", str(src)]) == 1
    assert main(["dedup", "-o", str(out)]) == 2
