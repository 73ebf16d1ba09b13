//! The text pipeline of the rouge-score family of profiles: normalise and tokenise (one
//! [`Tokenizer`] per profile), then stem (a [`Stemmer`]) and intern ([`crate::intern`]).
//!
//! Every tokenizer reports the `\n`s of the text as well as its tokens, so one scan gives both
//! the whole-text tokens (ROUGE-N, rougeL, -W, -S) and the lines of rougeLsum (spec
//! `rouge-score.md` §6). For each tokenizer here the whole-text tokens are exactly the
//! concatenation of the per-line tokens (no token spans a `\n`), which is what rouge-score
//! computes when it tokenises the text and each of its lines separately.
use crate::error::RougeError;
use crate::pool::{run_polled, Cancel};
use crate::segment::Segmenter;
use crate::stem::porter_nltk;
use crate::stem::snowball::{self, Snowball};
use crate::stem::xlsum::{self, XlsumStemmer};
use crate::tokenize::rouge_score;
use crate::tokenize::unicode::{self, Unit};
use crate::tokenize::xlsum::Words;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::cell::RefCell;

/// How text becomes tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tokenizer {
    /// rouge-score 0.1.2's default tokenizer (spec `rouge-score.md` §2).
    RougeScore,
    /// Pre-tokenised text: split on Unicode `White_Space`, nothing else changes.
    Whitespace,
    /// `whitespace+<segmenter>`: [`Tokenizer::Whitespace`] on the segmenter's words joined
    /// with spaces (`" ".join(jieba.cut(text))`).
    SegmentedWhitespace(Segmenter),
    /// `unicode-v1`: rouge-score-rs 0.2.1's `UnicodeTokenizer`: NFKC, case folding, NFKC, then
    /// the UAX #29 words that contain a letter or a number ([`crate::tokenize::unicode`]).
    Unicode,
    /// `character-v1`: rouge-score-rs 0.2.1's `CharacterTokenizer`: normalised like
    /// `unicode-v1`, then the grapheme clusters that contain a letter or a number.
    Character,
    /// `xlsum-v1`: XL-Sum's scorer (`multilingual-rouge` 0.0.1): Python's lower-casing, BERT's
    /// cleaning, then pyonmttok's aggressive rule or a language's segmenter; rougeLsum's
    /// lines are cleaned only ([`crate::tokenize::xlsum`]).
    Xlsum(Words),
}

