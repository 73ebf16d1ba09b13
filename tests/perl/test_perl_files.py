"""``rougekit perl`` file handling: summary formats (spec §5), configurations (§4), output (§11).

Expected values were observed with ROUGE-1.5.5.pl (each test says what it pins); whole-run
comparisons with the script are in test_perl_differential.py.
"""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from rougekit.errors import PerlDataError
from rougekit.perl.eval_config import read_file_list, read_xml_config, read_xml_plan
from rougekit.perl.formats import read_summary
from rougekit.perl.output import detail_order, encode_line, perl_default_number
from rougekit.profiles.perl155.flags import build_options, getopts

# -- summary formats ---------------------------------------------------------------------------


def read_spl(data: bytes) -> list[bytes]:
    return read_summary(data, "SPL", "f.spl")


def read_see(data: bytes) -> list[bytes]:
    return read_summary(data, "SEE", "f.html")


def read_isi(data: bytes) -> list[bytes]:
    return read_summary(data, "ISI", "f.isi")


def read_simple(data: bytes, path: str) -> list[bytes]:
    return read_summary(data, "SIMPLE", path)


def test_spl_keeps_whitespace_lines_and_carriage_returns() -> None:
    data = b"First line.\n\n   \nSecond\r\n\t\nlast without newline"
    assert read_spl(data) == [b"First line.", b"   ", b"Second\r", b"\t", b"last without newline"]
    assert read_spl(b"") == []
    assert read_spl(b"\n\n") == []


# Each line was scored by ROUGE-1.5.5.pl as a one-line SEE peer (-t 1 shows its token count):
# these are the lines it accepts (2 tokens "alpha beta") and the ones it ignores (0 tokens).
SEE_ACCEPTED = [
    b'<a name="1">[1]</a> <a href="#1" id=1>alpha beta</a>',
    b'<a name="1">[1]</a>\t<a href="#1" id=1>alpha beta</a>',
    b'<a name="1">[1]</a>  <a href="#1" id=1>alpha beta</a>',
    b'<a size="9" name="2">[2]</a> <a href="#2" id=2>alpha beta</a>',
    b'<a name="1">[7]</a> <a href="#3" id=4>alpha beta</a>',  # numbers need not agree
    b'<a name="1">[1]</a> <a href="#1" id=1>alpha beta',  # no closing tag
    b'<a name="1">[1]</a> <a href="#1" id=1>alpha beta</a>\r',
]
SEE_IGNORED = [
    b'<a name="1">[1]</a><a href="#1" id=1>alpha beta</a>',  # no whitespace between
    b'<A NAME="1">[1]</A> <A HREF="#1" ID=1>alpha beta</A>',  # case-sensitive
    b'<a name="1">[1]</a> <a href="#1" id="1">alpha beta</a>',  # quoted id
    b' <a name="1">[1]</a> <a href="#1" id=1>alpha beta</a>',  # indented
    b'<a name="x">[1]</a> <a href="#1" id=1>alpha beta</a>',
    b'<a name="1">[1]</a> <a href="#1" id=1 >alpha beta</a>',
]


@pytest.mark.parametrize("line", SEE_ACCEPTED)
def test_see_accepted_lines(line: bytes) -> None:
    assert read_see(line + b"\n") == [b"alpha beta"]


@pytest.mark.parametrize("line", SEE_IGNORED)
def test_see_ignored_lines(line: bytes) -> None:
    assert read_see(line + b"\n") == []


def test_see_sentence_stops_at_markup_and_keeps_entities() -> None:
    data = (
        b'<a name="1">[1]</a> <a href="#1" id=1>The cat sat.</a>\n'
        b'<a size="9" name="2">[2]</a> <a href="#2" id=2>AT&amp;T stock <b>rose</b> today.</a>\n'
        b'   <a name="3">[3]</a> <a href="#3" id=3>indented</a>\n'
    )
    assert read_see(data) == [b"The cat sat.", b"AT&amp;T stock "]


def test_isi_lines() -> None:
    data = (
        b'<S SNTNO="1">alpha beta</S>\n'
        b'<S SNTNO="1a,2">second</S> trailing text\n'
        b'<S SNTNO="1">one</S> <S SNTNO="2">two</S>\n'
        b'<S SNTNO="1A">upper-case number: ignored</S>\n'
        b'<s sntno="1">lower-case tag: ignored</s>\n'
        b'<S SNTNO="1"></S>\n'
        b'<S SNTNO="1">inline <b>markup</b>: ignored</S>\n'
        b' <S SNTNO="1">indented: ignored</S>\n'
        b'<S SNTNO="1">not closed\n'
    )
    assert read_isi(data) == [b"alpha beta", b"second", b"one"]


