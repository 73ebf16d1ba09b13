//! The `unicode-v1` and `character-v1` tokenizers: rouge-score-rs 0.2.1's `UnicodeTokenizer`
//! and `CharacterTokenizer`, so that `tok:unicode-v1` means one thing in both packages.
//!
//! Behaviour (rouge-score-rs's documentation, confirmed by differential tests against
//! `rouge_score_rs._rougers.tokenize` in `tests/test_tokenize_unicode.py`):
//!
//! 1. The text is normalised: NFKC, then full Unicode case folding (the default, non-Turkic
//!    mappings of `CaseFolding.txt`, status C + F), then NFKC again. `Straße`, `STRASSE` and
//!    `ｓｔｒａｓｓｅ` all become `strasse`; `İ` becomes `i` + U+0307.
//! 2. `unicode-v1` splits the normalised text at the UAX #29 word boundaries; `character-v1`
//!    splits it into UAX #29 extended grapheme clusters.
//! 3. A segment is a token when it contains an *alphanumeric* character: `Alphabetic` or
//!    `General_Category` = `N` (`Nd`, `Nl`, `No`), found by comparing every code point with the
//!    oracle. The token is the whole segment, as normalised, so a word keeps its inner
//!    punctuation (`don't`, `3.50`, `e.g`) and a segment such as a space followed by an
//!    alphabetic combining mark (`" ा"`, WB4 attaches it to the space) is kept whole.
//!
//! Unicode 17.0 data throughout, from exactly pinned crates (`unicode-normalization` 0.1.25,
//! `unicode-segmentation` 1.13.3, `icu_casemap`/`icu_properties` 2.3.0 with their data
//! crates 2.3.0), the versions rouge-score-rs 0.2.1 ships.
//!
//! ## Lines
//!
//! rouge-score tokenises the whole text for rouge1/rougeL and each `\n`-separated line for
//! rougeLsum. Here the two agree by construction: `\n` is a normalisation boundary (a starter
//! with no decomposition that composes with nothing, and no character normalises or folds to
//! it), and both segmentations always break before and after `\n` (WB3a/WB3b, GB4/GB5), so
//! the normalised text is split at `\n` and each line is segmented on its own. A `\r`,
//! U+000B, U+000C, U+0085, U+2028 or U+2029 is a segment without letters (UAX #29 `Newline`
//! / `CR`, `Control`), so it separates tokens and never starts a rougeLsum line, as in
//! rouge-score (which splits lines on `\n` only).
//!
//! ## Fast paths (each checked against the general path, and all against the oracle)
//!
//! * ASCII text: NFKC is the identity on ASCII and full case folding maps exactly `A`-`Z` to
//!   `a`-`z`, so one pass does everything: `ascii_words` is UAX #29 restricted to ASCII
//!   (checked against `unicode-segmentation` on every string of up to five characters over
//!   all ASCII word-break classes) and ASCII grapheme clusters are single characters (but
//!   `\r\n`, which has no letter). Tokens are slices of the text, lower-cased into a buffer
//!   only when they hold a capital.
//! * Other text is normalised into per-thread buffers: the NFKC quick check (answered by a
//!   bitmap for the common characters) skips either NFKC pass when it says `Yes` (UAX #15:
//!   the text is then NFKC), and ASCII runs are case-folded in place. Each line is then cut
//!   at spaces next to ASCII characters (`is_cut`): its ASCII parts go to the ASCII
//!   scanners, only the parts around other characters to `unicode-segmentation`.
//! * Tokens are slices of the text or of the reused buffers: no allocation per token, and
//!   none per text once the buffers have grown.
use icu_casemap::CaseMapper;
use icu_properties::props::{Alphabetic, GeneralCategory, GeneralCategoryGroup};
use icu_properties::{CodePointMapData, CodePointSetData};
use std::cell::RefCell;
use std::sync::OnceLock;
use unicode_normalization::{is_nfkc_quick, IsNormalized, UnicodeNormalization};
use unicode_segmentation::UnicodeSegmentation;
use writeable::Writeable;

/// What a segment is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// UAX #29 word segments (`unicode-v1`).
    Word,
    /// UAX #29 extended grapheme clusters (`character-v1`).
    Grapheme,
}

