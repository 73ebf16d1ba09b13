"""Paired bootstrap and approximate randomization: outcomes known in advance (identical
systems, a system strictly better), seeding, symmetry, and the CLI's marks."""

from __future__ import annotations

import json
import random
from itertools import product

import numpy as np
import pytest
import rougekit as rk
from conftest import SAMPLE, load_corpus
from rougekit import cli
from rougekit.significance import (
    approximate_randomization,
    compare,
    paired_bootstrap,
)
from rougekit.tables import format_p

RNG = np.random.default_rng(0)
A = RNG.uniform(0, 1, size=300)


def test_identical_systems_have_no_difference():
    boot = paired_bootstrap(A, A.copy(), n_resamples=500, seed=3)
    assert (boot.delta, boot.low, boot.high, boot.p_value) == (0.0, 0.0, 0.0, 1.0)
    assert approximate_randomization(A, A.copy(), n_trials=500, seed=3) == 1.0


def test_a_constant_improvement_is_as_significant_as_the_test_can_say():
    b = A + 0.01
    boot = paired_bootstrap(A, b, n_resamples=999, seed=1)
    # Every resampled difference equals the observed one: none is as far from 0 as... 0.
    assert boot.p_value == 1 / 1000
    assert boot.low == pytest.approx(0.01) and boot.high == pytest.approx(0.01)
    # Only the all-"no swap" sign vector (probability 2**-300) reaches the observed sum.
    assert approximate_randomization(A, b, n_trials=999, seed=1) == 1 / 1000


def test_a_noisy_but_strictly_better_system_is_significant():
    b = np.clip(A + RNG.uniform(0.0, 0.05, size=A.size), 0, 1)
    boot = paired_bootstrap(A, b, n_resamples=1000, seed=0)
    assert boot.delta > 0 and boot.low > 0 and boot.p_value < 0.01
    assert approximate_randomization(A, b, n_trials=1000, seed=0) < 0.01


def test_pure_noise_is_not_significant():
    b = A + RNG.normal(0, 0.05, size=A.size)
    b += A.mean() - b.mean()  # exactly no difference in means (up to rounding)
    assert paired_bootstrap(A, b, n_resamples=500, seed=0).p_value > 0.5
    assert approximate_randomization(A, b, n_trials=500, seed=0) > 0.5


def test_seeded_and_symmetric():
    b = A + RNG.normal(0.01, 0.05, size=A.size)
    one = paired_bootstrap(A, b, n_resamples=300, seed=7)
    assert one == paired_bootstrap(A, b, n_resamples=300, seed=7)
    assert one != paired_bootstrap(A, b, n_resamples=300, seed=8)
    swapped = paired_bootstrap(b, A, n_resamples=300, seed=7)
    assert swapped.delta == pytest.approx(-one.delta)
    assert swapped.p_value == one.p_value
    p = approximate_randomization(A, b, n_trials=300, seed=7)
    assert p == approximate_randomization(b, A, n_trials=300, seed=7)


def test_approximate_randomization_matches_the_exact_permutation_test():
    """On 10 pairs, enumerate all 2**10 sign vectors: the exact p-value. AR with many trials
    must land close to it (a statistical check with a generous margin, seeded)."""
    a = np.array([0.1, 0.5, 0.3, 0.9, 0.2, 0.4, 0.6, 0.7, 0.35, 0.05])
    b = a + np.array([0.1, -0.05, 0.2, 0.0, 0.15, -0.1, 0.05, 0.1, 0.02, 0.08])
    d = b - a
    total = abs(d.sum())
    exact = np.mean([abs(np.dot(s, d)) >= total - 1e-12 for s in product((-1, 1), repeat=d.size)])
    p = approximate_randomization(a, b, n_trials=20000, seed=0)
    assert abs(p - exact) < 0.01


def test_one_pair_is_never_significant():
    assert approximate_randomization([0.2], [0.9], n_trials=100, seed=0) == 1.0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"n_resamples": 0}, "n_resamples"), ({"confidence": 1.5}, "confidence")],
)
def test_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        paired_bootstrap(A, A, **kwargs)


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -float("inf")])
@pytest.mark.parametrize("system", ["a", "b"])
def test_non_finite_scores_are_refused(bad, system):
    """A NaN difference never counts as extreme, so the p-values came out "significant"
    (1/(B+1)); an infinite one no better. The error names the system and the pair."""
    scores = {"a": [0.1, 0.4, 0.3], "b": [0.1, 0.2, 0.5]}
    scores[system][1] = bad
    message = rf"{system}\[1\] is {bad}.*finite"
    with pytest.raises(ValueError, match=message):
        paired_bootstrap(scores["a"], np.array(scores["b"]))
    with pytest.raises(ValueError, match=message):
        approximate_randomization(np.array(scores["a"]), scores["b"])
    # scores so large that the sums of differences overflow: the same garbage
    with pytest.raises(ValueError, match="overflow"):
        paired_bootstrap([1e308, 1e308], [-1e308, -1e308])
    with pytest.raises(ValueError, match="overflow"):
        approximate_randomization([1e308, -1e308], [-1e308, 1e308])


