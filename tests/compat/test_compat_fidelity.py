"""``rougekit.compat`` where rouge-score's users and tests reach past ``score()``:
subclasses, pickling, stemmers, the ``io`` module, the ``rouge`` command and the
aggregator's resampling hook, each against rouge-score 0.1.2 itself."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from rougekit.compat import io as compat_io
from rougekit.compat import rouge as compat_rouge
from rougekit.compat import rouge_scorer, scoring, tokenize, tokenizers

rs = pytest.importorskip("rouge_score.rouge_scorer")
rs_io = pytest.importorskip("rouge_score.io")
rs_scoring = pytest.importorskip("rouge_score.scoring")
rs_tokenize = pytest.importorskip("rouge_score.tokenize")
rs_tokenizers = pytest.importorskip("rouge_score.tokenizers")

TARGETS = ["The cat, sat on the mat!", "a dog ran home"]
PREDICTION = "the cat sat on a mat"


def _cleaning(base: type) -> type:
    class Cleaning(base):  # type: ignore[misc, valid-type]
        """A subclass that scores a cleaned prediction, as users write them."""

        def score(self, target: Any, prediction: Any) -> Any:
            return super().score(target, prediction.replace("a mat", "the mat"))

    return Cleaning


def test_score_multi_calls_an_overridden_score() -> None:
    ours = _cleaning(rouge_scorer.RougeScorer)(["rouge1", "rougeL"])
    theirs = _cleaning(rs.RougeScorer)(["rouge1", "rougeL"])
    assert ours.score_multi(TARGETS, PREDICTION) == theirs.score_multi(TARGETS, PREDICTION)
    assert ours.score_multi(TARGETS, PREDICTION) != rouge_scorer.RougeScorer(
        ["rouge1", "rougeL"]
    ).score_multi(TARGETS, PREDICTION)


class Slotted(rouge_scorer.RougeScorer):
    __slots__ = ("label",)


def test_a_subclass_with_slots_keeps_them_through_pickle() -> None:
    scorer = Slotted(["rouge1"], use_stemmer=True)
    scorer.label = "run-7"
    scorer.score("a b", "a b")  # builds a cached engine, which must not travel
    copy = pickle.loads(pickle.dumps(scorer))
    assert copy.label == "run-7"
    assert copy.score(TARGETS[0], PREDICTION) == scorer.score(TARGETS[0], PREDICTION)


class BytesStemmer:
    """A stemmer returning UTF-8 bytes (rouge-score decodes them with six.ensure_str)."""

    def stem(self, word: str) -> bytes:
        return word[:4].encode("utf-8")


def test_tokenize_accepts_a_stemmer_returning_bytes() -> None:
    text = "Running runners ran quickly"
    assert tokenize.tokenize(text, BytesStemmer()) == rs_tokenize.tokenize(text, BytesStemmer())


class Truncating:
    def stem(self, word: str) -> str:
        return word[:3]


def test_setting_the_default_tokenizers_stemmer_takes_effect() -> None:
    text = "The runners were running quickly"
    ours, theirs = tokenizers.DefaultTokenizer(), rs_tokenizers.DefaultTokenizer()
    ours._stemmer = theirs._stemmer = Truncating()
    assert ours.tokenize(text) == theirs.tokenize(text) == ["the", "run", "wer", "run", "qui"]
    scorer = rouge_scorer.RougeScorer(["rouge1"], tokenizer=ours)
    reference = rs.RougeScorer(["rouge1"], tokenizer=theirs)
    assert scorer.score("runners", "running") == reference.score("runners", "running")
    # The stock stemmer is NLTK's Porter, exposed like rouge-score's.
    stock = tokenizers.DefaultTokenizer(use_stemmer=True)
    assert stock._stemmer.stem("running") == rs_tokenizers.DefaultTokenizer(True)._stemmer.stem(
        "running"
    )


def test_bootstrap_resample_is_rouge_scores_and_overridable() -> None:
    matrix = np.random.default_rng(1).random((40, 3))
    np.random.seed(5)
    ours = scoring.BootstrapAggregator()._bootstrap_resample(matrix)
    np.random.seed(5)
    theirs = rs_scoring.BootstrapAggregator()._bootstrap_resample(matrix)
    assert np.array_equal(ours, theirs)

    class Fixed(scoring.BootstrapAggregator):
        def _bootstrap_resample(self, matrix: Any) -> Any:
            return np.stack([matrix.min(axis=0), matrix.mean(axis=0), matrix.max(axis=0)])

    agg = Fixed()
    for value in (0.2, 0.6):
        agg.add_scores({"rouge1": scoring.Score(value, value, value)})
    assert agg.aggregate()["rouge1"].high.fmeasure == 0.6


@pytest.mark.parametrize("aggregate", [False, True])
def test_io_writes_rouge_scores_csv(tmp_path: Path, aggregate: bool) -> None:
    (tmp_path / "t.txt").write_text("the cat sat\na dog ran\nbirds fly high\n")
    (tmp_path / "p.txt").write_text("the cat sat down\na dog\nfish swim\n")
    outputs = []
    for io, sc, sco in ((compat_io, rouge_scorer, scoring), (rs_io, rs, rs_scoring)):
        out = tmp_path / f"{io.__name__}.csv"
        np.random.seed(3)
        agg = sco.BootstrapAggregator() if aggregate else None
        scorer = sc.RougeScorer(["rouge1", "rougeL"], use_stemmer=True)
        io.compute_scores_and_write_to_csv(
            str(tmp_path / "t.txt"), str(tmp_path / "p.txt"), str(out), scorer, agg
        )
        outputs.append(out.read_text())
    assert outputs[0] == outputs[1]
    with pytest.raises(ValueError, match="equal and positive number"):
        compat_io.compute_scores_and_write_to_csv(
            str(tmp_path / "none*"), str(tmp_path / "p.txt"), "x", None, None
        )
    (tmp_path / "short.txt").write_text("one line\n")
    with pytest.raises(ValueError, match="equal number of lines"):
        compat_io.compute_scores_and_write_to_csv(
            str(tmp_path / "short.txt"),
            str(tmp_path / "p.txt"),
            "x",
            rouge_scorer.RougeScorer(["rouge1"]),
            None,
        )


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
def test_rouge_command_writes_the_same_csv(tmp_path: Path) -> None:
    (tmp_path / "t.txt").write_text("the cat sat\na dog ran\n")
    (tmp_path / "p.txt").write_text("the cat sat down\na dog\n")
    csvs = []
    for module in ("rougekit.compat.rouge", "rouge_score.rouge"):
        out = tmp_path / f"{module}.csv"
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                module,
                f"--target_filepattern={tmp_path / 't.txt'}",
                f"--prediction_filepattern={tmp_path / 'p.txt'}",
                f"--output_filename={out}",
                "--rouge_types=rouge1,rougeLsum",
                "--use_stemmer",
                "--noaggregate",
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        assert proc.returncode == 0, proc.stderr
        csvs.append(out.read_text())
    assert csvs[0] == csvs[1]


def _run_rouge_command(module: str, tmp_path: Path, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            module,
            f"--target_filepattern={tmp_path / 't.txt'}",
            f"--prediction_filepattern={tmp_path / 'p.txt'}",
            f"--output_filename={tmp_path / (module + '.csv')}",
            *flags,
        ],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
@pytest.mark.parametrize(
    "flags",
    [
        ("--use_stemmer=true", "--aggregate=false"),
        ("-use_stemmer=T", "--aggregate", "--split_summaries=0", "-aggregate=FALSE"),
    ],
)
def test_rouge_command_takes_absl_boolean_values(tmp_path: Path, flags: tuple[str, ...]) -> None:
    """absl's --flag=VALUE for a boolean flag (argparse's store_true refused any value):
    the per-pair CSV is rouge-score's, byte for byte, and stemmed."""
    (tmp_path / "t.txt").write_text("the cats were running home\na dog ran\n")
    (tmp_path / "p.txt").write_text("a cat runs home\nthe dogs running\n")
    csvs = []
    for module in ("rougekit.compat.rouge", "rouge_score.rouge"):
        proc = _run_rouge_command(module, tmp_path, *flags)
        assert proc.returncode == 0, proc.stderr
        csvs.append((tmp_path / f"{module}.csv").read_bytes())
    assert csvs[0] == csvs[1]
    assert csvs[0].startswith(b"id,rouge1-P,")  # per pair: --aggregate's last value, false
    unstemmed = tmp_path / "unstemmed.csv"
    compat_rouge.main([f"--target_filepattern={tmp_path / 't.txt'}",
                       f"--prediction_filepattern={tmp_path / 'p.txt'}",
                       f"--output_filename={unstemmed}", "--noaggregate"])  # fmt: skip
    assert unstemmed.read_bytes() != csvs[0]


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
def test_rouge_command_refuses_a_non_boolean_value(tmp_path: Path) -> None:
    (tmp_path / "t.txt").write_text("the cat sat\n")
    (tmp_path / "p.txt").write_text("the cat\n")
    for module in ("rougekit.compat.rouge", "rouge_score.rouge"):
        proc = _run_rouge_command(module, tmp_path, "--use_stemmer=yes")
        assert proc.returncode != 0 and "yes" in proc.stderr, proc.stderr
        assert not (tmp_path / f"{module}.csv").exists()


