//! A text as the explanation shows it: the tokens the core compares, each with its span in
//! the original text (code points and bytes), its compared form (as interned: lower-cased,
//! normalised, stemmed) and its sentence, plus the material the tokenizer dropped.
use crate::engine::TokenDoc;
use crate::intern::{IdMap, Interner};
use crate::pipeline::{Stemmer, Tokenizer};
use crate::tokenize::{rouge_score, unicode, xlsum};
use rustc_hash::FxHashMap;

/// One token of an explained text, for every engine: its span in the original text (code
/// points: `text[start:end]` in Python is the surface; the same span in bytes), what it is
/// compared as and its sentence. `C` holds the compared form as the engine has it: an index
/// into the pair's [`Forms`] (the rouge-score family, whose forms are interned), or the
/// form itself (ROUGE-1.5.5, the pltrdy family).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<C = u32> {
    /// Code-point offsets (token ids: the position in the id sequence).
    pub start: u32,
    pub end: u32,
    /// The same span in bytes (token ids: the position in the id sequence).
    pub byte_start: u32,
    pub byte_end: u32,
    /// The compared form (lower-cased, normalised, stemmed as the engine compares it).
    pub compared: C,
    /// The sentence it belongs to (rougeLsum line that has tokens; ROUGE-1.5.5's or the
    /// pltrdy family's sentence).
    pub sentence: u32,
}

/// Why text was not compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// Letters outside ASCII, which rouge-score's tokenizer drops (ROUGE-1.5.5 turns every
    /// byte of them into a separator).
    NonAscii,
    /// Punctuation and symbols the tokenizer skips.
    NotAToken,
    /// A stopword ROUGE-1.5.5's `-s` removed.
    Stopword,
    /// Past ROUGE-1.5.5's `-l` / `-b` limit.
    AfterLimit,
}

impl Why {
    /// The `rougekit.explain/1` name.
    pub fn name(self) -> &'static str {
        match self {
            Why::NonAscii => "non-ascii",
            Why::NotAToken => "not-a-token",
            Why::Stopword => "stopword",
            Why::AfterLimit => "after-limit",
        }
    }
}

/// A run of text an engine's pipeline dropped, for every engine (code points and bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dropped {
    pub start: u32,
    pub end: u32,
    pub byte_start: u32,
    pub byte_end: u32,
    pub why: Why,
}

/// One text of a pair, explained.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TextView {
    pub tokens: Vec<Token>,
    pub dropped: Vec<Dropped>,
    /// Lines that have tokens (rougeLsum's sentences).
    pub sentences: usize,
    /// rougeLsum's tokens when its lines have tokens of their own (`xlsum-v1`: cleaned
    /// only); its union LCS indexes these. `None`: the lines partition `tokens`.
    pub line_tokens: Option<Vec<Token>>,
}

/// The compared forms of one pair's tokens, each once: strings (text profiles, back to back
/// in one buffer) or the caller's token ids (`token-ids`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Forms {
    Text { chars: String, ends: Vec<u32> },
    Ids(Vec<i64>),
}

impl Forms {
    /// The number of forms.
    pub fn len(&self) -> usize {
        match self {
            Forms::Text { ends, .. } => ends.len(),
            Forms::Ids(ids) => ids.len(),
        }
    }

    /// True when there is no form.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Text form `k` (`None` for token ids or out of range).
    pub fn text(&self, k: usize) -> Option<&str> {
        match self {
            Forms::Text { chars, ends } => {
                let end = *ends.get(k)? as usize;
                let start = if k == 0 { 0 } else { ends[k - 1] as usize };
                chars.get(start..end)
            }
            Forms::Ids(_) => None,
        }
    }
}

/// One stemmer's interner with the compared form of each id it handed out.
#[derive(Debug)]
pub(crate) struct Vocab {
    interner: Interner,
    names: Vec<Option<Box<str>>>,
    stemmer: Stemmer,
}

impl Vocab {
    pub(crate) fn new(stemmer: Stemmer) -> Vocab {
        Vocab {
            interner: Interner::new(stemmer),
            names: Vec::new(),
            stemmer,
        }
    }

    pub(crate) fn stemmer(&self) -> Stemmer {
        self.stemmer
    }

    /// Between pairs: the interner may drop its caches (then the ids start again).
    pub(crate) fn trim(&mut self) {
        self.interner.trim();
        if self.interner.len() < self.names.len() {
            self.names.clear();
        }
    }

