"""From a signature back to the settings behind its numbers and the command line that
reproduces them (``rougekit signature --parse``), with notes on what this version cannot
reproduce exactly."""

from __future__ import annotations

import re
import shlex
from typing import Any

import rougekit.profiles as profiles
import rougekit.sentences as sentences
from rougekit._core import __version__, stemmer_id
from rougekit.segmentation import SEGMENTER_IDS, segmenter_of
from rougekit.signature import Signature, parse_split


def settings_of(signature: Signature, extra: dict[str, str]) -> dict[str, Any]:
    """The scorer and report settings a signature records."""
    f = signature.fields
    ci = None if f["ci"] == "no" else float(f["ci"])
    segmenter = {"segmenter": extra["seg"]} if "seg" in extra else {}
    return {
        "rougekit_version": f["rougekit"],
        "profile": f["profile"],
        "types": list(signature.types),
        "stemmer": f["stem"] if f["stem"] != "no" else None,
        "stopwords": f["sw"] != "no",
        "truncation": None if f["trunc"] == "no" else f["trunc"],
        "references_per_pair": f["nrefs"],
        "multi_reference_rule": f["mref"],
        "alpha": float(f["alpha"]),
        "aggregate": f["agg"],
        "confidence_percent": ci,
        "bootstrap_resamples": None if f["bs"] == "no" else _int_or_text(f["bs"]),
        "seed": None if f["seed"] == "no" else _int_or_text(f["seed"]),
        "rougelsum_sentences": extra.get("split", "newline"),
        **segmenter,
        **({"language": extra["lang"]} if "lang" in extra else {}),
        **({"on_empty": extra["empty"]} if "empty" in extra else {}),
        **({"recipe": extra["recipe"]} if "recipe" in extra else {}),
    }


def _takes_segmenter(profile: str) -> bool:
    """Whether ``profile`` has a ``segmenter=`` option (an unknown profile: assumed so)."""
    return profile not in profiles.names() or "segmenter" in profiles.get(profile).OPTIONS


def options_of(fields: dict[str, str]) -> dict[str, Any]:
    """The ``RougeScorer`` options (``None``: not given) a signature's fields record, read
    by its profile (:meth:`rougekit.profiles.Profile.options_of`); for a profile this
    version does not have, the fields every profile shares."""
    name = fields["profile"]
    if name in profiles.names():
        return profiles.get(name).options_of(fields)
    return profiles.signature_options(fields)


def _int_or_text(value: str) -> int | str:
    """Seeds are integers, except ROUGE-1.5.5's own scheme (``perl``)."""
    try:
        return int(value)
    except ValueError:
        return value


def command_of(signature: Signature, extra: dict[str, str]) -> str:
    """The ``rougekit score`` options that reproduce a signature's numbers."""
    f = signature.fields
    argv = ["rougekit", "score", "-t", *signature.types, "--profile", f["profile"]]
    options = options_of(f)
    stemmer = options["stemmer"]
    argv += [] if stemmer is None else ["--stem"] if stemmer is True else ["--stem", stemmer]
    if "lang" in extra:
        argv += ["--lang", extra["lang"]]
    for option in ("segmenter", "nltk_stopwords", "ja_dict"):
        if options.get(option) is not None:
            argv += ["--" + option.replace("_", "-"), str(options[option])]
    if "empty" in extra:
        argv += ["--on-empty", extra["empty"]]
    if f["sw"] != "no":
        argv.append("--stopwords")
    m = re.fullmatch(r"(words|bytes)[:=]?(\d+)", f["trunc"])
    if m:
        argv += [f"--limit-{m.group(1)}", m.group(2)]
    rule, jackknife, _ = f["mref"].partition("+jackknife")
    try:
        chosen = {k: options[k] for k in ("language", "ja_dict") if options.get(k) is not None}
        default_rule = profiles.create(f["profile"], **chosen).signature_fields()["mref"]
    except ValueError:  # a profile this version does not know: name the rule
        default_rule = ""
    if rule != default_rule:
        argv += ["--multiref", rule]
    if jackknife:
        argv.append("--jackknife")
    if float(f["alpha"]) != 0.5:
        argv += ["--alpha", f["alpha"]]
    if f["ci"] != "no":
        argv += ["--ci", f["ci"], "--bootstrap", f["bs"]]
        if f["seed"].isdigit():
            argv += ["--seed", f["seed"]]
    if "split" in extra:
        unescape, separator, rules = parse_split(extra["split"])
        if unescape:
            argv.append("--unescape-newlines")
        if separator:
            argv += ["--sentence-separator", separator]
        split = None if rules is None else sentences.SentenceSplit.from_name(rules)
        if split is not None:
            argv += ["--split-sentences", split.option]
    return shlex.join(argv)


