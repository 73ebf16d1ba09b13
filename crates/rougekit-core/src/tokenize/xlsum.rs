//! The tokenizer of `xlsum-v1`: XL-Sum's `multilingual_rouge_scoring` (PyPI
//! `multilingual-rouge` 0.0.1), token for token.
//!
//! Whole-text tokens (ROUGE-N, rougeL), per text:
//! 1. Python's `str.lower()` (full mapping: `İ` becomes `i̇`; final sigma by its context);
//! 2. BERT's `BasicTokenizer`: U+0000, U+FFFD and every `C*` character except `\t\n\r` are
//!    deleted (ZWNJ and ZWJ too, which joins words); `\t\n\r`, `Zs` (and `Zl`, `Zp`, which
//!    `str.split()` splits on) separate words; ASCII non-alphanumerics and every `P*`
//!    character separate words and are dropped; the words are joined with single spaces;
//! 3. the language's segmenter on that string ([`Words::Jieba`]: jieba 0.42.1's `cut`;
//!    [`Words::Newmm`]: pythainlp 5.4.0's `word_tokenize(engine="newmm")`; the single-space
//!    words of both are tokens; [`Words::Mecab`]: MeCab's `-Owakati` words over
//!    unidic-lite, which skips spaces; [`Words::Burmese`]: XL-Sum's syllable rules), or the
//!    default: pyonmttok's `aggressive` mode (a letter/number change splits, every character
//!    that is not a letter, number or mark is a token of its own, a mark stays with the
//!    character before it; a word that starts with a mark gets `％0020` before it, pyonmttok's
//!    escape of the space; `￭ ▁ ￨` become `■ _ │`), then spaces around the ideographs of
//!    BERT's eight CJK ranges.
//!
//! rougeLsum's tokens are steps 1 and 2 only, line by line: XL-Sum's scorer tokenises each
//! line without its segmenter or pyonmttok.
//!
//! The Unicode data are Python 3.11's (`unicodedata` 14.0.0), generated into
//! `xlsum_tables.rs` by `tools/gen_xlsum_unicode.py` (the classes) and [`crate::pystr`]
//! (`str.lower`), not Rust's own (newer) tables: a character added after Unicode 14 is
//! unassigned (`Cn`) for the scorer, hence deleted.
use super::xlsum_tables::CLASSES;
use crate::pystr::{lower_into, lower_with};
use crate::segment::Segmenter;
use std::ops::Range;

pub use super::xlsum_tables::UNICODE_VERSION;

/// How the cleaned words become tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Words {
    /// pyonmttok's `aggressive` mode, then spaces around CJK ideographs.
    Default,
    /// jieba 0.42.1's `cut` (Chinese).
    Jieba,
    /// pythainlp 5.4.0's newmm with its word list (Thai).
    Newmm,
    /// XL-Sum's rule-based Burmese syllable splitter.
    Burmese,
    /// MeCab's `-Owakati` over unidic-lite's dictionary (Japanese, under
    /// `ja_dict="unidic-lite-1.0.8"`: XL-Sum's own numbers used the full UniDic).
    Mecab,
}