impl Tokenizer {
    /// The tokenizer's frozen name (the signature's `tok:` field).
    pub fn name(self) -> &'static str {
        match self {
            Tokenizer::RougeScore => "rouge-score",
            Tokenizer::Whitespace => "whitespace",
            Tokenizer::SegmentedWhitespace(Segmenter::Jieba) => "whitespace+jieba",
            Tokenizer::SegmentedWhitespace(Segmenter::Newmm) => "whitespace+newmm",
            Tokenizer::SegmentedWhitespace(Segmenter::MecabUnidicLite) => {
                "whitespace+mecab-unidic-lite"
            }
            Tokenizer::Unicode => "unicode-v1",
            Tokenizer::Character => "character-v1",
            Tokenizer::Xlsum(w) => w.name(),
        }
    }

    /// Parses a tokenizer name.
    pub fn parse(name: &str) -> Result<Tokenizer, RougeError> {
        Ok(match name {
            "rouge-score" => Tokenizer::RougeScore,
            "whitespace" => Tokenizer::Whitespace,
            "unicode-v1" => Tokenizer::Unicode,
            "character-v1" => Tokenizer::Character,
            _ if name.starts_with("xlsum-v1") => match Words::parse(name) {
                Some(Words::Mecab) => {
                    // The segmenter needs its dictionary loaded: parsing it says so if not.
                    Segmenter::parse("mecab-unidic-lite")?;
                    Tokenizer::Xlsum(Words::Mecab)
                }
                Some(w) => Tokenizer::Xlsum(w),
                None => {
                    return Err(RougeError::InvalidOption(format!(
                        "unknown tokenizer {name:?}: expected xlsum-v1, xlsum-v1+jieba, \
                         xlsum-v1+newmm, xlsum-v1+burmese or xlsum-v1+mecab-unidic-lite"
                    )))
                }
            },
            _ => match name.strip_prefix("whitespace+") {
                Some(segmenter) => Tokenizer::SegmentedWhitespace(Segmenter::parse(segmenter)?),
                None => {
                    return Err(RougeError::InvalidOption(format!(
                        "unknown tokenizer {name:?}: expected rouge-score, whitespace, \
                         whitespace+<segmenter>, unicode-v1, character-v1, xlsum-v1, \
                         xlsum-v1+jieba, xlsum-v1+newmm, xlsum-v1+burmese or xlsum-v1+mecab-unidic-lite"
                    )))
                }
            },
        })
    }

    /// Whether the tokenizer keeps only ASCII letters and digits (every other letter is
    /// dropped, which the warnings count).
    pub fn ascii_only(self) -> bool {
        matches!(self, Tokenizer::RougeScore)
    }

    /// Calls `on_event(Some(token))` for each token in order and `on_event(None)` at each
    /// `\n`.
    ///
    /// No token spans a `\n` and the whole-text tokens are the per-line tokens concatenated
    /// (for `unicode-v1` / `character-v1` too: normalisation and UAX #29 segmentation both
    /// stop at `\n`, see [`crate::tokenize::unicode`]).
    pub fn scan(self, text: &str, mut on_event: impl FnMut(Option<&str>)) {
        match self {
            Tokenizer::RougeScore => rouge_score::scan(text, on_event),
            Tokenizer::Unicode => unicode::scan(text, Unit::Word, on_event),
            Tokenizer::Character => unicode::scan(text, Unit::Grapheme, on_event),
            Tokenizer::Whitespace => whitespace_scan(text, &mut on_event),
            // Its whole-text tokens ignore lines (see `scan_lines`): no `None` events.
            Tokenizer::Xlsum(w) => w.scan(text, |t| on_event(Some(t))),
            Tokenizer::SegmentedWhitespace(segmenter) => {
                // The words joined with spaces, split at white space: no token spans two
                // words, so each word is split on its own (a word of spaces gives nothing,
                // "\n" and "\r\n" a line break).
                // MeCab's words leave out the spaces and newlines between them: each `\n`
                // skipped there is still a line break (rougeLsum's lines are the whole
                // text's words cut at its newlines, as for the other segmenters).
                let mut words = Vec::new();
                segmenter.cut_into(text, &mut words);
                let base = text.as_ptr() as usize;
                let mut at = 0;
                for word in words {
                    let start = word.as_ptr() as usize - base;
                    for _ in text.get(at..start).unwrap_or("").matches('\n') {
                        on_event(None);
                    }
                    at = start + word.len();
                    whitespace_scan(word, &mut on_event);
                }
                // (MeCab's text ends at its first U+0000.)
                let end = text.find('\0').unwrap_or(text.len()).max(at);
                for _ in text[at..end].matches('\n') {
                    on_event(None);
                }
            }
        }
    }
}

impl Tokenizer {
    /// Whether rougeLsum's lines have tokens of their own (not the whole text's, cut at
    /// its `\n`s): then [`Tokenizer::scan`] gives the whole-text tokens without line events
    /// and [`Tokenizer::scan_lines`] the lines'.
    pub fn lines_apart(self) -> bool {
        matches!(self, Tokenizer::Xlsum(_))
    }

    /// rougeLsum's tokens with `on_event(None)` at each `\n`: [`Tokenizer::scan`]'s unless
    /// [`Tokenizer::lines_apart`].
    pub fn scan_lines(self, text: &str, on_event: impl FnMut(Option<&str>)) {
        match self {
            Tokenizer::Xlsum(w) => w.scan_lines(text, on_event),
            _ => self.scan(text, on_event),
        }
    }
}

/// [`Tokenizer::Whitespace`]'s scan.
#[inline]
fn whitespace_scan(text: &str, mut on_event: impl FnMut(Option<&str>)) {
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            on_event(None);
        }
        line.split(char::is_whitespace)
            .filter(|t| !t.is_empty())
            .for_each(|t| on_event(Some(t)));
    }
}