def test_simple_lines_follow_perl_split() -> None:
    data = b"gilbert|hurricane|nn\n|b|c\na||c\na|b|c|\na|b|c||\nx|y|z\r\n"
    assert read_simple(data, "f.be") == [
        b"gilbert|hurricane|nn",
        b"|b|c",
        b"a||c",
        b"a|b|c",
        b"a|b|c",
        b"x|y|z\r",
    ]


@pytest.mark.parametrize("bad", [b"a|b|", b"foo|bar", b"", b"a|b|c|d"])
def test_simple_rejects_what_perl_dies_on(bad: bytes) -> None:
    with pytest.raises(PerlDataError, match=r"f\.be:2: not a Basic Element line"):
        read_simple(b"a|b|c\n" + bad + b"\nx|y|z\n", "f.be")


# -- XML configuration -------------------------------------------------------------------------


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_xml_config_names_roots_trimming_and_order(tmp_path: Path) -> None:
    config = write(
        tmp_path / "c.xml",
        """<ROUGE_EVAL version="1.0">
<Eval ID="b2">
  <Peer-Root>
  sys
  </Peer-Root>
  <MODEL-ROOT>refs/x</MODEL-ROOT>
  <input-format TYPE="spl"></input-format>
  <PEERS> <P ID="A"> a.txt </P> <p ID="B">b.txt</p> </PEERS>
  <MODELS> <M ID="2">m2</M> <m ID="1">m1</m> </MODELS>
</Eval>
<EVAL ID="1"><INPUT-FORMAT TYPE="SEE"/><PEERS><P ID="A">p</P></PEERS></EVAL>
</ROUGE_EVAL>""",
    )
    first, second = read_xml_config(config)
    assert first.eval_id == "b2"
    assert first.input_format == "SPL"
    assert first.peers == {"A": "sys/a.txt", "B": "sys/b.txt"}
    assert first.models == [("2", "refs/x/m2"), ("1", "refs/x/m1")]
    # No roots: Perl concatenates an empty root, giving "/<file>"; no MODELS is allowed.
    assert (second.eval_id, second.input_format, second.peers, second.models) == (
        "1",
        "SEE",
        {"A": "/p"},
        [],
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('<EVAL ID="1"><PEERS>', "malformed XML"),
        ('<r><eval id="1"></eval></r>', "no ID attribute"),
        ('<r><EVAL ID="1"><INPUT-FORMAT TYPE="XYZ"/></EVAL></r>', "unknown INPUT-FORMAT"),
        ('<r><EVAL ID="1"><INPUT-FORMAT TYPE="SPL "/></EVAL></r>', "unknown INPUT-FORMAT"),
        ('<r><EVAL ID="1"><INPUT-FORMAT type="SPL"/></EVAL></r>', "no TYPE attribute"),
        ('<r><EVAL ID="1"/><EVAL ID="1"/></r>', "occurs twice"),
        ("<r></r>", "no EVAL"),
    ],
)
def test_xml_config_errors_name_the_file(tmp_path: Path, body: str, message: str) -> None:
    config = write(tmp_path / "bad.xml", body)
    with pytest.raises(PerlDataError, match=message) as info:
        read_xml_config(config)
    assert str(info.value).startswith(config)


@pytest.mark.parametrize(
    ("data", "root"),
    [
        # Declared Latin-1: the byte 0xE9 is "é" (expat decodes it; so must we).
        (
            b'<?xml version="1.0" encoding="ISO-8859-1"?>\n'
            b'<R><EVAL ID="1"><PEER-ROOT>p\xe9</PEER-ROOT>',
            "pé",
        ),
        # A UTF-8 byte-order mark and no declaration.
        (b'\xef\xbb\xbf<R><EVAL ID="1"><PEER-ROOT>p\xc3\xa9</PEER-ROOT>', "pé"),
        # UTF-16 with its byte-order mark.
        ('<R><EVAL ID="1"><PEER-ROOT>pé</PEER-ROOT>'.encode("utf-16"), "pé"),
    ],
)
def test_xml_config_encodings(tmp_path: Path, data: bytes, root: str) -> None:
    path = tmp_path / "c.xml"
    tail = '<PEERS><P ID="A">a</P></PEERS></EVAL></R>'
    utf16 = data.startswith(codecs.BOM_UTF16_LE)
    path.write_bytes(data + (tail.encode("utf-16-le") if utf16 else tail.encode()))
    (evaluation,) = read_xml_config(str(path))
    assert evaluation.peers == {"A": f"{root}/a"}