    /// The id of `token` and, the first time, its compared form.
    fn id(&mut self, token: &str) -> u32 {
        let id = self.interner.id(token);
        let k = id as usize;
        if k >= self.names.len() {
            self.names.resize(k + 1, None);
        }
        if self.names[k].is_none() {
            self.names[k] = Some(self.stemmer.stem(token).into());
        }
        id
    }

    fn name(&self, id: u32) -> &str {
        self.names
            .get(id as usize)
            .and_then(|n| n.as_deref())
            .unwrap_or("")
    }
}

/// Pair-local numbering of compared forms (ids in order of first appearance).
#[derive(Debug, Default)]
pub(crate) struct FormIndex {
    local: FxHashMap<u32, u32>,
    order: Vec<u32>,
}

impl FormIndex {
    fn get(&mut self, id: u32) -> u32 {
        let next = self.order.len() as u32;
        *self.local.entry(id).or_insert_with(|| {
            self.order.push(id);
            next
        })
    }

    /// The pair-local form of kernel id `id`, if the pair has it.
    pub(crate) fn lookup(&self, id: u32) -> Option<u32> {
        self.local.get(&id).copied()
    }

    pub(crate) fn text_forms(&self, vocab: &Vocab) -> Forms {
        let mut chars = String::new();
        let mut ends = Vec::with_capacity(self.order.len());
        for &id in &self.order {
            chars.push_str(vocab.name(id));
            ends.push(chars.len() as u32);
        }
        Forms::Text { chars, ends }
    }
}

/// Code point offsets of byte offsets in one text (identity for ASCII).
struct CharIndex {
    /// Per char: its byte offset, and the text's length at the end (non-ASCII text only).
    bytes: Option<Vec<u32>>,
}

impl CharIndex {
    fn new(text: &str) -> CharIndex {
        if text.is_ascii() {
            return CharIndex { bytes: None };
        }
        let mut bytes: Vec<u32> = text.char_indices().map(|(i, _)| i as u32).collect();
        bytes.push(text.len() as u32);
        CharIndex { bytes: Some(bytes) }
    }

    fn char_of(&self, byte: usize) -> u32 {
        match &self.bytes {
            None => byte as u32,
            Some(b) => b.partition_point(|&x| (x as usize) < byte) as u32,
        }
    }

    fn byte_of(&self, ch: usize) -> u32 {
        match &self.bytes {
            None => ch as u32,
            Some(b) => b[ch.min(b.len() - 1)],
        }
    }
}