def test_seed_and_threads_are_checked_like_the_scorers():
    """The messages RougeScorer.corpus(seed=...) and RougeScorer(threads=...) give, not the
    core's bare OverflowError (nor threads=0 accepted)."""
    scorer_errors = []
    for make in (
        lambda: rk.RougeScorer("rouge1").corpus(["a"], ["a"], confidence=0.95, seed=-1),
        lambda: rk.RougeScorer("rouge1", threads=0),
    ):
        with pytest.raises(ValueError) as error:
            make()
        scorer_errors.append(str(error.value))
    seed_error, threads_error = scorer_errors
    assert seed_error == "seed must be an integer from 0 to 2**64 - 1, got -1"
    for seed in (-1, 2**64):
        expected = f"seed must be an integer from 0 to 2**64 - 1, got {seed}"
        with pytest.raises(ValueError) as error:
            paired_bootstrap([0.1], [0.2], seed=seed)
        assert str(error.value) == expected
        with pytest.raises(ValueError) as error:
            approximate_randomization([0.1], [0.2], seed=seed)
        assert str(error.value) == expected
    with pytest.raises(ValueError) as error:
        paired_bootstrap([0.1], [0.2], threads=0)
    assert str(error.value) == threads_error
    with pytest.raises(ValueError, match="threads must be an integer from 1 to"):
        paired_bootstrap([0.1], [0.2], threads=10**6)
    with pytest.raises(TypeError, match="seed must be an int"):
        approximate_randomization([0.1], [0.2], seed=1.0)
    # the largest seed and the counts' upper limit are the core's, without an OverflowError
    assert paired_bootstrap([0.1], [0.2], seed=2**64 - 1, threads=np.int64(2)).delta > 0
    with pytest.raises(ValueError, match="n_resamples must be from 1 to 10000000"):
        paired_bootstrap([0.1], [0.2], n_resamples=2**64)
    with pytest.raises(ValueError, match="n_trials must be from 1 to 10000000"):
        approximate_randomization([0.1], [0.2], n_trials=2**64)


def test_compare_checks_its_systems():
    batch = rk.RougeScorer("rouge1").score_batch(["the cat", "a dog"], ["the cat", "the dog"])
    results, columns = [batch.corpus()] * 2, [{"rouge1": batch.fmeasure("rouge1")}] * 2
    assert len(compare(["x", "y"], results, columns, baseline=1).differences) == 1
    # a negative baseline used to test a system against itself (p = 1, never significant)
    for baseline in (-1, 2):
        with pytest.raises(ValueError, match="baseline must be from 0 to 1"):
            compare(["x", "y"], results, columns, baseline=baseline)
    with pytest.raises(ValueError, match="one of each per system"):
        compare(["x", "y", "z"], results, columns)
    with pytest.raises(ValueError, match="seed must be an integer from 0 to 2"):
        compare(["x", "y"], results, columns, seed=-1)
    with pytest.raises(ValueError, match=r"a\[0\] is nan"):
        compare(["x", "y"], results, [{"rouge1": [float("nan"), 0.5]}, columns[1]])


def test_mismatched_lengths():
    with pytest.raises(ValueError, match="one length"):
        approximate_randomization(A, A[:-1])


def test_format_p():
    assert format_p(1.0) == "1.0000" and format_p(0.00001) == "1.0e-05"


# -- through the command line ----------------------------------------------------------------


def _systems(tmp_path):
    rows = load_corpus(SAMPLE)
    refs = tmp_path / "refs.txt"
    refs.write_text("".join(r["references"][0] + "\n" for r in rows))
    base = tmp_path / "base.txt"
    base.write_text("".join(r["prediction"] + "\n" for r in rows))
    # Strictly better: the reference itself for every pair (F = 1 everywhere it was < 1).
    better = tmp_path / "better.txt"
    better.write_text("".join(r["references"][0] + "\n" for r in rows))
    return refs, base, better


def test_cli_identical_systems_are_not_marked(tmp_path, capsys):
    refs, base, _ = _systems(tmp_path)
    code = cli.main(["compare", "-p", str(base), "-p", str(base), "-r", str(refs),
                     "--name", "a", "--name", "b", "-f", "json"])  # fmt: skip
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    for d in out["differences"]:
        assert (d["delta"], d["p_bootstrap"], d["p_randomization"]) == (0.0, 1.0, 1.0)
        assert d["significant"] is False


