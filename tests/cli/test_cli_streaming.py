"""The command line streams its input in chunks yet prints the Python API's numbers, bit for
bit (means and bootstrap CIs); interrupted runs leave no partial output file."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
import rougekit
import rougekit.cli.input_files as rio
import rougekit.cli.run
from conftest import SAMPLE, corpus_names, data_file, load_corpus, named_corpus, plain_copy
from rougekit import _core, cli
from rougekit.aggregate import Accumulator

pytestmark = pytest.mark.filterwarnings("ignore::rougekit.NoTokensWarning")


def api_result(rows, *, stem=False, confidence=None, n_bootstrap=1000, seed=0, types=None):
    scorer = rougekit.RougeScorer(types or rougekit.DEFAULT_TYPES, stemmer=stem)
    return scorer.corpus(
        [r["prediction"] for r in rows],
        [r["references"] for r in rows],
        confidence=confidence,
        n_bootstrap=n_bootstrap,
        seed=seed,
    )


def cli_json(args: list[str], capsys) -> dict:
    assert cli.main([*args, "-f", "json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("chunk", [1, 7, 40, 8192])
def test_chunked_means_and_ci_equal_the_api(chunk, monkeypatch, capsys):
    monkeypatch.setattr(rio, "CHUNK_SIZE", chunk)
    rows = load_corpus(SAMPLE)
    out = cli_json(
        ["score", "--jsonl", str(SAMPLE), "--stem", "--ci", "90", "--bootstrap", "300",
         "--seed", "11"], capsys
    )  # fmt: skip
    assert out == api_result(rows, stem=True, confidence=0.9, n_bootstrap=300, seed=11).to_dict()


def test_real_corpus_equals_the_api(capsys, tmp_path):
    path = plain_copy(data_file("summeval-cnndm/summeval.jsonl"), tmp_path)
    rows = load_corpus(path)
    out = cli_json(["score", "--jsonl", str(path), "--stem", "--ci", "95"], capsys)
    assert out == api_result(rows, stem=True, confidence=0.95).to_dict()
    assert out["signature"].split("|")[6] == "nrefs:11"


def test_cli_ci_depends_on_seed_and_level(capsys):
    """The equality tests above are not vacuous: the interval moves with the seed and the
    level, so a command line that passed either wrongly would differ from the API."""
    rows = load_corpus(SAMPLE)
    out = cli_json(["score", "--jsonl", str(SAMPLE), "--ci", "90", "--seed", "11"], capsys)
    for kwargs in ({"seed": 12, "confidence": 0.9}, {"seed": 11, "confidence": 0.8}):
        other = api_result(rows, **kwargs).to_dict()
        assert other["scores"]["rouge1"]["ci"] != out["scores"]["rouge1"]["ci"]
    assert out == api_result(rows, seed=11, confidence=0.9).to_dict()


def _random_batch(n: int) -> rougekit.BatchResult:
    rng = np.random.default_rng(n)
    preds = [" ".join(rng.choice(list("abcdef"), size=rng.integers(0, 9))) for _ in range(n)]
    refs = [" ".join(rng.choice(list("abcdef"), size=rng.integers(1, 9))) for _ in range(n)]
    return rougekit.RougeScorer(["rouge1", "rougeL"]).score_batch(preds, refs)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 100, 1001])
@pytest.mark.parametrize("seed", [0, 1, 2**63 + 5])
def test_streamed_bootstrap_equals_batch_corpus(n, seed):
    batch = _random_batch(n)
    core = batch.corpus(confidence=0.8, n_bootstrap=257, seed=seed)
    acc = Accumulator(batch.profile, batch.types, keep=True)
    acc.add(batch)
    mine = acc.corpus(batch.signature, confidence=0.8, n_bootstrap=257, seed=seed, threads=2)
    assert mine.to_dict() == core.to_dict()


@pytest.mark.parametrize("chunk", [1, 7, 1000])
@pytest.mark.parametrize("threads", [1, 2])
def test_built_batch_is_the_whole_batch(chunk, threads):
    """Chunks appended to a BatchBuilder give the whole batch back, and its running means
    are BatchScores.corpus's means bit for bit (one exact sum behind both)."""
    batch = _random_batch(1001).scores
    kept, sums = _core.BatchBuilder(True), _core.BatchBuilder(False)
    for start in range(0, len(batch), chunk):
        kept.append(batch.slice(start, start + chunk))
        sums.append(batch.slice(start, start + chunk))
    assert (len(kept), len(sums)) == (1001, 1001)
    means = {t: {f: v[0] for f, v in d.items()} for t, d in batch.corpus(0, 0, 0.9).items()}
    assert {t: {f: v[0] for f, v in d.items()} for t, d in sums.means().items()} == means
    whole = kept.finish()
    assert whole.corpus(500, 42, 0.95, threads) == batch.corpus(500, 42, 0.95)
    for t in batch.types:
        for f in ("precision", "recall", "fmeasure", "int_zero"):
            assert whole.buffer(t, f) == batch.buffer(t, f)
    assert len(kept) == 0  # finish() moved the scores out


