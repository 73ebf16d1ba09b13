//! rouge-score 0.1.2's default tokenizer (spec `rouge-score.md` §2): Python `str.lower()`, then every maximal
//! run of characters outside ASCII `[a-z0-9]` is a separator.
//!
//! Only two non-ASCII code points lower-case to ASCII alphanumerics under Python's Unicode
//! database (spec `rouge-score.md` §2.2, exhaustive scan): U+0130 `İ` → `i` + U+0307 (the combining dot then
//! ends the token) and U+212A KELVIN SIGN → `k`. Every other non-ASCII character separates.

/// Byte classes: the scanner's inner loops are one table load per byte.
const SEP: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;
const LEAD: u8 = 3;
const NEWLINE: u8 = 4;

const CLASS: [u8; 256] = {
    let mut t = [SEP; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = if c.is_ascii_lowercase() || c.is_ascii_digit() {
            LOWER
        } else if c.is_ascii_uppercase() {
            UPPER
        } else if c == b'\n' {
            NEWLINE
        } else if c == DOTTED_CAPITAL_I[0] || c == KELVIN_SIGN[0] {
            LEAD
        } else {
            SEP
        };
        b += 1;
    }
    t
};

use std::ops::Range;

/// UTF-8 of U+0130 LATIN CAPITAL LETTER I WITH DOT ABOVE.
const DOTTED_CAPITAL_I: [u8; 2] = [0xC4, 0xB0];
/// UTF-8 of U+212A KELVIN SIGN.
const KELVIN_SIGN: [u8; 3] = [0xE2, 0x84, 0xAA];

/// Calls `on_event(Some(token))` for each token of `text` in order and `on_event(None)` at
/// each `\n`.
///
/// Tokens never span a `\n` (it is a separator), so the whole-text tokens are exactly the
/// concatenation of the per-line tokens that rougeLsum uses (spec `rouge-score.md` §3, §6). A token that is
/// already lower-case ASCII is passed as a slice of `text`; only tokens with capitals or one
/// of the two special code points are rebuilt in a buffer.
#[inline]
pub fn scan(text: &str, mut on_event: impl FnMut(Option<&str>)) {
    scan_spans(
        text,
        #[inline(always)]
        |event| on_event(event.map(|(token, _)| token)),
    );
}

/// [`scan`] with each token's byte range in `text` (the explanation's spans): a token that
/// `İ` ends covers the `İ`, one continued by a Kelvin sign covers the sign and what follows.
#[inline(always)]
pub fn scan_spans(text: &str, mut on_event: impl FnMut(Option<(&str, Range<usize>)>)) {
    let bytes = text.as_bytes();
    let mut buf = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let class = CLASS[bytes[i] as usize];
        if class == SEP || class == NEWLINE || (class == LEAD && special_at(bytes, i).is_none()) {
            if class == NEWLINE {
                on_event(None);
            }
            i += 1;
            continue;
        }
        let start = i;
        let mut upper = false;
        // Eight bytes at a time while they are all `[a-z0-9]` (most of a token); the byte
        // loop below takes over at the first other byte, so both see the same classes.
        while let Some(word) = bytes.get(i..i + 8) {
            let others = not_lower_alnum(u64::from_le_bytes([
                word[0], word[1], word[2], word[3], word[4], word[5], word[6], word[7],
            ]));
            if others != 0 {
                i += (others.trailing_zeros() / 8) as usize;
                break;
            }
            i += 8;
        }
        while i < bytes.len() {
            match CLASS[bytes[i] as usize] {
                LOWER => {}
                UPPER => upper = true,
                _ => break,
            }
            i += 1;
        }
        if !upper
            && (i == bytes.len()
                || CLASS[bytes[i] as usize] != LEAD
                || special_at(bytes, i).is_none())
        {
            on_event(Some((&text[start..i], start..i)));
            continue;
        }
        // Slow path: capitals, or a token continued by U+212A / ended by U+0130.
        buf.clear();
        buf.extend(
            bytes[start..i]
                .iter()
                .map(|b| b.to_ascii_lowercase() as char),
        );
        loop {
            match special_at(bytes, i) {
                Some(Special::Kelvin) => {
                    buf.push('k');
                    i += KELVIN_SIGN.len();
                    while i < bytes.len() && bytes[i].is_ascii_alphanumeric() {
                        buf.push(bytes[i].to_ascii_lowercase() as char);
                        i += 1;
                    }
                }
                Some(Special::DottedI) => {
                    // `İ`.lower() is `i` + U+0307: the combining mark ends the token.
                    buf.push('i');
                    i += DOTTED_CAPITAL_I.len();
                    break;
                }
                None => break,
            }
        }
        on_event(Some((&buf, start..i)));
    }
}

