"""``rougekit perl``: the ROUGE-1.5.5.pl command line on rougekit's core.

Flow: options (the profile's flag reader, ``profiles/perl155/flags.py``) -> evaluations
from the XML file or ``-z`` list (``eval_config.py``) -> one call of the profile's scorer
for every (peer, evaluation) instance, the core reading the summary files -> per peer and
type: ROUGE-1.5.5's bootstrap over the instances sorted by ``<evalID>.<peerID>`` ->
ROUGE-1.5.5's text (``output.py``).
"""

from __future__ import annotations

import errno
import gc
import os
import sys
from array import array
from collections.abc import Sequence

from rougekit import _core
from rougekit.checks import resolve_threads
from rougekit.perl.eval_config import Evaluation, read_file_list, read_xml_config
from rougekit.perl.formats import bad_line_message
from rougekit.perl.output import (
    BLOCK_RULE,
    DETAIL_RULE,
    detail_order,
    encode_line,
    five_decimals,
    perl_default_number,
)
from rougekit.perl.usage import DETAILS, USAGE
from rougekit.profiles.perl155.errors import PerlDataError, PerlUsageError
from rougekit.profiles.perl155.flags import PerlOptions, build_options, getopts

PROG = "rougekit perl"


class Instance:
    """One (evaluation, peer) pair to score (a plain class: a corpus makes one per
    document, and a frozen dataclass's ``__init__`` costs several times more)."""

    __slots__ = ("eval_id", "models", "peer_id", "peer_path")

    def __init__(
        self, eval_id: str, peer_id: str, peer_path: str, models: list[tuple[str, str]]
    ) -> None:
        self.eval_id = eval_id
        self.peer_id = peer_id
        self.peer_path = peer_path
        self.models = models  # (model id, path); never changed after reading


def _warn(message: str) -> None:
    print(f"{PROG}: warning: {message}", file=sys.stderr)


def _evaluations(opts: PerlOptions) -> list[Evaluation]:
    if opts.list_format is not None:
        peer = opts.system_id if opts.system_id is not None else "X"
        return read_file_list(opts.config, opts.list_format, peer)
    return read_xml_config(opts.config)


def _check_format(ev: Evaluation, opts: PerlOptions) -> str:
    fmt = ev.input_format
    if fmt is None:
        raise PerlDataError(f"{opts.config}: EVAL {ev.eval_id} has no INPUT-FORMAT TYPE")
    if opts.be_mode is not None and fmt != "SIMPLE":
        raise PerlDataError(
            f"{opts.config}: EVAL {ev.eval_id}: -3 (Basic Elements) needs SIMPLE files, not {fmt}"
        )
    if opts.be_mode is None and fmt == "SIMPLE":
        raise PerlDataError(
            f"{opts.config}: EVAL {ev.eval_id}: SIMPLE files hold Basic Elements: "
            "score them with -3 MODE"
        )
    return fmt


def _instances(opts: PerlOptions, evaluations: list[Evaluation]) -> dict[str, list[Instance]]:
    """Instances per peer ID, peers sorted as strings (``-a``) or the one asked for."""
    if opts.all_peers:
        peers = sorted({p for ev in evaluations for p in ev.peers})
    else:
        peers = [opts.system_id if opts.system_id is not None else "X"]
    out: dict[str, list[Instance]] = {}
    for peer in peers:
        found = []
        for ev in evaluations:
            if peer not in ev.peers:
                _warn(f"test instance for peer {peer} does not exist for evaluation {ev.eval_id}")
                continue
            found.append(Instance(ev.eval_id, peer, ev.peers[peer], ev.models))
        if not found:
            raise PerlDataError(
                f"{opts.config}: system ID {peer!r} occurs in no EVAL: nothing to score "
                "(ROUGE-1.5.5 would print zeros)"
            )
        out[peer] = found
    return out


def _score(
    opts: PerlOptions, instances: list[Instance], formats: dict[str, str]
) -> _core.BatchScores:
    """Every instance scored by the profile's scorer: the core reads each summary file once
    (a model is often shared by several peers), in parallel."""
    files: dict[tuple[str, str], int] = {}
    peers: list[int] = []
    models: list[list[int]] = []
    for inst in instances:
        fmt = formats[inst.eval_id]
        peers.append(files.setdefault((inst.peer_path, fmt), len(files)))
        models.append([files.setdefault((path, fmt), len(files)) for _, path in inst.models])
    table = list(files)
    types = [] if opts.be_mode is not None else list(opts.variant_names())
    scorer = opts.profile.scorer(types, resolve_threads(None))
    try:
        return scorer.score_files(table, peers, models, be_mode=opts.be_mode)
    except _core.InputTooLargeError as e:  # over one of rougekit's limits: an error, not a 0
        message, index, model_index = e.args
        inst = instances[index]
        model_id, model_path = inst.models[model_index]
        raise PerlDataError(
            f"ROUGE-W-{opts.wlcs_text}: EVAL {inst.eval_id}, peer {inst.peer_id}, "
            f"model {model_id} ({model_path}): {message}"
        ) from None
    except _core.PerlFileError as e:
        index, line, detail = e.args
        path = table[index][0]
        if line is not None:
            raise PerlDataError(bad_line_message(path, line, detail)) from None
        raise PerlDataError(f"cannot read {_role(path, instances)} {path}: {detail}") from None


def _role(path: str, instances: list[Instance]) -> str:
    """How the first instance that uses ``path`` names it (for an error message)."""
    for inst in instances:
        if inst.peer_path == path:
            return f"peer summary (EVAL {inst.eval_id})"
        if any(model == path for _, model in inst.models):
            return f"model summary (EVAL {inst.eval_id})"
    return "summary"