def _reference_draws(seed: int, n: int, count: int, threshold: int) -> list[int]:
    """``SplitMix64::below`` of the core, one draw at a time, in Python integers."""
    mask = 2**64 - 1
    state, out = seed, []
    while len(out) < count:
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        z ^= z >> 31
        m = z * n
        if m & mask >= threshold:
            out.append(m >> 64)
    return out


def _reference_bootstrap(columns, n_samples, seed, confidence):
    """The documented algorithm, slowly and independently of the core: SplitMix64 seeded
    with ``seed``, Lemire draws of n indices per resample shared by every column, resample
    sums added left to right in draw order, linear percentiles; the mean is the exact sum
    rounded once (``math.fsum``) over n."""
    n = len(columns[0])
    draws = _reference_draws(seed, n, n * n_samples, (2**64) % n)
    tail = (1.0 - confidence) / 2.0 * 100.0

    def percentile(values, q):
        pos = q / 100.0 * (len(values) - 1)
        lo = math.floor(pos)
        hi = min(lo + 1, len(values) - 1)
        return values[lo] + (values[hi] - values[lo]) * (pos - lo)

    out = []
    for col in columns:
        means = []
        for r in range(n_samples):
            total = 0.0
            for i in draws[r * n : (r + 1) * n]:
                total += col[i]
            means.append(total / n)
        means.sort()
        out.append((math.fsum(col) / n, percentile(means, tail), percentile(means, 100.0 - tail)))
    return out


@pytest.mark.parametrize(("n", "seed"), [(1, 0), (2, 5), (37, 2**64 - 1), (300, 7)])
def test_core_bootstrap_follows_the_documented_algorithm(n, seed):
    batch = _random_batch(n)
    columns = [batch.precision("rouge1").tolist(), batch.fmeasure("rougeL").tolist()]
    want = _reference_bootstrap(columns, 40, seed, 0.9)
    got = batch.scores.corpus(40, seed, 0.9, 2)
    assert [got["rouge1"]["precision"], got["rougeL"]["fmeasure"]] == want


def test_batch_builder_errors():
    one = _random_batch(3).scores
    other = rougekit.RougeScorer(["rouge2"]).score_batch(["a b"], ["a b"]).scores
    builder = _core.BatchBuilder(True)
    builder.append(one)
    with pytest.raises(ValueError, match="cannot append scores of types"):
        builder.append(other)
    assert len(builder) == 3  # a refused chunk adds nothing
    with pytest.raises(ValueError, match="keeps running sums only"):
        _core.BatchBuilder(False).finish()
    with pytest.raises(ValueError, match="confidence must be strictly between 0 and 1"):
        one.corpus(10, 0, 1.0)
    with pytest.raises(ValueError, match="n_bootstrap must be at most"):
        one.corpus(10**8, 0, 0.9)
    assert len(_core.BatchBuilder(True).finish()) == 0


