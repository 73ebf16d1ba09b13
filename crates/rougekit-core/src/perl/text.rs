//! ROUGE-1.5.5's text pipeline (spec `rouge-1.5.5.md` §5–§6): ASCII lower-casing, `-l`/`-b` truncation of the
//! raw sentences, character normalisation and tokenisation, for the *flat* reader (one token
//! list per summary, used by ROUGE-N/S/SU and the ROUGE-L/W budgets) and the *sentence*
//! reader (one token list per sentence, used by the LCS kernels).
//!
//! Normalisation (§6.2) turns `-` into a stand-alone token and every byte outside
//! `[A-Za-z0-9-]` into a space; the token filter (§6.4) then drops the `-` tokens. So the
//! surviving tokens are exactly the maximal runs of ASCII letters and digits, lower-cased,
//! which is what [`for_each_token`] scans for. Joining sentences with spaces (flat reader)
//! never glues two tokens, so the flat tokens are the concatenated tokens of the sentences.

/// Length truncation (`-l` words or `-b` bytes; Perl dies when both are given).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Truncation {
    /// No limit (`0` in Perl).
    #[default]
    None,
    /// `-l n`: the first `n` whitespace-separated raw words.
    Words(usize),
    /// `-b n`: the first `n` bytes.
    Bytes(usize),
}

/// Which reader a truncation is for: they differ only for `-b` (§6.3, the sentence reader
/// never increases its running byte total).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    Flat,
    Sentence,
}

/// Perl's `\s`: space, `\t`, `\n`, `\v`, `\f`, `\r` (not NBSP, spec `rouge-1.5.5.md` §6.3).
#[inline]
fn is_perl_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// Perl's `split /\s+/` field count: a leading whitespace run yields an empty first field,
/// trailing empty fields are dropped (so a whitespace-only sentence has 0 fields).
fn perl_fields(sentence: &[u8]) -> Vec<&[u8]> {
    let mut fields: Vec<&[u8]> = sentence.split(|&b| is_perl_space(b)).collect();
    // `split` on a separator predicate makes one field per separator byte; merge runs by
    // dropping the empty fields that are not the leading one.
    let leading = sentence.first().is_some_and(|&b| is_perl_space(b));
    let mut out = Vec::with_capacity(fields.len());
    for (i, f) in fields.drain(..).enumerate() {
        if !f.is_empty() || (i == 0 && leading) {
            out.push(f);
        }
    }
    while out.last().is_some_and(|f| f.is_empty()) {
        out.pop();
    }
    out
}

/// The sentences a reader keeps under `limit` (§6.3), borrowed or shortened.
pub fn truncate<'a>(sentences: &[&'a [u8]], limit: Truncation, reader: Reader) -> Vec<Piece<'a>> {
    let mut kept = Vec::with_capacity(sentences.len());
    match limit {
        Truncation::None => kept.extend(sentences.iter().map(|s| Piece::Whole(s))),
        Truncation::Words(n) => {
            let mut total = 0usize;
            for s in sentences {
                let fields = perl_fields(s);
                if total + fields.len() < n {
                    total += fields.len();
                    kept.push(Piece::Whole(s));
                } else {
                    kept.push(Piece::Words(fields[..n - total].to_vec()));
                    break;
                }
            }
        }
        Truncation::Bytes(n) => {
            let mut total = 0usize;
            for s in sentences {
                if total + s.len() < n {
                    if reader == Reader::Flat {
                        total += s.len();
                    }
                    kept.push(Piece::Whole(s));
                } else {
                    kept.push(Piece::Whole(&s[..n - total]));
                    break;
                }
            }
        }
    }
    kept
}