#: Boolean spellings, good and bad, for absl itself to judge.
ABSL_SPELLINGS = [
    *[[f"--use_stemmer={v}"] for v in ("true", "True", "TRUE", "t", "T", "1")],
    *[[f"--aggregate={v}"] for v in ("false", "False", "fAlSe", "f", "F", "0")],
    *[[f"--use_stemmer={v}"] for v in ("yes", "no", "on", "", "2", "01", "1.0", " true")],
    ["--use_stemmer"], ["-use_stemmer"], ["--nouse_stemmer"], ["-noaggregate"],
    ["--use_stemmer", "--nouse_stemmer"], ["--noaggregate", "--aggregate=t"],
    ["--split_summaries=1", "--nosplit_summaries"], ["--nouse_stemmer=true"],
    ["--noaggregate=false"], ["--use_stemmer", "true"], ["--use_stem"], ["---use_stemmer"],
    ["--delimiter", "--x"], ["-rouge_types", "rouge1"], ["--rouge_types"],
]  # fmt: skip


@pytest.mark.parametrize("flags", ABSL_SPELLINGS, ids=" ".join)
def test_rouge_command_reads_flags_as_absl(flags: list[str]) -> None:
    """Each spelling gives the flag values absl gives rouge-score's command, or an error
    where absl's parse (or rouge's main, for a left-over argument) refuses it."""
    absl_flags = pytest.importorskip("absl.flags")
    required = ["--target_filepattern=t", "--prediction_filepattern=p", "--output_filename=o"]
    oracle = absl_flags.FlagValues()
    for name, (default, _) in compat_rouge.BOOLEANS.items():
        absl_flags.DEFINE_boolean(name, default, "", flag_values=oracle)
    for name in compat_rouge.VALUED:
        absl_flags.DEFINE_string(name, None, "", flag_values=oracle)
    try:
        left = oracle(["rouge", *required, *flags])
        expected = None if len(left) > 1 else {n: oracle[n].value for n in compat_rouge.BOOLEANS}
        expected_values = {n: oracle[n].value for n in ("delimiter", "rouge_types")}
    except (absl_flags.Error, ValueError):
        expected = None
    parser = compat_rouge._parser()
    if expected is None:
        with pytest.raises(SystemExit) as error:
            parser.parse_args(compat_rouge._absl_argv(parser, [*required, *flags]))
        assert error.value.code == 2
        return
    args = parser.parse_args(compat_rouge._absl_argv(parser, [*required, *flags]))
    assert {n: getattr(args, n) for n in compat_rouge.BOOLEANS} == expected
    for name, value in expected_values.items():
        if value is not None:
            assert getattr(args, name) == value
