"""Which scorer made this number? :func:`identify` scores the outputs under every profile,
recipe and option that changes a number and keeps the configurations that reproduce every
reported number to its printed digits.

>>> import rougekit as rk
>>> matches = rk.identify(predictions, references, {"rouge1": "39.53", "rouge2": "17.28"})
>>> matches[0].signature   # doctest: +SKIP
'rougekit:0.1.0|profile:perl-1.5.5|...|stem:perl-porter+wordnet-2.0|...'

A configuration is first scored on the one reported type that is cheapest (an n-gram type
before an LCS type), and only the ones that match it are scored on the others, so the
search costs about one scoring run per configuration of that type.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Any

#: Length limits tried with ROUGE-1.5.5 (its ``-l`` and ``-b``: DUC's 75 and 100 words,
#: 75, 275 and 665 bytes).
WORD_LIMITS = (75, 100)
BYTE_LIMITS = (75, 275, 665)

_ALIASES = {
    "r1": "rouge1", "r2": "rouge2", "r3": "rouge3", "r4": "rouge4", "rl": "rougeL",
    "rlsum": "rougeLsum", "rsu4": "rougeSU4", "rs4": "rougeS4",
}  # fmt: skip


@dataclass(frozen=True)
class Match:
    """A configuration that reproduces every reported number."""

    #: ``profile:<name> <options>`` or ``recipe:<name>``.
    name: str
    #: The signature of its numbers.
    signature: str
    #: Its numbers, at the reported scale, full precision, by reported type.
    values: dict[str, float]
    #: How to score with it (Python).
    how: str


@dataclass(frozen=True)
class _Reported:
    rouge_type: str
    text: str
    digits: int

    def matches(self, value: float, percent: bool) -> bool:
        scaled = value * 100 if percent else value
        return f"{scaled:.{self.digits}f}" == self.text


def _type_name(key: str) -> str:
    compact = re.sub(r"[\s_\-]", "", key).lower()
    if compact in _ALIASES:
        return _ALIASES[compact]
    if compact.startswith("rouge"):
        rest = compact[5:]
        if rest == "l":
            return "rougeL"
        if rest == "lsum":
            return "rougeLsum"
        if rest.isdigit():
            return f"rouge{int(rest)}"
        if rest.startswith(("su", "s")) and rest.lstrip("su").isdigit():
            return ("rougeSU" if rest.startswith("su") else "rougeS") + rest.lstrip("su")
    raise ValueError(f"unknown reported ROUGE type {key!r} (e.g. rouge1, rouge2, rougeL)")


def _reported(reported: Mapping[str, Any]) -> list[_Reported]:
    if not reported:
        raise ValueError("reported is empty: give at least one number, e.g. {'rouge1': '39.53'}")
    out = []
    for key, value in reported.items():
        text = value if isinstance(value, str) else repr(float(value))
        text = text.strip().rstrip("%")
        try:
            number = Decimal(text)
        except ArithmeticError:
            raise ValueError(f"reported {key}={value!r} is not a number") from None
        exponent = number.as_tuple().exponent
        digits = -exponent if isinstance(exponent, int) and exponent < 0 else 0
        out.append(_Reported(_type_name(key), f"{number:.{digits}f}", digits))
    return out


def _profile_configs(
    nrefs: int, chinese: bool, splits: Sequence[str | None]
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every profile configuration that can change a number (name, RougeScorer options);
    ``splits``: the ``split_sentences`` values that can change a reported number."""
    rules_perl = ("pooled", "best-recall") if nrefs > 1 else (None,)
    rules_score = ("best-f", "mean") if nrefs > 1 else (None,)
    for split in splits:
        for rule in rules_score:
            for stem in (False, True):
                yield "rouge-score", {"stemmer": stem, "multiref": rule, "split_sentences": split}
            stems: tuple[bool | str, ...] = (False, "snowball:english")
            for unicode_stem in stems:
                yield "unicode-v1", {"stemmer": unicode_stem, "multiref": rule,
                                     "split_sentences": split}  # fmt: skip
        for stem in (False, True):
            yield "xlsum-v1", {"stemmer": stem, "language": "english", "split_sentences": split}
    for rule in rules_perl:
        perl_stems: tuple[bool | str, ...] = (False, True, "porter")
        for perl_stem in perl_stems:
            for stopwords in (False, True):
                base = {"stemmer": perl_stem, "stopwords": stopwords, "multiref": rule}
                yield "perl-1.5.5", base
                for split in splits[1:]:  # ROUGE-L is summary-level: sentences matter
                    yield "perl-1.5.5", {**base, "split_sentences": split}
                for n in WORD_LIMITS:
                    yield "perl-1.5.5", {**base, "limit_words": n}
                for n in BYTE_LIMITS:
                    yield "perl-1.5.5", {**base, "limit_bytes": n}
    if nrefs == 1:
        yield "pltrdy-1.0.1", {"on_empty": "zero"}
        if chinese:
            yield "rouge-chinese-1.0.3", {"on_empty": "zero"}
            yield "rouge-chinese-1.0.3", {"on_empty": "zero", "segmenter": "jieba"}


def _options_text(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in options.items())


