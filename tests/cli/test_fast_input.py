"""The core's readers (``rougekit.cli.fast_input``) against the Python readers they replace
on the command line (``rougekit.cli.input_files``): the same pairs, or the same error, on
hand-made records and on thousands of mutated ones."""

from __future__ import annotations

import csv
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import rougekit.cli.fast_input as fast
import rougekit.cli.input_files as rin
from rougekit import _core, cli
from rougekit.errors import DataError

Outcome = tuple[list[tuple[str, str, list[str]]], str | None]


def _collect(pairs: Iterator[rin.Pair]) -> Outcome:
    """The pairs as the command line takes them from the Python readers (in chunks: an
    error stops the chunk it is in)."""
    out = []
    try:
        for chunk in rin.chunks(pairs):
            out.extend((p.id, p.prediction, list(p.references)) for p in chunk)
    except DataError as e:
        return out, str(e)
    return out, None


def _collect_chunks(chunks: Iterator[_core.TextChunk]) -> Outcome:
    out = []
    try:
        for chunk in chunks:
            for i in range(len(chunk)):
                prediction, references = chunk.pair(i)
                out.append((chunk.id(i), prediction, references))
    except DataError as e:
        return out, str(e)
    return out, None


def _both_jsonl(path: Path, **fields: str) -> tuple[Outcome, Outcome]:
    python = _collect(rin.read_jsonl(path, **fields))
    core = _collect_chunks(fast.jsonl_chunks(path, **fields))
    return python, core


RECORDS = [
    '{"prediction": "a b", "references": ["a", "b c"]}',
    '{"id": "x1", "prediction": "a\\nb", "references": "r"}',
    '  {"references": "r", "prediction": "p", "id": 12}  ',
    '{"id": -0, "prediction": "", "references": [""]}',
    '{"id": 1.50, "prediction": "p", "references": "r"}',
    '{"id": 1e3, "prediction": "p", "references": "r"}',
    '{"id": true, "prediction": "p", "references": "r"}',
    '{"id": null, "prediction": "p", "references": "r"}',
    '{"id": [1, {"a": "b"}], "prediction": "p", "references": "r"}',
    '{"id": {"k": "\\u00e9"}, "prediction": "p", "references": "r"}',
    '{"id": "\\ud83d\\ude00", "prediction": "\\u00e9\\t\\"\\\\/\\b\\f\\r", "references": "r"}',
    '{"prediction": "p", "references": "r", "extra": {"deep": [[[[1, 2.5e-3, -4E+2]]]]}}',
    '{"prediction": "p", "references": "r", "x": NaN}',
    '{"prediction": "p", "references": "r", "x": -Infinity}',
    '{"prediction": "p", "prediction": "q", "references": "r"}',
    '{"prediction": 1, "prediction": "q", "references": "r"}',
    '{"predic\\u0074ion": "p", "references": "r"}',
    '{"prediction": "p", "references": "r", "x": "\\udc00"}',
    '{"prediction": "\\udc00", "references": "r"}',
    '{"prediction": "p", "references": ["r", "\\ud800x"]}',
    '{"id": "\\ud800", "prediction": "p", "references": "r"}',
    '{"prediction": "p", "references": []}',
    '{"prediction": "p", "references": [1]}',
    '{"prediction": "p", "references": 3}',
    '{"prediction": null, "references": "r"}',
    '{"prediction": "p"}',
    "{}",
    "[1, 2]",
    '"text"',
    "{oops",
    '{"prediction": "p", "references": "r"} trailing',
    '{"prediction": "p", "references": "r",}',
    '{"prediction": "p\tq", "references": "r"}',
    '{"prediction": "p", "references": "r", "x": 01}',
    '{"prediction": "p", "references": "r", "x": 1.}',
    '{"prediction": "p", "references": "r", "x": .5}',
    '{"prediction": "p", "references": "r", "x": "\\x41"}',
    '{"prediction": "p", "references": "r", "x": "\\u12G4"}',
    '{"prediction": "p", "references": "r", "x": ' + "1" * 4500 + "}",
    '{"prediction": "p", "references": "r", "x": ' + "1" * 4100 + "}",
    '{"prediction": "p", "references": "r", "x": ' + "[" * 70 + "]" * 70 + "}",
    '{"prediction": "p", "references": "r", "x": ' + "[" * 5000 + "]" * 5000 + "}",
    "\ufeff" + '{"prediction": "p", "references": "r"}',
    "\u00a0\u3000",
    "   ",
    "",
    '{"prediction": "p", "references": "r"}\r',
    '{"prediction": "ü", "references": "日本"}',
]