/// How tokens are stemmed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Stemmer {
    #[default]
    None,
    /// NLTK's `PorterStemmer()` in NLTK_EXTENSIONS mode, rouge-score's `use_stemmer=True`.
    PorterNltk,
    /// A Snowball 3.1.1 stemmer, `snowball:<algorithm>` ([`crate::stem::snowball`]).
    Snowball(Snowball),
    /// One of XL-Sum's stemmers: `nltk-snowball:<language>[@<snapshot>]`, `hindi-suffix`,
    /// `bengali-rafi`, `turkish-stemmer-1.3` ([`crate::stem::xlsum`]).
    Xlsum(XlsumStemmer),
}

impl Stemmer {
    /// The stemmer's name as users write it (`None` for no stemmer): `nltk-porter`,
    /// `snowball:<algorithm>`.
    pub fn name(self) -> Option<&'static str> {
        match self {
            Stemmer::None => None,
            Stemmer::PorterNltk => Some("nltk-porter"),
            Stemmer::Snowball(s) => Some(s.name()),
            Stemmer::Xlsum(s) => Some(s.name()),
        }
    }

    /// The stemmer's id in a signature (`None` for no stemmer): `nltk-porter`,
    /// `snowball-<version>:<algorithm>` (`snowball-3.1.1:german`), naming the Snowball
    /// release whose stems these are.
    pub fn signature_id(self) -> Option<&'static str> {
        match self {
            Stemmer::None => None,
            Stemmer::PorterNltk => Some("nltk-porter"),
            Stemmer::Snowball(s) => Some(s.signature_id()),
            Stemmer::Xlsum(s) => Some(s.signature_id()),
        }
    }

    /// Parses a stemmer name: `nltk-porter`, `snowball:<algorithm>` or one of XL-Sum's
    /// ([`XlsumStemmer::parse`]).
    pub fn parse(name: &str) -> Result<Stemmer, RougeError> {
        if name == "nltk-porter" {
            return Ok(Stemmer::PorterNltk);
        }
        if let Some(algorithm) = name.strip_prefix("snowball:") {
            return Snowball::parse(algorithm).map(Stemmer::Snowball);
        }
        if let Some(parsed) = XlsumStemmer::parse(name) {
            return parsed.map(Stemmer::Xlsum);
        }
        Err(RougeError::InvalidOption(format!(
            "unknown stemmer {name:?}: expected nltk-porter, snowball:<algorithm>, \
             nltk-snowball:<language>, hindi-suffix, bengali-rafi or turkish-stemmer-1.3; \
             <algorithm> one of {}; <language> one of {} (NLTK's stopword lists of \
             nltk_data 5db857e; nltk-snowball:<language>@3a486db for the lists before \
             2021-10-19)",
            snowball::ids(),
            xlsum::nltk_language_ids()
        )))
    }

    /// The stem of `word` as is, whatever its length (the public `rougekit.stem`).
    pub fn stem_word(self, word: &str) -> Cow<'_, str> {
        match self {
            Stemmer::None => Cow::Borrowed(word),
            Stemmer::PorterNltk => Cow::Owned(porter_nltk::stem(word)),
            Stemmer::Snowball(s) => s.stem(word),
            Stemmer::Xlsum(s) => Cow::Owned(s.stem(word)),
        }
    }

    /// rouge-score's rule (spec `rouge-score.md` §2.1 step 5): only tokens longer than three
    /// characters are stemmed.
    #[inline]
    pub fn applies_to(self, token: &str) -> bool {
        match self {
            Stemmer::None => false,
            // Byte length bounds the character count from above: only a multi-byte token
            // of four or more bytes needs counting.
            _ => token.len() > 3 && (token.is_ascii() || token.chars().nth(3).is_some()),
        }
    }

    /// The stem of `token` (the token itself when the stemmer does not apply to it).
    pub fn stem(self, token: &str) -> Cow<'_, str> {
        if self.applies_to(token) {
            self.stem_word(token)
        } else {
            Cow::Borrowed(token)
        }
    }
}

/// A tokenizer and a stemmer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pipeline {
    pub tokenizer: Tokenizer,
    pub stemmer: Stemmer,
}

impl Pipeline {
    /// rouge-score's tokenizer, with or without its Porter stemmer.
    pub fn rouge_score(stemmer: bool) -> Pipeline {
        Pipeline {
            tokenizer: Tokenizer::RougeScore,
            stemmer: if stemmer {
                Stemmer::PorterNltk
            } else {
                Stemmer::None
            },
        }
    }

