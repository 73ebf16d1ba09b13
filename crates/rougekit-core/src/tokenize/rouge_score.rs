//! rouge-score 0.1.2's default tokenizer (spec `rouge-score.md` §2): Python `str.lower()`, then every maximal
//! run of characters outside ASCII `[a-z0-9]` is a separator.
//!
//! Only two non-ASCII code points lower-case to ASCII alphanumerics under Python's Unicode
//! database (spec `rouge-score.md` §2.2, exhaustive scan): U+0130 `İ` → `i` + U+0307 (the combining dot then
//! ends the token) and U+212A KELVIN SIGN → `k`. Every other non-ASCII character separates.
//!
//! The scan classifies 64 bytes at a time into bit masks (a token byte, a capital, a `\n`)
//! and walks the masks' set bits: a token costs a few bit operations and no branch on its
//! length, which the branch predictor cannot guess (cachegrind, CNN/DM: a byte-at-a-time
//! scan mispredicted about 23 more branches per pair; `benches/RESULTS.md`).
use std::ops::Range;

/// UTF-8 of U+0130 LATIN CAPITAL LETTER I WITH DOT ABOVE.
const DOTTED_CAPITAL_I: &str = "\u{130}";
/// UTF-8 of U+212A KELVIN SIGN.
const KELVIN_SIGN: &str = "\u{212A}";

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