def test_cli_strictly_better_system_is_marked(tmp_path, capsys):
    refs, base, better = _systems(tmp_path)
    assert cli.main(["compare", "-p", str(base), "-p", str(better), "-r", str(refs)]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.split()[1:2] == ["better"]]
    assert len(rows) == 4 and all(" *" in r for r in rows), out
    assert cli.main(["compare", "-p", str(base), "-p", str(better), "-r", str(refs),
                     "-f", "json"]) == 0  # fmt: skip
    data = json.loads(capsys.readouterr().out)
    assert all(d["significant"] and d["delta"] > 0 for d in data["differences"])
    assert all(d["p_randomization"] == 1 / 10001 for d in data["differences"])


def test_cli_compare_means_equal_score(tmp_path, capsys):
    refs, base, better = _systems(tmp_path)
    args = ["-r", str(refs), "-t", "rouge1", "--ci", "95", "--bootstrap", "200", "--seed", "4"]
    assert cli.main(["compare", "-p", str(base), "-p", str(better), *args, "-f", "json"]) == 0
    cmp = json.loads(capsys.readouterr().out)
    for path in (base, better):
        assert cli.main(["score", "-p", str(path), *args, "-f", "json"]) == 0
        score = json.loads(capsys.readouterr().out)
        system = cmp["systems"][path.stem]["rouge1"]
        assert system["mean"] == score["scores"]["rouge1"]["fmeasure"]
        assert system["ci"] == score["scores"]["rouge1"]["ci"]["fmeasure"]
        assert cmp["signature"] == score["signature"]


def test_cli_all_pairs(tmp_path, capsys):
    refs, base, better = _systems(tmp_path)
    assert cli.main(["compare", "-p", str(base), "-p", str(better), "-p", str(base),
                     "--name", "x", "--name", "y", "--name", "z", "-r", str(refs), "-t",
                     "rouge1", "--all-pairs", "-f", "json", "--trials", "100"]) == 0  # fmt: skip
    pairs = [
        (d["baseline"], d["system"]) for d in json.loads(capsys.readouterr().out)["differences"]
    ]
    assert pairs == [("x", "y"), ("x", "z"), ("y", "z")]