    /// The (stemmed) tokens of `text`: the public `tokenize`; scoring interns instead.
    pub fn tokens(&self, text: &str) -> Vec<String> {
        let mut out = Vec::new();
        self.tokenizer.scan(text, |event| {
            if let Some(t) = event {
                out.push(self.stemmer.stem(t).into_owned());
            }
        });
        out
    }

    /// Appends the (stemmed) tokens of `text` to `out` as one more text; `stems` (this
    /// pipeline's stemmer's) keeps the stems of long tokens (the same words come back text
    /// after text).
    pub fn push_tokens(&self, text: &str, out: &mut TokenLists, stems: &mut StemCache) {
        let stemmer = self.stemmer;
        self.tokenizer.scan(text, |event| {
            if let Some(t) = event {
                if stemmer.applies_to(t) {
                    out.chars.push_str(stems.stem_word(t));
                } else {
                    out.chars.push_str(t);
                }
                out.token_ends.push(out.chars.len());
            }
        });
        out.text_ends.push(out.token_ends.len());
    }

    /// The tokens of each of `texts`, in order (the list form of the public `tokenize`):
    /// each text's tokens are exactly [`Pipeline::tokens`]'s. Groups of texts run on the
    /// shared pool of `threads` workers while the calling thread polls `cancel`; `None` when
    /// it stopped the work.
    pub fn token_lists(
        &self,
        texts: &[&str],
        threads: usize,
        cancel: &Cancel<'_>,
    ) -> Option<TokenLists> {
        let pool = if texts.len() > TOKEN_GROUP {
            crate::pool::shared_pool(threads)
        } else {
            None
        };
        let Some(pool) = pool else {
            // One thread: every text into one buffer.
            return StemCache::with_thread_cache(self.stemmer, |stems| {
                let mut all = TokenLists::default();
                for text in texts {
                    if !cancel.tick(text.len()) {
                        return None;
                    }
                    self.push_tokens(text, &mut all, stems);
                }
                Some(all)
            });
        };
        let groups: Vec<&[&str]> = texts.chunks(TOKEN_GROUP).collect();
        let run = |group: &&[&str]| {
            StemCache::with_thread_cache(self.stemmer, |stems| {
                let mut out = TokenLists::default();
                for text in group.iter() {
                    if !cancel.tick(text.len()) {
                        break; // discarded: the caller sees the token stopped
                    }
                    self.push_tokens(text, &mut out, stems);
                }
                out
            })
        };
        let mut parts: Vec<TokenLists> = Vec::new();
        run_polled(&pool, cancel, || {
            parts = groups.par_iter().map(run).collect();
        });
        if cancel.stopped() {
            return None;
        }
        let mut all = TokenLists::default();
        all.chars.reserve(parts.iter().map(|p| p.chars.len()).sum());
        all.token_ends
            .reserve(parts.iter().map(|p| p.token_ends.len()).sum());
        all.text_ends.reserve(texts.len());
        for part in &parts {
            all.append(part);
        }
        Some(all)
    }
}

/// Texts tokenised by one worker at a time in [`Pipeline::token_lists`].
const TOKEN_GROUP: usize = 128;

/// Stems cached above this many words are dropped, so an open vocabulary keeps memory bounded.
const MAX_STEMS: usize = 1 << 18;

/// One stemmer's stems of words already seen (stemming a word costs far more than finding
/// it).
#[derive(Debug, Default)]
pub struct StemCache {
    stemmer: Stemmer,
    stems: FxHashMap<Box<str>, Box<str>>,
}

thread_local! {
    /// Each thread's cache, kept between calls (the pool's workers and a caller tokenising
    /// a text at a time stem each word once): the last stemmer's.
    static STEMS: RefCell<StemCache> = RefCell::default();
}

impl StemCache {
    /// An empty cache of `stemmer`'s stems.
    pub fn new(stemmer: Stemmer) -> StemCache {
        StemCache {
            stemmer,
            stems: FxHashMap::default(),
        }
    }

    /// Runs `f` with this thread's cache of `stemmer`'s stems (emptied first if it held
    /// another stemmer's; a fresh cache if `f` is already running with it on this thread).
    /// Without a stemmer, the thread's cache is left as it is.
    pub fn with_thread_cache<R>(stemmer: Stemmer, f: impl FnOnce(&mut StemCache) -> R) -> R {
        if stemmer == Stemmer::None {
            return f(&mut StemCache::new(stemmer));
        }
        STEMS.with(|cell| match cell.try_borrow_mut() {
            Ok(mut cache) => {
                if cache.stemmer != stemmer {
                    *cache = StemCache::new(stemmer);
                }
                f(&mut cache)
            }
            Err(_) => f(&mut StemCache::new(stemmer)),
        })
    }

