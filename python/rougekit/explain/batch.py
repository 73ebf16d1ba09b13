"""Explanations from a scorer: the core explainer of its profile, and pairs explained in
chunks (each chunk in parallel in the core, with the GIL released)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import rougekit._core as _core
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
    "xlsum-v1+newmm",
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


def _as_ids(value: Any) -> list[int]:
    return [int(x) for x in value]


def _id_references(value: Any) -> list[list[int]]:
    """One pair's references as lists of ints: one sequence or several."""
    items = list(value)
    if not items or not hasattr(items[0], "__iter__"):
        return [_as_ids(items)]
    return [_as_ids(r) for r in items]


def explain_pairs(
    scorer: Any,
    predictions: Sequence[Any],
    references: Sequence[Any],
    ids: Sequence[str | None] | None,
    *,
    chunk: int = CHUNK,
) -> Iterator[Explanation]:
    """The explanations of the pairs, in order, ``chunk`` pairs per call into the core. The
    arguments are checked now, the pairs explained as the iterator is read."""
    core = explainer(scorer)
    n = len(predictions)
    if len(references) != n:
        raise ValueError(
            f"predictions and references must have the same length, got {n} predictions "
            f"and {len(references)} references"
        )
    if ids is not None and len(ids) != n:
        raise ValueError(f"ids must have one id per pair, got {len(ids)} for {n} pairs")
    return _explained(scorer, core, predictions, references, ids, chunk)


def _explained(
    scorer: Any,
    core: Any,
    predictions: Sequence[Any],
    references: Sequence[Any],
    ids: Sequence[str | None] | None,
    chunk: int,
) -> Iterator[Explanation]:
    profile = scorer.config.profile
    text = getattr(profile, "INPUT", "text") == "text"
    signatures: dict[int, str] = {}
    for start in range(0, len(predictions), max(chunk, 1)):
        preds = list(predictions[start : start + chunk])
        refs = list(references[start : start + chunk])
        if text:
            records = core.explain_texts(preds, refs)
        else:
            records = core.explain_ids(
                [_as_ids(p) for p in preds], [_id_references(r) for r in refs]
            )
        for k, record in enumerate(records):
            nrefs = 1 if isinstance(refs[k], str) else _count_refs(refs[k], text)
            if nrefs not in signatures:
                signatures[nrefs] = str(scorer.signature(sig.nrefs_field(nrefs, nrefs)))
            head = {
                "schema": SCHEMA,
                "signature": signatures[nrefs],
                "id": None if ids is None else ids[start + k],
                "profile": profile.NAME,
            }
            yield Explanation._from_core(record, scorer, head)


def _count_refs(refs: Any, text: bool) -> int:
    if text:
        return len(refs)
    return len(_id_references(refs))
