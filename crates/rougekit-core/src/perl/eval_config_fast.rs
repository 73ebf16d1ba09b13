//! A one-pass reader for the plain configurations that scripts write (one `EVAL` per
//! document, as pyrouge and benchmarks do): the same [`EvalConfig`]s as
//! [`super::eval_config::parse`], in a fraction of its time (the XML tree of a 100k-document
//! corpus was a fifth of a run's serial part).
//!
//! It reads a strict subset of XML and gives up (`None`, the full parser then reads the
//! file, and reports any error) on anything outside it, so it never has to decide a corner
//! case: ASCII only; no `&` (entities), `<!` (comments, CDATA, DOCTYPE), `<?` (declarations),
//! `\r` (line-end normalisation), `]]>`, control characters other than tab and newline;
//! names `[A-Za-z_][A-Za-z0-9_.-]*` (no namespaces, no attribute starting `xml`); at most
//! 64 levels; attribute values without tab, newline
//! or `<`, at most 8 attributes, no repeated attribute; one root element with only
//! whitespace around it; no `EVAL` inside an `EVAL`; a value element (`PEER-ROOT`,
//! `MODEL-ROOT`, a counted `P` or `M`) holding text only; every EVAL with an `ID`, every
//! counted `P` and `M` with an `ID`, the first `INPUT-FORMAT` with a known `TYPE`, no ID
//! twice. Within it, the rules are the full reader's (see `eval_config.rs`).
use super::evals::{EvalConfig, PERL_SPACE};
use super::files::SummaryFormat;

/// Deeper documents are left to the full reader.
const MAX_DEPTH: usize = 64;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Peers,
    Models,
    Other,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Value {
    PeerRoot,
    ModelRoot,
    Peer,
    Model,
}

/// An open element.
struct Open<'a> {
    name: &'a str,
    /// Inside an EVAL: whether the walk visits this element's children, and in which
    /// section.
    descend: bool,
    section: Section,
    /// A value element: what its text is, and the `ID` of a `P` / `M`.
    value: Option<(Value, &'a str)>,
    /// Whether this element is an EVAL.
    eval: bool,
}

/// The `EVAL` being read.
#[derive(Default)]
struct Eval<'a> {
    id: &'a str,
    format: Option<SummaryFormat>,
    format_seen: bool,
    peer_root: Option<Option<&'a str>>,
    model_root: Option<Option<&'a str>>,
    /// (id, file) slices of the text: strings are made once, when the EVAL ends.
    peers: Vec<(&'a str, &'a str)>,
    models: Vec<(&'a str, &'a str)>,
}

fn is_name_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'_'
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-')
}

/// A byte this reader leaves to the full one: `&`, `\r`, a control character other than
/// tab and newline, or a non-ASCII byte. Written without short-circuits, so that the check
/// over a whole configuration runs 16 bytes at a time (it was a third of this reader's time).
#[inline(always)]
fn outside_subset(b: u8) -> bool {
    (b == b'&') | (b == b'\r') | ((b < 0x20) & (b != b'\t') & (b != b'\n')) | (b > 0x7E)
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n')
}