/// Tokenises `text` with spans into `doc` (the ids the kernels compare, as the engine's
/// `TokenDoc::tokenize_into` makes them) and `view`.
pub(crate) fn tokenize(
    text: &str,
    tokenizer: Tokenizer,
    vocab: &mut Vocab,
    forms: &mut FormIndex,
    doc: &mut TokenDoc,
    view: &mut TextView,
) {
    doc.tokens.clear();
    doc.line_tokens = None;
    doc.line_ends.clear();
    view.tokens.clear();
    view.dropped.clear();
    view.line_tokens = None;
    // About one token per five bytes of English: reserved once instead of grown from
    // empty (the records are fresh per pair, as each explanation keeps its own).
    let estimate = text.len() / 5 + 1;
    doc.tokens.reserve(estimate);
    view.tokens.reserve(estimate);
    forms.local.reserve(estimate);
    let index = CharIndex::new(text);
    let mut cursor = 0usize;
    let mut on_token = |token: &str, start: u32, end: u32, byte_start: u32, byte_end: u32| {
        let id = vocab.id(token);
        doc.tokens.push(id);
        view.tokens.push(Token {
            start,
            end,
            byte_start,
            byte_end,
            compared: forms.get(id),
            sentence: 0, // set below, once the line ends are known
        });
    };
    let on_line = |doc_tokens: usize, line_ends: &mut Vec<usize>| {
        if line_ends.last().copied().unwrap_or(0) < doc_tokens {
            line_ends.push(doc_tokens);
        }
    };
    // The scans below report line ends through `None`; `doc` is borrowed by `on_token`, so
    // the line ends are collected as token counts and applied in order.
    let mut lines: Vec<usize> = Vec::new();
    let mut count = 0usize;
    match tokenizer {
        Tokenizer::RougeScore => rouge_score::scan_spans(text, |event| match event {
            Some((t, r)) => {
                let (s, e) = (index.char_of(r.start), index.char_of(r.end));
                on_token(t, s, e, r.start as u32, r.end as u32);
                count += 1;
            }
            None => lines.push(count),
        }),
        Tokenizer::Unicode | Tokenizer::Character => {
            let unit = if tokenizer == Tokenizer::Unicode {
                unicode::Unit::Word
            } else {
                unicode::Unit::Grapheme
            };
            unicode::scan_spans(text, unit, |event| match event {
                Some((t, s, e)) => {
                    let (bs, be) = (index.byte_of(s), index.byte_of(e));
                    on_token(t, s as u32, e as u32, bs, be);
                    count += 1;
                }
                None => lines.push(count),
            })
        }
        Tokenizer::Xlsum(words) => words.scan_spans(text, |t, s, e| {
            let (bs, be) = (index.byte_of(s), index.byte_of(e));
            on_token(t, s as u32, e as u32, bs, be);
        }),
        _ => {
            // Tokenizers whose tokens are slices of the text (white space, segmenters):
            // the slice is the span; otherwise the next occurrence of the token.
            let base = text.as_ptr() as usize;
            tokenizer.scan(text, |event| match event {
                Some(t) => {
                    let at = t.as_ptr() as usize;
                    let start = if at >= base && at + t.len() <= base + text.len() {
                        at - base
                    } else {
                        cursor + text[cursor..].find(t).unwrap_or(0)
                    };
                    let end = (start + t.len()).min(text.len());
                    cursor = end;
                    let (s, e) = (index.char_of(start), index.char_of(end));
                    on_token(t, s, e, start as u32, end as u32);
                    count += 1;
                }
                None => lines.push(count),
            });
        }
    }
    // Sentences: a line ends at each `\n` that follows tokens (as `TokenDoc`).
    let mut sentence_of = Vec::with_capacity(view.tokens.len());
    let mut next_line = lines.iter().peekable();
    for k in 0..view.tokens.len() {
        while next_line.peek().is_some_and(|&&c| c <= k) {
            if let Some(&c) = next_line.next() {
                on_line(c, &mut doc.line_ends);
            }
        }
        sentence_of.push(doc.line_ends.len() as u32);
    }
    on_line(view.tokens.len(), &mut doc.line_ends);
    for (t, s) in view.tokens.iter_mut().zip(sentence_of) {
        t.sentence = s;
    }
    view.sentences = doc.line_ends.len();
    if let Tokenizer::Xlsum(words) = tokenizer {
        lines_apart(text, words, vocab, forms, doc, view, &index);
    }
    let symbols = tokenizer.lines_apart();
    view.dropped = dropped(text, &view.tokens, tokenizer.ascii_only(), symbols);
}

/// rougeLsum's own line tokens (`xlsum-v1`) into `doc` (ids and line ends, as
/// `TokenDoc::tokenize_into` makes them) and `view` (with spans and sentences); each
/// whole-text token takes the sentence of the line it starts on.
fn lines_apart(
    text: &str,
    words: xlsum::Words,
    vocab: &mut Vocab,
    forms: &mut FormIndex,
    doc: &mut TokenDoc,
    view: &mut TextView,
    index: &CharIndex,
) {
    let mut ids = Vec::new();
    let mut tokens = Vec::new();
    let ends = &mut doc.line_ends;
    ends.clear();
    // Per line of the text: the sentence its tokens are (or would be) in.
    let mut line_sentence: Vec<u32> = vec![0];
    words.scan_lines_spans(text, |event| match event {
        Some((t, s, e)) => {
            let id = vocab.id(t);
            ids.push(id);
            tokens.push(Token {
                start: s as u32,
                end: e as u32,
                byte_start: index.byte_of(s),
                byte_end: index.byte_of(e),
                compared: forms.get(id),
                sentence: ends.len() as u32,
            });
        }
        None => {
            if ends.last().copied().unwrap_or(0) < ids.len() {
                ends.push(ids.len());
            }
            line_sentence.push(ends.len() as u32);
        }
    });
    if ends.last().copied().unwrap_or(0) < ids.len() {
        ends.push(ids.len());
    }
    let last = (ends.len() as u32).saturating_sub(1);
    let newlines: Vec<u32> = text
        .chars()
        .enumerate()
        .filter(|&(_, c)| c == '\n')
        .map(|(k, _)| k as u32)
        .collect();
    for t in &mut view.tokens {
        let line = newlines.partition_point(|&k| k < t.start);
        t.sentence = line_sentence.get(line).copied().unwrap_or(last).min(last);
    }
    view.sentences = ends.len();
    doc.line_tokens = Some(ids);
    view.line_tokens = Some(tokens);
}