/// A kept (part of a) sentence: whole or cut to a byte prefix, or the first words re-joined
/// with single spaces (`-l`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece<'a> {
    Whole(&'a [u8]),
    Words(Vec<&'a [u8]>),
}

impl<'a> Piece<'a> {
    /// Calls `on_token` with every token (maximal run of ASCII letters/digits, lower-cased
    /// into `buf`) of this piece. Joining the `-l` words with spaces cannot glue tokens, so
    /// the words are scanned one by one.
    pub fn for_each_token(&self, buf: &mut Vec<u8>, on_token: &mut impl FnMut(&[u8])) {
        self.for_each_token_at(buf, &mut |t, _| on_token(t));
    }

    /// [`Piece::for_each_token`] also handing over each token's raw bytes (a slice of the
    /// text the piece borrows, before lower-casing), whose address locates it in that text.
    pub fn for_each_token_at(&self, buf: &mut Vec<u8>, on_token: &mut impl FnMut(&[u8], &'a [u8])) {
        match self {
            Piece::Whole(s) => for_each_token_at(s, buf, on_token),
            Piece::Words(words) => {
                for w in words {
                    for_each_token_at(w, buf, on_token);
                }
            }
        }
    }

    /// The last byte of the text this piece keeps, as a slice of that text (empty for an
    /// empty piece): where a truncation cut it.
    pub fn kept_end(&self) -> Option<&'a [u8]> {
        match self {
            Piece::Whole(s) => Some(&s[s.len()..]),
            Piece::Words(words) => words.last().map(|w| &w[w.len()..]),
        }
    }
}

/// Byte classes of the tokeniser: 0 separates tokens, 1 is a lower-case letter or a digit,
/// 2 an upper-case letter (ASCII only, §6.2).
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = if c.is_ascii_uppercase() {
            2
        } else if c.is_ascii_alphanumeric() {
            1
        } else {
            0
        };
        b += 1;
    }
    t
};

/// The tokens of one raw text fragment (§5 lower-casing, §6.2, §6.4 step 2): the runs of
/// ASCII letters and digits, lower-cased. A run without an upper-case letter (most of them)
/// is handed over in place; only the others are copied into `buf`.
pub fn for_each_token(text: &[u8], buf: &mut Vec<u8>, on_token: &mut impl FnMut(&[u8])) {
    for_each_token_at(text, buf, &mut |t, _| on_token(t));
}

/// [`for_each_token`] also handing over each token's raw bytes (a slice of `text`).
pub fn for_each_token_at<'a>(
    text: &'a [u8],
    buf: &mut Vec<u8>,
    on_token: &mut impl FnMut(&[u8], &'a [u8]),
) {
    let mut start = 0;
    let mut upper = 0u8;
    for (i, &b) in text.iter().enumerate() {
        let class = CLASS[b as usize];
        if class == 0 {
            if i > start {
                emit(&text[start..i], upper, buf, on_token);
            }
            start = i + 1;
            upper = 0;
        } else {
            upper |= class;
        }
    }
    if text.len() > start {
        emit(&text[start..], upper, buf, on_token);
    }
}

#[inline]
fn emit<'a>(
    word: &'a [u8],
    classes: u8,
    buf: &mut Vec<u8>,
    on_token: &mut impl FnMut(&[u8], &'a [u8]),
) {
    if classes & 2 != 0 {
        buf.clear();
        buf.extend(word.iter().map(u8::to_ascii_lowercase));
        on_token(buf, word);
    } else {
        on_token(word, word);
    }
}

