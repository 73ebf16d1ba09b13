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
from dataclasses import replace

import rougekit._core as _core
from rougekit.checks import resolve_threads
from rougekit.errors import PerlDataError, PerlUsageError
from rougekit.perl.eval_config import Evaluation, read_file_list, read_xml_plan
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
from rougekit.profiles.perl155.flags import ParsedArgs, PerlOptions, build_options, getopts

PROG = "rougekit perl"


class _ListPlan:
    """The run of a ``-z`` file list, planned in Python with the interface of the core's
    :class:`~rougekit._core.PerlRunPlan` (XML configurations): a list is small, and its
    names are file-system bytes (``os.fsdecode``) that the core's strings cannot hold."""

    def __init__(self, evaluations: list[Evaluation], peer: str) -> None:
        self._evaluations = evaluations
        self.peers = [peer]
        self.missing = [(peer, ev.eval_id) for ev in evaluations if peer not in ev.peers]
        self._instances = [ev for ev in evaluations if peer in ev.peers]
        self.starts = [0, len(self._instances)]
        self._files: dict[tuple[str, str], int] = {}
        self._peer_files: list[int] = []
        self._model_files: list[list[int]] = []
        for ev in self._instances:
            key = (ev.peers[peer], ev.input_format or "")
            self._peer_files.append(self._files.setdefault(key, len(self._files)))
            self._model_files.append(
                [self._files.setdefault((path, key[1]), len(self._files)) for _, path in ev.models]
            )
        self._table = list(self._files)

    def __len__(self) -> int:
        return len(self._instances)

    def format_problem(self, be: bool) -> tuple[str, str | None, str] | None:
        for ev in self._evaluations:
            fmt = ev.input_format
            if fmt is None:
                return ev.eval_id, None, "missing"
            if be and fmt != "SIMPLE":
                return ev.eval_id, fmt, "not-simple"
            if not be and fmt == "SIMPLE":
                return ev.eval_id, fmt, "simple"
        return None

    def boot_order(self, p: int) -> list[int]:
        peer = self.peers[p]
        return sorted(range(len(self)), key=lambda i: f"{self._instances[i].eval_id}.{peer}")

    def eval_ids(self, p: int) -> list[str]:
        return [ev.eval_id for ev in self._instances]

    def instance(self, i: int) -> tuple[str, str, str, list[tuple[str, str]]]:
        ev = self._instances[i]
        return ev.eval_id, self.peers[0], ev.peers[self.peers[0]], ev.models

    def file_path(self, k: int) -> str:
        return self._table[k][0]

    def score(self, scorer: _core.PerlScorer, be_mode: str | None) -> _core.BatchScores:
        return scorer.score_files(self._table, self._peer_files, self._model_files, be_mode=be_mode)


_Plan = _core.PerlRunPlan | _ListPlan


def _warn(message: str) -> None:
    print(f"{PROG}: warning: {message}", file=sys.stderr)


def _plan(opts: PerlOptions) -> _Plan:
    """The run: which peers, their instances and files. XML: planned by the core (``-a``:
    every peer ID, sorted as strings; else the one asked for); ``-z``: one peer."""
    peer = opts.system_id if opts.system_id is not None else "X"
    if opts.list_format is not None:
        return _ListPlan(read_file_list(opts.config, opts.list_format, peer), peer)
    return read_xml_plan(opts.config, None if opts.all_peers else peer)


def _check_formats(plan: _Plan, opts: PerlOptions) -> None:
    """ROUGE-1.5.5's format rules, checked on every evaluation before any is scored."""
    problem = plan.format_problem(opts.be_mode is not None)
    if problem is None:
        return
    eval_id, fmt, kind = problem
    if kind == "missing":
        raise PerlDataError(f"{opts.config}: EVAL {eval_id} has no INPUT-FORMAT TYPE")
    if kind == "not-simple":
        raise PerlDataError(
            f"{opts.config}: EVAL {eval_id}: -3 (Basic Elements) needs SIMPLE files, not {fmt}"
        )
    raise PerlDataError(
        f"{opts.config}: EVAL {eval_id}: SIMPLE files hold Basic Elements: score them with -3 MODE"
    )


def _check_instances(plan: _Plan, opts: PerlOptions, typed_id: str | None) -> None:
    """Warns of each evaluation without the peer; a peer in no evaluation is an error. A
    system ID given on the command line is named as typed (``typed_id``)."""

    def shown(peer: str) -> str:
        return typed_id if typed_id is not None and not opts.all_peers else peer

    for peer, eval_id in plan.missing:
        _warn(f"test instance for peer {shown(peer)} does not exist for evaluation {eval_id}")
    starts = plan.starts
    for p, peer in enumerate(plan.peers):
        if starts[p] == starts[p + 1]:
            raise PerlDataError(
                f"{opts.config}: system ID {_quoted(shown(peer))} occurs in no EVAL: nothing "
                f"to score (ROUGE-1.5.5 would print zeros){_id_hint(opts, typed_id)}"
            )