@pytest.mark.parametrize("fmt", ["lines", "jsonl", "csv", "dirs"])
def test_every_input_format_equals_the_api(fmt, tmp_path, capsys):
    rows = load_corpus(SAMPLE)[:12]
    for r in rows:
        r["references"] = [r["references"][0], r["prediction"][::-1]]
    if fmt == "lines":
        (tmp_path / "p").write_text("".join(r["prediction"] + "\n" for r in rows))
        for k in range(2):
            (tmp_path / f"r{k}").write_text("".join(r["references"][k] + "\n" for r in rows))
        args = ["-p", str(tmp_path / "p"), "-r", str(tmp_path / "r0"), "-r", str(tmp_path / "r1")]
    elif fmt == "jsonl":
        (tmp_path / "x.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
        args = ["--jsonl", str(tmp_path / "x.jsonl")]
    elif fmt == "csv":
        import csv

        with open(tmp_path / "x.csv", "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["prediction", "a", "b"])
            w.writerows([r["prediction"], *r["references"]] for r in rows)
        args = ["--csv", str(tmp_path / "x.csv"), "--references-field", "a",
                "--references-field", "b"]  # fmt: skip
    else:
        (tmp_path / "sys").mkdir()
        (tmp_path / "ref").mkdir()
        for i, r in enumerate(rows):
            (tmp_path / "sys" / f"{i:03d}.txt").write_text(r["prediction"] + "\n")
            for k, ref in enumerate(r["references"]):
                (tmp_path / "ref" / f"{i:03d}.{k}.txt").write_text(ref + "\n")
        args = ["-p", str(tmp_path / "sys"), "-r", str(tmp_path / "ref")]
    out = cli_json(["score", *args, "--ci", "95"], capsys)
    assert out == api_result(rows, confidence=0.95).to_dict()


def test_per_instance_values_equal_score_batch(tmp_path, capsys):
    rows = load_corpus(SAMPLE)
    out = tmp_path / "pairs.jsonl"
    assert cli.main(["score", "--jsonl", str(SAMPLE), "--per-instance", str(out)]) == 0
    capsys.readouterr()
    batch = rougekit.RougeScorer().score_batch(
        [r["prediction"] for r in rows], [r["references"] for r in rows]
    )
    written = [json.loads(line) for line in out.read_text().splitlines()]
    assert [w["id"] for w in written] == [r["id"] for r in rows]
    for i, w in enumerate(written):
        assert {t: tuple(w[t].values()) for t in batch.types} == {
            t: tuple(s) for t, s in batch[i].items()
        }


def test_failed_run_leaves_no_output_file(tmp_path, monkeypatch, capsys):
    # A data error on the 3rd chunk: per-instance and report files must not appear.
    monkeypatch.setattr(rio, "CHUNK_SIZE", 2)
    bad = tmp_path / "bad.jsonl"
    lines = [*SAMPLE.read_text().splitlines()[:5], "{oops"]
    bad.write_text("\n".join(lines) + "\n")
    pi, report = tmp_path / "pi.jsonl", tmp_path / "report.txt"
    code = cli.main(["score", "--jsonl", str(bad), "--per-instance", str(pi), "-o", str(report)])
    assert code == 1 and "bad.jsonl:6: malformed JSON" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == [bad]


def test_keyboard_interrupt_exits_130_without_partial_files(tmp_path, monkeypatch, capsys):
    calls = []
    # The command scores each chunk through one function (whichever reader read it).
    real = rougekit.cli.run._score_chunk

    def interrupted(scorer, chunk, where):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(scorer, chunk, where)

    monkeypatch.setattr(rio, "CHUNK_SIZE", 5)
    monkeypatch.setattr(rougekit.cli.run, "_score_chunk", interrupted)
    pi = tmp_path / "pi.csv"
    code = cli.main(["score", "--jsonl", str(SAMPLE), "--per-instance", str(pi)])
    assert code == 130
    assert capsys.readouterr().err == "rougekit: error: interrupted\n"
    assert list(tmp_path.iterdir()) == []


def test_sigint_on_a_real_process(tmp_path):
    """Ctrl-C while the command waits for more input: exit 130, one line, no file."""
    pi = tmp_path / "pi.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "rougekit", "score", "--jsonl", "-", "--per-instance", str(pi)],
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert proc.stdin is not None
    proc.stdin.write(SAMPLE.read_bytes())
    proc.stdin.flush()
    # The temporary per-instance file exists once the command is running its loop.
    for _ in range(600):
        if any(tmp_path.iterdir()):
            break
        time.sleep(0.05)
    assert any(tmp_path.iterdir()), "the command never started"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    proc.stdin.close()
    assert proc.returncode == 130, err
    assert err.decode() == "rougekit: error: interrupted\n"
    assert list(tmp_path.iterdir()) == []


def test_output_file_permissions_are_ordinary(tmp_path, capsys):
    out = tmp_path / "r.txt"
    assert cli.main(["score", "--jsonl", str(SAMPLE), "-o", str(out)]) == 0
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask


def test_memory_is_flat_without_ci(monkeypatch, capsys):
    """Without --ci, compare or plots, no per-pair score is kept."""
    kept = []
    real_init = Accumulator.__init__

    def spy(self, profile, types, *, keep):
        kept.append(keep)
        real_init(self, profile, types, keep=keep)

    monkeypatch.setattr(Accumulator, "__init__", spy)
    assert cli.main(["score", "--jsonl", str(SAMPLE)]) == 0
    assert cli.main(["score", "--jsonl", str(SAMPLE), "--ci", "95"]) == 0
    capsys.readouterr()
    assert kept == [False, True]


def test_lines_reader_is_lazy(tmp_path):
    path = tmp_path / "x.txt"
    path.write_text("a\nb\n")
    it = rio.read_line_files(path, [path])
    assert next(it) == rio.Pair("0", "a", ["a"])


def test_line_endings(tmp_path):
    path = tmp_path / "x.txt"
    path.write_bytes(b"a\r\nb\n\nc")
    assert list(rio.lines(path)) == ["a", "b", "", "c"]
    path.write_bytes(b"")
    assert list(rio.lines(path)) == []


@pytest.mark.parametrize("delimiter", [",", "\t"])
@pytest.mark.parametrize("ending", ["\n", "\r\n"])
def test_a_quoted_cell_keeps_its_line_breaks(tmp_path, delimiter, ending, capsys):
    # The reader once got lines without their ends, so "New York<br>City hall" became
    # "New YorkCity hall": words merged and rougeLsum lost the sentence (review 8, #3).
    path = tmp_path / "x.csv"
    rows = [f"prediction{delimiter}reference", f'"New York{ending}City hall"{delimiter}"a b"',
            f"a b{delimiter}a b"]  # fmt: skip
    path.write_text(ending.join(rows) + ending, newline="")
    pairs = list(rio.read_table(path, delimiter=delimiter))
    assert pairs[0].prediction == "New York\nCity hall" and pairs[1].references == ["a b"]
    flag = "--csv" if delimiter == "," else "--tsv"
    out = cli_json(["score", flag, str(path), "-t", "rouge1,rougeLsum"], capsys)
    expect = rougekit.RougeScorer(["rouge1", "rougeLsum"]).corpus(
        ["New York\nCity hall", "a b"], [["a b"], ["a b"]]
    )
    assert out == expect.to_dict()
    assert "has a newline" not in capsys.readouterr().err


def test_a_jsonl_lone_surrogate_names_the_file_and_line(tmp_path, capsys):
    # Before: "sur.data: pair 2: reference [0] ..." (the system name and a pair index).
    path = tmp_path / "sur.data.jsonl"
    good = '{"prediction": "a", "references": ["a"]}\n'
    path.write_text(good * 2 + '{"prediction": "a", "references": ["b", "a \\udc00 b"]}\n')
    with pytest.raises(
        rio.DataError, match=r"sur\.data\.jsonl:3: field 'references'\[1\] is not valid Unicode"
    ):
        list(rio.read_jsonl(path))
    path.write_text('{"prediction": "\\ud800", "references": "a \\ud83d\\ude00"}\n')
    with pytest.raises(rio.DataError, match=r"jsonl:1: field 'prediction' is not valid Unicode"):
        list(rio.read_jsonl(path))
    path.write_text('{"prediction": "caf\\u00e9 \\ud83d\\ude00", "references": "a"}\n')
    assert next(rio.read_jsonl(path)).prediction == "caf\u00e9 \U0001f600"


def test_a_lone_surrogate_in_an_id_names_the_file_and_line(tmp_path, capsys):
    # Before: `report` and `score --per-instance x.csv` stopped with "an argument is not
    # valid UTF-8" when writing the id.
    path = tmp_path / "ids.jsonl"
    path.write_text(
        '{"id": "a", "prediction": "a", "references": ["a"]}\n'
        '{"id": "a\\ud800", "prediction": "a", "references": ["a"]}\n'
    )
    out = tmp_path / "pi.csv"
    assert cli.main(["score", "--jsonl", str(path), "--per-instance", str(out)]) == 1
    err = capsys.readouterr().err
    assert "ids.jsonl:2: field 'id' is not valid Unicode text (it contains a lone surrogate)" in err
    assert not out.exists()
    page = tmp_path / "r.html"
    assert cli.main(["report", "--jsonl", str(path), "--html", str(page)]) == 1
    assert "ids.jsonl:2: field 'id' is not valid Unicode" in capsys.readouterr().err


PERL_OPTIONS = [
    ([], {}),
    (["--stem", "--stopwords", "--multiref", "B", "--alpha", "0.3"],
     {"stemmer": True, "stopwords": True, "multiref": "B", "alpha": 0.3}),
    (["--limit-words", "12", "--ci", "90", "--bootstrap", "200"],
     {"limit_words": 12, "confidence": 0.9, "n_bootstrap": 200}),
    (["--limit-bytes", "75", "--beta", "2"], {"limit_bytes": 75, "beta": 2.0}),
]  # fmt: skip


@pytest.mark.parametrize(("flags", "kwargs"), PERL_OPTIONS)
def test_perl_profile_equals_the_api_across_chunks(flags, kwargs, monkeypatch, capsys):
    monkeypatch.setattr(rio, "CHUNK_SIZE", 7)
    rows = load_corpus(SAMPLE)
    types = ["rouge1", "rouge2", "rougeL", "rougeW-1.2", "rougeSU4"]
    out = cli_json(["score", "--jsonl", str(SAMPLE), "--profile", "perl-1.5.5", "-t", *types,
                    *flags], capsys)  # fmt: skip
    corpus_kwargs = {k: kwargs.pop(k) for k in ("confidence", "n_bootstrap") if k in kwargs}
    scorer = rougekit.RougeScorer(types, profile="perl-1.5.5", **kwargs)
    api = scorer.corpus(
        [r["prediction"] for r in rows], [r["references"] for r in rows], **corpus_kwargs
    )
    assert out == api.to_dict()


@pytest.mark.parametrize("corpus", corpus_names("rouge155-sample-test/ROUGE-test.jsonl"))
def test_perl_profile_on_the_official_sample(capsys, tmp_path, corpus):
    """ROUGE-1.5.5's sample (with the shared data) and its stand-in (SummEval, 4 references)."""
    rows = named_corpus(corpus)
    path = tmp_path / "corpus.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = cli_json(["score", "--jsonl", str(path), "--profile", "perl-1.5.5", "--stem",
                    "-t", "rouge1", "rouge2", "rougeSU4"], capsys)  # fmt: skip
    api = rougekit.RougeScorer(["rouge1", "rouge2", "rougeSU4"], profile="perl-1.5.5",
                               stemmer=True).corpus(
        [r["prediction"] for r in rows], [r["references"] for r in rows])  # fmt: skip
    assert out == api.to_dict()


