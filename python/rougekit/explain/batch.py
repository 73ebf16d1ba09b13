"""Explanations from a scorer: the core explainer of its profile, and pairs explained in
chunks (each chunk in parallel in the core, with the GIL released)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import rougekit._core as _core
import rougekit.frames as frames
import rougekit.inputs as inputs
import rougekit.signature as sig
from rougekit.explain.model import SCHEMA, Explanation

#: Tokenizers whose scans report each token's place in the text (``whitespace+<segmenter>``
#: too: its words are pieces of the text).
SPAN_TOKENIZERS = (
    "rouge-score",
    "unicode-v1",
    "character-v1",
    "whitespace",
    "xlsum-v1",
    "xlsum-v1+jieba",
    "xlsum-v1+burmese",
)

#: Pairs explained per call into the core when streaming.
CHUNK = 1024


def explainer(scorer: Any) -> Any:
    """The core explainer of ``scorer``'s profile (made once per scorer).

    A profile may provide its own (``profile.explainer(types, threads)``: an object with
    ``explain_texts(predictions, references)`` returning records with ``to_dict(head)``, as
    perl-1.5.5 does); the rouge-score family's is ``_core.Explainer`` with the engine's
    configuration.
    """
    made = getattr(scorer, "_explainer", None)
    if made is not None:
        return made
    config = scorer.config
    profile = config.profile
    own = getattr(profile, "explainer", None)
    if callable(own):
        made = own(list(config.types), config.threads)
    else:
        from rougekit.profiles.engine import EngineProfile

        if not isinstance(profile, EngineProfile):
            raise ValueError(
                f"explanations are not available for the {profile.NAME!r} profile yet; the "
                "rouge-score family (rouge-score, unicode-v1, character-v1, whitespace, "
                "token-ids) has them"
            )
        tokenizer = str(getattr(profile, "tokenizer", profile.TOKENIZER))
        if tokenizer not in SPAN_TOKENIZERS and not tokenizer.startswith("whitespace+"):
            raise ValueError(
                f"explanations are not available for the {profile.NAME!r} profile yet (its "
                f"tokenizer {tokenizer!r} does not report where its tokens are in the text)"
            )
        if "rougeLsum" in config.types and getattr(profile, "separator", 0) is None:
            raise ValueError(
                "rougeLsum on token ids needs the id that separates sentences: "
                "separator=<id>, or leave rougeLsum out of the types"
            )
        made = _core.Explainer(
            list(config.types),
            profile.stemmer,
            config.threads,
            tokenizer=tokenizer,
            multiref=profile.multiref,
            jackknife=profile.jackknife,
            separator=getattr(profile, "separator", None),
        )
    scorer._explainer = made
    return made


def explain_pairs(
    scorer: Any,
    predictions: Any,
    references: Any,
    ids: Any,
    *,
    single: bool = False,
    chunk: int = CHUNK,
) -> Iterator[Explanation]:
    """The explanations of the pairs, in order, ``chunk`` pairs per call into the core.

    Every argument is checked now, by the rules and with the messages of ``score_batch``
    (``single``: of ``score``, for one pair: ``predictions`` and ``references`` are then
    that pair's, ``ids`` its id or ``None``); the pairs are explained as the iterator is
    read."""
    core = explainer(scorer)
    preds, refs = pairs_of(scorer, predictions, references, single=single)
    checked = check_ids(ids, len(preds), single=single)
    return _explained(scorer, core, preds, refs, checked, chunk)


def pairs_of(
    scorer: Any, predictions: Any, references: Any, *, single: bool = False
) -> tuple[list[Any], list[list[Any]]]:
    """The pairs' predictions and each pair's list of references, checked as
    ``score_batch`` (``single``: ``score``) checks them: texts by the core's rules
    (:func:`rougekit.inputs.batch_texts`), token ids by the profile's
    (:func:`rougekit.profiles.token_ids.id_lists`)."""
    if getattr(scorer.config.profile, "INPUT", "text") == "text":
        if single:
            return [inputs.text(predictions, "prediction")], [
                inputs.references(references, "references")
            ]
        return inputs.batch_texts(predictions, references)
    from rougekit.profiles.token_ids import id_lists

    if single:  # score() checks one pair of ids as the batch's pair 0
        return id_lists([predictions], [references])
    return id_lists(predictions, references)


def check_ids(ids: Any, n: int, *, single: bool = False) -> list[str] | None:
    """The pairs' ids: ``None``, or one str per pair (``score_batch``'s rule), each valid
    Unicode text (as the texts must be: an explanation is written as JSON and HTML).
    ``single``: ``ids`` is one pair's id (``explain(id=...)``) or ``None``."""
    if ids is None:
        return None
    if single:
        return [inputs.text(ids, "id")]
    out = frames.check_ids(ids, n)
    assert out is not None
    for i, value in enumerate(out):
        inputs.text(value, f"ids[{i}]")
    return out


def _explained(
    scorer: Any,
    core: Any,
    predictions: list[Any],
    references: list[list[Any]],
    ids: list[str] | None,
    chunk: int,
) -> Iterator[Explanation]:
    profile = scorer.config.profile
    text = getattr(profile, "INPUT", "text") == "text"
    signatures: dict[int, str] = {}
    for start in range(0, len(predictions), max(chunk, 1)):
        preds = predictions[start : start + chunk]
        refs = references[start : start + chunk]
        records = core.explain_texts(preds, refs) if text else core.explain_ids(preds, refs)
        for k, record in enumerate(records):
            nrefs = len(refs[k])
            if nrefs not in signatures:
                signatures[nrefs] = str(scorer.signature(sig.nrefs_field(nrefs, nrefs)))
            head = {
                "schema": SCHEMA,
                "signature": signatures[nrefs],
                "id": None if ids is None else ids[start + k],
                "profile": profile.NAME,
            }
            yield Explanation._from_core(record, scorer, head)