/// `Alphabetic` or `General_Category` = `N`: the test a segment must pass to be a token.
///
/// `Alphabetic` contains every letter (`L*`) and `Nl`, so the general category answers for
/// letters and numbers with one trie lookup; only the other categories (where
/// `Other_Alphabetic`, `Other_Lowercase` and `Other_Uppercase` live, e.g. vowel signs and
/// circled letters) ask the `Alphabetic` set.
#[inline]
pub fn is_alphanumeric(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric();
    }
    let gc = CodePointMapData::<GeneralCategory>::new().get(c);
    GeneralCategoryGroup::Letter.contains(gc)
        || GeneralCategoryGroup::Number.contains(gc)
        || CodePointSetData::new::<Alphabetic>().contains(c)
}

/// Whether `segment` contains an alphanumeric character (ASCII bytes tested directly).
#[inline]
fn has_alphanumeric(segment: &str) -> bool {
    if segment.is_ascii() {
        segment.bytes().any(|b| b.is_ascii_alphanumeric())
    } else {
        segment.chars().any(is_alphanumeric)
    }
}

/// Reusable buffers of one thread.
#[derive(Default)]
struct Buffers {
    a: String,
    b: String,
    /// A token lower-cased (ASCII text with capitals).
    token: String,
}

thread_local! {
    static BUFFERS: RefCell<Buffers> = RefCell::new(Buffers::default());
}

/// NFKC, full case folding, NFKC: the normalisation of both profiles. Returns `text` itself
/// when it is already normalised, else one of the buffers.
pub fn normalize<'a>(text: &'a str, a: &'a mut String, b: &'a mut String) -> &'a str {
    if text.is_ascii() {
        // NFKC is the identity on ASCII; full case folding maps exactly `A`-`Z` to `a`-`z`.
        if !text.bytes().any(|c| c.is_ascii_uppercase()) {
            return text;
        }
        a.clear();
        a.push_str(text);
        a.make_ascii_lowercase();
        return a;
    }
    // NFKC.
    let nfkc: &str = if is_nfkc(text) {
        text
    } else {
        a.clear();
        a.extend(text.nfkc());
        a
    };
    b.clear();
    fold_into(nfkc, b);
    // NFKC again: folding can denormalise (e.g. U+0345 folds to U+03B9, `ǰ` to `j` + U+030C).
    if is_nfkc(b) {
        b
    } else {
        a.clear();
        a.extend(b.nfkc());
        a
    }
}

/// Whether `text` is certainly NFKC: `unicode-normalization`'s quick check answers `Yes`.
///
/// The quick check (UAX #15) answers `Yes` when every character has `NFKC_QC=Yes` and the
/// canonical combining classes are in order, so a text whose characters all have
/// `NFKC_QC=Yes` and class 0 gets `Yes`: a bitmap of those characters in the BMP (built once,
/// from the crate's own quick check and combining classes) answers first, and any other
/// character sends the text to the crate's quick check.
#[inline]
fn is_nfkc(text: &str) -> bool {
    let stable = nfkc_stable_starters();
    for c in text.chars() {
        let u = c as u32;
        if u < 0x80 || (u < 0x10000 && stable[(u >> 6) as usize] >> (u & 63) & 1 == 1) {
            continue;
        }
        return is_nfkc_quick(text.chars()) == IsNormalized::Yes;
    }
    true
}

/// BMP characters with `NFKC_QC=Yes` and canonical combining class 0, one bit each.
fn nfkc_stable_starters() -> &'static [u64; 1024] {
    static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([0u64; 1024]);
        for c in (0..0x10000).filter_map(char::from_u32) {
            if is_nfkc_quick(std::iter::once(c)) == IsNormalized::Yes
                && unicode_normalization::char::canonical_combining_class(c) == 0
            {
                let u = c as u32;
                t[(u >> 6) as usize] |= 1 << (u & 63);
            }
        }
        t
    })
}

/// Appends the full case folding (default, non-Turkic) of `src` to `out`.
///
/// Case folding maps each code point on its own (`CaseFolding.txt` C + F; ICU's `fold` is
/// "locale-independent and context-insensitive"), so ASCII runs are lower-cased in place and
/// only the runs of other characters go through ICU.
fn fold_into(src: &str, out: &mut String) {
    let case_mapper = CaseMapper::new();
    let bytes = src.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii() {
            i += 1;
        }
        if i > start {
            let at = out.len();
            out.push_str(&src[start..i]);
            out[at..].make_ascii_lowercase();
        }
        // A run of non-ASCII bytes ends at an ASCII byte: a character boundary.
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii() {
            i += 1;
        }
        if i > start {
            case_mapper
                .fold(&src[start..i])
                .write_to(out)
                .expect("writing to a String cannot fail");
        }
    }
}