def test_perl_signature_round_trips(capsys):
    args = ["score", "--jsonl", str(SAMPLE), "--profile", "perl-1.5.5", "-t", "rouge2",
            "rougeSU4", "--stopwords", "--limit-words", "20", "--multiref", "B", "--alpha",
            "0.25"]  # fmt: skip
    assert cli.main(args) == 0
    out = capsys.readouterr().out
    assert cli.main(["signature", "--parse", out.splitlines()[-1], "-f", "json"]) == 0
    command = json.loads(capsys.readouterr().out)["command"].split()[1:]
    assert cli.main([*command, "--jsonl", str(SAMPLE)]) == 0
    assert capsys.readouterr().out == out


def test_json_lines_given_as_line_files_are_refused(tmp_path, capsys):
    # `-p a.jsonl -r b.jsonl` scored the JSON syntax as words, with exit 0.
    row = {"id": "p0", "prediction": "the cat sat", "references": ["the cat"]}
    a = tmp_path / "a.jsonl"
    a.write_text(json.dumps(row) + "\n")
    assert cli.main(["score", "-p", str(a), "-r", str(a)]) == 1
    err = capsys.readouterr().err
    assert "a.jsonl:1: is a JSON object (fields 'id', 'prediction', 'references')" in err
    assert f"give --jsonl {a}" in err
    text = tmp_path / "t.txt"
    text.write_text("{braces} are text\n{}\n")
    assert cli.main(["score", "-p", str(text), "-r", str(text)]) == 0


