//! NLTK 3.10.4's `PunktSentenceTokenizer.tokenize(text)` with trained parameters, the
//! sentence splitter `nltk.sent_tokenize(text, language)` runs, written from NLTK's
//! documentation and observed behaviour (Kiss & Strunk 2006 as NLTK implements it in
//! `nltk/tokenize/punkt.py`), with the default `PunktLanguageVars` that every `punkt_tab`
//! model uses. NLTK runs its patterns with the `regex` module, its string methods are
//! Python's: [`crate::pystr`] has both sets of character classes. Offsets are byte offsets
//! into the text; where NLTK counts code points it only ever adds the lengths of substrings
//! to their starts, so the two agree.
use super::model::PunktModel;
use crate::pystr::{
    is_lower, is_re_decimal, is_re_letter, is_re_space, is_space, is_upper, lower_into, rstrip,
};

// `PunktParameters.ortho_context` flags (NLTK's `_ORTHO_*`): which case a word type was seen
// in at the beginning of a sentence, in the middle, or where that is unknown.
const ORTHO_MID_UC: u32 = 1 << 2;
const ORTHO_BEG_LC: u32 = 1 << 4;
const ORTHO_UC: u32 = (1 << 1) | (1 << 2) | (1 << 3);
const ORTHO_LC: u32 = (1 << 4) | (1 << 5) | (1 << 6);

/// `PunktLanguageVars._re_non_word_chars` with the default sentence-end characters: the
/// characters that cannot be inside a word (3.10 added the curly quotes and guillemets).
fn is_non_word(c: char) -> bool {
    matches!(
        c,
        ')' | '"'
            | ';'
            | '}'
            | ']'
            | '*'
            | ':'
            | '@'
            | '\''
            | '('
            | '{'
            | '['
            | '\u{2018}'
            | '\u{2019}'
            | '\u{201C}'
            | '\u{201D}'
            | '\u{AB}'
            | '\u{BB}'
            | '?'
            | '!'
    )
}

/// The characters `_re_word_start` keeps from starting a word token.
fn is_not_word_start(c: char) -> bool {
    matches!(
        c,
        '(' | '"'
            | '`'
            | '{'
            | '['
            | ':'
            | ';'
            | '&'
            | '#'
            | '*'
            | '@'
            | ')'
            | '}'
            | ']'
            | '-'
            | ','
    )
}

/// The closing punctuation `re_boundary_realignment` moves back onto the sentence before.
fn is_closing(c: char) -> bool {
    matches!(
        c,
        '"' | '\''
            | ')'
            | ']'
            | '}'
            | '\u{2018}'
            | '\u{2019}'
            | '\u{201C}'
            | '\u{201D}'
            | '\u{AB}'
            | '\u{BB}'
    )
}

fn char_at(s: &str, at: usize) -> Option<char> {
    s[at..].chars().next()
}