/// The normalisation without any fast path: NFKC, fold, NFKC, each always applied (tests).
pub fn normalize_reference(text: &str) -> String {
    let nfkc: String = text.nfkc().collect();
    let folded = CaseMapper::new().fold_string(&nfkc).into_owned();
    folded.nfkc().collect()
}

/// Calls `on_event(Some(token))` for each token of `text` and `on_event(None)` at each `\n`.
pub fn scan(text: &str, unit: Unit, mut on_event: impl FnMut(Option<&str>)) {
    // Take the buffers out of the thread-local rather than borrowing it across `on_event`, so
    // a callback that tokenises again (on this thread) gets fresh buffers instead of a panic.
    let mut bufs = BUFFERS.with(|cell| std::mem::take(&mut *cell.borrow_mut()));
    {
        let Buffers { a, b, token } = &mut bufs;
        if text.is_ascii() {
            // Normalisation is ASCII lower-casing, done token by token.
            scan_ascii::<true>(text, unit, token, &mut on_event);
        } else {
            let norm = normalize(text, a, b);
            for (i, line) in norm.split('\n').enumerate() {
                if i > 0 {
                    on_event(None);
                }
                scan_line(line, unit, token, &mut on_event);
            }
        }
    }
    // Keep the buffers for the next text, unless a huge text made them huge.
    let Buffers { a, b, token } = &bufs;
    if a.capacity().max(b.capacity()).max(token.capacity()) <= KEEP_BYTES {
        BUFFERS.with(|cell| *cell.borrow_mut() = bufs);
    }
}

/// [`scan`] with each token's span in `text`, in code points: `on_event(Some((token, start,
/// end)))`, `on_event(None)` at each `\n`; the tokens are [`scan`]'s.
///
/// Normalisation changes lengths (`ß` folds to `ss`, `ﬁ` to `fi`, `①` to `1`), so the text
/// is normalised piece by piece, each piece starting at a character where the normalisation
/// cannot reach back across (NFKC's quick check `Yes` with combining class 0, before and
/// after case folding: UAX #15's boundary, and case folding maps each code point on its
/// own), and the pieces' normal forms are concatenated: that is the whole text's normal
/// form (checked; should it ever differ, every token gets the whole text as its span). The
/// tokens are then the ones [`scan`] finds in that normal form, and a token's span runs from
/// the start of the piece of its first character to the end of the piece of its last. A
/// piece is one character, except a character followed by combining marks (or anything
/// else the normalisation may join to it): tokens made from one piece (`½` gives `1` and
/// `2`) share its span.
pub fn scan_spans(text: &str, unit: Unit, mut on_event: impl FnMut(Option<(&str, usize, usize)>)) {
    let mut norm = String::with_capacity(text.len());
    // Per byte of `norm`: the code-point range of the piece of `text` it comes from.
    let mut from: Vec<(u32, u32)> = Vec::with_capacity(text.len());
    let (mut a, mut b) = (String::new(), String::new());
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut k = 0;
    while k < chars.len() {
        let mut end = k + 1;
        while end < chars.len() && !is_piece_boundary(chars[end].1) {
            end += 1;
        }
        let lo = chars[k].0;
        let hi = chars.get(end).map_or(text.len(), |&(i, _)| i);
        let piece = normalize(&text[lo..hi], &mut a, &mut b);
        norm.push_str(piece);
        from.resize(norm.len(), (k as u32, end as u32));
        k = end;
    }
    let mut whole = (String::new(), String::new());
    if normalize(text, &mut whole.0, &mut whole.1) != norm {
        // Not expected (see above): the whole text is every token's span.
        norm.clear();
        norm.push_str(normalize(text, &mut a, &mut b));
        from.clear();
        from.resize(norm.len(), (0, chars.len() as u32));
    }
    let mut token = String::new();
    let mut cursor = 0usize;
    let base = norm.as_ptr() as usize;
    for (i, line) in norm.split('\n').enumerate() {
        if i > 0 {
            on_event(None);
        }
        let line_at = line.as_ptr() as usize - base;
        cursor = cursor.max(line_at);
        scan_line(line, unit, &mut token, &mut |event: Option<&str>| {
            let Some(t) = event else { return };
            // A slice of the line (every word, every non-ASCII cluster) is where it is; an
            // ASCII character of the grapheme scanner is the next one after the last token
            // (the characters between tokens have no letter or digit).
            let at = t.as_ptr() as usize;
            let start = if at >= base && at + t.len() <= base + norm.len() {
                at - base
            } else {
                cursor + norm[cursor..].find(t).unwrap_or(0)
            };
            let end = start + t.len();
            cursor = end;
            let (first, last) = (from[start], from[end.max(start + 1) - 1]);
            on_event(Some((t, first.0 as usize, last.1 as usize)));
        });
    }
}