def test_cli_all_pairs_table_names_each_difference(tmp_path, capsys):
    # Every pair is tested: the table lists each difference as "system - baseline" (it had
    # one column "F - previous" holding each system's difference with the first).
    refs, base, better = _systems(tmp_path)
    assert cli.main(["compare", "-p", str(base), "-p", str(better), "-p", str(base),
                     "--name", "x", "--name", "y", "--name", "z", "-r", str(refs), "-t",
                     "rouge1", "--all-pairs", "--trials", "100"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "previous" not in out
    labels = [line.split()[1] for line in out.splitlines() if line.startswith("rouge1")]
    assert labels == ["x", "y", "z", "y", "z", "z"]
    rows = [line.split() for line in out.splitlines() if " - " in line and "rouge1" in line]
    assert [(r[1], r[3]) for r in rows] == [("y", "x"), ("z", "x"), ("z", "y")]


def test_cli_compare_names_pairs_in_another_order(tmp_path, capsys):
    rows = [{"id": f"p{k}", "prediction": f"a cat {k}", "references": [f"the cat {k}"]}
            for k in range(4)]  # fmt: skip
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    first.write_text("".join(json.dumps(r) + "\n" for r in rows))
    second.write_text("".join(json.dumps(r) + "\n" for r in reversed(rows)))
    assert cli.main(["compare", "--jsonl", str(first), "--jsonl", str(second)]) == 1
    err = capsys.readouterr().err
    assert "second: pair 1 is 'p3' where first has 'p0' (which it lists elsewhere)" in err
    assert "same pairs in the same order" in err


def test_cli_compare_refuses_another_order_of_pairs_sharing_references(tmp_path, capsys):
    # Pairs 0-5 share one reference: a file listing them in another order has the same
    # references at every position, and was paired by position, moving the p-values.
    rng = random.Random(5)
    words = ["the", "cat", "sat", "on", "mat", "dog", "ran", "a", "big", "small", "red"]
    refs = ["the cat sat on the mat"] * 6 + [
        " ".join(rng.choice(words) for _ in range(8)) for _ in range(14)
    ]
    a, b = ([{"id": f"p{i}", "prediction": " ".join(rng.choice(words) for _ in range(6)),
              "references": [refs[i]]} for i in range(20)] for _ in range(2))  # fmt: skip
    files = {}
    for name, rows in (("A", a), ("B", b), ("Brev", b[:6][::-1] + b[6:])):
        files[name] = tmp_path / f"{name}.jsonl"
        files[name].write_text("".join(json.dumps(r) + "\n" for r in rows))
    args = ["compare", "-t", "rouge1", "--trials", "200", "--jsonl", str(files["A"])]
    assert cli.main([*args, "--jsonl", str(files["B"])]) == 0
    capsys.readouterr()
    assert cli.main([*args, "--jsonl", str(files["Brev"])]) == 1
    err = capsys.readouterr().err
    assert "Brev: pair 1 is 'p5' where A has 'p0' (which it lists elsewhere)" in err


def test_cli_compare_refuses_an_id_of_the_first_system_found_later(tmp_path, capsys):
    # The second file's first id is one the first file lists only in a later chunk.
    n = 8200  # more than one chunk of 8192 pairs
    rows = [{"id": f"p{i}", "prediction": "a cat", "references": ["the cat"]} for i in range(n)]
    moved = [rows[-1], *rows[1:-1], rows[0]]
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    first.write_text("".join(json.dumps(r) + "\n" for r in rows))
    second.write_text("".join(json.dumps(r) + "\n" for r in moved))
    args = ["compare", "-t", "rouge1", "--trials", "10", "--bootstrap", "10", "--no-progress"]
    assert cli.main([*args, "--jsonl", str(first), "--jsonl", str(second)]) == 1
    assert f"second: pair 1 is 'p{n - 1}' where first has 'p0'" in capsys.readouterr().err


def test_cli_compare_gives_exact_pair_counts(tmp_path, capsys):
    # More than one chunk (8192 pairs): the count was "8192 or more".
    line = json.dumps({"prediction": "a cat", "references": ["the cat"]}) + "\n"
    long, short = tmp_path / "long.jsonl", tmp_path / "short.jsonl"
    long.write_text(line * 9000)
    short.write_text(line * 500)
    assert cli.main(["compare", "--jsonl", str(long), "--jsonl", str(short)]) == 1
    assert "short has 500 pairs but long has 9000: " in capsys.readouterr().err


def test_cli_compare_takes_ids_that_differ_between_systems(tmp_path, capsys):
    # Ids may name the system ("doc|M11"); the same references in the same order compare.
    files = []
    for system in ("M1", "M11"):
        rows = [{"id": f"d{k}|{system}", "prediction": f"a cat {k}", "references": [f"the cat {k}"]}
                for k in range(4)]  # fmt: skip
        files.append(tmp_path / f"{system}.jsonl")
        files[-1].write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert cli.main(["compare", "--jsonl", str(files[0]), "--jsonl", str(files[1]),
                     "--trials", "10", "--bootstrap", "10"]) == 0  # fmt: skip


def test_cli_compare_escapes_system_names_on_the_terminal(tmp_path, capsys):
    # A name from --name or a file name could clear the screen or reverse the text.
    line = json.dumps({"id": "p0", "prediction": "a cat", "references": ["the cat"]}) + "\n"
    a, b = tmp_path / "a.jsonl", tmp_path / "sys\x1b[2J.jsonl"
    a.write_text(line)
    b.write_text(line)
    assert cli.main(["compare", "--jsonl", str(a), "--jsonl", str(b), "--trials", "10"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "sys\\x1b[2J" in out
    args = ["compare", "--jsonl", str(a), "--jsonl", str(b), "--all-pairs", "--trials", "10"]
    assert cli.main([*args, "--name", "x", "--name", "b\u202eevil"]) == 0
    out = capsys.readouterr().out
    assert "\u202e" not in out and "b\\u202eevil" in out


def test_cli_compare_marks_p_values_at_their_floor(tmp_path, capsys):
    same = {"prediction": "the cat sat on the mat", "references": ["the cat sat on the mat"]}
    other = {"prediction": "a dog", "references": ["the cat sat on the mat"]}
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text((json.dumps(same) + "\n") * 30)
    b.write_text((json.dumps(other) + "\n") * 30)
    args = ["compare", "--jsonl", str(a), "--jsonl", str(b), "-t", "rouge1", "--trials", "999"]
    assert cli.main(args) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("rouge1  b"))
    assert row.split()[-2:] == ["<=0.0010", "<=0.0010"]
    assert "<= marks a p-value at its test's floor, 1/(resamples+1) = 0.0010" in out
    b.write_text((json.dumps(same) + "\n") * 30)
    assert cli.main(args) == 0
    assert "<=" not in capsys.readouterr().out  # p = 1: no floor
