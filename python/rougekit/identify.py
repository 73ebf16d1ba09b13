"""Which scorer made this number? :func:`identify` scores the outputs under every profile,
recipe and option that changes a number and keeps the configurations that reproduce every
reported number to its printed digits.

>>> import rougekit as rk
>>> matches = rk.identify(predictions, references, {"rouge1": "39.53", "rouge2": "17.28"})
>>> matches[0].signature   # doctest: +SKIP
'rougekit:0.1.0|profile:perl-1.5.5|...|stem:perl-porter+wordnet-2.0|...'

A configuration is first scored on the one reported type that is cheapest (an n-gram type
before an LCS type), and only the ones that match it are scored on the others, so the
search costs about one scoring run per configuration of that type. Each sentence splitter
runs once over the texts; where it changed only whitespace, the types that read no
sentences are scored once for the configurations that differ only in the splitter
(``_READS_SENTENCES``).
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
    from rougekit.recipes.steps import shared_jieba
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

    texts = _Texts(preds, refs, threads)
    # Corpus values already computed, by what decides them: (profile, options, type).
    memo: dict[tuple[str, tuple[tuple[str, Any], ...], str], float] = {}

    def value(profile: str, options: dict[str, Any], rouge_type: str) -> float:
        split = options.get("split_sentences")
        key_options = options
        flat = profile in _READS_SENTENCES and rouge_type not in _READS_SENTENCES[profile]
        if split is not None and flat and texts.same_tokens(split):
            # The splitter only changed whitespace here, which these profiles' tokens never
            # hold: this type's value is the one without the splitter (see _READS_SENTENCES).
            key_options = {k: v for k, v in options.items() if k != "split_sentences"}
        key = (profile, tuple(key_options.items()), rouge_type)
        if key not in memo:
            p_texts, r_texts = texts.split(key_options.get("split_sentences"))
            unsplit = {k: v for k, v in key_options.items() if k != "split_sentences"}
            scorer = RougeScorer([rouge_type], profile=profile, threads=threads, **unsplit)
            memo[key] = float(scorer.corpus(p_texts, r_texts).mean[rouge_type].fmeasure)
        return memo[key]

    with warnings.catch_warnings(), shared_jieba():
        warnings.simplefilter("ignore")
        for profile, options in _profile_configs(nrefs, chinese, splits):
            options = {k: v for k, v in options.items() if v is not None and v is not False}
            values: dict[str, float] = {}
            try:
                for w in order:
                    if profile.startswith(("pltrdy", "rouge-chinese")) and (
                        w.rouge_type not in ("rouge1", "rouge2", "rougeL")
                    ):
                        raise ValueError("type not in this profile")
                    values[w.rouge_type] = value(profile, options, w.rouge_type)
                    if scale_of(values) is None:
                        break
                else:
                    full = RougeScorer([w.rouge_type for w in wanted], profile=profile,
                                       threads=threads, **options)  # fmt: skip
                    signature = full.corpus(preds, refs).signature
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
                except (ValueError, ModuleNotFoundError):  # torch-mean recipes without torch
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


#: The profiles whose tokens, for every type but those listed, are the same for two texts
#: that differ only in runs of space, tab, newline and carriage return (each of these
#: separates tokens and none is kept in one), with the types that read sentences. Their
#: tokenizers: rouge-score's (``[^a-z0-9]`` separates), ROUGE-1.5.5's (ASCII letters and
#: digits are token bytes; its n-grams are read from the sentences' tokens joined, ROUGE-L
#: and ROUGE-W per sentence), XL-Sum's English (BERT's cleaning makes those four a space).
_READS_SENTENCES: dict[str, tuple[str, ...]] = {
    "rouge-score": ("rougeLsum",),
    "xlsum-v1": ("rougeLsum",),
    "perl-1.5.5": ("rougeL", "rougeW", "rougeLsum"),
}
#: The whitespace those tokenizers all separate on.
_SEPARATORS = re.compile(r"[ \t\n\r]+")


class _Texts:
    """The pairs' texts, split by each sentence splitter once (not once per configuration),
    as :class:`~rougekit.scorer.RougeScorer` splits them before scoring."""

    def __init__(self, predictions: list[str], references: list[Any], threads: int | None):
        self._plain = (predictions, references)
        self._threads = threads
        self._split: dict[str, tuple[Any, Any]] = {}
        self._same: dict[str, bool] = {}

    def split(self, split: str | None) -> tuple[Any, Any]:
        """The predictions and references as a scorer with ``split_sentences=split`` reads
        them (``None``: as given)."""
        if split is None:
            return self._plain
        if split not in self._split:
            from rougekit.checks import resolve_threads
            from rougekit.scorer import _split_batch
            from rougekit.sentences import SentenceSplit

            splitter = SentenceSplit.parse(split)
            assert splitter is not None
            self._split[split] = _split_batch(
                splitter, *self._plain, resolve_threads(self._threads)
            )
        return self._split[split]

    def same_tokens(self, split: str) -> bool:
        """True when the splitter changed only runs of space, tab, newline and carriage
        return (and the ends) in every text."""
        if split not in self._same:
            p_split, r_split = self.split(split)
            preds, refs = self._plain
            before = [*preds, *(r for rs in refs for r in ([rs] if isinstance(rs, str) else rs))]
            after = [*p_split, *(r for rs in r_split for r in rs)]
            self._same[split] = len(before) == len(after) and all(
                a == b or _words(a) == _words(b) for a, b in zip(before, after)
            )
        return self._same[split]


def _words(text: str) -> list[str]:
    return _SEPARATORS.split(text.strip(" \t\n\r"))


def _number_fields(recipe: Any) -> tuple[Any, ...]:
    """Everything of ``recipe`` that decides its numbers (not its name or description)."""
    skip = {"name", "harness", "source", "does"}
    return (type(recipe), *(getattr(recipe, f.name) for f in fields(recipe) if f.name not in skip))


def _at(values: dict[str, float], percent: bool | None) -> dict[str, float]:
    return {t: v * 100 if percent else v for t, v in values.items()}