def scorer_options(signature: Signature) -> dict[str, Any]:
    """The ``RougeScorer`` options (those given) that make the scorer of a signature, its
    types and profile aside."""
    return {k: v for k, v in options_of(signature.fields).items() if v is not None}


def reproduction_notes(signature: Signature, extra: dict[str, str]) -> list[str]:
    """What ``command_of`` cannot carry: another input, a data folder's own tables, another
    Snowball version, settings this version would refuse."""
    f = signature.fields
    name = f["profile"]
    if name not in profiles.names():
        return [f"profile {name!r} is not in rougekit {__version__}"]
    notes = []
    if profiles.get(name).INPUT != "text":
        split = extra.get("split", "")
        separator = f", separator={split[7:]}" if split.startswith("sep-id=") else ""
        notes.append(
            f"the {name!r} profile scores token ids, which the command line does not read; "
            f"in Python: rougekit.RougeScorer({list(signature.types)!r}, profile={name!r}"
            f"{separator})"
        )
    if f["stem"].startswith("db-") or f["sw"].startswith("list-"):
        notes.append(
            "scored with a ROUGE data folder's own tables (stem:db-..., sw:list-... name "
            "them by content hash); the command uses the built-in ones: reproduce with that "
            "folder, rougekit perl -e DIR or RougeScorer(..., data_dir=DIR)"
        )
    m = re.fullmatch(r"snowball-([^:]+):(.+)", f["stem"])
    if m:
        try:
            mine = stemmer_id("snowball:" + m.group(2))
        except ValueError:
            mine = ""
        if mine != f["stem"]:
            notes.append(
                f"stemmed by Snowball {m.group(1)} ({f['stem']}); this rougekit has "
                f"{mine or 'no such stemmer'}: stems, and so scores, may differ"
            )
    if "seg" in extra and not _takes_segmenter(name):
        try:  # the profile's own segmenter for the signature's language (and dictionary)
            own = profiles.get(name).from_signature(f).signature_fields().get("seg")
        except ValueError:
            own = None
        if own != extra["seg"]:
            notes.append(
                f"segmented by {extra['seg']}; rougekit {__version__}'s {name!r} profile "
                f"segments with {own or 'no segmenter'} here: words, and so scores, may differ"
            )
    elif "seg" in extra and segmenter_of(extra["seg"]) is None:
        notes.append(
            f"segmented by {extra['seg']}, which rougekit {__version__} does not have (it has "
            f"{', '.join(SEGMENTER_IDS.values())}); the command scores the texts unsegmented"
        )
    if "split" in extra:
        rules = parse_split(extra["split"])[2]
        if rules is not None and not rules.startswith("sep-id="):
            splitter = sentences.SentenceSplit.from_name(rules)
            if splitter is None:
                notes.append(
                    f"sentences split by {rules}, which rougekit {__version__} does not have; "
                    "the command splits them at newlines only"
                )
            elif splitter.name != rules:
                notes.append(
                    f"sentences split by {rules}; this rougekit has {splitter.name}: "
                    "sentences, and so rougeLsum, may differ"
                )
    if extra.get("acc") == "streaming":
        notes.append(
            "accumulated in streaming mode (rougekit.CorpusAccumulator(mode='streaming'), "
            "rougekit.dask): the same means; its CI is a Poisson bootstrap keyed by pair id, "
            "which the command's --ci (the index bootstrap) does not run"
        )
    try:
        profile = profiles.create(name, **options_of(f))
    except (TypeError, ValueError) as e:
        notes.append(f"these settings are not a configuration of rougekit {__version__}: {e}")
        return notes
    # A value the command cannot carry (`stem:banana`, `trunc:w100`) must not pass for one
    # it does: compare with the signature the command's settings make.
    made = profile.signature_fields()
    noted = {"stem", "sw"} if f["stem"].startswith("db-") or f["sw"].startswith("list-") else set()
    if m:
        noted.add("stem")
    for key in ("stem", "sw", "trunc", "mref", "alpha"):
        if key in noted or key not in made:
            continue
        same = float(made[key]) == float(f[key]) if key == "alpha" else made[key] == f[key]
        if not same:
            notes.append(
                f"{key}:{f[key]} is not a setting of rougekit {__version__}; the command "
                f"gives {key}:{made[key]}"
            )
    return notes