/// The sentences of a text given as one string: `\n`-separated lines of length > 0, as the
/// SPL reader keeps them (§5; whitespace-only lines are sentences).
pub fn spl_sentences(text: &[u8]) -> Vec<&[u8]> {
    text.split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(pieces: &[Piece<'_>]) -> Vec<String> {
        let mut out = Vec::new();
        let mut buf = Vec::new();
        for p in pieces {
            p.for_each_token(&mut buf, &mut |t| {
                out.push(String::from_utf8(t.to_vec()).unwrap())
            });
        }
        out
    }

    fn run(text: &str, limit: Truncation, reader: Reader) -> Vec<String> {
        let sents = spl_sentences(text.as_bytes());
        tokens(&truncate(&sents, limit, reader))
    }

    /// The tokens as §6.2 defines them, byte by byte: maximal runs of ASCII letters and
    /// digits, lower-cased.
    fn reference_tokens(text: &[u8]) -> Vec<Vec<u8>> {
        text.split(|b| !b.is_ascii_alphanumeric())
            .filter(|run| !run.is_empty())
            .map(|run| run.to_ascii_lowercase())
            .collect()
    }

    /// Random texts over an alphabet of token bytes, separators, upper case, zero and
    /// non-ASCII bytes (some of them long runs of token bytes), and every byte between two
    /// letters and repeated.
    #[test]
    fn tokens_are_the_runs_of_letters_and_digits() {
        let alphabet = b"aZ09 .-\x00\xC3\xA9\tQz@[`{/:";
        let mut rng = crate::test_rng::XorShift::new(12_345);
        let mut texts: Vec<Vec<u8>> = (0..20_000)
            .map(|_| {
                let len = rng.below(200);
                let letters = if rng.below(4) == 0 { 4 } else { alphabet.len() };
                (0..len)
                    .map(|_| alphabet[rng.below(letters as u64) as usize])
                    .collect()
            })
            .collect();
        texts.extend((0..=255u8).map(|b| vec![b'x', b, b'y']));
        texts.extend((0..=255u8).map(|b| vec![b; 40]));
        let mut buf = Vec::new();
        for text in &texts {
            let mut got = Vec::new();
            for_each_token(text, &mut buf, &mut |t| got.push(t.to_vec()));
            assert_eq!(got, reference_tokens(text), "{text:?}");
        }
    }

    #[test]
    fn normalisation_examples() {
        // E10, E11, E12, E13
        let t = |s| run(s, Truncation::None, Reader::Flat);
        assert_eq!(
            t("Hello, World! It's 5:30 p.m."),
            ["hello", "world", "it", "s", "5", "30", "p", "m"]
        );
        assert_eq!(
            t("naïve café in Zürich"),
            ["na", "ve", "caf", "in", "z", "rich"]
        );
        assert_eq!(
            t("well-known e-mail costs $5"),
            ["well", "known", "e", "mail", "costs", "5"]
        );
        assert_eq!(
            t("AT&amp;T <b>rose</b>"),
            ["at", "amp", "t", "b", "rose", "b"]
        );
    }

    #[test]
    fn word_limit_counts_raw_fields() {
        // E19: punctuation fields count; E20: a leading space is an empty first field.
        assert_eq!(
            run(
                "hello , world . foo bar",
                Truncation::Words(3),
                Reader::Flat
            ),
            ["hello", "world"]
        );
        assert_eq!(
            run(" hello world foo", Truncation::Words(2), Reader::Flat),
            ["hello"]
        );
        assert_eq!(
            run("a b c\nd e f", Truncation::Words(4), Reader::Flat),
            ["a", "b", "c", "d"]
        );
        assert_eq!(
            run("a b c\nd e f", Truncation::Words(3), Reader::Flat),
            ["a", "b", "c"]
        );
        assert!(perl_fields(b"  \t ").is_empty());
        assert_eq!(perl_fields(b" a  b ").len(), 3);
    }

    #[test]
    fn byte_limit_and_the_sentence_reader_bug() {
        // E21: `aaaa bbbb⏎cccc dddd` with -b 12: the flat reader keeps 9 + 3 bytes, the
        // sentence reader keeps both sentences whole (its total never grows).
        let text = "aaaa bbbb\ncccc dddd";
        assert_eq!(
            run(text, Truncation::Bytes(12), Reader::Flat),
            ["aaaa", "bbbb", "ccc"]
        );
        assert_eq!(
            run(text, Truncation::Bytes(12), Reader::Sentence),
            ["aaaa", "bbbb", "cccc", "dddd"]
        );
        // E22: bytes, not characters.
        assert_eq!(
            run("é abc def", Truncation::Bytes(6), Reader::Flat),
            ["abc"]
        );
    }
}