/// The length of `_re_multi_char_punct` (`--+`, `..+`, or `. . .`-style spaced dots: at
/// least two period-and-whitespace pairs and a final period) matched at `at`, if any.
fn multi_char_len(s: &str, at: usize) -> Option<usize> {
    let b = s.as_bytes();
    match b.get(at) {
        Some(b'-') => {
            let run = b[at..].iter().take_while(|&&x| x == b'-').count();
            (run >= 2).then_some(run)
        }
        Some(b'.') => {
            let run = b[at..].iter().take_while(|&&x| x == b'.').count();
            if run >= 2 {
                return Some(run);
            }
            // `(?:\.\s){2,}\.`: as many pairs as there are, giving one back when no period
            // follows the last.
            let mut ends = Vec::new();
            let mut p = at;
            while b.get(p) == Some(&b'.') {
                match char_at(s, p + 1) {
                    Some(c) if is_re_space(c) => {
                        p += 1 + c.len_utf8();
                        ends.push(p);
                    }
                    _ => break,
                }
            }
            if ends.len() >= 2 && b.get(p) == Some(&b'.') {
                Some(p + 1 - at)
            } else if ends.len() >= 3 {
                Some(ends[ends.len() - 2] + 1 - at)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The lookahead that ends a word token of `_word_tokenize_fmt` at `at`: whitespace, the end,
/// a non-word character, multi-character punctuation, or a comma followed by one of those.
fn word_ends_at(s: &str, at: usize) -> bool {
    let Some(c) = char_at(s, at) else {
        return true;
    };
    if is_re_space(c) || is_non_word(c) || multi_char_len(s, at).is_some() {
        return true;
    }
    if c == ',' {
        return match char_at(s, at + 1) {
            None => true,
            Some(n) => is_re_space(n) || is_non_word(n) || multi_char_len(s, at + 1).is_some(),
        };
    }
    false
}

/// `PunktLanguageVars.word_tokenize(line)` (`findall` of `_word_tokenize_fmt`): the tokens
/// of one line, pushed onto `out`.
fn word_tokenize<'t>(line: &'t str, out: &mut Vec<&'t str>) {
    let mut pos = 0;
    while let Some(c) = char_at(line, pos) {
        if is_re_space(c) {
            pos += c.len_utf8();
            continue;
        }
        let end = if let Some(n) = multi_char_len(line, pos) {
            pos + n
        } else if is_not_word_start(c) {
            pos + c.len_utf8()
        } else {
            // `\S+?` up to the first place the word may end (whitespace ends it at the latest)
            let mut q = pos + c.len_utf8();
            while !word_ends_at(line, q) {
                q += char_at(line, q).map_or(1, char::len_utf8);
            }
            q
        };
        out.push(&line[pos..end]);
        pos = end;
    }
}

/// `_RE_NUMERIC` (`^-?[\.,]?\d[\d,\.-]*\.?$`) on a lower-cased token.
fn is_numeric(s: &str) -> bool {
    let s = s.strip_prefix('-').unwrap_or(s);
    let s = s
        .strip_prefix('.')
        .or_else(|| s.strip_prefix(','))
        .unwrap_or(s);
    let mut chars = s.chars();
    chars.next().is_some_and(is_re_decimal)
        && chars.all(|c| is_re_decimal(c) || matches!(c, ',' | '.' | '-'))
}

/// A `PunktToken` and the annotations the two passes give it.
struct Token<'t> {
    tok: &'t str,
    /// `PunktToken.type`: lower-cased, a number replaced by `##number##`.
    typ: String,
    sentbreak: bool,
    abbr: bool,
    ellipsis: bool,
}

impl Token<'_> {
    fn period_final(&self) -> bool {
        self.tok.ends_with('.')
    }

    fn type_no_period(&self) -> &str {
        if self.typ.len() > 1 && self.typ.ends_with('.') {
            &self.typ[..self.typ.len() - 1]
        } else {
            &self.typ
        }
    }

    fn type_no_sentperiod(&self) -> &str {
        if self.sentbreak {
            self.type_no_period()
        } else {
            &self.typ
        }
    }

    fn first_upper(&self) -> bool {
        self.tok.chars().next().is_some_and(is_upper)
    }

    fn first_lower(&self) -> bool {
        self.tok.chars().next().is_some_and(is_lower)
    }

    /// `_RE_INITIAL`: one letter and a period.
    fn is_initial(&self) -> bool {
        let mut chars = self.tok.chars();
        matches!((chars.next(), chars.next(), chars.next()), (Some(c), Some('.'), None) if is_re_letter(c))
    }
}

/// Reusable buffers for [`Splitter::contains_sentbreak`].
#[derive(Default)]
struct Scratch<'t> {
    words: Vec<&'t str>,
    tokens: Vec<Token<'t>>,
    lower: String,
}

/// A Punkt model's sentence splitter.
pub struct Splitter<'m> {
    model: &'m PunktModel,
}

/// A match of `_period_context_fmt`: a sentence-end character at `at` and the text after it
/// the lookahead took (up to `after_end`), with where its next token starts, if it has one.
struct EndContext {
    at: usize,
    after_end: usize,
    next_tok: Option<usize>,
}

/// The `period_context_re` matches of `text`: every `.`, `?` or `!` followed by a non-word
/// character, or by whitespace and a token.
fn end_contexts(text: &str) -> impl Iterator<Item = EndContext> + '_ {
    let b = text.as_bytes();
    b.iter().enumerate().filter_map(move |(at, &x)| {
        if !matches!(x, b'.' | b'?' | b'!') {
            return None;
        }
        let next = char_at(text, at + 1)?;
        if is_non_word(next) {
            return Some(EndContext {
                at,
                after_end: at + 1 + next.len_utf8(),
                next_tok: None,
            });
        }
        let tail = &text[at + 1..];
        let ws = tail.len() - tail.trim_start_matches(is_re_space).len();
        if ws == 0 || ws == tail.len() {
            return None;
        }
        let word = &tail[ws..];
        let word_len = word.find(is_re_space).unwrap_or(word.len());
        Some(EndContext {
            at,
            after_end: at + 1 + ws + word_len,
            next_tok: Some(at + 1 + ws),
        })
    })
}

impl<'m> Splitter<'m> {
    pub fn new(model: &'m PunktModel) -> Self {
        Splitter { model }
    }

