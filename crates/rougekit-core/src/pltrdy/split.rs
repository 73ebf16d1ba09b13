//! Text to sentences to tokens, as pltrdy's `rouge` 1.0.1 and `rouge-chinese` 1.0.3 do it.
//!
//! Both cut a text into pieces, drop the pieces of length 0, normalise each kept piece with
//! Python's `" ".join(piece.split())` and split it again on single spaces. So a kept piece
//! of whitespace only becomes one empty-string token `""` (which matches another `""`), and
//! the tokens are otherwise the piece's runs of non-whitespace characters: no case folding,
//! no punctuation removal.
//!
//! The pieces: rouge 1.0.1 splits at every `.` (`3.5` and `U.S.` included; `\n` is
//! whitespace). rouge-chinese 1.0.3 runs four regular-expression substitutions that insert
//! `\n` after sentence-final punctuation (its `cut_sent`), strips trailing whitespace and
//! splits at `\n` (an existing `\n` is a boundary; `.` is not).

/// How a text is cut into sentences.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SentenceRule {
    /// rouge 1.0.1: `text.split(".")`.
    Dots,
    /// rouge-chinese 1.0.3: `cut_sent(text)`.
    RougeChinese,
}

impl SentenceRule {
    /// The rule's name in a signature-like description.
    pub fn name(self) -> &'static str {
        match self {
            SentenceRule::Dots => "dots",
            SentenceRule::RougeChinese => "rouge-chinese",
        }
    }
}

/// Python's `str.isspace()`: Unicode `White_Space` plus the four information separators
/// U+001C..U+001F (bidirectional class B or S), which `str.split()` also splits at.
#[inline]
pub fn py_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// Python's `str.isspace()` for ASCII: `\t \n \x0b \x0c \r`, U+001C..U+001F and space.
const ASCII_SPACE: [bool; 128] = {
    let mut t = [false; 128];
    let mut c = 9;
    while c <= 13 {
        t[c] = true;
        c += 1;
    }
    let mut c = 0x1c;
    while c <= 0x20 {
        t[c] = true;
        c += 1;
    }
    t
};