    /// [`Stemmer::stem_word`]: the stem of `word` as is.
    pub fn stem_word(&mut self, word: &str) -> &str {
        if !self.stems.contains_key(word) {
            if self.stems.len() >= MAX_STEMS {
                self.stems.clear();
            }
            let stem = self.stemmer.stem_word(word).into_owned().into_boxed_str();
            self.stems.insert(word.into(), stem);
        }
        self.stems.get(word).map_or("", |s| s)
    }
}

/// The tokens of many texts in one buffer: the list form of the public `tokenize`, one
/// allocation for all the tokens instead of one per token.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct TokenLists {
    /// Every token, back to back.
    chars: String,
    /// `token_ends[k]`: where token `k` ends in `chars`.
    token_ends: Vec<usize>,
    /// `text_ends[i]`: where text `i`'s tokens end among the tokens.
    text_ends: Vec<usize>,
}

impl TokenLists {
    /// The number of texts.
    pub fn len(&self) -> usize {
        self.text_ends.len()
    }

    /// True when there is no text.
    pub fn is_empty(&self) -> bool {
        self.text_ends.is_empty()
    }

    /// The indices of text `i`'s tokens among all the tokens (`i < len()`).
    pub fn token_range(&self, i: usize) -> std::ops::Range<usize> {
        let first = if i == 0 { 0 } else { self.text_ends[i - 1] };
        first..self.text_ends[i]
    }

    /// Token `k` of all the texts' tokens.
    pub fn token(&self, k: usize) -> &str {
        let start = if k == 0 { 0 } else { self.token_ends[k - 1] };
        &self.chars[start..self.token_ends[k]]
    }