    fn token<'t>(&self, tok: &'t str, lower: &mut String) -> Token<'t> {
        lower.clear();
        lower_into(tok, lower);
        let typ = if is_numeric(lower) {
            "##number##".to_owned()
        } else {
            lower.clone()
        };
        let mut t = Token {
            tok,
            typ,
            sentbreak: false,
            abbr: false,
            ellipsis: false,
        };
        // The first pass (`_first_pass_annotation`): decisions from the token's type alone.
        if matches!(tok, "." | "?" | "!") {
            t.sentbreak = true;
        } else if tok.len() >= 2 && tok.bytes().all(|c| c == b'.') {
            t.ellipsis = true;
        } else if t.period_final() && !tok.ends_with("..") {
            lower.clear();
            lower_into(&tok[..tok.len() - 1], lower);
            let last_part = lower.rsplit('-').next().unwrap_or("");
            if self.model.abbrev_types.contains(lower.as_str())
                || self.model.abbrev_types.contains(last_part)
            {
                t.abbr = true;
            } else {
                t.sentbreak = true;
            }
        }
        t
    }

    /// `_ortho_heuristic`: whether `tok` starts a sentence by the cases its type was seen in;
    /// `None` for "unknown".
    fn ortho_heuristic(&self, tok: &Token<'_>) -> Option<bool> {
        if matches!(tok.tok, ";" | ":" | "," | "." | "!" | "?") {
            return Some(false);
        }
        let ortho = self.model.ortho(tok.type_no_sentperiod());
        if tok.first_upper() && ortho & ORTHO_LC != 0 && ortho & ORTHO_MID_UC == 0 {
            return Some(true);
        }
        if tok.first_lower() && (ortho & ORTHO_UC != 0 || ortho & ORTHO_BEG_LC == 0) {
            return Some(false);
        }
        None
    }

    /// The second pass (`_second_pass_annotation`) on `tokens[i]`, which sees `tokens[i+1]`
    /// as the first pass left it: the collocation, orthographic and frequent-sentence-starter
    /// heuristics, then initials and ordinals (Kiss & Strunk, sections 4.1 to 4.3).
    fn second_pass(&self, tokens: &mut [Token<'_>], i: usize) {
        let (head, tail) = tokens.split_at_mut(i + 1);
        let (t1, t2) = (&mut head[i], &tail[0]);
        if !t1.period_final() {
            return;
        }
        let next_typ = t2.type_no_sentperiod();
        let initial = t1.is_initial();
        if self.model.is_collocation(t1.type_no_period(), next_typ) {
            t1.sentbreak = false;
            t1.abbr = true;
            return;
        }
        if (t1.abbr || t1.ellipsis) && !initial {
            if self.ortho_heuristic(t2) == Some(true) {
                t1.sentbreak = true;
                return;
            }
            if t2.first_upper() && self.model.sent_starters.contains(next_typ) {
                t1.sentbreak = true;
                return;
            }
        }
        if initial || t1.type_no_period() == "##number##" {
            let starter = self.ortho_heuristic(t2);
            if starter == Some(false) {
                t1.sentbreak = false;
                t1.abbr = true;
                return;
            }
            if starter.is_none()
                && initial
                && t2.first_upper()
                && self.model.ortho(next_typ) & ORTHO_LC == 0
            {
                t1.sentbreak = false;
                t1.abbr = true;
            }
        }
    }

    /// `text_contains_sentbreak(context)`: whether a token other than the last of `context`
    /// ends a sentence once both passes have run.
    fn contains_sentbreak<'t>(&self, context: &'t str, scratch: &mut Scratch<'t>) -> bool {
        scratch.words.clear();
        // `_tokenize_words`: the lines `str.strip()` leaves something of (a line of
        // U+001C..U+001F, Python whitespace but not `regex`'s, has no token).
        for line in context.split('\n') {
            if !line.chars().all(is_space) {
                word_tokenize(line, &mut scratch.words);
            }
        }
        scratch.tokens.clear();
        for &w in &scratch.words {
            let t = self.token(w, &mut scratch.lower);
            scratch.tokens.push(t);
        }
        let n = scratch.tokens.len();
        for i in 0..n.saturating_sub(1) {
            self.second_pass(&mut scratch.tokens, i);
            if scratch.tokens[i].sentbreak {
                return true;
            }
        }
        false
    }

    /// `_slices_from_text`: sentence spans before realignment. Each candidate end is judged
    /// on its context, the word before it (back to the last ASCII whitespace, as
    /// `_get_last_whitespace_index` looks for) and the text its lookahead took; a candidate
    /// whose word overlaps the next candidate's is left to the next one
    /// (`_match_potential_end_contexts`).
    fn raw_spans(&self, text: &str) -> Vec<(usize, usize)> {
        let mut spans = Vec::new();
        let mut scratch = Scratch::default();
        let mut last_break = 0;
        let mut judge = |m: &EndContext, start: usize, spans: &mut Vec<(usize, usize)>| {
            if self.contains_sentbreak(&text[start..m.after_end], &mut scratch) {
                spans.push((last_break, m.at + 1));
                last_break = m.next_tok.unwrap_or(m.at + 1);
            }
        };
        let (mut prev_start, mut prev_stop) = (0, 0);
        let mut previous: Option<EndContext> = None;
        for m in end_contexts(text) {
            let before = &text.as_bytes()[prev_stop..m.at];
            let start = match before
                .iter()
                .rposition(|c| matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c'))
            {
                Some(i) if i > 0 => prev_stop + i + 1,
                _ => prev_start,
            };
            if let Some(p) = &previous {
                if prev_stop <= start {
                    judge(p, prev_start, &mut spans);
                }
            }
            (prev_start, prev_stop) = (start, m.at);
            previous = Some(m);
        }
        if let Some(p) = &previous {
            judge(p, prev_start, &mut spans);
        }
        spans.push((last_break, rstrip(text).len()));
        spans
    }

    /// The sentences of `text` as byte spans, `tokenize(text)`'s strings being
    /// `&text[start..end]`: the raw spans with closing quotes and brackets after a break moved
    /// back onto the sentence they close (`_realign_boundaries`), and empty ones dropped.
    pub fn spans(&self, text: &str) -> Vec<(usize, usize)> {
        let raw = self.raw_spans(text);
        let slice = |(a, b): (usize, usize)| if a < b { &text[a..b] } else { "" };
        let mut out = Vec::with_capacity(raw.len());
        let mut realign = 0;
        for (k, &(s1_start, s1_stop)) in raw.iter().enumerate() {
            let s1 = (s1_start + realign, s1_stop);
            let Some(&s2) = raw.get(k + 1) else {
                if !slice(s1).is_empty() {
                    out.push(s1);
                }
                continue;
            };
            match realignment(slice(s2)) {
                Some((kept, end)) => {
                    out.push((s1.0, s2.0 + kept));
                    realign = end;
                }
                None => {
                    realign = 0;
                    if !slice(s1).is_empty() {
                        out.push(s1);
                    }
                }
            }
        }
        out
    }
}