@pytest.mark.parametrize("record", RECORDS)
def test_each_record_reads_alike(tmp_path: Path, record: str) -> None:
    path = tmp_path / "in.jsonl"
    good = '{"prediction": "first", "references": "r"}'
    for lines in ([record], [good, record, good]):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        python, core = _both_jsonl(path)
        assert core == python


def test_fields_named_otherwise_and_shared(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text(
        '{"key": "k1", "out": "p", "gold": ["r", "s"], "\\u00e9": 1}\n'
        '{"key": 5, "out": "p", "gold": "r"}\n'
        '{"out": "p", "gold": "r"}\n',
        encoding="utf-8",
    )
    fields = {"prediction_field": "out", "references_field": "gold", "id_field": "key"}
    python, core = _both_jsonl(path, **fields)
    assert core == python and python[1] is None
    same = {"prediction_field": "t", "references_field": "t", "id_field": "t"}
    path.write_text('{"t": "a b"}\n{"t": ["a"]}\n', encoding="utf-8")
    python, core = _both_jsonl(path, **same)
    assert core == python


@pytest.mark.parametrize(
    "raw",
    [
        b"\xff\xfe{\x00}\x00\n",  # UTF-16 with a byte order mark
        b'{\x00"\x00p\x00"\x00\n',  # UTF-16 without one
        b'{"prediction": "caf\xe9", "references": "r"}\n',  # Latin-1
        b'{"prediction": "p", "references": "r"}\n{"prediction": "\xc3", "references": "r"}\n',
        b'\xef\xbb\xbf{"prediction": "p", "references": "r"}\r\n\r\n',
        b'{"prediction": "p", "references": "r"}',  # no final newline
        b'{"prediction": "p", "references": "r"}\n\xef\xbb\xbf{"prediction": "p", '
        b'"references": "r"}\n',  # a byte order mark after line 1
        b"",
        b"\n\n",
    ],
)
def test_bytes_read_alike(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "in.jsonl"
    path.write_bytes(raw)
    python, core = _both_jsonl(path)
    assert core == python


def test_line_too_long(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rin, "MAX_LINE_BYTES", 64)
    path = tmp_path / "in.jsonl"
    ok = '{"prediction": "p", "references": "r"}'
    for line in (ok + " " * 24, ok + " " * 25, ok + " " * 100):
        path.write_text(f"{ok}\n{line}\n", encoding="utf-8")
        python, core = _both_jsonl(path)
        assert core == python


def _mutations(seed: int, n: int) -> Iterator[bytes]:
    rng = random.Random(seed)
    base = [
        json.dumps({"id": "a", "prediction": "the cat\nsat", "references": ["a mat", "é"]}),
        json.dumps({"prediction": "x \u00e9 \U0001f600", "references": "y", "n": [1, 2.5]}),
        json.dumps({"references": [], "prediction": "p", "id": 3}, ensure_ascii=False),
    ]
    alphabet = b'{}[]",:\\ u0123456789abcdefnrtlse-+.E\x00\x1f\xc3\xa9\xff\n\t'
    for _ in range(n):
        line = bytearray(rng.choice(base).encode())
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(len(line) + 1)
            op = rng.random()
            if op < 0.4 and line:
                del line[k : k + rng.randint(1, 3)]
            elif op < 0.8:
                line[k:k] = bytes([rng.choice(alphabet)])
            else:
                line[k:k] = b"\\u" + bytes(rng.choice(b"0123456789abcdefD") for _ in range(4))
        yield bytes(line)


def test_mutated_records_read_alike(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    checked = errors = 0
    for line in _mutations(36, 3000):
        path.write_bytes(b'{"prediction": "p", "references": "r"}\n' + line + b"\n")
        python, core = _both_jsonl(path)
        assert core == python, line
        checked += 1
        errors += python[1] is not None
    assert checked == 3000 and 300 < errors < 2900  # both kinds met often


def _both_lines(paths: list[Path]) -> tuple[Outcome, Outcome]:
    python = _collect(rin.read_line_files(paths[0], paths[1:]))
    core = _collect_chunks(fast.line_file_chunks(paths[0], paths[1:]))
    return python, core


@pytest.mark.parametrize(
    "files",
    [
        [b"a\nb\n", b"x\ny\n"],
        [b"\xef\xbb\xbfa\r\n\n  \nc", b"x\ny\nz\nw", b"1\n2\n3\n4\n"],
        [b"a\nb\n", b"x\n"],
        [b"a\n", b"x\ny\n\xff\n"],
        [b"a\nb\nc\n", b"x\n\xc3\n", b"1\n2\n"],
        [b'{"prediction": "p", "references": "r"}\n', b"x\n"],
        [b'{"prediction": "p"}\n\xff\n', b"x\n\xff\n"],
        [b"a\x00\n", b"x\n"],
        [b"\x00a\x00b\n", b"x\n"],
        [b"", b""],
        [b"", b"x\n"],
    ],
)
def test_line_files_read_alike(tmp_path: Path, files: list[bytes]) -> None:
    paths = []
    for k, raw in enumerate(files):
        paths.append(tmp_path / f"f{k}.txt")
        paths[-1].write_bytes(raw)
    python, core = _both_lines(paths)
    assert core == python
    missing = tmp_path / "missing.txt"
    python, core = _both_lines([paths[0], missing])
    assert core == python


@pytest.mark.parametrize("chunk", [1, 2, 3, 1000])
def test_chunks_and_ids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    monkeypatch.setattr(rin, "CHUNK_SIZE", chunk)
    path = tmp_path / "in.jsonl"
    records = [RECORDS[0], RECORDS[2], RECORDS[4], "", RECORDS[1], RECORDS[8], RECORDS[0]]
    path.write_text("\n".join(records) + "\n", encoding="utf-8")
    python, core = _both_jsonl(path)
    assert core == python and len(python[0]) == 6
    sizes = [len(c) for c in fast.jsonl_chunks(path)]
    assert sizes == [min(chunk, 6 - k) for k in range(0, 6, chunk)]


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    "make",
    [
        lambda d: ["--jsonl", str(d / "in.jsonl")],
        lambda d: ["-p", str(d / "p.txt"), "-r", str(d / "r.txt")],
        lambda d: ["--csv", str(d / "in.csv")],
    ],
)
def test_command_line_reports_alike(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    make: Callable[[Path], list[str]],
) -> None:
    monkeypatch.setattr(rin, "CHUNK_SIZE", 3)
    rows = [("the cat sat", "a cat sat"), ("", "x"), ("b c", ""), ("d e\nf", "d\ne f")] * 3
    with open(tmp_path / "in.jsonl", "w", encoding="utf-8") as f:
        for k, (p, r) in enumerate(rows):
            f.write(json.dumps({"id": k * 1.5, "prediction": p, "references": [r]}) + "\n")
    (tmp_path / "p.txt").write_text("".join(p.replace("\n", " ") + "\n" for p, _ in rows))
    (tmp_path / "r.txt").write_text("".join(r.replace("\n", " ") + "\n" for _, r in rows))
    with open(tmp_path / "in.csv", "w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows([("prediction", "references"), *rows])
    outputs = []
    for python_readers in ("1", "0"):
        monkeypatch.setenv("ROUGEKIT_PYTHON_READERS", python_readers)
        pi = tmp_path / f"pi{python_readers}.jsonl"
        argv = ["score", *make(tmp_path), "--stem", "--ci", "95", "--per-instance", str(pi)]
        outputs.append((_run(argv, capsys), pi.read_text()))
    assert outputs[0] == outputs[1]
    assert "blank reference" in outputs[0][0][2]


needs_311 = pytest.mark.skipif(not fast.TABLES, reason="the core's csv parser is CPython 3.11's")


def _both_table(path: Path, **options: object) -> tuple[Outcome, Outcome]:
    python = _collect(rin.read_table(path, **options))  # type: ignore[arg-type]
    core = _collect_chunks(fast.table_chunks(path, **options))  # type: ignore[arg-type]
    return python, core


TABLES = [
    b"prediction,references\na b,c d\n",
    b'id,prediction,reference\n1,a,b\n2,"x, ""y""\nz",\n\n3,q"r,s\n',
    b"\xef\xbb\xbfprediction,references,references\r\np,r1,r2\r\n",
    b"prediction;references\np;r\n",
    b"prediction\treferences\np\tr\n",
    b'prediction|references\n"p|q"|r\n',
    b"prediction,references\np,r,extra\n",
    b"prediction,references\np\n",
    b'prediction,references\n"p"x,r\n',
    b'prediction,references\n"p,r\n',
    b"prediction,references\np\rq,r\n",
    b"prediction,references\np,r\r",
    b'prediction,references\np,r\n"unterminated\nmore\n',
    b"prediction,references\np,\xff\n",
    b"\x00p\x00r\x00e\n",
    b"other,columns\na,b\n",
    b"\n",
    b"",
    b"prediction,references\n" + b"p," + b"x" * 131072 + b"\n",
    b"prediction,references\n" + b"p," + b"x" * 131073 + b"\n",
    b'prediction,references\n"' + b"y" * 131073 + b'",r\n',
    b'"predic\ntion",references\np,r\n',
    b"prediction,references\n\x00a,b\x00\n",
    "prediction,references\nü,日本\n".encode(),
]


@needs_311
@pytest.mark.parametrize("raw", TABLES)
@pytest.mark.parametrize("delimiter", [",", None, "\t"])
def test_tables_read_alike(tmp_path: Path, raw: bytes, delimiter: str | None) -> None:
    path = tmp_path / "in.csv"
    path.write_bytes(raw)
    python, core = _both_table(path, delimiter=delimiter)
    assert core == python
    named = {"prediction_column": "prediction", "reference_columns": ["references"]}
    python, core = _both_table(path, delimiter=delimiter, id_column="references", **named)
    assert core == python


@needs_311
def test_mutated_tables_read_alike(tmp_path: Path) -> None:
    rng = random.Random(36)
    path = tmp_path / "in.csv"
    base = b'id,prediction,references\n1,"a, b",c\n2,"d ""e""\nf",g\n'
    alphabet = b',;"\n\r\t ab\xc3\xa9\xff\x00'
    errors = 0
    for _ in range(1500):
        raw = bytearray(base)
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(len(raw) + 1)
            if rng.random() < 0.4 and raw:
                del raw[k : k + 1]
            else:
                raw[k:k] = bytes([rng.choice(alphabet)])
        path.write_bytes(bytes(raw))
        python, core = _both_table(path, delimiter=None)
        assert core == python, bytes(raw)
        errors += python[1] is not None
    assert 100 < errors < 1400


def test_chunk_source_iterates_the_pairs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rin, "CHUNK_SIZE", 2)
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join([RECORDS[0], RECORDS[1], RECORDS[2], RECORDS[4]]) + "\n")
    pairs = list(fast.ChunkSource(fast.jsonl_chunks(path)))
    assert pairs == list(rin.read_jsonl(path))
    ids = fast.ChunkIds(next(fast.jsonl_chunks(path)))
    assert (len(ids), ids[-1], ids[:1], list(ids)) == (2, "x1", ["0"], ["0", "x1"])