/// The `EVAL`s of `text`, or `None` when it is outside the subset this reader takes.
pub fn parse(text: &str) -> Option<Vec<EvalConfig>> {
    let bytes = text.as_bytes();
    if bytes
        .chunks(64)
        .any(|c| c.iter().fold(false, |bad, &b| bad | outside_subset(b)))
        || text.contains("]]>")
    {
        return None;
    }
    let mut stack: Vec<Open<'_>> = Vec::new();
    // Sized for a plain configuration's ~200 bytes per EVAL (growing the ID set and the
    // list step by step was a tenth of reading a CNN/DM configuration).
    let expected = (text.len() / 256).min(1 << 20);
    let mut evals: Vec<EvalConfig> = Vec::with_capacity(expected);
    let mut seen = rustc_hash::FxHashSet::with_capacity_and_hasher(expected, Default::default());
    let mut current: Option<Eval<'_>> = None;
    let mut roots = 0;
    let mut i = 0;
    // Text since the last tag, as a range.
    let mut text_start = 0;
    while i < bytes.len() {
        let Some(off) = bytes[i..].iter().position(|&b| b == b'<') else {
            break;
        };
        let lt = i + off;
        let between = &text[text_start..lt];
        if stack.is_empty() && !between.bytes().all(is_space) {
            return None; // text outside the root
        }
        let rest = &bytes[lt + 1..];
        if rest.first() == Some(&b'/') {
            // An end tag: `</NAME\s*>`.
            let name_end = 1 + rest[1..].iter().position(|&b| !is_name_byte(b))?;
            let name = &text[lt + 2..lt + 1 + name_end];
            let mut j = lt + 1 + name_end;
            while j < bytes.len() && is_space(bytes[j]) {
                j += 1;
            }
            if bytes.get(j) != Some(&b'>') {
                return None;
            }
            let open = stack.pop()?;
            if open.name != name {
                return None;
            }
            close(&open, between, &mut current, &mut evals)?;
            i = j + 1;
            text_start = i;
            continue;
        }
        // A start tag: `<NAME (\s+ATTR\s*=\s*"VALUE")*\s*/?>`.
        if !rest.first().copied().is_some_and(is_name_start) {
            return None; // `<!`, `<?`, or not a name
        }
        let name_len = rest.iter().position(|&b| !is_name_byte(b))?;
        let name = &text[lt + 1..lt + 1 + name_len];
        let mut j = lt + 1 + name_len;
        let mut attrs: [(&str, &str); 8] = [("", ""); 8];
        let mut count = 0;
        let self_closing;
        loop {
            let before = j;
            while j < bytes.len() && is_space(bytes[j]) {
                j += 1;
            }
            match bytes.get(j)? {
                b'>' => {
                    self_closing = false;
                    j += 1;
                    break;
                }
                b'/' => {
                    if bytes.get(j + 1) != Some(&b'>') {
                        return None;
                    }
                    self_closing = true;
                    j += 2;
                    break;
                }
                &b if is_name_start(b) && j > before => {
                    let start = j;
                    while j < bytes.len() && is_name_byte(bytes[j]) {
                        j += 1;
                    }
                    let attr = &text[start..j];
                    if attr.len() >= 3 && attr[..3].eq_ignore_ascii_case("xml") {
                        return None; // a namespace declaration or a reserved name
                    }
                    while j < bytes.len() && is_space(bytes[j]) {
                        j += 1;
                    }
                    if bytes.get(j) != Some(&b'=') {
                        return None;
                    }
                    j += 1;
                    while j < bytes.len() && is_space(bytes[j]) {
                        j += 1;
                    }
                    let quote = *bytes.get(j)?;
                    if quote != b'"' && quote != b'\'' {
                        return None;
                    }
                    let vstart = j + 1;
                    let vlen = bytes[vstart..].iter().position(|&b| b == quote)?;
                    let value = &text[vstart..vstart + vlen];
                    if value.bytes().any(|b| matches!(b, b'<' | b'\t' | b'\n')) {
                        return None;
                    }
                    if count == attrs.len() || attrs[..count].iter().any(|(a, _)| *a == attr) {
                        return None;
                    }
                    attrs[count] = (attr, value);
                    count += 1;
                    j = vstart + vlen + 1;
                }
                _ => return None,
            }
        }
        let attrs = &attrs[..count];
        let attribute = |key: &str| attrs.iter().find(|(a, _)| *a == key).map(|(_, v)| *v);
        if stack.is_empty() {
            roots += 1;
            if roots > 1 {
                return None;
            }
        }
        if let Some(parent) = stack.last() {
            if parent.value.is_some() {
                return None; // an element inside a value: left to the full reader
            }
        }
        // Element names are matched case-insensitively (Perl's `uc`; ASCII here).
        let mut upper_buf = [0u8; 16];
        let upper: &str = if name.len() <= upper_buf.len() {
            upper_buf[..name.len()].copy_from_slice(name.as_bytes());
            upper_buf[..name.len()].make_ascii_uppercase();
            std::str::from_utf8(&upper_buf[..name.len()]).unwrap_or_default()
        } else {
            "" // longer than any name the walk looks for
        };
        let open = match (&mut current, stack.last()) {
            (None, _) => {
                let eval = upper == "EVAL";
                if eval {
                    let id = attribute("ID")?;
                    if !seen.insert(id) {
                        return None;
                    }
                    current = Some(Eval {
                        id,
                        ..Eval::default()
                    });
                }
                Open {
                    name,
                    descend: eval,
                    section: Section::Other,
                    value: None,
                    eval,
                }
            }
            (Some(ev), Some(parent)) => {
                if upper == "EVAL" {
                    return None; // an EVAL inside an EVAL
                }
                let mut open = Open {
                    name,
                    descend: false,
                    section: Section::Other,
                    value: None,
                    eval: false,
                };
                if parent.descend {
                    let section = parent.section;
                    match upper {
                        "PEER-ROOT" if ev.peer_root.is_none() => {
                            ev.peer_root = Some(None);
                            open.value = Some((Value::PeerRoot, ""));
                        }
                        "MODEL-ROOT" if ev.model_root.is_none() => {
                            ev.model_root = Some(None);
                            open.value = Some((Value::ModelRoot, ""));
                        }
                        "INPUT-FORMAT" if !ev.format_seen => {
                            ev.format_seen = true;
                            let typed = attribute("TYPE")?;
                            ev.format = Some(SummaryFormat::parse(&typed.to_ascii_uppercase())?);
                        }
                        "P" if section == Section::Peers => {
                            open.value = Some((Value::Peer, attribute("ID")?));
                        }
                        "M" if section == Section::Models => {
                            open.value = Some((Value::Model, attribute("ID")?));
                        }
                        other => {
                            open.descend = true;
                            open.section = match other {
                                "PEERS" => Section::Peers,
                                "MODELS" => Section::Models,
                                _ => Section::Other,
                            };
                        }
                    }
                }
                open
            }
            (Some(_), None) => return None, // unreachable: an EVAL is open
        };
        if self_closing {
            close(&open, "", &mut current, &mut evals)?;
        } else if stack.len() >= MAX_DEPTH {
            return None;
        } else {
            stack.push(open);
        }
        i = j;
        text_start = i;
    }
    if !stack.is_empty() || roots != 1 || !text[text_start..].bytes().all(is_space) {
        return None;
    }
    (!evals.is_empty()).then_some(evals)
}

