//! ROUGE-1.5.5's XML evaluation configuration (spec §4.1): the `EVAL` elements, each with
//! its input format, peers and models. Parsed here rather than in Python because a corpus
//! configuration has one `EVAL` per document (100k+ elements for CNN/DM) and walking it
//! was a fifth of `rougekit perl`'s run time.
//!
//! What ROUGE-1.5.5.pl (XML::DOM) accepts, as observed: element names are matched
//! case-insensitively (`<Eval>`, `<peer-root>`), attribute names are not (`<EVAL id="1">`
//! makes it die); the first `PEER-ROOT`/`MODEL-ROOT` and the first `INPUT-FORMAT` of an
//! `EVAL` count; a `P` counts inside `PEERS` and an `M` inside `MODELS`, at any depth; texts
//! are all the character data inside an element, trimmed of Perl's whitespace.
use super::files::SummaryFormat;
use roxmltree::{Document, Node, ParsingOptions};

/// One `EVAL`: paths are built as Perl builds them, `<root>/<file>` (a missing root is
/// empty, giving `/<file>`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvalConfig {
    pub id: String,
    /// `None` when the `EVAL` has no `INPUT-FORMAT`.
    pub format: Option<SummaryFormat>,
    /// (peer id, path) in document order; a repeated id keeps its first position and its
    /// last path (a Perl hash).
    pub peers: Vec<(String, String)>,
    /// (model id, path) in document order.
    pub models: Vec<(String, String)>,
}

/// Perl's `\s` as the configuration reader trims it.
const PERL_SPACE: &[char] = &[' ', '\t', '\n', '\r', '\x0C', '\x0B'];

/// The `EVAL`s of a configuration, in document order. Errors are one line without the
/// file name (the caller adds it).
pub fn parse(text: &str) -> Result<Vec<EvalConfig>, String> {
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

fn text(node: Node<'_, '_>) -> String {
    let all: String = node
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    all.trim_matches(PERL_SPACE).to_string()
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

    fn walk(&mut self, elem: Node<'_, '_>, section: Section) -> Result<(), String> {
        for child in elem.children().filter(|n| n.is_element()) {
            let name = name(child);
            match name.as_ref() {
                "PEER-ROOT" => {
                    self.peer_root.get_or_insert_with(|| text(child));
                }
                "MODEL-ROOT" => {
                    self.model_root.get_or_insert_with(|| text(child));
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
                    self.peers.push((id, text(child)));
                }
                "M" if section == Section::Models => {
                    let id = attribute(child, "ID", || format!("an M of {}", self.where_))?;
                    self.models.push((id, text(child)));
                }
                _ => {
                    let inner = match name.as_ref() {
                        "PEERS" => Section::Peers,
                        "MODELS" => Section::Models,
                        _ => section,
                    };
                    self.walk(child, inner)?;
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
  <MODELS> <M ID="2">m2</M> <div><m ID="1">m&amp;1</m></div> </MODELS>
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
}