    /// The tokens of text `i < len()`.
    pub fn tokens(&self, i: usize) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.token_range(i).map(|k| self.token(k))
    }

    /// Appends the texts of `other`.
    fn append(&mut self, other: &TokenLists) {
        let (chars, tokens) = (self.chars.len(), self.token_ends.len());
        self.chars.push_str(&other.chars);
        self.token_ends
            .extend(other.token_ends.iter().map(|e| e + chars));
        self.text_ends
            .extend(other.text_ends.iter().map(|e| e + tokens));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segmented_whitespace_is_whitespace_on_the_joined_words() {
        let tokenizer = Tokenizer::parse("whitespace+jieba").unwrap();
        assert_eq!(tokenizer.name(), "whitespace+jieba");
        let events = |tokenizer: Tokenizer, text: &str| {
            let mut out = Vec::new();
            tokenizer.scan(text, |t| out.push(t.map(str::to_string)));
            out
        };
        for text in [
            "我来到北京清华大学",
            "GPT-4o 与 COVID-19\r\n第二行\n\n　全角空格\t结束 ",
            "",
            " \n ",
        ] {
            let joined = Segmenter::Jieba.cut(text).join(" ");
            assert_eq!(
                events(tokenizer, text),
                events(Tokenizer::Whitespace, &joined),
                "{text:?}"
            );
        }
        let err = Tokenizer::parse("whitespace+x").unwrap_err().to_string();
        assert!(err.contains("unknown segmenter"), "{err}");
    }

    #[test]
    fn whitespace_splits_on_white_space_only() {
        let p = Pipeline {
            tokenizer: Tokenizer::Whitespace,
            stemmer: Stemmer::None,
        };
        assert_eq!(
            p.tokens("The  cat\u{a0}sat,\tdon't\u{3000}猫\n x\u{1c}y"),
            ["The", "cat", "sat,", "don't", "猫", "x\u{1c}y"]
        );
        let mut events = Vec::new();
        Tokenizer::Whitespace.scan("a b\n\nc", |t| events.push(t.unwrap_or("\\n").to_string()));
        assert_eq!(events, ["a", "b", "\\n", "\\n", "c"]);
    }

    #[test]
    fn token_lists_are_each_texts_tokens() {
        let texts = [
            "The cats were running\nto their houses.",
            "",
            "  ",
            "Connections connected, connecting",
            "running runs",
        ];
        // More texts than one group, so the pool splits them.
        let many: Vec<&str> = texts
            .iter()
            .cycle()
            .take(3 * TOKEN_GROUP + 7)
            .copied()
            .collect();
        for tokenizer in ["rouge-score", "whitespace", "unicode-v1", "character-v1"] {
            for stemmer in ["", "nltk-porter", "snowball:english"] {
                let p = Pipeline {
                    tokenizer: Tokenizer::parse(tokenizer).unwrap(),
                    stemmer: if stemmer.is_empty() {
                        Stemmer::None
                    } else {
                        Stemmer::parse(stemmer).unwrap()
                    },
                };
                for threads in [1, 2] {
                    let lists = p.token_lists(&many, threads, &Cancel::never()).unwrap();
                    assert_eq!(lists.len(), many.len());
                    for (i, text) in many.iter().enumerate() {
                        let got: Vec<&str> = lists.tokens(i).collect();
                        assert_eq!(got, p.tokens(text), "{tokenizer} {stemmer} {text:?}");
                        let again: Vec<&str> =
                            lists.token_range(i).map(|k| lists.token(k)).collect();
                        assert_eq!(again, got);
                    }
                }
            }
        }
        let none = Pipeline::rouge_score(false).token_lists(&[], 2, &Cancel::never());
        assert!(none.unwrap().is_empty());
    }

    #[test]
    fn token_lists_stop_when_cancelled() {
        // More text than the token polls after (8 MiB), on one thread and on the pool.
        let text = "word ".repeat(6_000);
        let texts = vec![text.as_str(); 3 * TOKEN_GROUP];
        let stop = || false;
        for threads in [1, 2] {
            let p = Pipeline::rouge_score(false);
            assert!(p
                .token_lists(&texts, threads, &Cancel::new(&stop))
                .is_none());
        }
    }

    #[test]
    fn stem_rule_counts_characters() {
        let s = Stemmer::PorterNltk;
        assert!(!s.applies_to("cat"));
        assert!(s.applies_to("cats"));
        assert!(!s.applies_to("äöü"));
        assert!(s.applies_to("äöüs"));
        assert_eq!(
            Pipeline::rouge_score(true).tokens("The cats ran"),
            ["the", "cat", "ran"]
        );
    }

    #[test]
    fn snowball_stemmers() {
        let german = Stemmer::parse("snowball:german").unwrap();
        assert_eq!(german.name(), Some("snowball:german"));
        assert_eq!(german.signature_id(), Some("snowball-3.1.1:german"));
        assert_eq!(german.stem_word("katzen"), "katz");
        assert_eq!(Stemmer::PorterNltk.signature_id(), Some("nltk-porter"));
        assert_eq!(Stemmer::None.signature_id(), None);
        for s in Snowball::all() {
            let st = Stemmer::Snowball(s);
            assert_eq!(Stemmer::parse(st.name().unwrap()), Ok(st));
        }
        for bad in [
            "snowball:de",
            "snowball:German",
            "snowball",
            "snowball-3.1.1:german",
        ] {
            let err = Stemmer::parse(bad).unwrap_err().to_string();
            assert!(err.contains("english, esperanto"), "{bad}: {err}");
        }
        let err = Stemmer::parse("porter").unwrap_err().to_string();
        assert!(
            err.starts_with(
                "unknown stemmer \"porter\": expected nltk-porter, snowball:<algorithm>, \
                 nltk-snowball:<language>"
            ),
            "{err}"
        );
        // rouge-score's rule in characters: a 3-letter Greek word (6 bytes) is not stemmed,
        // a 4-letter one is; Snowball itself would change the 3-letter one.
        let greek = Stemmer::parse("snowball:greek").unwrap();
        assert_ne!(greek.stem_word("γάτ"), "γάτ");
        assert_eq!(greek.stem("γάτ"), "γάτ");
        assert!(greek.applies_to("γάτα"));
        let p = Pipeline {
            tokenizer: Tokenizer::RougeScore,
            stemmer: Stemmer::parse("snowball:english").unwrap(),
        };
        assert_eq!(
            p.tokens("The cats were running"),
            ["the", "cat", "were", "run"]
        );
    }
}