/// The tokens of one kept piece: Python's `" ".join(piece.split()).split(" ")`.
pub fn piece_tokens(piece: &str, mut on_token: impl FnMut(&str)) {
    let bytes = piece.as_bytes();
    let mut any = false;
    let mut start = None;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let (space, len) = if b < 0x80 {
            (ASCII_SPACE[usize::from(b)], 1)
        } else {
            piece[i..]
                .chars()
                .next()
                .map_or((false, 1), |c| (py_space(c), c.len_utf8()))
        };
        match (space, start) {
            (true, Some(s)) => {
                on_token(&piece[s..i]);
                any = true;
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
        i += len;
    }
    if let Some(s) = start {
        on_token(&piece[s..]);
        any = true;
    }
    if !any {
        on_token("");
    }
}

/// The pieces of `text` under `rule` before empty ones are dropped (rouge-chinese's
/// `cut_sent` result; `text.split(".")` for rouge 1.0.1). `buf` holds rouge-chinese's
/// rewritten text.
pub fn pieces<'a>(text: &'a str, rule: SentenceRule, buf: &'a mut String) -> Vec<&'a str> {
    match rule {
        SentenceRule::Dots => text.split('.').collect(),
        SentenceRule::RougeChinese => {
            cut_sent(text, buf);
            buf.split('\n').collect()
        }
    }
}

/// Calls `on_event(Some(token))` for each token of `text` and `on_event(None)` after each
/// kept piece (a sentence).
pub fn scan(
    text: &str,
    rule: SentenceRule,
    buf: &mut String,
    mut on_event: impl FnMut(Option<&str>),
) {
    scan_pieces(text, rule, buf, |_, piece| {
        piece_tokens(piece, |t| on_event(Some(t)));
        on_event(None);
    });
}

/// Calls `on_piece(scanned, piece)` for each kept piece (sentence) of `text`: `piece` is a
/// slice of `scanned`, the string that was cut (`text` itself, or rouge-chinese's rewritten
/// text in `buf`), so that explanations can tell where it is.
pub fn scan_pieces(
    text: &str,
    rule: SentenceRule,
    buf: &mut String,
    mut on_piece: impl FnMut(&str, &str),
) {
    let scanned: &str = match rule {
        SentenceRule::Dots => text,
        SentenceRule::RougeChinese => {
            cut_sent(text, buf);
            buf
        }
    };
    let separator = match rule {
        SentenceRule::Dots => '.',
        SentenceRule::RougeChinese => '\n',
    };
    for piece in scanned.split(separator) {
        if !piece.is_empty() {
            on_piece(scanned, piece);
        }
    }
}

/// Sentence-final punctuation of rouge-chinese's patterns: `。！？` and the ASCII `?`.
fn stop(c: char) -> bool {
    matches!(c, '。' | '！' | '？' | '?')
}

/// The closing quotes `”’` after which no boundary is inserted.
fn quote(c: char) -> bool {
    matches!(c, '”' | '’')
}

/// rouge-chinese's `cut_sent` without the final split: the four substitutions in order,
/// each scanning left to right over non-overlapping matches as Python's `re.sub` does
/// (every pattern has a fixed length, so the leftmost match at a position is the only one),
/// then `rstrip()`. The result is written to `out`.
///
/// 1. `([。！？\?])([^”’])` -> `\1\n\2`
/// 2. `(\.{6})([^”’])` -> `\1\n\2`
/// 3. `(\…{2})([^”’])` -> `\1\n\2`
/// 4. `([。！？\?][”’])([^，。！？\?])` -> `\1\n\2`
pub fn cut_sent(text: &str, out: &mut String) {
    out.clear();
    if !text.contains(['。', '！', '？', '?', '…']) && !text.contains("......") {
        // No pattern can match (most text, and all that is not Chinese): only `rstrip()`.
        out.push_str(text.trim_end_matches(py_space));
        return;
    }
    let mut chars: Vec<char> = text.chars().collect();
    let mut next = Vec::with_capacity(chars.len() + 8);
    // (length of the kept head, predicate of each head char, predicate of the next char)
    let not_quote = |c: char| !quote(c);
    substitute(&chars, &mut next, 1, |h| stop(h[0]), not_quote);
    std::mem::swap(&mut chars, &mut next);
    substitute(
        &chars,
        &mut next,
        6,
        |h| h.iter().all(|&c| c == '.'),
        not_quote,
    );
    std::mem::swap(&mut chars, &mut next);
    substitute(
        &chars,
        &mut next,
        2,
        |h| h.iter().all(|&c| c == '…'),
        not_quote,
    );
    std::mem::swap(&mut chars, &mut next);
    substitute(
        &chars,
        &mut next,
        2,
        |h| stop(h[0]) && quote(h[1]),
        |c| !(stop(c) || c == '，'),
    );
    let end = next
        .iter()
        .rposition(|&c| !py_space(c))
        .map_or(0, |k| k + 1);
    out.clear();
    out.extend(&next[..end]);
}

/// One `re.sub(r"(HEAD)(NEXT)", r"\1\n\2", s)` with a fixed-length `HEAD` of `head` chars.
fn substitute(
    s: &[char],
    out: &mut Vec<char>,
    head: usize,
    head_ok: impl Fn(&[char]) -> bool,
    next_ok: impl Fn(char) -> bool,
) {
    out.clear();
    let mut i = 0;
    while i < s.len() {
        if i + head < s.len() && head_ok(&s[i..i + head]) && next_ok(s[i + head]) {
            out.extend_from_slice(&s[i..i + head]);
            out.push('\n');
            out.push(s[i + head]);
            i += head + 1;
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &str) -> Vec<String> {
        let mut buf = String::new();
        pieces(text, SentenceRule::RougeChinese, &mut buf)
            .into_iter()
            .map(str::to_string)
            .collect()
    }

    fn tokens(text: &str, rule: SentenceRule) -> Vec<String> {
        let mut buf = String::new();
        let mut out = Vec::new();
        scan(text, rule, &mut buf, |t| out.extend(t.map(str::to_string)));
        out
    }

    #[test]
    fn rouge_chinese_cut_sent() {
        // Measured with rouge-chinese 1.0.3 (shared review, section 1.2).
        assert_eq!(
            cut("今天天气很好。我们去公园！你呢？“好的。”他说……然后......走了. Mr. Smith"),
            [
                "今天天气很好。",
                "我们去公园！",
                "你呢？",
                "“好的。”",
                "他说……",
                "然后......",
                "走了. Mr. Smith"
            ]
        );
        // Non-overlapping matches: the second `？` was consumed as the first's next char.
        assert_eq!(cut("？？a"), ["？", "？a"]);
        assert_eq!(cut("............a"), ["......", "......a"]);
        assert_eq!(cut(" \n "), [""]);
        assert_eq!(cut("a。\n"), ["a。"]);
    }

    #[test]
    fn dots_and_whitespace() {
        assert_eq!(tokens("a. b. ", SentenceRule::Dots), ["a", "b", ""]);
        assert_eq!(tokens("3.5 U.S.", SentenceRule::Dots), ["3", "5", "U", "S"]);
        assert!(tokens("...", SentenceRule::Dots).is_empty());
        assert_eq!(
            tokens("a\u{1c}b\u{a0}c", SentenceRule::Dots),
            ["a", "b", "c"]
        );
        assert_eq!(tokens("a. b", SentenceRule::RougeChinese), ["a.", "b"]);
    }
}