/// One 64-byte block's masks, bit `k` for byte `k`.
#[derive(Clone, Copy)]
struct Block {
    /// Token bytes: ASCII letters and digits, and the bytes of the special code points that
    /// lower-case into a token (all of `K`, the first byte of `İ`).
    word: u64,
    /// The token bytes that the token's text must be rebuilt for: capitals, the specials.
    rebuild: u64,
    newline: u64,
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `w` (eight bytes, little-endian) that is ASCII `[a-z0-9]`,
/// `[A-Z]` and `\n`: range tests on the low seven bits of all eight bytes at once (no carry
/// crosses a byte: every sum stays below 0x100), non-ASCII bytes cleared.
#[inline(always)]
fn byte_classes(w: u64) -> (u64, u64, u64) {
    let low7 = w & !HIGH;
    let ascii = !w & HIGH;
    let at_least = |c: u8| (low7 + ONES * u64::from(0x80 - c)) & HIGH;
    let lower = at_least(b'a') & !at_least(b'z' + 1);
    let digit = at_least(b'0') & !at_least(b'9' + 1);
    let upper = at_least(b'A') & !at_least(b'Z' + 1);
    let newline = at_least(b'\n') & !at_least(b'\n' + 1);
    ((lower | digit) & ascii, upper & ascii, newline & ascii)
}

/// The high bits of the eight bytes of `m` as eight bits (bit `k` for byte `k`).
#[inline(always)]
fn pack(m: u64) -> u64 {
    ((m >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

impl Block {
    /// The masks of `block`, bytes `base..base + 64` of `text` (past its end: zero bytes).
    /// `spill`: token bits that a Kelvin sign at the end of the block before carries into
    /// this one; set for the next block in turn.
    #[inline(always)]
    fn of(block: &[u8; 64], text: &[u8], base: usize, spill: &mut u64) -> Block {
        let mut b = Block {
            word: std::mem::take(spill),
            rebuild: 0,
            newline: 0,
        };
        let mut any = 0;
        for (k, chunk) in block.chunks_exact(8).enumerate() {
            let w = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            let (lower, upper, newline) = byte_classes(w);
            b.word |= pack(lower | upper) << (8 * k);
            b.rebuild |= pack(upper) << (8 * k);
            b.newline |= pack(newline) << (8 * k);
            any |= w;
        }
        if any & HIGH != 0 {
            b.mark_specials(block, text, base, spill);
        }
        b
    }

    /// Adds the special code points among the block's non-ASCII bytes: all three bytes of
    /// `K` are token bytes, and the first of `İ` (its second stands for U+0307, which
    /// separates); both are rebuilt.
    #[inline(never)]
    fn mark_specials(&mut self, block: &[u8; 64], text: &[u8], base: usize, spill: &mut u64) {
        let mut high = 0;
        for (k, chunk) in block.chunks_exact(8).enumerate() {
            let w = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            high |= pack(w & HIGH) << (8 * k);
        }
        while high != 0 {
            let k = high.trailing_zeros();
            high &= high - 1;
            let rest = &text[base + k as usize..];
            if rest.starts_with(KELVIN_SIGN.as_bytes()) {
                let bits = 0b111u128 << k;
                self.word |= bits as u64;
                *spill |= (bits >> 64) as u64;
            } else if !rest.starts_with(DOTTED_CAPITAL_I.as_bytes()) {
                continue;
            }
            self.word |= 1 << k;
            self.rebuild |= 1 << k;
        }
    }
}

/// The bits below `k` (all of them from 64 on).
#[inline(always)]
fn below(k: u32) -> u64 {
    1u64.checked_shl(k).map_or(!0, |b| b - 1)
}

/// Reports the token at `span`: a slice of `text`, or rebuilt in `buf` when it has capitals
/// or special code points (`rebuild`).
#[inline(always)]
fn token<F: FnMut(Option<(&str, Range<usize>)>)>(
    text: &str,
    span: Range<usize>,
    rebuild: bool,
    buf: &mut String,
    on_event: &mut F,
) {
    if rebuild {
        rebuilt(text.as_bytes(), span, buf, on_event);
    } else {
        on_event(Some((&text[span.clone()], span)));
    }
}

/// [`token`]'s text lower-cased in `buf`: `K` is `k`, and `İ` is `i` (its U+0307 then
/// separates: the token ends there and its span covers the `İ`).
#[inline(never)]
fn rebuilt<F: FnMut(Option<(&str, Range<usize>)>)>(
    bytes: &[u8],
    span: Range<usize>,
    buf: &mut String,
    on_event: &mut F,
) {
    buf.clear();
    let mut i = span.start;
    while i < span.end {
        i += match bytes[i] {
            0xE2 => {
                buf.push('k');
                KELVIN_SIGN.len()
            }
            0xC4 => {
                buf.push('i');
                DOTTED_CAPITAL_I.len()
            }
            b => {
                buf.push(b.to_ascii_lowercase() as char);
                1
            }
        };
    }
    on_event(Some((buf, span.start..i)));
}

/// [`scan`] with each token's byte range in `text` (the explanation's spans): a token that
/// `İ` ends covers the `İ`, one continued by a Kelvin sign covers the sign and what follows.
#[inline(always)]
pub fn scan_spans(text: &str, mut on_event: impl FnMut(Option<(&str, Range<usize>)>)) {
    let bytes = text.as_bytes();
    let mut spill = 0;
    let mut buf = String::new();
    // A token that runs into the next block: its start, and whether it is rebuilt.
    let mut open: Option<(usize, bool)> = None;
    let mut padded = [0u8; 64];
    for (index, chunk) in bytes.chunks(64).enumerate() {
        let base = 64 * index;
        let block: &[u8; 64] = match chunk.try_into() {
            Ok(full) => full,
            Err(_) => {
                // The last bytes, followed by zero bytes (separators).
                padded[..chunk.len()].copy_from_slice(chunk);
                &padded
            }
        };
        let b = Block::of(block, bytes, base, &mut spill);
        let mut word = b.word;
        if let Some((start, rebuild)) = open {
            let run = (!word).trailing_zeros();
            let rebuild = rebuild || b.rebuild & below(run) != 0;
            if run == 64 {
                open = Some((start, rebuild));
                continue;
            }
            token(
                text,
                start..base + run as usize,
                rebuild,
                &mut buf,
                &mut on_event,
            );
            open = None;
            word &= !below(run);
        }
        // A token starts at a token byte after a separator (the previous block ended on a
        // separator: a token running past it was handled above).
        let mut events = word & !(word << 1) | b.newline;
        while events != 0 {
            let k = events.trailing_zeros();
            events &= events - 1;
            if b.newline >> k & 1 == 1 {
                on_event(None);
                continue;
            }
            let after = !word & !below(k);
            let rebuild_from = b.rebuild & !below(k);
            if after == 0 {
                open = Some((base + k as usize, rebuild_from != 0));
                break;
            }
            let end = after.trailing_zeros();
            let rebuild = rebuild_from & below(end) != 0;
            let span = base + k as usize..base + end as usize;
            token(text, span, rebuild, &mut buf, &mut on_event);
        }
    }
    if let Some((start, rebuild)) = open {
        token(text, start..bytes.len(), rebuild, &mut buf, &mut on_event);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        scan(text, |t| out.extend(t.map(str::to_string)));
        out
    }

    #[test]
    fn spec_examples() {
        assert_eq!(
            tokens("It's a state-of-the-art model."),
            ["it", "s", "a", "state", "of", "the", "art", "model"]
        );
        assert_eq!(tokens("Cristóbal está"), ["crist", "bal", "est"]);
        assert_eq!(
            tokens("İstanbul 5\u{212A} run"),
            ["i", "stanbul", "5k", "run"]
        );
        assert_eq!(tokens("aİb"), ["ai", "b"]);
        assert_eq!(
            tokens("İİ \u{212A}\u{212A}x A\u{212A}İb"),
            ["i", "i", "kkx", "aki", "b"]
        );
        assert_eq!(tokens("ABC def"), ["abc", "def"]);
        assert_eq!(tokens("ＡＢＣ １２３ x² straße"), ["x", "stra", "e"]);
        assert!(tokens("今天天气很不错").is_empty());
        assert_eq!(tokens("a\tb\r\nc"), ["a", "b", "c"]);
    }

    #[test]
    fn byte_classes_of_every_byte_at_every_position() {
        for b in 0..=255u8 {
            for pos in 0..8 {
                let mut word = [b' '; 8];
                word[pos] = b;
                let (lower, upper, newline) = byte_classes(u64::from_le_bytes(word));
                let bit = |yes: bool| if yes { 0x80u64 << (8 * pos) } else { 0 };
                let lower_want = bit(b.is_ascii_lowercase() || b.is_ascii_digit());
                assert_eq!(lower, lower_want, "byte {b:#x} at {pos}");
                assert_eq!(upper, bit(b.is_ascii_uppercase()), "byte {b:#x} at {pos}");
                assert_eq!(newline, bit(b == b'\n'), "byte {b:#x} at {pos}");
            }
        }
        for m in 0..=255u64 {
            let spread = (0..8).fold(0, |acc, k| acc | (m >> k & 1) << (8 * k + 7));
            assert_eq!(pack(spread), m);
        }
    }

    type Event = Option<(String, Range<usize>)>;

    /// Python's rule character by character (spec `rouge-score.md` §2): `str.lower()`, then
    /// the maximal runs of `[a-z0-9]`, each with the source bytes its characters came from.
    fn oracle(text: &str) -> Vec<Event> {
        let mut out = Vec::new();
        let mut token: Option<(String, Range<usize>)> = None;
        for (at, c) in text.char_indices() {
            let lowered = match c {
                '\u{130}' => "i\u{307}".to_string(),
                '\u{212A}' => "k".to_string(),
                c => c.to_ascii_lowercase().to_string(),
            };
            for l in lowered.chars() {
                if l.is_ascii_lowercase() || l.is_ascii_digit() {
                    let t = token.get_or_insert_with(|| (String::new(), at..at));
                    t.0.push(l);
                    t.1.end = at + c.len_utf8();
                } else {
                    out.extend(token.take().map(Some));
                }
            }
            if c == '\n' {
                out.push(None);
            }
        }
        out.extend(token.map(Some));
        out
    }

    fn events(text: &str) -> Vec<Event> {
        let mut out = Vec::new();
        scan_spans(text, |e| out.push(e.map(|(t, r)| (t.to_string(), r))));
        out
    }

    /// Random texts across the 64-byte blocks: tokens that run over one or several blocks,
    /// capitals, newlines, the special code points, and other characters sharing their first
    /// bytes (U+0100 `Ā` is C4 80, U+2100 is E2 84 80, `“` is E2 80 9C).
    #[test]
    fn matches_the_character_rule() {
        let alphabet = [
            "a",
            "z",
            "0",
            "9",
            "Q",
            " ",
            " ",
            "\n",
            "-",
            "é",
            "İ",
            "\u{212A}",
            "Ā",
            "\u{2100}",
            "“",
            "\u{C4}\u{B0}",
        ];
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for case in 0..4000 {
            let mut text = String::new();
            let len = next(if case % 4 == 0 { 400 } else { 90 });
            while text.len() < len {
                if next(8) == 0 {
                    // A long run: one token over whole blocks.
                    let run = next(200);
                    text.extend(std::iter::repeat_n('x', run));
                } else {
                    text.push_str(alphabet[next(alphabet.len())]);
                }
            }
            assert_eq!(events(&text), oracle(&text), "{text:?}");
        }
        for len in [63, 64, 65, 127, 128, 129] {
            let text = "y".repeat(len);
            assert_eq!(events(&text), oracle(&text), "{len}");
            let text = format!("{}İ", "y".repeat(len - 1));
            assert_eq!(events(&text), oracle(&text), "{len}");
            let text = format!("{}\u{212A}z", "y".repeat(len - 1));
            assert_eq!(events(&text), oracle(&text), "{len}");
        }
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