def test_xml_config_undecodable_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "c.xml"
    path.write_bytes(b'<R><EVAL ID="1"><PEER-ROOT>\xff</PEER-ROOT></EVAL></R>')
    with pytest.raises(PerlDataError, match=r"c\.xml: malformed XML: not utf-8 text \(byte 27"):
        read_xml_config(str(path))


def test_xml_config_unclosed_is_reported_where_it_ends(tmp_path: Path) -> None:
    config = write(tmp_path / "c.xml", '<R>\n<EVAL ID="1">\n<PEERS>\n')
    with pytest.raises(PerlDataError, match=r"malformed XML: .*\(line 4, column 1\)"):
        read_xml_config(config)


def test_xml_plan_follows_the_configuration(tmp_path: Path) -> None:
    # The core's plan of a run against what the configuration says (read_xml_config): peers
    # sorted as strings (-a), instances in document order per peer, the warning pairs, the
    # bootstrap's "<evalID>.<peerID>" string order, and each file read once.
    config = write(
        tmp_path / "c.xml",
        """<R>
<EVAL ID="2"><PEER-ROOT>p</PEER-ROOT><MODEL-ROOT>m</MODEL-ROOT>
<INPUT-FORMAT TYPE="SPL"/><PEERS><P ID="b">2b</P><P ID="A">2a</P></PEERS>
<MODELS><M ID="x">shared</M><M ID="y">2y</M></MODELS></EVAL>
<EVAL ID="10"><PEER-ROOT>p</PEER-ROOT><MODEL-ROOT>m</MODEL-ROOT>
<INPUT-FORMAT TYPE="SPL"/><PEERS><P ID="A">10a</P></PEERS>
<MODELS><M ID="x">shared</M></MODELS></EVAL>
</R>""",
    )
    evaluations = read_xml_config(config)
    plan = read_xml_plan(config, None)
    assert plan.peers == sorted({p for ev in evaluations for p in ev.peers}) == ["A", "b"]
    assert plan.starts == [0, 2, 3]
    assert plan.missing == [("b", "10")]
    assert plan.format_problem(False) is None
    assert plan.format_problem(True) == ("2", "SPL", "not-simple")
    instances = [plan.instance(i) for i in range(len(plan))]
    want = [
        (ev.eval_id, peer, ev.peers[peer], ev.models)
        for peer in plan.peers
        for ev in evaluations
        if peer in ev.peers
    ]
    assert instances == want
    assert plan.eval_ids(0) == ["2", "10"]
    assert plan.boot_order(0) == [1, 0]  # "10.A" < "2.A"
    assert plan.boot_order(1) == [2]
    paths = {plan.file_path(k) for k in range(5)}
    assert paths == {"p/2a", "m/shared", "m/2y", "p/10a", "p/2b"}
    with pytest.raises(ValueError, match="out of range"):
        plan.file_path(5)
    one = read_xml_plan(config, "b")
    assert (one.peers, one.starts, one.missing) == (["b"], [0, 1], [("b", "10")])
    none = read_xml_plan(config, "Z")
    assert none.starts == [0, 0] and len(none) == 0


def test_missing_config_file(tmp_path: Path) -> None:
    with pytest.raises(PerlDataError, match=r"cannot read configuration file .*nope\.xml"):
        read_xml_config(str(tmp_path / "nope.xml"))


# -- -z file lists -----------------------------------------------------------------------------


def test_file_list(tmp_path: Path) -> None:
    path = tmp_path / "l.lst"
    path.write_bytes(b"sys/1 ref/1a ref/1b\n# comment\n\n \t\n  sys/2\tref/2  \r\nsys/\xff ref/3\n")
    evals = read_file_list(str(path), "SPL", "26")
    assert [e.eval_id for e in evals] == ["1", "2", "3"]
    assert evals[0].peers == {"26": "sys/1"}
    assert evals[0].models == [("M.1", "ref/1a"), ("M.2", "ref/1b")]
    assert evals[1].peers == {"26": "sys/2"} and evals[1].models == [("M.1", "ref/2")]
    # Undecodable bytes survive as the same bytes when the path is opened.
    assert evals[2].peers["26"].encode("utf-8", "surrogateescape") == b"sys/\xff"
    assert all(e.input_format == "SPL" for e in evals)