/// Whether the normalisation of a text splits before `c` (see [`scan_spans`]): `c` and the
/// first character of its normal form both have a boundary before them.
fn is_piece_boundary(c: char) -> bool {
    if c.is_ascii() {
        return true;
    }
    if !has_boundary_before(c) {
        return false;
    }
    let (mut a, mut b, mut utf8) = (String::new(), String::new(), [0; 4]);
    let n = normalize(c.encode_utf8(&mut utf8), &mut a, &mut b);
    n.chars().next().is_none_or(has_boundary_before)
}

/// UAX #15's boundary before `c` under NFKC: `c` is a starter and the first character of its
/// compatibility decomposition is a starter that composes with nothing before it (quick
/// check `Yes`).
fn has_boundary_before(c: char) -> bool {
    use unicode_normalization::char::{canonical_combining_class, decompose_compatible};
    if canonical_combining_class(c) != 0 {
        return false;
    }
    let mut first = None;
    decompose_compatible(c, |d| {
        first.get_or_insert(d);
    });
    let d = first.unwrap_or(c);
    canonical_combining_class(d) == 0 && is_nfkc_quick(std::iter::once(d)) == IsNormalized::Yes
}

/// Buffers larger than this are freed after the text instead of kept for the thread.
const KEEP_BYTES: usize = 1 << 22;

/// Whether a normalised line may be cut before byte `i`: an ASCII space after an ASCII
/// character other than a space.
///
/// There is a word boundary and a grapheme cluster boundary there (no rule joins a character
/// to a following U+0020 unless both are `WSegSpace` (WB3d), or the first is `Prepend`
/// (GB9b), a class without ASCII members), and no rule looks across it: the look-ahead of
/// WB6/WB7b/WB12 stops at a space as it does at the end of the text (a space is not
/// `Extend`, `Format` or `ZWJ`, which WB4 skips), and the look-behind of WB7/WB7c/WB11, of the
/// regional indicator pairs (WB15/WB16, GB12/GB13), of emoji ZWJ sequences (GB11) and of
/// Indic conjuncts (GB9c) stops at a space as it does at the start of the text. So the
/// segments of the line are those of the two parts.
#[inline]
fn is_cut(bytes: &[u8], i: usize) -> bool {
    bytes[i] == b' ' && i > 0 && bytes[i - 1].is_ascii() && bytes[i - 1] != b' '
}

/// The tokens of one normalised line (no `\n` in it): the line is cut (see [`is_cut`]) around
/// its non-ASCII characters, the ASCII parts go to the ASCII scanners and only the parts with
/// other characters to `unicode-segmentation`.
fn scan_line(line: &str, unit: Unit, token: &mut String, on_event: &mut impl FnMut(Option<&str>)) {
    let bytes = line.as_bytes();
    let n = bytes.len();
    let mut pos = 0;
    while pos < n {
        let Some(k) = bytes[pos..].iter().position(|b| !b.is_ascii()) else {
            scan_ascii::<false>(&line[pos..], unit, token, on_event);
            return;
        };
        let k = pos + k;
        let start = (pos + 1..k)
            .rev()
            .find(|&i| is_cut(bytes, i))
            .unwrap_or(pos);
        let end = (k + 1..n).find(|&i| is_cut(bytes, i)).unwrap_or(n);
        if start > pos {
            scan_ascii::<false>(&line[pos..start], unit, token, on_event);
        }
        let part = &line[start..end];
        match unit {
            Unit::Word => part
                .split_word_bounds()
                .filter(|s| has_alphanumeric(s))
                .for_each(|s| on_event(Some(s))),
            Unit::Grapheme => part
                .graphemes(true)
                .filter(|s| has_alphanumeric(s))
                .for_each(|s| on_event(Some(s))),
        }
        pos = end;
    }
}