def _report_failures(
    batch: _core.BatchScores, instances: list[Instance], names: dict[str, str]
) -> None:
    for index, model_index, rouge_type, message in batch.failures:
        inst = instances[index]
        model_id, model_path = inst.models[model_index]
        _warn(
            f"{names[rouge_type]}: EVAL {inst.eval_id}, peer {inst.peer_id}, "
            f"model {model_id} ({model_path}): {message}; this instance scores 0 for it "
            "(ROUGE-1.5.5 dies here)"
        )


def _column(batch: _core.BatchScores, rouge_type: str, field: str) -> array[float]:
    values = array("d")
    values.frombytes(batch.buffer(rouge_type, field))
    return values


def _render(
    opts: PerlOptions,
    by_peer: dict[str, list[Instance]],
    offsets: dict[str, int],
    batch: _core.BatchScores,
    names: dict[str, str],
) -> bytes:
    from_xml = opts.list_format is None
    lines: list[str] = []
    conf = opts.confidence_text
    threads = resolve_threads(None)
    for peer, insts in by_peer.items():
        start = offsets[peer]
        rows = range(start, start + len(insts))
        # The bootstrap sees the instances sorted by "<evalID>.<peerID>" as strings (§10).
        boot = sorted(rows, key=lambda i: f"{insts[i - start].eval_id}.{peer}")
        estimates: dict[str, dict[str, tuple[float, float, float]]] = {}
        if opts.unit != 2:
            estimates = batch.perl_corpus(
                unit=opts.unit, alpha=opts.alpha, resamples=opts.resamples,
                confidence=opts.confidence, order=boot, rounded=False, threads=threads,
            )  # fmt: skip
        for rouge_type in batch.types:
            name = names[rouge_type]
            lines.append(BLOCK_RULE)
            counts = []
            if opts.unit != 0:
                counts = [
                    _column(batch, rouge_type, f) for f in ("ref_total", "pred_total", "hits")
                ]
            if opts.unit == 2:
                totals = [sum(column[i] for i in boot) for column in counts]
                m, p, h = (int(t) for t in totals)  # truncated toward zero (§10.1)
                lines.append(f"{peer} {name} M_count: {m} P_count: {p} H_count: {h}")
            else:
                for letter, field in zip("RPF", ("recall", "precision", "fmeasure")):
                    avg, low, high = estimates[rouge_type][field]
                    lines.append(
                        f"{peer} {name} Average_{letter}: {five_decimals(avg)} "
                        f"({conf}%-conf.int. {five_decimals(low)} - {five_decimals(high)})"
                    )
            if opts.details:
                lines.append(DETAIL_RULE)
                rpf = [_column(batch, rouge_type, f) for f in ("recall", "precision", "fmeasure")]
                for i in (start + i for i in detail_order([inst.eval_id for inst in insts])):
                    if opts.unit == 0:
                        r, p_, f = (five_decimals(column[i]) for column in rpf)
                    else:
                        r, p_, f = (perl_default_number(column[i]) for column in counts)
                    eval_id = insts[i - start].eval_id
                    lines.append(f"{peer} {name} Eval {eval_id}.{peer} R:{r} P:{p_} F:{f}")
    return b"".join(encode_line(line, from_xml=from_xml) for line in lines)


def run(opts: PerlOptions) -> bytes:
    """The whole stdout of one run; raises :class:`PerlDataError`."""
    evaluations = _evaluations(opts)
    formats = {ev.eval_id: _check_format(ev, opts) for ev in evaluations}
    by_peer = _instances(opts, evaluations)
    instances: list[Instance] = []
    offsets: dict[str, int] = {}
    for peer, insts in by_peer.items():
        offsets[peer] = len(instances)
        instances.extend(insts)
    batch = _score(opts, instances, formats)
    names = opts.variant_names()
    _report_failures(batch, instances, names)
    return _render(opts, by_peer, offsets, batch, names)


def _write(data: bytes) -> None:
    if sys.stdout is None:  # started with stdout closed (`>&-`)
        raise OSError(errno.EBADF, "standard output is closed")
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is not None:
        buffer.write(data)
        buffer.flush()
    else:  # a text-only stream (e.g. some test harnesses)
        sys.stdout.write(data.decode("utf-8", "surrogateescape"))


def main(argv: Sequence[str] | None = None) -> int:
    """``rougekit perl [options] CONFIG [SYSTEM_ID]``; returns the exit code: 0, 1 (data or
    output error), 2 (usage) or 130 (interrupted), with one error line on stderr."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print(f"{PROG}: error: interrupted", file=sys.stderr)
        return 130


def _main(argv: Sequence[str] | None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        parsed = getopts(args)
        for message in parsed.warnings:
            _warn(message)
        if parsed.show_help or "h" in parsed.values or "H" in parsed.values:
            print(USAGE + "\n" + DETAILS, end="")
            return 0
        if parsed.show_version:
            from rougekit import __version__

            print(f"rougekit {__version__} (ROUGE-1.5.5 command line)")
            return 0
        opts = build_options(parsed)
    except PerlUsageError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    except PerlDataError as e:  # the -e folder's files
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 1
    for message in opts.warnings:
        _warn(message)
    # One short run that builds ~10 objects per summary and frees them at exit: the cyclic
    # garbage collector only costs time here (measured: a few percent of a CNN/DM run).
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        out = run(opts)
    except PerlDataError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 1
    except (ValueError, TypeError) as e:  # the core refused a setting
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    finally:
        if gc_was_enabled:
            gc.enable()
    try:
        _write(out)
    except BrokenPipeError:  # e.g. piped into head: stop quietly, like Perl
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as e:  # a full disk or device, a closed descriptor
        print(f"{PROG}: error: cannot write the output: {e.strerror or e}", file=sys.stderr)
        return 1
    return 0
