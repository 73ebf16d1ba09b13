//! ROUGE-1.5.5's XML evaluation configuration (spec `rouge-1.5.5.md` §4.1): the `EVAL` elements, each with
//! its input format, peers and models. Parsed here rather than in Python because a corpus
//! configuration has one `EVAL` per document (100k+ elements for CNN/DM) and walking it
//! was a fifth of `rougekit perl`'s run time.
//!
//! What ROUGE-1.5.5.pl (XML::DOM) accepts, as observed: element names are matched
//! case-insensitively (`<Eval>`, `<peer-root>`), attribute names are not (`<EVAL id="1">`
//! makes it die); the first `PEER-ROOT`/`MODEL-ROOT` and the first `INPUT-FORMAT` of an
//! `EVAL` count, at any depth; a `P` counts as a child of `PEERS` and an `M` of `MODELS`;
//! a value is the element's last direct text, trimmed of Perl's whitespace (see [`text`]).
pub use super::evals::EvalConfig;
use super::evals::PERL_SPACE;
use super::files::SummaryFormat;
use roxmltree::{Document, Node, ParsingOptions};

/// The `EVAL`s of a configuration, in document order. Errors are one line without the
/// file name (the caller adds it).
pub fn parse(text: &str) -> Result<Vec<EvalConfig>, String> {
    if let Some(evals) = super::eval_config_fast::parse(text) {
        return Ok(evals); // a plain configuration, read in one pass
    }
    full_parse(text)
}

/// [`parse`] through the XML tree, for any configuration.
pub fn full_parse(text: &str) -> Result<Vec<EvalConfig>, String> {
    check_attribute_counts(text)?;
    check_entity_expansion(text)?;
    let options = ParsingOptions {
        allow_dtd: true,
        ..ParsingOptions::default()
    };
    let doc = Document::parse_with_options(text, options).map_err(|e| malformed(text, &e))?;
    let mut evals: Vec<EvalConfig> = Vec::new();
    let mut seen = rustc_hash::FxHashSet::default();
    for node in doc.root().descendants().filter(|n| n.is_element()) {
        if name(node) != "EVAL" {
            continue;
        }
        let id = attribute(node, "ID", || "an EVAL".into())?;
        if !seen.insert(id.clone()) {
            return Err(format!("EVAL ID '{id}' occurs twice"));
        }
        let mut walker = Walker::new(&id);
        walker.walk(node, Section::Other)?;
        let root = |r: &Option<String>| r.clone().unwrap_or_default();
        let (peer_root, model_root) = (root(&walker.peer_root), root(&walker.model_root));
        let mut peers: Vec<(String, String)> = Vec::new();
        for (pid, file) in walker.peers {
            let path = format!("{peer_root}/{file}");
            match peers.iter_mut().find(|(p, _)| *p == pid) {
                Some(slot) => slot.1 = path,
                None => peers.push((pid, path)),
            }
        }
        let models = walker
            .models
            .into_iter()
            .map(|(mid, file)| (mid, format!("{model_root}/{file}")))
            .collect();
        evals.push(EvalConfig {
            id,
            format: walker.format,
            peers,
            models,
        });
    }
    if evals.is_empty() {
        return Err("no EVAL element: nothing to evaluate".into());
    }
    Ok(evals)
}

/// Most attributes one element may carry. ROUGE-1.5.5 configurations use one or two; the
/// XML parser's duplicate-attribute check is quadratic in their number (200,000 attributes
/// took over a minute), so a start tag with more is refused before parsing.
pub const MAX_ATTRIBUTES: usize = 1024;

/// Most bytes the internal entities of a configuration may expand to in all. Expat (and so
/// ROUGE-1.5.5) expands them without bound: a 160 KB file can ask for gigabytes. A
/// configuration needs none beyond the predefined ones, so the bound is generous for any
/// real use and small enough to fail fast.
pub const MAX_ENTITY_EXPANSION: usize = 64 << 20;