/// The high bit of each byte of `w` that is not ASCII `[a-z0-9]` (class [`LOWER`]), the
/// others clear: range tests on the low seven bits of all eight bytes at once (no carry
/// crosses a byte: every sum stays below 0x100), then non-ASCII bytes added.
#[inline]
fn not_lower_alnum(w: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let low7 = w & !HIGH;
    let at_least = |c: u8| (low7 + ONES * u64::from(0x80 - c)) & HIGH;
    let lower = at_least(b'a') & !at_least(b'z' + 1);
    let digit = at_least(b'0') & !at_least(b'9' + 1);
    !(lower | digit) & HIGH | (w & HIGH)
}

enum Special {
    DottedI,
    Kelvin,
}

#[inline]
fn special_at(bytes: &[u8], i: usize) -> Option<Special> {
    match bytes.get(i) {
        Some(0xC4) if bytes[i..].starts_with(&DOTTED_CAPITAL_I) => Some(Special::DottedI),
        Some(0xE2) if bytes[i..].starts_with(&KELVIN_SIGN) => Some(Special::Kelvin),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str, _stemmer: bool) -> Vec<String> {
        let mut out = Vec::new();
        scan(text, |t| out.extend(t.map(str::to_string)));
        out
    }

    #[test]
    fn spec_examples() {
        assert_eq!(
            tokens("It's a state-of-the-art model.", false),
            ["it", "s", "a", "state", "of", "the", "art", "model"]
        );
        assert_eq!(tokens("Cristóbal está", false), ["crist", "bal", "est"]);
        assert_eq!(
            tokens("İstanbul 5\u{212A} run", false),
            ["i", "stanbul", "5k", "run"]
        );
        assert_eq!(tokens("aİb", false), ["ai", "b"]);
        assert_eq!(
            tokens("İİ \u{212A}\u{212A}x A\u{212A}İb", false),
            ["i", "i", "kkx", "aki", "b"]
        );
        assert_eq!(tokens("ABC def", false), ["abc", "def"]);
        assert_eq!(tokens("ＡＢＣ １２３ x² straße", false), ["x", "stra", "e"]);
        assert!(tokens("今天天气很不错", false).is_empty());
        assert_eq!(tokens("a\tb\r\nc", false), ["a", "b", "c"]);
    }

    #[test]
    fn word_test_matches_the_byte_classes() {
        for b in 0..=255u8 {
            for pos in 0..8 {
                let mut word = [b'a'; 8];
                word[pos] = b;
                let others = not_lower_alnum(u64::from_le_bytes(word));
                let want = if CLASS[b as usize] == LOWER {
                    0
                } else {
                    0x80u64 << (8 * pos)
                };
                assert_eq!(others, want, "byte {b:#x} at {pos}");
            }
        }
        // Long lower-case runs, and capitals or a Kelvin sign right after eight letters.
        assert_eq!(
            tokens("abcdefghijklmnop9 abcdefghIJ abcdefgh\u{212A}x", false),
            ["abcdefghijklmnop9", "abcdefghij", "abcdefghkx"]
        );
    }

    #[test]
    fn spans_cover_each_token() {
        let text = "It's İstanbul 5\u{212A}x ABC-def\nCristóbal";
        let mut got = Vec::new();
        scan_spans(text, |e| {
            if let Some((t, r)) = e {
                got.push((t.to_string(), &text[r]));
            }
        });
        let want = [
            ("it", "It"),
            ("s", "s"),
            ("i", "İ"),
            ("stanbul", "stanbul"),
            ("5kx", "5\u{212A}x"),
            ("abc", "ABC"),
            ("def", "def"),
            ("crist", "Crist"),
            ("bal", "bal"),
        ];
        let want: Vec<(String, &str)> = want.iter().map(|&(t, s)| (t.to_string(), s)).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn newlines_are_reported() {
        let mut events = Vec::new();
        scan("a b\n\nc", |t| events.push(t.unwrap_or("\\n").to_string()));
        assert_eq!(events, ["a", "b", "\\n", "\\n", "c"]);
    }
}