impl Words {
    /// The tokenizer's name (the core's `Tokenizer` name).
    pub fn name(self) -> &'static str {
        match self {
            Words::Default => "xlsum-v1",
            Words::Jieba => "xlsum-v1+jieba",
            Words::Newmm => "xlsum-v1+newmm",
            Words::Burmese => "xlsum-v1+burmese",
            Words::Mecab => "xlsum-v1+mecab-unidic-lite",
        }
    }

    /// The tokenizer named `name`, if it is one of these.
    pub fn parse(name: &str) -> Option<Words> {
        [
            Words::Default,
            Words::Jieba,
            Words::Newmm,
            Words::Burmese,
            Words::Mecab,
        ]
        .into_iter()
        .find(|w| w.name() == name)
    }

    /// Calls `on_token` for each whole-text token of `text`, in order.
    pub fn scan(self, text: &str, mut on_token: impl FnMut(&str)) {
        let mut lowered = String::with_capacity(text.len());
        lower_into(text, &mut lowered);
        let mut joined = String::with_capacity(lowered.len());
        clean_join(&lowered, &mut joined, |_, _| {});
        self.segment(&joined, |t, _| on_token(t));
    }

    /// [`Words::scan`] with each token's span in `text`, in code points (`text[start:end]`
    /// in Python): the source characters the token was made from. A token made from part
    /// of one character (`İ` lower-cases to two) takes that character; a token joined over
    /// deleted characters (ZWNJ) or removed spaces (Burmese) covers them; pyonmttok's `％0020`
    /// mark token takes its mark's span; jieba's and newmm's `' '` tokens take the white space (or else
    /// the punctuation) that separated the two words.
    pub fn scan_spans(self, text: &str, mut on_token: impl FnMut(&str, usize, usize)) {
        let (lowered, low_src) = lowered_with_sources(text);
        let mut joined = String::with_capacity(lowered.len());
        let mut src: Vec<u32> = Vec::with_capacity(lowered.len());
        clean_join(&lowered, &mut joined, |at, len| {
            let cp = low_src.get(at).copied().unwrap_or(0);
            src.resize(len, cp);
        });
        self.segment(&joined, |t, r| {
            let (s, e) = span_of(&src, r);
            on_token(t, s, e);
        });
    }

    /// The tokens of the cleaned, space-joined text `joined`, each with the byte range of
    /// `joined` it was made from.
    fn segment(self, joined: &str, mut on_token: impl FnMut(&str, Range<usize>)) {
        let found = match self {
            Words::Default => false,
            Words::Jieba | Words::Newmm | Words::Mecab => {
                let segmenter = match self {
                    Words::Jieba => Segmenter::Jieba,
                    Words::Newmm => Segmenter::Newmm,
                    _ => Segmenter::MecabUnidicLite,
                };
                let mut words = Vec::new();
                segmenter.cut_into(joined, &mut words);
                // The words are slices of `joined` (consecutive but for MeCab, which skips
                // spaces): each one's range from where it starts.
                let base = joined.as_ptr() as usize;
                let mut any = false;
                for w in words {
                    let at = w.as_ptr() as usize - base;
                    let range = at..at + w.len();
                    if !w.is_empty() {
                        any = true;
                        on_token(w, range);
                    }
                }
                any
            }
            Words::Burmese => burmese(joined, &mut on_token),
        };
        // XL-Sum falls back to the default when the segmenter found no token.
        if !found {
            aggressive(joined, &mut on_token);
        }
    }

    /// rougeLsum's tokens: each `\n`-separated line lower-cased and cleaned (no segmenter,
    /// no pyonmttok), with `on_event(None)` at each `\n`.
    pub fn scan_lines(self, text: &str, mut on_event: impl FnMut(Option<&str>)) {
        let mut lowered = String::with_capacity(text.len());
        // Lower-casing the whole text equals lower-casing each line: `\n` is neither cased
        // nor case-ignorable, so final sigma's context stops at it either way.
        lower_into(text, &mut lowered);
        line_words(&lowered, |event| on_event(event.map(|(t, _)| t)));
    }

    /// [`Words::scan_lines`] with each token's span in `text` in code points (as
    /// [`Words::scan_spans`]).
    pub fn scan_lines_spans(
        self,
        text: &str,
        mut on_event: impl FnMut(Option<(&str, usize, usize)>),
    ) {
        let (lowered, low_src) = lowered_with_sources(text);
        line_words(&lowered, |event| match event {
            Some((t, r)) => {
                let (s, e) = span_of(&low_src, r);
                on_event(Some((t, s, e)));
            }
            None => on_event(None),
        });
    }
}