/// Refuses a start tag with more than [`MAX_ATTRIBUTES`] attributes: a linear scan counting
/// `=` signs outside quotes from each `<` to its `>`, skipping comments, CDATA sections
/// and processing instructions (which may hold any text).
fn check_attribute_counts(text: &str) -> Result<(), String> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(off) = memchr_lt(&bytes[i..]) {
        let start = i + off;
        let rest = &bytes[start..];
        let skip_to =
            |end: &[u8]| find(&rest[1..], end).map_or(bytes.len(), |e| start + 1 + e + end.len());
        if rest.starts_with(b"<!--") {
            i = skip_to(b"-->");
            continue;
        }
        if rest.starts_with(b"<![CDATA[") {
            i = skip_to(b"]]>");
            continue;
        }
        if rest.starts_with(b"<?") {
            i = skip_to(b"?>");
            continue;
        }
        let (mut j, mut quote, mut equals) = (start + 1, 0u8, 0usize);
        while j < bytes.len() {
            let b = bytes[j];
            if quote != 0 {
                if b == quote {
                    quote = 0;
                }
            } else if b == b'"' || b == b'\'' {
                quote = b;
            } else if b == b'=' {
                equals += 1;
            } else if b == b'>' || b == b'<' {
                break;
            }
            j += 1;
        }
        if equals > MAX_ATTRIBUTES {
            let line = text[..start].matches('\n').count() + 1;
            return Err(format!(
                "an element on line {line} has {equals} attributes; at most {MAX_ATTRIBUTES} \
                 are accepted"
            ));
        }
        i = j.max(start + 1);
    }
    Ok(())
}

fn memchr_lt(hay: &[u8]) -> Option<usize> {
    hay.iter().position(|&b| b == b'<')
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Refuses a configuration whose internal general entities would expand to more than
/// [`MAX_ENTITY_EXPANSION`] bytes. Each declared entity's expanded length is computed from
/// its replacement text (nested references included, a cycle counting as unbounded), then
/// every `&name;` reference in the text is charged its entity's length. References in
/// comments are charged too: the bound only ever over-estimates. External entities
/// (`SYSTEM`/`PUBLIC`) are never read (the parser refuses them) and cost nothing here.
fn check_entity_expansion(text: &str) -> Result<(), String> {
    if !text.contains("<!ENTITY") {
        return Ok(());
    }
    let mut values: rustc_hash::FxHashMap<&str, &str> = rustc_hash::FxHashMap::default();
    let mut rest = text;
    while let Some(at) = rest.find("<!ENTITY") {
        rest = &rest[at + "<!ENTITY".len()..];
        let decl = rest.trim_start_matches(PERL_SPACE);
        if decl.starts_with('%') {
            continue; // a parameter entity: never referenced as `&name;`
        }
        let name_len = decl
            .find(|c: char| PERL_SPACE.contains(&c) || c == '"' || c == '\'')
            .unwrap_or(decl.len());
        let (name, after) = decl.split_at(name_len);
        let after = after.trim_start_matches(PERL_SPACE);
        if let Some(q) = after.chars().next().filter(|&c| c == '"' || c == '\'') {
            let body = &after[1..];
            let end = body.find(q).unwrap_or(body.len());
            values.entry(name).or_insert(&body[..end]);
        }
    }
    let mut sizes: rustc_hash::FxHashMap<&str, Option<usize>> = rustc_hash::FxHashMap::default();
    let total = expanded_len(text, &values, &mut sizes, 0);
    match total {
        Some(n) if n <= MAX_ENTITY_EXPANSION => Ok(()),
        _ => Err(format!(
            "its entities would expand to more than {} MiB; refused (at most {} MiB)",
            MAX_ENTITY_EXPANSION >> 20,
            MAX_ENTITY_EXPANSION >> 20
        )),
    }
}

/// Length of `text` with every declared entity reference expanded, saturating: `None` is
/// more than [`MAX_ENTITY_EXPANSION`] (or a reference cycle, which the parser reports).
fn expanded_len<'a>(
    text: &'a str,
    values: &rustc_hash::FxHashMap<&'a str, &'a str>,
    sizes: &mut rustc_hash::FxHashMap<&'a str, Option<usize>>,
    depth: usize,
) -> Option<usize> {
    let mut total = text.len();
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        rest = &rest[at + 1..];
        let Some(end) = rest.find(';') else { break };
        let name = &rest[..end];
        let Some(&value) = values.get(name) else {
            continue;
        };
        let size = match sizes.get(name) {
            Some(&known) => known,
            None if depth > 64 => None,
            None => {
                sizes.insert(name, None); // a cycle meets this and stops
                let s = expanded_len(value, values, sizes, depth + 1);
                sizes.insert(name, s);
                s
            }
        };
        total = total.checked_add(size?)?;
        if total > MAX_ENTITY_EXPANSION {
            return None;
        }
    }
    Some(total)
}

