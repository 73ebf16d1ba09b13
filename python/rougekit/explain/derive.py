"""The core's explanations as dicts: a scorer's records, a pair's inputs checked as
``score`` checks them, and the scorer a signature records (what :meth:`Explanation.check`
re-derives an explanation with)."""

from __future__ import annotations

import functools
import gc
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

import rougekit._core as _core
import rougekit.frames as frames
import rougekit.inputs as inputs
import rougekit.profiles as profiles
import rougekit.signature as sig
from rougekit.config import ScorerConfig
from rougekit.profiles import CoreScorer

if TYPE_CHECKING:
    from rougekit.explain.schema import ExplanationDict, Head

#: The schema id every explanation carries.
SCHEMA = "rougekit.explain/1"


class Scorer(Protocol):
    """What explanations ask of a scorer (a ``RougeScorer``, or :class:`SignedScorer`):
    its configuration and its signatures."""

    @property
    def config(self) -> ScorerConfig: ...

    def signature(self, nrefs: str) -> sig.Signature: ...


def refuse_unexplained(scorer: Any) -> None:
    """``ValueError`` when ``scorer``'s profile does not explain its scores, saying why."""
    why = scorer.config.profile.explain_refusal()
    if why is not None:
        raise ValueError(why)


def records(scorer: Any, predictions: list[Any], references: list[list[Any]]) -> Any:
    """The records of the pairs (checked by :func:`pairs_of`), one per pair, made by the
    scorer's own core scorer (:meth:`rougekit.profiles.Profile.explain`)."""
    return scorer.config.profile.explain(scorer._core, predictions, references)


def pairs_of(
    scorer: Any, predictions: Any, references: Any, *, single: bool = False
) -> tuple[list[Any], list[list[Any]]]:
    """The pairs' predictions and each pair's list of references, checked as
    ``score_batch`` (``single``: ``score``) checks them: texts by the core's rules
    (:func:`rougekit.inputs.batch_texts`), token ids by the profile's
    (:func:`rougekit.profiles.token_ids.id_lists`)."""
    if scorer.config.profile.INPUT == "text":
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


def explained_dict(
    scorer: Any, prediction: Any, references: list[Any], id: str | None
) -> ExplanationDict:
    """The dict of ``scorer``'s explanation of one pair (``references``: a list), checked
    and made as ``scorer.explain`` makes it."""
    refuse_unexplained(scorer)
    preds, refs = pairs_of(scorer, prediction, references, single=True)
    profile = scorer.config.profile
    (record,) = records(scorer, preds, refs)
    n = len(refs[0])
    head: Head = {
        "schema": SCHEMA,
        "signature": str(scorer.signature(sig.nrefs_field(n, n))),
        "id": id,
        "profile": profile.NAME,
    }
    was_enabled = gc.isenabled()
    gc.disable()  # see Explanation.to_dict
    try:
        return cast("ExplanationDict", dict(record.to_dict(head)))
    finally:
        if was_enabled:
            gc.enable()


@dataclass
class SignedScorer:
    """What explaining needs of a scorer, rebuilt from a signature's settings: its
    configuration, core scorer and signatures (one thread: one pair at a time)."""

    config: ScorerConfig

    @functools.cached_property
    def _core(self) -> CoreScorer:
        return self.config.profile.scorer(self.config.types, self.config.threads)

    def signature(self, nrefs: str) -> sig.Signature:
        return self.config.signature(nrefs=nrefs)


def scorer_of_signature(text: str) -> SignedScorer:
    """The scorer whose explanations carry the signature ``text``: its profile and every
    setting the signature records, made by this rougekit; ``ValueError`` when the signature
    is not one this version makes (another version, a profile or setting it lacks, a data
    folder's own tables), saying why."""
    signature = sig.parse(text)
    fields = signature.fields
    if fields["rougekit"] != _core.__version__:
        raise ValueError(
            f"it was made by rougekit {fields['rougekit']}, this is {_core.__version__}"
        )
    try:
        profile = profiles.get(fields["profile"]).from_signature(fields)
        config = ScorerConfig.create(list(signature.types), profile=profile, threads=1)
    except (TypeError, ValueError) as e:
        raise ValueError(f"its settings are not a configuration of this rougekit: {e}") from None
    made = config.signature(nrefs=fields["nrefs"])
    if str(made) != str(signature):
        raise ValueError(f"the settings it names make the signature {str(made)!r}")
    return SignedScorer(config)