/// Python's `str.lower()` of `text` and, per byte of it, the code point of `text` it came
/// from.
fn lowered_with_sources(text: &str) -> (String, Vec<u32>) {
    let mut lowered = String::with_capacity(text.len());
    let mut src: Vec<u32> = Vec::with_capacity(text.len());
    lower_with(text, &mut lowered, |cp, len| src.resize(len, cp as u32));
    (lowered, src)
}

/// The code-point span of the source characters behind bytes `r` of a derived text whose
/// bytes map to source code points through `src`.
fn span_of(src: &[u32], r: Range<usize>) -> (usize, usize) {
    let part = src.get(r).unwrap_or(&[]);
    match (part.iter().min(), part.iter().max()) {
        (Some(&s), Some(&e)) => (s as usize, e as usize + 1),
        _ => (0, 0),
    }
}

/// The cleaned words of each line of lower-cased `lowered`, each with its byte range in
/// `lowered` (deleted characters inside it included), and `None` at each `\n`.
fn line_words(lowered: &str, mut on_event: impl FnMut(Option<(&str, Range<usize>)>)) {
    let mut word = String::new();
    let mut range = 0..0;
    for (i, c) in lowered.char_indices() {
        let k = class(c);
        if k == SPACE || k == PUNCT {
            if !word.is_empty() {
                on_event(Some((&word, range.clone())));
                word.clear();
            }
            if c == '\n' {
                on_event(None);
            }
        } else if k != DELETED {
            if word.is_empty() {
                range.start = i;
            }
            word.push(c);
            range.end = i + c.len_utf8();
        }
    }
    if !word.is_empty() {
        on_event(Some((&word, range)));
    }
}

// Character classes of `xlsum_tables::CLASSES` (tools/gen_xlsum_unicode.py).
const DELETED: u8 = 0;
const SPACE: u8 = 1;
const PUNCT: u8 = 2;
const LETTER: u8 = 3;
const NUMBER: u8 = 4;
const MARK: u8 = 5;

/// The class of `c` in Python 3.11's Unicode data.
#[inline]
fn class(c: char) -> u8 {
    let cp = c as u32;
    if cp < 0x80 {
        let b = cp as u8;
        return match b {
            b'\t' | b'\n' | b'\r' | b' ' => SPACE,
            b'a'..=b'z' | b'A'..=b'Z' => LETTER,
            b'0'..=b'9' => NUMBER,
            0..=0x1f | 0x7f => DELETED,
            _ => PUNCT,
        };
    }
    if cp < 0x10000 {
        return bmp()[cp as usize];
    }
    class_of(cp)
}

/// The class of code point `cp`, from the ranges.
fn class_of(cp: u32) -> u8 {
    let i = CLASSES.partition_point(|&(start, _)| start <= cp);
    CLASSES[i.saturating_sub(1)].1
}

/// The Basic Multilingual Plane's classes, one byte each (64 KiB, built once): nearly every
/// character of real text is looked up here instead of in the ranges.
fn bmp() -> &'static [u8] {
    static TABLE: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| (0..0x10000u32).map(class_of).collect())
}

/// BERT's cleaning and punctuation split of lower-cased text: the words, joined with single
/// spaces, appended to `out`. After each character appended, `at(i, out.len())` names the
/// byte `i` of `lowered` it stands for: a word's character itself, a joining space the
/// first white space between the two words (or else the first punctuation).
#[inline(always)]
fn clean_join(lowered: &str, out: &mut String, mut at: impl FnMut(usize, usize)) {
    let mut in_word = false;
    // The separator a joining space stands for, and whether it is white space.
    let mut gap: Option<(usize, bool)> = None;
    for (i, c) in lowered.char_indices() {
        match class(c) {
            DELETED => {}
            k @ (SPACE | PUNCT) => {
                in_word = false;
                match gap {
                    None => gap = Some((i, k == SPACE)),
                    Some((_, false)) if k == SPACE => gap = Some((i, true)),
                    _ => {}
                }
            }
            _ => {
                if !in_word && !out.is_empty() {
                    out.push(' ');
                    at(gap.map_or(i, |(g, _)| g), out.len());
                }
                gap = None;
                in_word = true;
                out.push(c);
                at(i, out.len());
            }
        }
    }
}