/// ASCII that a tokenizer keeping symbols (`xlsum-v1`) drops: BERT's punctuation split takes
/// every ASCII non-alphanumeric, so `$` goes where `€` stays; control characters are deleted.
fn dropped_ascii(c: char) -> bool {
    matches!(c, '$' | '+' | '<' | '=' | '>' | '^' | '`' | '|' | '~')
        || (c.is_ascii_control() && !matches!(c, '\t' | '\n' | '\r'))
}

/// The runs of text outside every token that hold a letter, a digit or a non-ASCII
/// character (white space and ASCII punctuation are not listed; with `symbols`, ASCII
/// symbols and control characters are).
fn dropped(text: &str, tokens: &[Token], ascii_only: bool, symbols: bool) -> Vec<Dropped> {
    let mut out = Vec::new();
    // Gaps between tokens: (first byte, end byte, code point of the first byte).
    let mut gaps: Vec<(usize, usize, usize)> = Vec::new();
    let (mut last, mut last_char) = (0usize, 0usize);
    for t in tokens {
        let (s, e) = (t.byte_start as usize, t.byte_end as usize);
        if s > last {
            gaps.push((last, s, last_char));
        }
        if e >= last {
            last = e;
            last_char = t.end as usize;
        }
    }
    if last < text.len() {
        gaps.push((last, text.len(), last_char));
    }
    for (lo, hi, first_char) in gaps {
        let gap = &text[lo..hi];
        if gap.bytes().all(|b| {
            b.is_ascii() && !b.is_ascii_alphanumeric() && !(symbols && dropped_ascii(b as char))
        }) {
            continue; // white space and ASCII punctuation: not listed
        }
        let mut run: Option<(usize, usize)> = None; // (byte, code point) start of the run
        let mut notable = false;
        let mut non_ascii_letter = false;
        let mut c_at = first_char;
        let mut flush = |run: &mut Option<(usize, usize)>, b: usize, c: usize, n: bool, l: bool| {
            if let Some((rb, rc)) = run.take() {
                if n {
                    out.push(Dropped {
                        start: rc as u32,
                        end: c as u32,
                        byte_start: (lo + rb) as u32,
                        byte_end: (lo + b) as u32,
                        why: if ascii_only && l {
                            Why::NonAscii
                        } else {
                            Why::NotAToken
                        },
                    });
                }
            }
        };
        for (b, ch) in gap.char_indices() {
            if ch.is_whitespace() && !(symbols && dropped_ascii(ch)) {
                flush(&mut run, b, c_at, notable, non_ascii_letter);
                notable = false;
                non_ascii_letter = false;
            } else {
                if run.is_none() {
                    run = Some((b, c_at));
                }
                notable |= ch.is_alphanumeric() || !ch.is_ascii() || (symbols && dropped_ascii(ch));
                non_ascii_letter |= !ch.is_ascii() && ch.is_alphanumeric();
            }
            c_at += 1;
        }
        flush(&mut run, gap.len(), c_at, notable, non_ascii_letter);
    }
    out
}

/// Token ids as a text: `doc` as the engine fills it (the separator ends a sentence and is
/// not a token), `view` with each token's position in the sequence as its span.
pub(crate) fn ids_view(
    ids: &[i64],
    separator: Option<i64>,
    map: &mut IdMap,
    local: &mut FxHashMap<u32, u32>,
    forms: &mut Vec<i64>,
    doc: &mut TokenDoc,
    view: &mut TextView,
) {
    doc.fill_ids(ids, separator, map);
    view.tokens.clear();
    view.dropped.clear();
    let mut k = 0usize;
    let mut sentence = 0u32;
    let mut line_has_tokens = false;
    for (pos, &t) in ids.iter().enumerate() {
        if Some(t) == separator {
            if line_has_tokens {
                sentence += 1;
                line_has_tokens = false;
            }
            continue;
        }
        let id = doc.tokens[k];
        let next = forms.len() as u32;
        let form = *local.entry(id).or_insert_with(|| {
            forms.push(t);
            next
        });
        view.tokens.push(Token {
            start: pos as u32,
            end: pos as u32 + 1,
            byte_start: pos as u32,
            byte_end: pos as u32 + 1,
            compared: form,
            sentence,
        });
        line_has_tokens = true;
        k += 1;
    }
    view.sentences = doc.line_ends.len();
}