def _quoted(text: str) -> str:
    """``text`` quoted for a message; a command-line text that is not UTF-8 as its bytes."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return repr(os.fsencode(text))
    return repr(text)


def _perl_chars(text: str) -> str:
    """A command-line argument as ROUGE-1.5.5 holds it beside the XML's text: its bytes,
    one character each (Perl compares and prints the argument ``\xff`` as U+00FF)."""
    try:
        return os.fsencode(text).decode("latin-1")
    except UnicodeEncodeError:  # a lone surrogate given in-process, never from argv
        raise PerlUsageError(f"{text!r} is not text a command line can hold") from None


def _xml_texts(opts: PerlOptions) -> PerlOptions:
    """An XML run's command-line texts (system ID, option values printed in type names)
    as Perl holds them beside the XML's IDs (:func:`_perl_chars`). A ``-z`` run keeps them
    as bytes: nothing in its output comes from decoded text."""
    return replace(
        opts,
        system_id=None if opts.system_id is None else _perl_chars(opts.system_id),
        wlcs_text=_perl_chars(opts.wlcs_text),
        skip_text=_perl_chars(opts.skip_text),
        confidence_text=_perl_chars(opts.confidence_text),
    )


def _id_hint(opts: PerlOptions, typed_id: str | None) -> str:
    """Why a system ID typed as UTF-8 text selects no peer that the XML spells the same way
    (ROUGE-1.5.5 reads the ID's bytes, one character each), if that is the case."""
    if opts.list_format is not None or typed_id is None or typed_id == opts.system_id:
        return ""
    try:
        if not len(read_xml_plan(opts.config, typed_id)):
            return ""
    except (PerlDataError, ValueError):  # not valid text (undecodable bytes): not this case
        return ""
    try:
        spelled = typed_id.encode("latin-1")
    except UnicodeEncodeError:
        return (
            f"; ROUGE-1.5.5 reads a system ID's bytes one character each, so no ID selects "
            f"the peer {typed_id!r} (a character past U+00FF): use -a"
        )
    return (
        f"; ROUGE-1.5.5 reads a system ID's bytes one character each: the peer "
        f"{typed_id!r} is selected by the bytes {spelled!r} (or use -a)"
    )


def _score(opts: PerlOptions, plan: _Plan) -> _core.BatchScores:
    """Every instance scored by the profile's scorer: the core reads each summary file once
    (a model is often shared by several peers), in parallel."""
    types = [] if opts.be_mode is not None else list(opts.variant_names())
    scorer = opts.profile.scorer(types, resolve_threads(None))
    try:
        if isinstance(plan, _ListPlan):
            return plan.score(scorer, opts.be_mode)
        return scorer.score_plan(plan, be_mode=opts.be_mode)
    except _core.InputTooLargeError as e:  # over one of rougekit's limits: an error, not a 0
        message, index, model_index = e.args
        eval_id, peer_id, _, models = plan.instance(index)
        model_id, model_path = models[model_index]
        raise PerlDataError(
            f"ROUGE-W-{opts.wlcs_text}: EVAL {eval_id}, peer {peer_id}, "
            f"model {model_id} ({model_path}): {message}"
        ) from None
    except _core.PerlFileError as e:
        index, line, detail = e.args
        path = plan.file_path(index)
        if line is not None:
            raise PerlDataError(bad_line_message(path, line, detail)) from None
        raise PerlDataError(f"cannot read {_role(path, plan)} {path}: {detail}") from None


def _role(path: str, plan: _Plan) -> str:
    """How the first instance that uses ``path`` names it (for an error message)."""
    for i in range(len(plan)):
        eval_id, _, peer_path, models = plan.instance(i)
        if peer_path == path:
            return f"peer summary (EVAL {eval_id})"
        if any(model == path for _, model in models):
            return f"model summary (EVAL {eval_id})"
    return "summary"


def _report_failures(batch: _core.BatchScores, plan: _Plan, names: dict[str, str]) -> None:
    for index, model_index, rouge_type, message in batch.failures:
        eval_id, peer_id, _, models = plan.instance(index)
        model_id, model_path = models[model_index]
        _warn(
            f"{names[rouge_type]}: EVAL {eval_id}, peer {peer_id}, "
            f"model {model_id} ({model_path}): {message}; this instance scores 0 for it "
            "(ROUGE-1.5.5 dies here)"
        )


def _column(batch: _core.BatchScores, rouge_type: str, field: str) -> array[float]:
    values = array("d")
    values.frombytes(batch.buffer(rouge_type, field))
    return values


def _render(
    opts: PerlOptions, plan: _Plan, batch: _core.BatchScores, names: dict[str, str]
) -> bytes:
    from_xml = opts.list_format is None
    lines: list[str] = []
    conf = opts.confidence_text
    threads = resolve_threads(None)
    starts = plan.starts
    for p, peer in enumerate(plan.peers):
        start = starts[p]
        # The bootstrap sees the instances sorted by "<evalID>.<peerID>" as strings (§10).
        boot = plan.boot_order(p)
        estimates: dict[str, dict[str, tuple[float, float, float]]] = {}
        if opts.unit != 2:
            estimates = batch.perl_corpus(
                unit=opts.unit, alpha=opts.alpha, resamples=opts.resamples,
                confidence=opts.confidence, order=boot, rounded=False, threads=threads,
            )  # fmt: skip
        eval_ids = plan.eval_ids(p) if opts.details else []
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
                m, p_count, h = (int(t) for t in totals)  # truncated toward zero (§10.1)
                lines.append(f"{peer} {name} M_count: {m} P_count: {p_count} H_count: {h}")
            else:
                for letter, field in zip("RPF", ("recall", "precision", "fmeasure"), strict=True):
                    avg, low, high = estimates[rouge_type][field]
                    lines.append(
                        f"{peer} {name} Average_{letter}: {five_decimals(avg)} "
                        f"({conf}%-conf.int. {five_decimals(low)} - {five_decimals(high)})"
                    )
            if opts.details:
                lines.append(DETAIL_RULE)
                rpf = [_column(batch, rouge_type, f) for f in ("recall", "precision", "fmeasure")]
                for k in detail_order(eval_ids):
                    i = start + k
                    if opts.unit == 0:
                        r, p_, f = (five_decimals(column[i]) for column in rpf)
                    else:
                        r, p_, f = (perl_default_number(column[i]) for column in counts)
                    lines.append(f"{peer} {name} Eval {eval_ids[k]}.{peer} R:{r} P:{p_} F:{f}")
    return b"".join(encode_line(line, from_xml=from_xml) for line in lines)


def run(opts: PerlOptions) -> bytes:
    """The whole stdout of one run; raises :class:`PerlDataError`."""
    typed_id = opts.system_id
    if opts.list_format is None:
        opts = _xml_texts(opts)
    plan = _plan(opts)
    _check_formats(plan, opts)
    _check_instances(plan, opts, typed_id)
    batch = _score(opts, plan)
    names = opts.variant_names()
    _report_failures(batch, plan, names)
    return _render(opts, plan, batch, names)


def _unknown_note(parsed: ParsedArgs) -> str:
    """After an unknown option letter (a warning, and the run goes on, as in ROUGE-1.5.5), a
    run that fails is a usage error: a mistyped value option (``-N 4``) ends the options at
    its value, which becomes the configuration file. The note the error line ends with."""
    prefix = "Unknown option: "
    letters = [w.removeprefix(prefix) for w in parsed.warnings if w.startswith(prefix)]
    if not letters:
        return ""
    named = ", ".join(f"-{letter}" for letter in letters)
    verb = "is not a ROUGE-1.5.5 option" if len(letters) == 1 else "are not ROUGE-1.5.5 options"
    end = f"; options ended at {parsed.positional[0]!r}" if parsed.positional else ""
    return f" ({named} {verb}{end})"


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
    if any(arg.partition("=")[0] == "--make-home" for arg in args):
        from rougekit.perl.make_home import main as make_home_main

        return make_home_main(args, PROG)
    unknown = ""
    try:
        parsed = getopts(args)
        unknown = _unknown_note(parsed)
        for message in parsed.warnings:
            _warn(message)
        if parsed.show_help or "h" in parsed.values or "H" in parsed.values:
            print(USAGE + "\n" + DETAILS, end="")
            return 0
        if parsed.show_version:
            from rougekit._core import __version__

            print(f"rougekit {__version__} (ROUGE-1.5.5 command line)")
            return 0
        opts = build_options(parsed)
    except PerlUsageError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        return 2
    except PerlDataError as e:  # the -e folder's files
        print(f"{PROG}: error: {e}{unknown}", file=sys.stderr)
        return 2 if unknown else 1
    for message in opts.warnings:
        _warn(message)
    # One short run that builds ~10 objects per summary and frees them at exit: the cyclic
    # garbage collector only costs time here (measured: a few percent of a CNN/DM run).
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        out = run(opts)
    except PerlDataError as e:
        print(f"{PROG}: error: {e}{unknown}", file=sys.stderr)
        return 2 if unknown else 1
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