/// Whether `c` is in one of BERT's eight CJK ranges (`_is_chinese_char`).
fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x4E00..=0x9FFF | 0x3400..=0x4DBF | 0x20000..=0x2A6DF | 0x2A700..=0x2B73F
        | 0x2B740..=0x2B81F | 0x2B820..=0x2CEAF | 0xF900..=0xFAFF | 0x2F800..=0x2FA1F)
}

/// pyonmttok's replacements of its own marker characters.
fn onmt_char(c: char) -> char {
    match c {
        '\u{FFED}' => '\u{25A0}', // its joiner marker
        '\u{2581}' => '_',        // its spacer marker
        '\u{FFE8}' => '\u{2502}', // its feature separator
        _ => c,
    }
}

/// The default tokens of `joined` (words separated by single spaces): pyonmttok's
/// `aggressive` mode on each word, then BERT's CJK split; each with the bytes of `joined`
/// it was made from.
fn aggressive(joined: &str, on_token: &mut impl FnMut(&str, Range<usize>)) {
    let mut token = String::new();
    let mut range = 0..0;
    let mut w = 0usize;
    let mut base = 0usize;
    for word in joined.split(' ') {
        let word_start = base;
        base += word.len() + 1;
        if word.is_empty() {
            continue;
        }
        // The kind of the token being built: LETTER or NUMBER runs grow, anything else
        // (a symbol, a word-initial mark) takes only marks.
        let mut kind = 0u8;
        for (i, c) in word.char_indices() {
            let k = class(c);
            let at = word_start + i;
            let len = c.len_utf8();
            let c = onmt_char(c);
            if k == MARK {
                if token.is_empty() {
                    if w > 0 {
                        // pyonmttok escapes the space before a word-initial mark.
                        token.push_str("\u{FF05}0020");
                    }
                    kind = 0;
                    range.start = at;
                }
                token.push(c);
            } else if (k == LETTER || k == NUMBER) && k == kind {
                token.push(c);
            } else {
                if !token.is_empty() {
                    emit_cjk_split(&token, range.clone(), on_token);
                    token.clear();
                }
                token.push(c);
                range.start = at;
                kind = if k == LETTER || k == NUMBER { k } else { 0 };
            }
            range.end = at + len;
        }
        if !token.is_empty() {
            emit_cjk_split(&token, range.clone(), on_token);
            token.clear();
        }
        w += 1;
    }
}

/// `token` (made from bytes `range` of the joined text) with each CJK ideograph a token of
/// its own (BERT's `tokenize_chinese_chars`).
fn emit_cjk_split(token: &str, range: Range<usize>, on_token: &mut impl FnMut(&str, Range<usize>)) {
    if token.is_ascii() || !token.chars().any(is_cjk) {
        on_token(token, range);
        return;
    }
    // A token holding an ideograph is a letter run, a slice of the joined text: its
    // pieces' bytes are the slice's (else each piece takes the token's whole range).
    let sliced = token.len() == range.len();
    let piece = |a: usize, b: usize| {
        if sliced {
            range.start + a..range.start + b
        } else {
            range.clone()
        }
    };
    let mut start = 0;
    for (i, c) in token.char_indices() {
        if is_cjk(c) {
            if start < i {
                on_token(&token[start..i], piece(start, i));
            }
            let end = i + c.len_utf8();
            on_token(&token[i..end], piece(i, end));
            start = end;
        }
    }
    if start < token.len() {
        on_token(&token[start..], piece(start, token.len()));
    }
}