/// Ends `open`, whose direct text (no child element in a value) is `inner`.
fn close<'a>(
    open: &Open<'a>,
    inner: &'a str,
    current: &mut Option<Eval<'a>>,
    evals: &mut Vec<EvalConfig>,
) -> Option<()> {
    if let Some((what, id)) = open.value {
        let ev = current.as_mut()?;
        // The element's text, trimmed; no text at all is no value.
        let value = (!inner.is_empty()).then(|| inner.trim_matches(PERL_SPACE));
        match what {
            Value::PeerRoot => ev.peer_root = Some(value),
            Value::ModelRoot => ev.model_root = Some(value),
            Value::Peer => {
                if let Some(file) = value {
                    ev.peers.push((id, file));
                }
            }
            Value::Model => {
                if let Some(file) = value {
                    ev.models.push((id, file));
                }
            }
        }
    }
    if open.eval {
        let ev = current.take()?;
        let root = |r: Option<Option<&'a str>>| r.flatten().unwrap_or_default();
        let (peer_root, model_root) = (root(ev.peer_root), root(ev.model_root));
        // `<root>/<file>`, built in one allocation.
        let join = |root: &str, file: &str| {
            let mut path = String::with_capacity(root.len() + 1 + file.len());
            path.push_str(root);
            path.push('/');
            path.push_str(file);
            path
        };
        let mut peers: Vec<(String, String)> = Vec::with_capacity(ev.peers.len());
        for (pid, file) in ev.peers {
            let path = join(peer_root, file);
            match peers.iter_mut().find(|(p, _)| *p == pid) {
                Some(slot) => slot.1 = path,
                None => peers.push((pid.to_string(), path)),
            }
        }
        let models = ev
            .models
            .iter()
            .map(|&(mid, file)| (mid.to_string(), join(model_root, file)))
            .collect();
        evals.push(EvalConfig {
            id: ev.id.to_string(),
            format: ev.format,
            peers,
            models,
        });
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perl::eval_config::full_parse;
    use crate::test_rng::XorShift;

    /// Pieces from which random configurations are built: well-formed and malformed tags,
    /// text, sections at several depths, repeated and missing IDs, odd spacing and case.
    const PIECES: &[&str] = &[
        "<EVAL ID=\"1\">",
        "<EVAL ID=\"2\">",
        "<Eval ID='1'>",
        "<EVAL>",
        "<eval id=\"3\">",
        "</EVAL>",
        "</Eval>",
        "<PEER-ROOT>",
        "</PEER-ROOT>",
        "<peer-root>",
        "</peer-root>",
        "<MODEL-ROOT>",
        "</MODEL-ROOT>",
        "<INPUT-FORMAT TYPE=\"SPL\">",
        "<INPUT-FORMAT TYPE=\"see\"/>",
        "<INPUT-FORMAT TYPE=\"XYZ\"/>",
        "<INPUT-FORMAT/>",
        "</INPUT-FORMAT>",
        "<PEERS>",
        "</PEERS>",
        "<MODELS>",
        "</MODELS>",
        "<P ID=\"A\">",
        "<p ID=\"B\" >",
        "<P>",
        "</P>",
        "</p>",
        "<M ID=\"1\">",
        "<M ID=\"2\"/>",
        "</M>",
        "<div>",
        "</div>",
        "<x/>",
        " ",
        "\n",
        "  a.spl ",
        "dir",
        "m1",
        "\t",
        "<!--c-->",
        "&amp;",
        "<P ID=\"A\" ID=\"B\">",
        "<P ID=\"A\"ID=\"B\">",
        "< P>",
        "</ P>",
        "<P ID=A>",
        "x>y",
    ];

    fn same(doc: &str) {
        if let Some(fast) = parse(doc) {
            assert_eq!(Ok(fast), full_parse(doc), "{doc}");
        }
    }

    #[test]
    fn same_evals_as_the_full_reader() {
        let mut rng = XorShift::new(0x9E37_79B9_7F4A_7C15);
        let mut next = |k: usize| rng.below(k as u64) as usize;
        let mut accepted = 0;
        for _ in 0..200_000 {
            let mut doc = String::from("<ROUGE-EVAL version=\"1.0\">");
            // Mostly well-formed EVALs, with random pieces spliced in.
            for e in 0..1 + next(3) {
                doc.push_str(&format!("<EVAL ID=\"{}\">", next(4)));
                for _ in 0..next(12) {
                    doc.push_str(PIECES[next(PIECES.len())]);
                }
                if next(2) == 0 {
                    doc.push_str(&format!(
                        "<PEER-ROOT>p{e}</PEER-ROOT><MODEL-ROOT> m </MODEL-ROOT>\
                         <INPUT-FORMAT TYPE=\"SPL\"></INPUT-FORMAT><PEERS><P ID=\"A\">{e}.spl</P>\
                         </PEERS><MODELS><M ID=\"M0\">{e}.M0.spl</M></MODELS>"
                    ));
                }
                for _ in 0..next(4) {
                    doc.push_str(PIECES[next(PIECES.len())]);
                }
                doc.push_str("</EVAL>");
            }
            doc.push_str("</ROUGE-EVAL>\n");
            accepted += usize::from(parse(&doc).is_some());
            same(&doc);
        }
        assert!(
            accepted > 1_000,
            "only {accepted} documents took the fast path"
        );
    }

    /// Random well-formed trees: every element name, depth and text placement the walk
    /// distinguishes.
    #[test]
    fn same_evals_on_random_trees() {
        const NAMES: &[&str] = &[
            "EVAL",
            "Eval",
            "PEER-ROOT",
            "MODEL-ROOT",
            "INPUT-FORMAT",
            "PEERS",
            "MODELS",
            "P",
            "p",
            "M",
            "m",
            "div",
        ];
        const ATTRS: &[&str] = &[
            "",
            " ID=\"A\"",
            " ID=\"1\"",
            " ID='B'",
            " TYPE=\"SPL\"",
            " TYPE=\"isi\"",
            " ID=\"A\" TYPE=\"SEE\"",
            " TYPE=\"spl\" ID = \"M\" ",
        ];
        const TEXTS: &[&str] = &["", "", " ", "a.spl", " x y ", "\n\tz\n"];
        let mut rng = XorShift::new(0x1234_5678_9ABC_DEF1);
        let mut next = |k: usize| rng.below(k as u64) as usize;
        fn tree(doc: &mut String, depth: usize, next: &mut dyn FnMut(usize) -> usize) {
            let name = NAMES[next(NAMES.len())];
            let attrs = ATTRS[next(ATTRS.len())];
            if next(4) == 0 {
                doc.push_str(&format!("<{name}{attrs}/>"));
                return;
            }
            doc.push_str(&format!("<{name}{attrs}>"));
            doc.push_str(TEXTS[next(TEXTS.len())]);
            if depth < 4 {
                for _ in 0..next(4) {
                    tree(doc, depth + 1, next);
                    doc.push_str(TEXTS[next(TEXTS.len())]);
                }
            }
            doc.push_str(&format!("</{name}>"));
        }
        let mut accepted = 0;
        for _ in 0..100_000 {
            let mut doc = String::from("<ROUGE-EVAL>");
            for _ in 0..1 + next(3) {
                tree(&mut doc, 0, &mut next);
            }
            doc.push_str("</ROUGE-EVAL>");
            accepted += usize::from(parse(&doc).is_some());
            same(&doc);
        }
        assert!(
            accepted > 5_000,
            "only {accepted} documents took the fast path"
        );
    }

    #[test]
    fn a_benchmark_style_configuration_takes_the_fast_path() {
        let mut doc = String::from("<ROUGE-EVAL version=\"1.5.5\">\n");
        for i in 1..=50 {
            doc.push_str(&format!(
                "<EVAL ID=\"{i}\"><PEER-ROOT>peers</PEER-ROOT><MODEL-ROOT>models</MODEL-ROOT>\
                 <INPUT-FORMAT TYPE=\"SPL\"></INPUT-FORMAT><PEERS><P ID=\"A\">{i}.spl</P></PEERS>\
                 <MODELS><M ID=\"M0\">{i}.M0.spl</M></MODELS></EVAL>\n"
            ));
        }
        doc.push_str("</ROUGE-EVAL>\n");
        let fast = parse(&doc).expect("fast path");
        assert_eq!(Ok(fast.clone()), full_parse(&doc));
        assert_eq!(
            fast[49].peers,
            [("A".to_string(), "peers/50.spl".to_string())]
        );
        // Outside the subset: left to the full reader.
        for other in [
            "<?xml version=\"1.0\"?>",
            "<!-- c -->",
            "<!DOCTYPE r>",
            "\u{FEFF}",
        ] {
            assert!(parse(&format!("{other}{doc}")).is_none(), "{other}");
        }
        assert!(parse(&doc.replace("1.spl", "&amp;1.spl")).is_none());
        assert!(parse(&doc.replace("1.spl", "é.spl")).is_none());
    }
}