/// A parse error as one line with a position. An unclosed document is reported where it
/// ends (as expat does), which is where the user has to look, not where the root opened.
fn malformed(text: &str, e: &roxmltree::Error) -> String {
    let (row, col) = match e {
        roxmltree::Error::UnclosedRootNode => {
            let last = text.rsplit('\n').next().unwrap_or_default();
            (text.matches('\n').count() + 1, last.chars().count() + 1)
        }
        _ => (e.pos().row as usize, e.pos().col as usize),
    };
    format!("malformed XML: {e} (line {row}, column {col})")
}

/// The element's local name upper-cased (Perl's `uc`, Unicode-aware like Python's
/// `str.upper`); ASCII names, all of them in practice, without allocating.
fn name<'a>(node: Node<'a, '_>) -> std::borrow::Cow<'a, str> {
    let local = node.tag_name().name();
    if local
        .bytes()
        .all(|b| !b.is_ascii_lowercase() && b.is_ascii())
    {
        std::borrow::Cow::Borrowed(local)
    } else if local.is_ascii() {
        std::borrow::Cow::Owned(local.to_ascii_uppercase())
    } else {
        std::borrow::Cow::Owned(local.to_uppercase())
    }
}

/// The attribute `attr`; `what` names the element in the error (built only then).
fn attribute(
    node: Node<'_, '_>,
    attr: &str,
    what: impl FnOnce() -> String,
) -> Result<String, String> {
    node.attribute(attr)
        .map(str::to_string)
        .ok_or_else(|| format!("{} has no {attr} attribute (it must be upper case)", what()))
}

/// An element's value as ROUGE-1.5.5 reads it: its *last* direct text child (text and
/// CDATA run together; a comment or a child element starts a new one), trimmed of Perl's
/// whitespace. Observed against the script: `<P>p.<!--c-->spl</P>` names `spl`,
/// `<P>p.spl<x/>junk</P>` names `junk`, `<P>p.spl<x/></P>` names `p.spl`, and text only
/// inside a child element (`<P><x>p.spl</x></P>`) is no value at all (`None`).
fn text(node: Node<'_, '_>) -> Option<String> {
    let mut last: Option<String> = None;
    let mut joined = false;
    for child in node.children() {
        match child.text().filter(|_| child.is_text()) {
            Some(t) if joined => last.get_or_insert_with(String::new).push_str(t),
            Some(t) => {
                last = Some(t.to_string());
                joined = true;
            }
            None => joined = false,
        }
    }
    last.map(|t| t.trim_matches(PERL_SPACE).to_string())
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Peers,
    Models,
    Other,
}

/// One `EVAL`'s parts, collected in one walk over its subtree.
struct Walker {
    where_: String,
    format: Option<SummaryFormat>,
    format_seen: bool,
    peer_root: Option<String>,
    model_root: Option<String>,
    peers: Vec<(String, String)>,
    models: Vec<(String, String)>,
}

impl Walker {
    fn new(id: &str) -> Walker {
        Walker {
            where_: format!("EVAL {id}"),
            format: None,
            format_seen: false,
            peer_root: None,
            model_root: None,
            peers: Vec::new(),
            models: Vec::new(),
        }
    }