const ASAT: char = '\u{103A}';
const DOT_BELOW: char = '\u{1037}';
const VIRAMA: char = '\u{1039}';

/// XL-Sum's dependent Burmese characters: they stay with the character before them.
fn burmese_dependent(c: char) -> bool {
    matches!(c as u32, 0x102B..=0x1032 | 0x1036..=0x1038 | 0x103A..=0x103E)
}

/// A Burmese unit being built: its text and the bytes of the joined text it was made from
/// (`usize::MAX..0` while empty).
struct Unit {
    text: String,
    from: usize,
    to: usize,
}

impl Unit {
    fn push(&mut self, other: &Unit) {
        self.text.push_str(&other.text);
        self.from = self.from.min(other.from);
        self.to = self.to.max(other.to);
    }
}

/// XL-Sum's `BurmeseTokenizer` on `joined`; false when it gives no token.
fn burmese(joined: &str, on_token: &mut impl FnMut(&str, Range<usize>)) -> bool {
    // ZWNJ becomes a space (the cleaning deleted it already), the dot below + asat order is
    // normalised (`str.replace`: left to right, not overlapping), the text lower-cased
    // again (a no-op on lower-cased text) and every space removed. Each character keeps
    // the bytes of `joined` it came from.
    let mut chars: Vec<(char, usize, usize)> = joined
        .char_indices()
        .map(|(i, c)| (if c == '\u{200C}' { ' ' } else { c }, i, i + c.len_utf8()))
        .collect();
    let mut i = 0;
    while i + 1 < chars.len() {
        if chars[i].0 == DOT_BELOW && chars[i + 1].0 == ASAT {
            chars[i].0 = ASAT;
            chars[i + 1].0 = DOT_BELOW;
            i += 2;
        } else {
            i += 1;
        }
    }
    chars.retain(|c| !c.0.is_whitespace());
    // Basic units: a character and the dependent characters after it (the first character
    // always starts one).
    let mut units: Vec<Unit> = Vec::new();
    for (i, &(c, from, to)) in chars.iter().enumerate() {
        match units.last_mut() {
            Some(last) if i > 0 && burmese_dependent(c) => {
                last.text.push(c);
                last.to = last.to.max(to);
                last.from = last.from.min(from);
            }
            _ => units.push(Unit {
                text: c.to_string(),
                from,
                to,
            }),
        }
    }
    // Units holding an asat and fewer than 4 characters join the unit before them, as the
    // original's list rewrite does: an emptied slot takes the next unit whole.
    for i in 1..units.len() {
        let unit = &units[i];
        if unit.text.contains(ASAT) && unit.text.chars().count() < 4 {
            let moved = std::mem::replace(
                &mut units[i],
                Unit {
                    text: String::new(),
                    from: usize::MAX,
                    to: 0,
                },
            );
            units[i - 1].push(&moved);
        }
    }
    // Stacked units: a lone virama between spaces glues its neighbours (the original
    // replaces `" ္ "` in the units joined by spaces: left to right, not overlapping).
    units.retain(|u| !u.text.is_empty());
    let mut any = false;
    let mut k = 0;
    while k < units.len() {
        let mut token = std::mem::replace(
            &mut units[k],
            Unit {
                text: String::new(),
                from: usize::MAX,
                to: 0,
            },
        );
        k += 1;
        while k + 1 < units.len()
            && units[k].text.len() == VIRAMA.len_utf8()
            && units[k].text.starts_with(VIRAMA)
        {
            token.push(&units[k]);
            token.push(&units[k + 1]);
            k += 2;
        }
        any = true;
        on_token(&token.text, token.from..token.to);
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(words: Words, text: &str) -> Vec<String> {
        let mut out = Vec::new();
        words.scan(text, |t| out.push(t.to_string()));
        out
    }

    fn lines(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        Words::Default.scan_lines(text, |t| out.push(t.unwrap_or("\\n").to_string()));
        out
    }

    #[test]
    fn default_tokens() {
        assert_eq!(
            tokens(Words::Default, "L'élève a 3.5€ abc123 中文ok ❤\u{fe0f}"),
            [
                "l",
                "élève",
                "a",
                "3",
                "5",
                "€",
                "abc",
                "123",
                "中",
                "文",
                "ok",
                "❤\u{fe0f}"
            ]
        );
        // ZWNJ is deleted, joining the word; a word-initial mark gets pyonmttok's escape.
        assert_eq!(
            tokens(Words::Default, "a\u{200c}b x \u{301}y"),
            ["ab", "x", "％0020\u{301}", "y"]
        );
        assert_eq!(tokens(Words::Default, "\u{301}y"), ["\u{301}", "y"]);
        assert_eq!(tokens(Words::Default, "a\u{ffed}b"), ["a", "\u{25a0}", "b"]);
    }

    #[test]
    fn lines_are_cleaned_only() {
        assert_eq!(
            lines("abc123, 中文\n\nX"),
            ["abc123", "中文", "\\n", "\\n", "x"]
        );
    }

    #[test]
    fn jieba_keeps_space_tokens() {
        let t = tokens(Words::Jieba, "我来到北京，清华大学");
        assert!(t.contains(&" ".to_string()), "{t:?}");
    }

    fn spans(words: Words, text: &str) -> Vec<(String, String)> {
        let chars: Vec<char> = text.chars().collect();
        let mut out = Vec::new();
        words.scan_spans(text, |t, s, e| {
            out.push((t.to_string(), chars[s..e].iter().collect()));
        });
        let plain = tokens(words, text);
        assert_eq!(
            out.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>(),
            plain
        );
        out
    }

    fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
        items
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn spans_are_the_source_characters() {
        assert_eq!(
            spans(
                Words::Default,
                "İSTANBUL a\u{200c}b x \u{301}y $5€ 中文ok ▁"
            ),
            pairs(&[
                ("i\u{307}stanbul", "İSTANBUL"),
                ("ab", "a\u{200c}b"),
                ("x", "x"),
                ("％0020\u{301}", "\u{301}"),
                ("y", "y"),
                ("5", "5"),
                ("€", "€"),
                ("中", "中"),
                ("文", "文"),
                ("ok", "ok"),
                ("_", "▁"),
            ])
        );
        // A token made from part of one character takes that character.
        assert_eq!(
            spans(Words::Default, "\u{130}\u{5d0}"),
            pairs(&[("i\u{307}\u{5d0}", "\u{130}\u{5d0}")])
        );
        let zh = spans(Words::Jieba, "我来到北京， 清华大学");
        assert!(zh.contains(&(" ".to_string(), " ".to_string())), "{zh:?}");
        let zh = spans(Words::Jieba, "北京，清华");
        assert!(zh.contains(&(" ".to_string(), "，".to_string())), "{zh:?}");
        let my = spans(Words::Burmese, "မြန်မာ စာ");
        assert!(!my.is_empty());
        for (t, surface) in &my {
            let squeezed: String = surface.chars().filter(|c| !c.is_whitespace()).collect();
            assert_eq!(t, &squeezed);
        }
    }

    #[test]
    fn line_spans() {
        let text = "Ab\u{200c}c, İx\n\nd";
        let chars: Vec<char> = text.chars().collect();
        let mut out = Vec::new();
        Words::Default.scan_lines_spans(text, |e| {
            out.push(match e {
                Some((t, s, e)) => (t.to_string(), chars[s..e].iter().collect::<String>()),
                None => ("\\n".to_string(), String::new()),
            })
        });
        assert_eq!(
            out,
            pairs(&[
                ("abc", "Ab\u{200c}c"),
                ("i\u{307}x", "İx"),
                ("\\n", ""),
                ("\\n", ""),
                ("d", "d"),
            ])
        );
    }
}
