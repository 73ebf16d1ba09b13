"""The core's explanations as dicts: a scorer's explainer, a pair's inputs checked as
``score`` checks them, and the scorer a signature records (what :meth:`Explanation.check`
re-derives an explanation with)."""

from __future__ import annotations

import gc
from dataclasses import dataclass, replace
from typing import Any

import rougekit._core as _core
import rougekit.frames as frames
import rougekit.inputs as inputs
import rougekit.signature as sig
from rougekit.config import ScorerConfig

#: The schema id every explanation carries.
SCHEMA = "rougekit.explain/1"

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
    "xlsum-v1+mecab-unidic-lite",
)


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


def explained_dict(
    scorer: Any, prediction: Any, references: list[Any], id: str | None
) -> dict[str, Any]:
    """The dict of ``scorer``'s explanation of one pair (``references``: a list), checked
    and made as ``scorer.explain`` makes it."""
    core = explainer(scorer)
    preds, refs = pairs_of(scorer, prediction, references, single=True)
    profile = scorer.config.profile
    if getattr(profile, "INPUT", "text") == "text":
        (record,) = core.explain_texts(preds, refs)
    else:
        (record,) = core.explain_ids(preds, refs)
    n = len(refs[0])
    head = {
        "schema": SCHEMA,
        "signature": str(scorer.signature(sig.nrefs_field(n, n))),
        "id": id,
        "profile": profile.NAME,
    }
    was_enabled = gc.isenabled()
    gc.disable()  # see Explanation.to_dict
    try:
        return dict(record.to_dict(head))
    finally:
        if was_enabled:
            gc.enable()


@dataclass
class SignedScorer:
    """What explaining needs of a scorer, rebuilt from a signature's settings: its
    configuration and signatures (one thread: one pair at a time)."""

    config: ScorerConfig
    _explainer: Any = None

    def signature(self, nrefs: str) -> sig.Signature:
        return self.config.signature(nrefs=nrefs)


def scorer_of_signature(text: str) -> SignedScorer:
    """The scorer whose explanations carry the signature ``text``: its profile and every
    setting the signature records, made by this rougekit; ``ValueError`` when the signature
    is not one this version makes (another version, a profile or setting it lacks, a data
    folder's own tables), saying why."""
    from rougekit.reproduce import scorer_options

    signature = sig.parse(text)
    fields = signature.fields
    if fields["rougekit"] != _core.__version__:
        raise ValueError(
            f"it was made by rougekit {fields['rougekit']}, this is {_core.__version__}"
        )
    options = scorer_options(signature)
    try:
        config = ScorerConfig.create(
            list(signature.types), profile=fields["profile"], threads=1, **options
        )
        # ``count:`` is the pltrdy family's ``exclusive``, a profile field with no option.
        if "count" in fields and hasattr(config.profile, "exclusive"):
            profile: Any = config.profile
            profile = replace(profile, exclusive=fields["count"] == "distinct")
            config = replace(config, profile=profile)
    except (TypeError, ValueError) as e:
        raise ValueError(f"its settings are not a configuration of this rougekit: {e}") from None
    made = config.signature(nrefs=fields["nrefs"])
    if str(made) != str(signature):
        raise ValueError(f"the settings it names make the signature {str(made)!r}")
    return SignedScorer(config)