def identify(
    predictions: Sequence[str],
    references: Sequence[Any],
    reported: Mapping[str, Any],
    *,
    split_sentences: Sequence[str] = ("newline", "punkt", "rules"),
    threads: int | None = None,
) -> list[Match]:
    """The configurations (profiles with options, and recipes) whose corpus numbers print
    as ``reported`` (``{"rouge1": "39.53", ...}``: strings keep their printed digits; a
    float's digits are those of its ``repr``). Numbers above 1 are read as percentages,
    others as fractions or percentages. F-measures, rougekit's corpus rule per profile
    (ROUGE-1.5.5's printed Average); ``split_sentences``: the sentence splitting tried for
    the LCS types (``RougeScorer``'s ``split_sentences`` values: ``"newline"``, ``"punkt"``,
    ``"rules"``)."""
    import warnings

    import rougekit.recipes as recipes
    from rougekit.scorer import RougeScorer

    wanted = _reported(reported)
    percent_options = [True] if any(Decimal(w.text) > 1 for w in wanted) else [False, True]
    order = sorted(wanted, key=lambda w: w.rouge_type.startswith("rougeL"))
    preds = list(predictions)
    refs = list(references)
    nrefs = max((1 if isinstance(r, str) else len(r)) for r in refs) if refs else 1
    chinese = any(any("\u4e00" <= c <= "\u9fff" for c in p[:200]) for p in preds[:50])
    lcs = any(w.rouge_type.startswith("rougeL") for w in wanted)
    splits: list[str | None] = [None, *(x for x in split_sentences if x != "newline")] if lcs \
        else [None]  # fmt: skip
    out: list[Match] = []

    def scale_of(values: dict[str, float]) -> bool | None:
        """The scale (percent or not) at which ``values`` (fractions) print as reported,
        for the reported types they hold; ``None`` for none."""
        for percent in percent_options:
            if all(w.matches(values[w.rouge_type], percent) for w in wanted
                   if w.rouge_type in values):  # fmt: skip
                return percent
        return None

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for profile, options in _profile_configs(nrefs, chinese, splits):
            options = {k: v for k, v in options.items() if v is not None and v is not False}
            p_texts, r_texts = preds, refs
            values: dict[str, float] = {}
            try:
                for w in order:
                    types = [w.rouge_type]
                    if profile.startswith(("pltrdy", "rouge-chinese")) and (
                        w.rouge_type not in ("rouge1", "rouge2", "rougeL")
                    ):
                        raise ValueError("type not in this profile")
                    scorer = RougeScorer(types, profile=profile, threads=threads, **options)
                    corpus = scorer.corpus(p_texts, r_texts)
                    values[w.rouge_type] = float(corpus.mean[w.rouge_type].fmeasure)
                    if scale_of(values) is None:
                        break
                else:
                    full = RougeScorer([w.rouge_type for w in wanted], profile=profile,
                                       threads=threads, **options)  # fmt: skip
                    signature = full.corpus(p_texts, r_texts).signature
                    opts = _options_text(options)
                    how = f"rk.RougeScorer({[w.rouge_type for w in wanted]!r}, profile=" \
                          f"{profile!r}{', ' + opts if opts else ''})"  # fmt: skip
                    out.append(Match(
                        f"profile:{profile}" + (f" {opts}" if opts else ""),
                        str(signature),
                        _at(values, scale_of(values)),
                        how,
                    ))  # fmt: skip
            except ValueError:
                continue
        seen: dict[tuple[Any, ...], dict[str, float] | None] = {}
        for name in recipes.names():
            recipe = recipes.get(name)
            covered = [w for w in wanted if w.rouge_type in recipe.types]
            if len(covered) != len(wanted) or recipe.kwargs or recipe.profile == "token-ids":
                continue
            if recipe.golds == "single" and nrefs > 1:
                continue
            # Recipes of one harness often run the same steps (MLPerf's gpt-j, llama2-70b,
            # llama3.1-8b, mixtral): score each set of steps once.
            same = _number_fields(recipe)
            if same not in seen:
                try:
                    seen[same] = recipe.compute(preds, refs, threads=threads)
                except ValueError:
                    seen[same] = None
            numbers = seen[same]
            if numbers is None:
                continue
            by_type = {t: numbers[k] for t, k in zip(recipe.types, recipe.fmeasure_keys())}
            fractions = {t: v / recipe.corpus_scale for t, v in by_type.items()}
            percent = scale_of(fractions)
            if percent is not None:
                out.append(Match(
                    f"recipe:{name}", str(recipe.signature),
                    {w.rouge_type: by_type[w.rouge_type] for w in wanted},
                    f"rougekit.recipes.get({name!r}).compute(predictions, references)",
                ))  # fmt: skip
    return out


def _number_fields(recipe: Any) -> tuple[Any, ...]:
    """Everything of ``recipe`` that decides its numbers (not its name or description)."""
    skip = {"name", "harness", "source", "does"}
    return (type(recipe), *(getattr(recipe, f.name) for f in fields(recipe) if f.name not in skip))


def _at(values: dict[str, float], percent: bool | None) -> dict[str, float]:
    return {t: v * 100 if percent else v for t, v in values.items()}
