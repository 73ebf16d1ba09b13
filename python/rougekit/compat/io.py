"""Compatible ``rouge_score.io``: score files matched by glob patterns and write a CSV.

Same functions, arguments, CSV layout (``%f`` numbers) and errors as rouge-score 0.1.2's
``io`` module, which its ``rouge`` command and its ``io_test.py`` use.
"""

from __future__ import annotations

import glob
import itertools
import logging
from collections.abc import Iterator, Mapping, Sequence
from typing import IO, Any

_log = logging.getLogger(__name__)


def compute_scores_and_write_to_csv(
    target_filepattern: str,
    prediction_filepattern: str,
    output_filename: str,
    scorer: Any,
    aggregator: Any,
    delimiter: str = "\n",
) -> None:
    """Scores the records of the matched files pairwise and writes a CSV: the aggregate
    (``score_type,low,mid,high`` rows) when ``aggregator`` is given, else one row per pair.

    Files are paired in sorted order; each file holds records separated by ``delimiter``.
    Raises ``ValueError`` when the patterns match no file or different numbers of files,
    or when paired files hold different numbers of records.
    """
    targets = _glob(target_filepattern)
    predictions = _glob(prediction_filepattern)
    if not targets or len(targets) != len(predictions):
        raise ValueError(
            "Must have equal and positive number of target and prediction files. Found: "
            f"{len(targets)} target files ({target_filepattern}), {len(predictions)} "
            f"prediction files ({prediction_filepattern})."
        )
    scores = _compute_scores(targets, predictions, scorer, delimiter)
    if aggregator:
        for score in scores:
            aggregator.add_scores(score)
        _write_aggregates_to_csv(output_filename, aggregator.aggregate())
    else:
        _write_scores_to_csv(output_filename, scores)


def _glob(filepattern: str) -> list[str]:
    return glob.glob(filepattern)


def _open(filepattern: str, mode: str = "r") -> IO[Any]:
    return open(filepattern, mode)


def _record_gen(filename: str, delimiter: str) -> Iterator[str]:
    """The records of ``filename``: its text split at ``delimiter``; the text after the last
    delimiter is a record too when it is not empty (with a warning, as rouge-score logs)."""
    if isinstance(delimiter, bytes):
        delimiter = delimiter.decode("utf-8")
    with _open(filename) as f:
        records = f.read().split(delimiter)
    if records[-1]:
        _log.warning("Expected delimiter at end of file")
    else:
        records = records[:-1]
    yield from records


def _compute_scores(
    target_filenames: Sequence[str],
    prediction_filenames: Sequence[str],
    scorer: Any,
    delimiter: str,
) -> list[Any]:
    """``scorer.score(target, prediction)`` for every record pair, files in sorted order."""
    scores = []
    for target_file, prediction_file in zip(sorted(target_filenames), sorted(prediction_filenames)):
        _log.info("Reading targets from %s.", target_file)
        _log.info("Reading predictions from %s.", prediction_file)
        pairs = itertools.zip_longest(
            _record_gen(target_file, delimiter), _record_gen(prediction_file, delimiter)
        )
        for target, prediction in pairs:
            if target is None or prediction is None:
                raise ValueError(
                    "Must have equal number of lines across target and prediction files. "
                    f"Mismatch between files: {target_file}, {prediction_file}."
                )
            scores.append(scorer.score(target, prediction))
    return scores


def _write_aggregates_to_csv(output_filename: str, aggregates: Mapping[str, Any]) -> None:
    """``score_type,low,mid,high`` then ``<type>-R``, ``-P``, ``-F`` rows per type (sorted)."""
    _log.info("Writing results to %s.", output_filename)
    with _open(output_filename, "w") as out:
        out.write("score_type,low,mid,high\n")
        for score_type, agg in sorted(aggregates.items()):
            for suffix, field in (("R", "recall"), ("P", "precision"), ("F", "fmeasure")):
                low, mid, high = (getattr(s, field) for s in (agg.low, agg.mid, agg.high))
                out.write(f"{score_type}-{suffix},{low:f},{mid:f},{high:f}\n")
    _log.info("Finished writing results.")


def _write_scores_to_csv(output_filename: str, scores: Sequence[Mapping[str, Any]]) -> None:
    """``id,<type>-P,<type>-R,<type>-F,...`` then one row per pair (types sorted)."""
    if not scores:
        _log.warning("No scores to write")
        return
    types = sorted(scores[0].keys())
    _log.info("Writing results to %s.", output_filename)
    with _open(output_filename, "w") as out:
        out.write("id" + "".join(f",{t}-P,{t}-R,{t}-F" for t in types) + "\n")
        for i, result in enumerate(scores):
            cells = "".join(
                f",{result[t].precision:f},{result[t].recall:f},{result[t].fmeasure:f}"
                for t in types
            )
            out.write(f"{i}{cells}\n")
    _log.info("Finished writing results.")