def test_a_semicolon_csv_from_excel_is_read(tmp_path, capsys):
    # Excel in a European locale separates with ';' (with a BOM and CRLF): "no column".
    path = tmp_path / "excel.csv"
    path.write_bytes(
        b'\xef\xbb\xbfprediction;reference\r\n"the cat sat on the mat";"the cat is on the mat"\r\n'
    )
    want = rougekit.RougeScorer(["rouge1"]).corpus(
        ["the cat sat on the mat"], ["the cat is on the mat"]
    )
    assert cli_json(["score", "--csv", str(path), "-t", "rouge1"], capsys) == want.to_dict()
    assert cli_json(["score", "--csv", str(path), "-t", "rouge1", "--delimiter", ";"], capsys) == (
        want.to_dict()
    )
    assert cli.main(["score", "--csv", str(path), "--delimiter", ","]) == 1
    assert "the separator with --delimiter" in capsys.readouterr().err
    tsv = tmp_path / "pipes.tsv"
    tsv.write_text("prediction|reference\nthe cat sat on the mat|the cat is on the mat\n")
    args = ["score", "--tsv", str(tsv), "-t", "rouge1", "--delimiter", "|"]
    assert cli_json(args, capsys) == want.to_dict()
    assert cli.main(["score", "--jsonl", str(tsv), "--delimiter", ";"]) == 2
    assert cli.main(["score", "--csv", str(path), "--delimiter", ";;"]) == 2
    assert "--delimiter must be one character" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ("prediction\treference\n".encode("utf-16"), "the file is UTF-16 text"),
        ("prediction\treference\n".encode("utf-16-be"), "the file is UTF-16 text"),
        ("prediction\treference\n".encode("utf-32"), "the file is UTF-32 text"),
        ("prediction\treference\ncaf\xe9\tx\n".encode("latin-1"), "Latin-1 or Windows-1252"),
    ],
)
def test_a_file_in_another_encoding_is_named(tmp_path, capsys, data, says):
    path = tmp_path / "excel.txt"
    path.write_bytes(data)
    assert cli.main(["score", "--tsv", str(path)]) == 1
    err = capsys.readouterr().err
    assert ("not valid UTF-8" in err or "not valid text" in err) and says in err
    assert f"-t UTF-8 {path} > {tmp_path / 'excel.utf8.txt'}" in err
