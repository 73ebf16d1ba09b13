"""``rougekit explain`` (one pair: text, JSON, HTML) and ``rougekit report`` (the corpus
page): their inputs, options, outputs and errors."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rougekit.cli import main
from rougekit.scorer import RougeScorer

PRED = "The cats sat on the mat.\nThey purred."
REF = "The cat was on the mat.\nThe dog sat."
HOSTILE = "<script>alert(1)</script> <img src=x onerror=alert(2)> & done"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_error(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("rougekit: error: "), err
    return lines[0]


def _jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


# -- explain -----------------------------------------------------------------------------------


def test_explain_text_is_the_terminal_view(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", PRED, REF, "--stem")
    expected = RougeScorer(stemmer=True).explain(PRED, REF)
    assert code == 0
    assert out == str(expected)
    assert re.search(r"^rouge1 +hits \d+ / pred \d+ / ref \d+", out, re.M)
    assert "ref s0 counted:" in out
    assert out.rstrip().splitlines()[-1] == f"signature: {expected.signature}"
    assert "stem:" in expected.signature


def test_explain_json_is_the_explanation_dict(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "explain", PRED, REF, "other reference", "-t", "rouge2", "-f", "json"
    )
    assert code == 0
    d = json.loads(out)
    expected = RougeScorer(types=["rouge2"]).explain(PRED, [REF, "other reference"]).to_dict()
    assert d == json.loads(json.dumps(expected))
    assert d["schema"] == "rougekit.explain/1" and list(d["types"]) == ["rouge2"]
    assert len(d["types"]["rouge2"]["per_reference"]) == 2
    assert d["id"] is None


def test_explain_html_is_a_page_with_escaped_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_file = tmp_path / "pair.html"
    code, out, _ = run(
        capsys, "explain", HOSTILE, "an alert, done", "-f", "html", "-o", str(out_file)
    )
    assert code == 0 and out == ""
    page = out_file.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert "<script" not in page and "<img" not in page
    assert HOSTILE in html.unescape(re.sub(r"<[^>]*>", "", page))  # shown as text
    assert 'class="rk-tok rk-hit' in page


def test_explain_picks_a_pair_of_a_file_by_id(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = _jsonl(tmp_path / "d.jsonl", [
        {"id": "a", "prediction": "x y", "references": ["x"]},
        {"id": "b", "prediction": PRED, "references": [REF]},
    ])  # fmt: skip
    code, out, _ = run(capsys, "explain", "--jsonl", str(data), "--id", "b", "-f", "json")
    assert code == 0
    d = json.loads(out)
    assert d["id"] == "b" and d["prediction"]["text"] == PRED
    code, _, err = run(capsys, "explain", "--jsonl", str(data), "--id", "zz")
    assert code == 1 and "no pair with id 'zz'" in one_error(err)


def test_explain_reads_line_files_by_position(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    p, r = tmp_path / "p.txt", tmp_path / "r.txt"
    p.write_text("a b\nthe cat sat\n")
    r.write_text("a\nthe cat\n")
    code, out, _ = run(capsys, "explain", "-p", str(p), "-r", str(r), "--id", "1", "-f", "json")
    assert code == 0 and json.loads(out)["prediction"]["text"] == "the cat sat"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["only-a-prediction"], "a prediction and at least one reference"),
        ([], "no input"),
        (["a", "b", "--id", "3"], "--id picks a pair of an input file"),
        (["--jsonl", "x.jsonl"], "--id ID names the pair"),
        (["a", "b", "--jsonl", "x.jsonl"], "not both"),
        (["a", "b", "-t", "rougeX"], "rougeX"),
        (["a", "b", "-f", "pdf"], "invalid choice"),
    ],
)
def test_explain_usage_errors_are_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, _, err = run(capsys, "explain", *args)
    assert code == 2
    assert message in one_error(err)


# -- report ------------------------------------------------------------------------------------


@pytest.fixture
def systems(tmp_path: Path) -> tuple[Path, Path]:
    refs = [REF, "A man walked his dog in the park.", "Prices rose again in May."]
    a = [PRED, "A man walked.", "Prices fell."]
    b = [HOSTILE, "A man walked his dog.", "Prices rose in May."]
    rows = [
        [
            {"id": f"p{i}", "prediction": p, "references": [r]}
            for i, (p, r) in enumerate(zip(s, refs))
        ]
        for s in (a, b)
    ]
    return _jsonl(tmp_path / "a.jsonl", rows[0]), _jsonl(tmp_path / "b.jsonl", rows[1])


def _report(capsys: pytest.CaptureFixture[str], systems: tuple[Path, Path], out: Path,
            *extra: str) -> tuple[int, str, str]:  # fmt: skip
    a, b = systems
    return run(
        capsys, "report", "--jsonl", str(a), "--jsonl", str(b), "--name", "base",
        "--name", "new", "--bootstrap", "50", "--trials", "50", "--no-progress",
        "--html", str(out), *extra,
    )  # fmt: skip


def _island(page: str) -> dict[str, Any]:
    m = re.search(r'<script type="application/json" id="rk-data">(.*?)</script>', page, re.S)
    assert m is not None
    data: dict[str, Any] = json.loads(m.group(1))
    return data


def test_report_writes_one_offline_page_and_prints_the_comparison(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, systems: tuple[Path, Path]
) -> None:
    out = tmp_path / "report.html"
    code, stdout, err = _report(capsys, systems, out)
    assert code == 0, err
    assert "p boot" in stdout and "signature" not in err
    page = out.read_text(encoding="utf-8")
    assert not re.search(r"(src|href)\s*=\s*[\"']?(https?:)?//", page)
    assert page.count("</script>") == 2  # the data island and the script: no text ends one
    assert "<script>alert" not in page and "<img src=x" not in page
    data = _island(page)
    assert data["ids"] == ["p0", "p1", "p2"]
    assert [s["name"] for s in data["systems"]] == ["base", "new"]
    assert data["systems"][1]["pred"][0] == HOSTILE
    assert data["corpus"]["comparison"]["n"] == 3
    assert stdout.rstrip().splitlines()[-1] == data["signature"]  # the compare table's
    assert data["systems"][0]["f"]["rouge1"][0] == RougeScorer().score(PRED, REF)["rouge1"].fmeasure


def test_report_is_byte_identical_twice(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, systems: tuple[Path, Path]
) -> None:
    one, two = tmp_path / "1.html", tmp_path / "2.html"
    assert _report(capsys, systems, one)[0] == 0
    assert _report(capsys, systems, two)[0] == 0
    assert one.read_bytes() == two.read_bytes()


def test_report_takes_one_system(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                 systems: tuple[Path, Path]) -> None:  # fmt: skip
    out = tmp_path / "one.html"
    code, stdout, err = run(
        capsys, "report", "--jsonl", str(systems[0]), "--html", str(out), "--no-progress"
    )
    assert code == 0, err
    data = _island(out.read_text(encoding="utf-8"))
    assert [s["name"] for s in data["systems"]] == ["a"] and data["corpus"]["tests"] is None
    assert "rouge1" in stdout


def test_report_refuses_to_overwrite_an_input(
    capsys: pytest.CaptureFixture[str], systems: tuple[Path, Path]
) -> None:
    before = systems[0].read_bytes()
    code, _, err = _report(capsys, systems, systems[0])
    assert code == 1 and "a.jsonl" in one_error(err)
    assert systems[0].read_bytes() == before


def test_report_needs_html(capsys: pytest.CaptureFixture[str], systems: tuple[Path, Path]) -> None:
    code, _, err = run(capsys, "report", "--jsonl", str(systems[0]))
    assert code == 2 and "--html" in one_error(err)


def test_explain_stem_flag_before_the_texts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "explain", "--stem", "running dogs", "the dog runs", "-f", "json")
    assert code == 0
    d = json.loads(out)
    assert d["prediction"]["text"] == "running dogs" and "stem:nltk-porter" in d["signature"]
    assert d["types"]["rouge1"]["hits"] == 2


def test_explain_perl_profile_every_type(capsys: pytest.CaptureFixture[str]) -> None:
    """ROUGE-1.5.5's explanations (the same schema): ROUGE-W's runs are placed in the
    reference only; the view names them there."""
    code, out, err = run(
        capsys, "explain", "--profile", "perl-1.5.5", "-t", "rouge1", "rougeL", "rougeSU4",
        "rougeW", "--stem", "--unescape-newlines", PRED.replace("\n", "\\n"),
        REF.replace("\n", "\\n"),
    )  # fmt: skip
    assert code == 0, err
    assert re.search(r"^rougeW-1.2 +weighted LCS 7.03459 / pred 12.1257 / ref 20.3639", out, re.M)
    assert 'runs (in the reference): "The cat" "on the mat" "sat"' in out
    assert "ref s1 counted: sat      in LCS but not counted: The" in out
    assert "profile:perl-1.5.5" in out