def test_file_list_indented_hash_is_not_a_comment(tmp_path: Path) -> None:
    # ROUGE-1.5.5.pl only skips lines whose first byte is "#": "  # a b" names peer "#".
    path = tmp_path / "l.lst"
    path.write_text("  # a b\n")
    (evaluation,) = read_file_list(str(path), "SPL", "X")
    assert evaluation.peers == {"X": "#"}


def test_file_list_errors(tmp_path: Path) -> None:
    one = tmp_path / "one.lst"
    one.write_text("a b\nonly-a-peer\n")
    with pytest.raises(PerlDataError, match=r"one\.lst:2: .*at least one model"):
        read_file_list(str(one), "SPL", "X")
    empty = tmp_path / "empty.lst"
    empty.write_text("# nothing\n\n")
    with pytest.raises(PerlDataError, match=r"empty\.lst: the file list names no summary"):
        read_file_list(str(empty), "SPL", "X")


# -- output ------------------------------------------------------------------------------------


def test_detail_order_numeric_by_leading_digits_then_strings() -> None:
    # The order ROUGE-1.5.5.pl prints (-d) for these IDs; "2", "02", "2a", "2b" share the
    # leading number 2, which Perl leaves in a per-run random order: here string order.
    ids = ["10", "9", "2a", "b", "1.5", "abc", "02", "2", "a1", "-3", " 7", "1e1", "B", "_x", "2b"]
    order = [ids[i] for i in detail_order(ids)]
    assert order == [
        " 7",
        "-3",
        "1.5",
        "1e1",
        "02",
        "2",
        "2a",
        "2b",
        "9",
        "10",
        "B",
        "_x",
        "a1",
        "abc",
        "b",
    ]
    numbered = [str(i) for i in (11, 2, 10, 1)]
    assert [numbered[i] for i in detail_order(numbered)] == ["1", "2", "10", "11"]
    assert detail_order(["10", "2", "1"]) == [2, 1, 0]


def test_line_encoding_like_perl() -> None:
    # XML IDs are Perl character strings: Latin-1 if the whole line fits, else UTF-8.
    assert encode_line("\u00fc ROUGE-1 Eval \u00e9.\u00fc", from_xml=True) == (
        b"\xfc ROUGE-1 Eval \xe9.\xfc\n"
    )
    assert encode_line("\u00fc ROUGE-1 Eval \u20acx.\u00fc", from_xml=True) == (
        "\u00fc ROUGE-1 Eval \u20acx.\u00fc\n".encode()
    )
    # -z: the system ID comes from the command line as bytes and is printed unchanged.
    assert encode_line("\u00fc Eval 1.\udcff", from_xml=False) == b"\xc3\xbc Eval 1.\xff\n"


def test_variant_names_embed_option_text() -> None:
    o = build_options(getopts(["-n", "12", "-w", "1.20", "-2", "04", "-U", "-a", "c.xml"]))
    names = o.variant_names()
    assert list(names.values()) == [
        *(f"ROUGE-{k}" for k in range(1, 13)),
        "ROUGE-L",
        "ROUGE-W-1.20",
        "ROUGE-S04",
        "ROUGE-SU04",
    ]
    assert list(names)[-3:] == ["rougeW-1.2", "rougeS4", "rougeSU4"]
    star = build_options(getopts(["-2", "-1", "-u", "-x", "-w", "1e-5", "-a", "c.xml"]))
    assert star.variant_names() == {"rougeW-0.00001": "ROUGE-W-1e-5", "rougeSU*": "ROUGE-SU*"}
    be = build_options(getopts(["-3", "HMR1", "-a", "c.xml"]))
    assert be.variant_names() == {"rougeBE-HMR1": "ROUGE-BE-HMR1"}


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (6.0, "6"),
        (0.0, "0"),
        (56.3430448826383, "56.3430448826383"),
        (10.15118648677761, "10.1511864867776"),
        (1e-05, "1e-05"),
        (123456789012.0, "123456789012"),
    ],
)
def test_perl_default_number(value: float, text: str) -> None:
    assert perl_default_number(value) == text