/// `re_boundary_realignment.match(s)`: the closing characters at the start of `s` (as few as
/// can be followed by whitespace, `--` or the end) as `(their length, the match's end)`.
fn realignment(s: &str) -> Option<(usize, usize)> {
    let mut q = 0;
    for c in s.chars() {
        if !is_closing(c) {
            return None;
        }
        q += c.len_utf8();
        let rest = &s[q..];
        match rest.chars().next() {
            Some(n) if is_re_space(n) => {
                let ws = rest.len() - rest.trim_start_matches(is_re_space).len();
                return Some((q, q + ws));
            }
            None => return Some((q, q)),
            Some(_) if rest.starts_with("--") => return Some((q, q)),
            Some(_) => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str) -> Vec<&str> {
        let s = Splitter::new(PunktModel::get("english").unwrap());
        s.spans(text)
            .into_iter()
            .map(|(a, b)| if a < b { &text[a..b] } else { "" })
            .collect()
    }

    fn words(line: &str) -> Vec<&str> {
        let mut out = Vec::new();
        word_tokenize(line, &mut out);
        out
    }

    #[test]
    fn word_tokens() {
        assert_eq!(
            words("Mr. Smith, (hi) end.."),
            ["Mr.", "Smith", ",", "(", "hi", ")", "end", ".."]
        );
        assert_eq!(words("a . . . b"), ["a", ". . .", "b"]);
        assert_eq!(words("3,5, x--y"), ["3,5", ",", "x", "--", "y"]);
    }

    #[test]
    fn sentences() {
        assert_eq!(
            split("Dr. Smith went home. He was tired."),
            ["Dr. Smith went home.", "He was tired."]
        );
        assert_eq!(split("(Sent1.) Sent2."), ["(Sent1.)", "Sent2."]);
        assert_eq!(
            split("Very bad acting!!! I promise."),
            ["Very bad acting!!!", "I promise."]
        );
        assert_eq!(split(""), Vec::<&str>::new());
        assert_eq!(split("   "), Vec::<&str>::new());
    }
}