    /// Visits the elements below `elem` in document order (pre-order, as a recursive walk
    /// would) with an explicit stack: Perl scores a configuration nested 100,000 deep, and
    /// a recursive walk overflowed the thread's stack there.
    fn walk<'a, 'input>(&mut self, elem: Node<'a, 'input>, section: Section) -> Result<(), String> {
        let mut stack: Vec<(Node<'a, 'input>, Section)> = elem
            .children()
            .filter(|c| c.is_element())
            .map(|c| (c, section))
            .collect();
        stack.reverse();
        while let Some((child, section)) = stack.pop() {
            let name = name(child);
            match name.as_ref() {
                "PEER-ROOT" if self.peer_root.is_none() => {
                    self.peer_root = Some(text(child).unwrap_or_default());
                }
                "MODEL-ROOT" if self.model_root.is_none() => {
                    self.model_root = Some(text(child).unwrap_or_default());
                }
                "INPUT-FORMAT" if !self.format_seen => {
                    self.format_seen = true;
                    let typed = attribute(child, "TYPE", || {
                        format!("the INPUT-FORMAT of {}", self.where_)
                    })?;
                    let format = SummaryFormat::parse(&typed.to_uppercase()).ok_or_else(|| {
                        format!(
                            "{}: unknown INPUT-FORMAT TYPE '{typed}' (SEE, SPL, ISI or SIMPLE)",
                            self.where_
                        )
                    })?;
                    self.format = Some(format);
                }
                "P" if section == Section::Peers => {
                    let id = attribute(child, "ID", || format!("a P of {}", self.where_))?;
                    if let Some(file) = text(child) {
                        self.peers.push((id, file));
                    }
                }
                "M" if section == Section::Models => {
                    let id = attribute(child, "ID", || format!("an M of {}", self.where_))?;
                    if let Some(file) = text(child) {
                        self.models.push((id, file));
                    }
                }
                _ => {
                    // A `P` counts only as a child of `PEERS` and an `M` of `MODELS`
                    // (`<PEERS><d><P ...>` has no peer for ROUGE-1.5.5), while the
                    // sections and roots themselves count at any depth of the EVAL.
                    let inner = match name.as_ref() {
                        "PEERS" => Section::Peers,
                        "MODELS" => Section::Models,
                        _ => Section::Other,
                    };
                    let at = stack.len();
                    stack.extend(
                        child
                            .children()
                            .filter(|c| c.is_element())
                            .map(|c| (c, inner)),
                    );
                    stack[at..].reverse();
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_roots_and_order() {
        let evals = parse(
            r#"<ROUGE_EVAL version="1.0">
<Eval ID="b2">
  <Peer-Root>
  sys
  </Peer-Root>
  <MODEL-ROOT>refs/<![CDATA[x]]></MODEL-ROOT>
  <input-format TYPE="spl"></input-format>
  <PEERS> <P ID="A"> a.txt </P> <p ID="B">b.txt</p> <P ID="A">c</P> </PEERS>
  <MODELS> <M ID="2">m2</M> <m ID="1">m&amp;1</m> <div><M ID="3">nested</M></div> </MODELS>
</Eval>
<EVAL ID="1"><INPUT-FORMAT TYPE="SEE"/><PEERS><P ID="A">p</P></PEERS></EVAL>
</ROUGE_EVAL>"#,
        )
        .unwrap();
        assert_eq!(evals.len(), 2);
        assert_eq!(evals[0].format, Some(SummaryFormat::Spl));
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        assert_eq!(
            evals[0].peers,
            vec![pair("A", "sys/c"), pair("B", "sys/b.txt")]
        );
        assert_eq!(
            evals[0].models,
            vec![pair("2", "refs/x/m2"), pair("1", "refs/x/m&1")]
        );
        assert_eq!(evals[1].peers, vec![pair("A", "/p")]);
        assert!(evals[1].models.is_empty());
    }

    #[test]
    fn errors() {
        let err = |t: &str| parse(t).unwrap_err();
        assert!(err("<EVAL ID=\"1\">\n<PEERS>").starts_with("malformed XML"));
        let e = err("<EVAL ID=\"1\">\n<PEERS>");
        assert!(e.contains("line 2"), "{e}");
        assert!(err("<r><eval id=\"1\"></eval></r>").contains("no ID attribute"));
        assert!(
            err("<r><EVAL ID=\"1\"><INPUT-FORMAT TYPE=\"X\"/></EVAL></r>")
                .contains("unknown INPUT-FORMAT")
        );
        assert!(err("<r><EVAL ID=\"1\"/><EVAL ID=\"1\"/></r>").contains("occurs twice"));
        assert!(err("<r></r>").contains("no EVAL"));
    }

    fn config_with_peer(peer: &str) -> String {
        format!(r#"<R><EVAL ID="1"><INPUT-FORMAT TYPE="SPL"/><PEERS>{peer}</PEERS></EVAL></R>"#)
    }

    #[test]
    fn deep_nesting_is_walked_without_recursion() {
        let depth = 200_000;
        let text = format!(
            r#"<R><EVAL ID="1">{}<PEERS><P ID="A">p</P></PEERS>{}</EVAL></R>"#,
            "<d>".repeat(depth),
            "</d>".repeat(depth)
        );
        let evals = parse(&text).unwrap();
        assert_eq!(evals[0].peers, vec![("A".to_string(), "/p".to_string())]);
    }

    #[test]
    fn values_are_the_last_direct_text() {
        let peers = |body: &str| parse(&config_with_peer(body)).unwrap()[0].peers.clone();
        let one = |file: &str| vec![("A".to_string(), file.to_string())];
        assert_eq!(peers(r#"<P ID="A">p.<!-- c -->spl</P>"#), one("/spl"));
        assert_eq!(peers(r#"<P ID="A">p.spl<x/>junk</P>"#), one("/junk"));
        assert_eq!(peers(r#"<P ID="A">p.spl<x/></P>"#), one("/p.spl"));
        assert_eq!(peers(r#"<P ID="A">p.<![CDATA[spl]]> </P>"#), one("/p.spl"));
        assert!(peers(r#"<P ID="A"><x>p.spl</x></P>"#).is_empty());
        assert!(peers(r#"<d><P ID="A">p.spl</P></d>"#).is_empty());
    }

    #[test]
    fn entity_expansion_is_bounded() {
        let big = "A".repeat(100_000);
        let refs = "&a;".repeat(20_000);
        let text = format!(
            "<!DOCTYPE R [<!ENTITY a \"{big}\">]>{}",
            config_with_peer(&format!("<P ID=\"A\">{refs}</P>"))
        );
        assert!(parse(&text).unwrap_err().contains("expand to more than"));
        // Nested: 10 levels of 10 references each = 10^10 bytes from a tiny file.
        let mut dtd = String::from("<!ENTITY e0 \"xxxxxxxxxx\">");
        for k in 1..10 {
            dtd += &format!("<!ENTITY e{k} \"{}\">", format!("&e{};", k - 1).repeat(10));
        }
        let text = format!(
            "<!DOCTYPE R [{dtd}]>{}",
            config_with_peer("<P ID=\"A\">&e9;</P>")
        );
        assert!(parse(&text).unwrap_err().contains("expand to more than"));
        // A modest entity is expanded as expat would.
        let text = format!(
            "<!DOCTYPE R [<!ENTITY f \"peer.txt\">]>{}",
            config_with_peer("<P ID=\"A\">&f;</P>")
        );
        assert_eq!(parse(&text).unwrap()[0].peers[0].1, "/peer.txt");
    }

    #[test]
    fn attribute_counts_are_bounded() {
        let attrs: String = (0..MAX_ATTRIBUTES + 1)
            .map(|i| format!(" a{i}=\"0\""))
            .collect();
        let text = format!(r#"<R><EVAL ID="1"{attrs}></EVAL></R>"#);
        let e = parse(&text).unwrap_err();
        assert!(e.contains("attributes") && e.contains("line 1"), "{e}");
        // Quoted '=' and '>' and comments do not count.
        let text = format!(
            "<!-- {} -->{}",
            "=".repeat(5000),
            config_with_peer(r#"<P ID="A" x="a=b>c">p</P>"#)
        );
        assert_eq!(parse(&text).unwrap()[0].peers.len(), 1);
    }
}