/// The tokens of ASCII text, lower-cased when `FOLD` (the text is not normalised yet; a
/// normalised text is left as is), and `None` at each `\n`.
#[inline]
fn scan_ascii<const FOLD: bool>(
    text: &str,
    unit: Unit,
    token: &mut String,
    on_event: &mut impl FnMut(Option<&str>),
) {
    match unit {
        Unit::Word => ascii_words::<FOLD>(text, token, on_event),
        Unit::Grapheme => ascii_graphemes::<FOLD>(text, on_event),
    }
}

/// Every ASCII character, in order: one-character tokens are slices of it.
const ASCII: &str = {
    const BYTES: [u8; 128] = {
        let mut t = [0u8; 128];
        let mut b = 0;
        while b < 128 {
            t[b] = b as u8;
            b += 1;
        }
        t
    };
    match std::str::from_utf8(&BYTES) {
        Ok(s) => s,
        Err(_) => panic!("ASCII is UTF-8"),
    }
};

/// The grapheme clusters of ASCII text that are letters or digits (lower-cased when `FOLD`):
/// ASCII clusters are single characters except `\r\n` (GB3), which has neither.
fn ascii_graphemes<const FOLD: bool>(text: &str, on_event: &mut impl FnMut(Option<&str>)) {
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() {
            let l = if FOLD { b.to_ascii_lowercase() } else { b } as usize;
            on_event(Some(&ASCII[l..l + 1]));
        } else if b == b'\n' {
            on_event(None);
        }
    }
}

/// Byte classes of the ASCII word scanner: UAX #29 `Word_Break` restricted to ASCII, letters
/// split by case. The four word classes are contiguous.
const OTHER: u8 = 0;
/// `ALetter`, lower case.
const LOWER: u8 = 1;
/// `ALetter`, upper case.
const UPPER: u8 = 2;
/// `Numeric`: `0`-`9`.
const DIGIT: u8 = 3;
/// `ExtendNumLet`: `_`.
const UNDERSCORE: u8 = 4;
/// `MidLetter`: `:`.
const MID_LETTER: u8 = 5;
/// `MidNumLet` (`.`) and `Single_Quote` (`'`): `MidNumLetQ` in the rules.
const MID_NUM_LET: u8 = 6;
/// `MidNum`: `,` and `;`.
const MID_NUM: u8 = 7;
/// `LF`: reported, not a token.
const NEWLINE: u8 = 8;

const WORD_CLASS: [u8; 256] = {
    let mut t = [OTHER; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] = if c.is_ascii_lowercase() {
            LOWER
        } else if c.is_ascii_uppercase() {
            UPPER
        } else if c.is_ascii_digit() {
            DIGIT
        } else {
            match c {
                b'_' => UNDERSCORE,
                b':' => MID_LETTER,
                b'.' | b'\'' => MID_NUM_LET,
                b',' | b';' => MID_NUM,
                b'\n' => NEWLINE,
                _ => OTHER,
            }
        };
        b += 1;
    }
    t
};

#[inline]
fn is_word(class: u8) -> bool {
    class.wrapping_sub(LOWER) <= UNDERSCORE - LOWER
}

#[inline]
fn is_letter(class: u8) -> bool {
    class == LOWER || class == UPPER
}

/// The UAX #29 word segments of ASCII text that contain a letter or a digit (lower-cased
/// when `FOLD`); `None` at each `\n`.
///
/// Over ASCII the rules that join characters into a word reduce to: any two of `[A-Za-z0-9_]`
/// join (WB5, WB8-WB10, WB13a, WB13b); `:`, `.` or `'` joins two letters (WB6/WB7); `,`, `;`,
/// `.` or `'` joins two digits (WB11/WB12). Everything else breaks (WB999; WB3d only groups
/// spaces, WB3 only `\r\n`, WB3a/WB3b break around `\n`, and those segments have no letters
/// or digits). So a token is a maximal run of word bytes and such joiners; it starts and ends
/// with a word byte. Checked against `unicode-segmentation` on every string of up to five
/// characters over all these classes.
fn ascii_words<const FOLD: bool>(
    text: &str,
    token: &mut String,
    on_event: &mut impl FnMut(Option<&str>),
) {
    let bytes = text.as_bytes();
    let n = bytes.len();
    let class = |i: usize| WORD_CLASS[bytes[i] as usize];
    let mut i = 0;
    while i < n {
        let c = class(i);
        if !is_word(c) {
            if c == NEWLINE {
                on_event(None);
            }
            i += 1;
            continue;
        }
        let start = i;
        let mut upper = c == UPPER;
        let mut alnum = c != UNDERSCORE;
        i += 1;
        while i < n {
            let c = class(i);
            if is_word(c) {
                upper |= c == UPPER;
                alnum |= c != UNDERSCORE;
                i += 1;
                continue;
            }
            if i + 1 < n {
                let (prev, next) = (class(i - 1), class(i + 1));
                let joins = match c {
                    MID_LETTER => is_letter(prev) && is_letter(next),
                    MID_NUM_LET => {
                        (is_letter(prev) && is_letter(next)) || (prev == DIGIT && next == DIGIT)
                    }
                    MID_NUM => prev == DIGIT && next == DIGIT,
                    _ => false,
                };
                if joins {
                    upper |= next == UPPER;
                    i += 2;
                    continue;
                }
            }
            break;
        }
        if !alnum {
            continue;
        }
        if FOLD && upper {
            token.clear();
            token.push_str(&text[start..i]);
            token.make_ascii_lowercase();
            on_event(Some(token));
        } else {
            on_event(Some(&text[start..i]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str, unit: Unit) -> Vec<String> {
        let mut out = Vec::new();
        scan(text, unit, |t| out.extend(t.map(str::to_string)));
        out
    }

    /// Tokens and line ends (`None`) as `scan` reports them.
    fn events(text: &str, unit: Unit) -> Vec<Option<String>> {
        let mut out = Vec::new();
        scan(text, unit, |t| out.push(t.map(str::to_string)));
        out
    }

    /// The general path: reference normalisation, then `unicode-segmentation` on each whole
    /// line (no ASCII scanner, no cuts).
    fn reference(text: &str, unit: Unit) -> Vec<Option<String>> {
        let norm = normalize_reference(text);
        let mut out = Vec::new();
        for (i, line) in norm.split('\n').enumerate() {
            if i > 0 {
                out.push(None);
            }
            let segs: Vec<&str> = match unit {
                Unit::Word => line.split_word_bounds().collect(),
                Unit::Grapheme => line.graphemes(true).collect(),
            };
            out.extend(
                segs.into_iter()
                    .filter(|s| s.chars().any(is_alphanumeric))
                    .map(|s| Some(s.to_string())),
            );
        }
        out
    }

    #[test]
    fn documented_examples() {
        assert_eq!(
            tokens("Straße STRASSE ｓｔｒａｓｓｅ don't 3.50", Unit::Word),
            ["strasse", "strasse", "strasse", "don't", "3.50"]
        );
        assert_eq!(
            tokens("e.g. a.b.c 1,000.5 foo_bar a-b __ _x", Unit::Word),
            ["e.g", "a.b.c", "1,000.5", "foo_bar", "a", "b", "_x"]
        );
        assert_eq!(
            tokens("İstanbul ΣΑΣ ς ﬁ ①② a \u{93e} b", Unit::Word),
            [
                "i\u{307}stanbul",
                "σασ",
                "σ",
                "fi",
                "12",
                "a",
                " \u{93e}",
                "b"
            ]
        );
        assert_eq!(
            tokens("今天天气很好", Unit::Word),
            ["今", "天", "天", "气", "很", "好"]
        );
        assert_eq!(
            tokens("Ab1 ﬁ x\u{301}!", Unit::Grapheme),
            ["a", "b", "1", "f", "i", "x\u{301}"]
        );
        assert!(tokens("👨\u{200d}👩\u{200d}👧 🇦🇧 ...", Unit::Word).is_empty());
    }

    #[test]
    fn newlines_are_reported() {
        for unit in [Unit::Word, Unit::Grapheme] {
            let mut events = Vec::new();
            scan("a b\r\n\nC\u{2028}d\u{301}", unit, |t| {
                events.push(t.unwrap_or("\\n").to_string())
            });
            assert_eq!(events, ["a", "b", "\\n", "\\n", "c", "d\u{301}"]);
        }
    }

    #[test]
    fn alphanumeric_is_alphabetic_or_number() {
        let alpha = CodePointSetData::new::<Alphabetic>();
        let gc = CodePointMapData::<GeneralCategory>::new();
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let expected = alpha.contains(c) || GeneralCategoryGroup::Number.contains(gc.get(c));
            assert_eq!(is_alphanumeric(c), expected, "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn normalize_fast_paths_equal_reference_on_every_code_point() {
        let (mut a, mut b) = (String::new(), String::new());
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            // Between ASCII capitals (folded in place) and before a combining mark (which
            // may compose with `c` or reorder with its decomposition).
            let text = format!("A{c}\u{301}B");
            let fast = normalize(&text, &mut a, &mut b).to_string();
            assert_eq!(fast, normalize_reference(&text), "U+{:04X}", c as u32);
        }
    }

    /// Every ASCII string up to `len` characters over one representative of each ASCII
    /// `Word_Break` class (and both cases, `\r`, `\n`, tab and space).
    fn ascii_strings(len: usize) -> Vec<String> {
        const ALPHABET: &[u8] = b"aZ5_:.',;\" \t\r\n";
        let mut out = vec![String::new()];
        let mut frontier = vec![String::new()];
        for _ in 0..len {
            let mut next = Vec::new();
            for s in &frontier {
                for &c in ALPHABET {
                    let mut t = s.clone();
                    t.push(c as char);
                    next.push(t);
                }
            }
            out.extend(next.iter().cloned());
            frontier = next;
        }
        out
    }

    #[test]
    fn ascii_scanners_equal_uax29_on_all_short_strings() {
        let mut token = String::new();
        for s in ascii_strings(5) {
            for unit in [Unit::Word, Unit::Grapheme] {
                let mut fast = Vec::new();
                scan_ascii::<true>(&s, unit, &mut token, &mut |t: Option<&str>| {
                    fast.push(t.map(str::to_string))
                });
                // NFKC + folding of ASCII is lower-casing (checked on every code point above).
                let mut general = Vec::new();
                for (i, line) in s.to_ascii_lowercase().split('\n').enumerate() {
                    if i > 0 {
                        general.push(None);
                    }
                    let segs: Vec<&str> = match unit {
                        Unit::Word => line.split_word_bounds().collect(),
                        Unit::Grapheme => line.graphemes(true).collect(),
                    };
                    general.extend(
                        segs.into_iter()
                            .filter(|s| s.chars().any(is_alphanumeric))
                            .map(|s| Some(s.to_string())),
                    );
                }
                assert_eq!(fast, general, "{s:?} {unit:?}");
            }
        }
    }

    #[test]
    fn fast_paths_equal_general_path() {
        let samples = [
            "The cat's 3.50 e.g. a:b 1,000;5 x_y",
            "Ünïcödé Straße\nIt's\r\nNEW\u{2028}line ΣΑΣ",
            "İ ǰ \u{345} ﬃ Ⅻ ①\u{301} \u{93e}",
            "mixed ascii\nline two ‘quoted’\n\nend",
            "a. \u{301}b c\u{3000} \u{93e} x \u{200d}\u{1f44d} \u{600} 1 \u{600}2 é. f",
            "\u{1f1e6} \u{1f1e7}\u{1f1e8} \u{1f1e9}. \u{5d0}\" \u{5d1} a.\u{300} b",
            "",
            "\n\n",
        ];
        for s in samples
            .iter()
            .copied()
            .chain(ascii_strings(3).iter().map(|s| s.as_str()))
        {
            for unit in [Unit::Word, Unit::Grapheme] {
                assert_eq!(events(s, unit), reference(s, unit), "{s:?} {unit:?}");
            }
        }
    }

    #[test]
    fn reentrant_scan_does_not_panic() {
        let mut inner = Vec::new();
        scan("Ab cd", Unit::Word, |t| {
            if let Some(t) = t {
                scan(t, Unit::Grapheme, |u| inner.extend(u.map(str::to_string)));
            }
        });
        assert_eq!(inner, ["a", "b", "c", "d"]);
    }

    /// `scan_spans`'s tokens with their surfaces (`text[start..end]` in code points).
    fn spans(text: &str, unit: Unit) -> Vec<Option<(String, String)>> {
        let chars: Vec<char> = text.chars().collect();
        let mut out = Vec::new();
        scan_spans(text, unit, |e| {
            out.push(e.map(|(t, s, e)| (t.to_string(), chars[s..e].iter().collect())))
        });
        out
    }

    #[test]
    fn spans_of_normalised_text() {
        let got = spans("Straße ﬁx ½ İstanbul\nNaïve e\u{301}te", Unit::Word);
        let want = [
            Some(("strasse", "Straße")),
            Some(("fix", "ﬁx")),
            Some(("1⁄2", "½")),
            Some(("i\u{307}stanbul", "İstanbul")),
            None,
            Some(("naïve", "Naïve")),
            Some(("éte", "e\u{301}te")),
        ];
        let want: Vec<Option<(String, String)>> = want
            .iter()
            .map(|w| w.map(|(t, s)| (t.to_string(), s.to_string())))
            .collect();
        assert_eq!(got, want);
        let got = spans("Ab 猫x\u{301}", Unit::Grapheme);
        let surfaces: Vec<String> = got.into_iter().flatten().map(|(_, s)| s).collect();
        assert_eq!(surfaces, ["A", "b", "猫", "x\u{301}"]);
    }

    mod props {
        use super::*;
        use proptest::prelude::*;

        fn text() -> impl Strategy<Value = String> {
            let piece = prop_oneof![
                4 => any::<char>().prop_map(|c| c.to_string()),
                3 => "[a-zA-Z0-9 .,:;'_-]{1,6}",
                2 => prop::sample::select(vec![
                    "\n", "\r\n", "\r", " ", "\u{2028}", "\u{85}", "\u{301}", "\u{200d}",
                    "\u{1f1e6}", "\u{1f1e7}", "\u{93e}", "ß", "İ", "ﬁ", "Σ", "\u{345}",
                    "\u{ff21}", "\u{3000}", "我", "\u{5d0}", "\"", "'", "’", "\u{200b}",
                    " \u{301}", " \u{200d}", "\u{1f44d}", "\u{600}", "\u{915}\u{94d}",
                    "\u{1f3fd}", "\u{fe0f}", "\u{30ab}", "\u{ff0e}", ". ", "1 ", "a ",
                ])
                .prop_map(str::to_string),
            ];
            prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(3000))]

            /// Fast paths (ASCII text and parts, quick checks, ASCII runs of the fold, cuts at
            /// spaces) change nothing.
            #[test]
            fn scan_equals_reference(s in text()) {
                for unit in [Unit::Word, Unit::Grapheme] {
                    prop_assert_eq!(events(&s, unit), reference(&s, unit));
                }
            }

            /// The spans' tokens are the scan's, and the spans go forward through the text
            /// (tokens made from one piece share it).
            #[test]
            fn spans_are_the_scan_in_order(s in text()) {
                let n = s.chars().count();
                for unit in [Unit::Word, Unit::Grapheme] {
                    let mut got = Vec::new();
                    let mut last = (0usize, 0usize);
                    let mut ok = true;
                    scan_spans(&s, unit, |e| {
                        if let Some((_, a, b)) = e {
                            ok &= a < b && b <= n && a >= last.0 && b >= last.1;
                            last = (a, b);
                        }
                        got.push(e.map(|(t, _, _)| t.to_string()));
                    });
                    prop_assert!(ok, "{:?}", s);
                    prop_assert_eq!(got, events(&s, unit));
                }
            }

            /// The scan contract: the whole-text tokens are the per-line tokens concatenated,
            /// the `None` events split them into those lines, and segmenting the whole
            /// normalised text (no split at `\n`) gives the same tokens.
            #[test]
            fn whole_text_is_lines_concatenated(s in text()) {
                for unit in [Unit::Word, Unit::Grapheme] {
                    let mut lines: Vec<Vec<String>> = vec![Vec::new()];
                    scan(&s, unit, |t| match t {
                        Some(t) => lines.last_mut().unwrap().push(t.to_string()),
                        None => lines.push(Vec::new()),
                    });
                    let per_line: Vec<Vec<String>> =
                        s.split('\n').map(|l| tokens(l, unit)).collect();
                    prop_assert_eq!(&lines, &per_line);
                    let norm = normalize_reference(&s);
                    let segs: Vec<&str> = match unit {
                        Unit::Word => norm.split_word_bounds().collect(),
                        Unit::Grapheme => norm.graphemes(true).collect(),
                    };
                    let whole: Vec<String> = segs
                        .into_iter()
                        .filter(|t| t.chars().any(is_alphanumeric))
                        .map(str::to_string)
                        .collect();
                    prop_assert_eq!(lines.concat(), whole);
                }
            }
        }
    }
}
