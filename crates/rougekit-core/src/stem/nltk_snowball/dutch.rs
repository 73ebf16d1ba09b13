//! NLTK's Dutch Snowball stemmer (`SnowballStemmer("dutch", ignore_stopwords=True)`,
//! NLTK 3.10.4). NLTK implements the original Dutch Snowball algorithm, which Snowball 3.1.1
//! keeps as `dutch_porter` (Snowball's `dutch` is a newer, different algorithm: 2,064 of
//! Snowball's 4,567 sample words stem differently).
//!
//! Order: lower-case (Python's `str.lower()`); a stopword is returned as it is (tested before
//! accents are removed); then the algorithm.
//!
//! On Snowball's vocabularies NLTK gives `dutch_porter`'s stems. NLTK's own bookkeeping,
//! reproduced here, can still differ on rarer words: regions are strings computed once and
//! edited with the word. When `-heden` becomes `-heid` in step 1, R2 is edited only if it
//! holds the whole `-heden`; in step 3b, `-end` and `-ing` shorten R2 but not R1, and `-lijk`
//! shortens R1 but not R2; later tests see these strings.
//!
//! ```
//! # use rougekit_core::stem::nltk_snowball::dutch::stem;
//! let none = |_: &str| false;
//! assert_eq!(stem("lichamelijk", &none), "licham");
//! assert_eq!(stem("Mogelijkheden", &none), "mogelijk");
//! ```
use super::standard::{
    char_from_end, char_len, first_suffix, lower, r1r2_standard, skip_chars, tail_slice,
    truncate_chars,
};

const VOWELS: &str = "aeiouyè";
const STEP1: [&str; 5] = ["heden", "ene", "en", "se", "s"];
const STEP3B: [&str; 6] = ["baar", "lijk", "bar", "end", "ing", "ig"];

fn is_vowel(c: Option<char>) -> bool {
    c.is_some_and(|c| VOWELS.contains(c))
}

fn ends_double(word: &str) -> bool {
    ["kk", "dd", "tt"].iter().any(|d| word.ends_with(d))
}

/// Stems `word` as NLTK's `SnowballStemmer("dutch", ignore_stopwords=True).stem(word)` does
/// when its stopword list is the set of words for which `is_stopword` is true.
///
/// ```
/// # use rougekit_core::stem::nltk_snowball::dutch::stem;
/// let none = |_: &str| false;
/// assert_eq!(stem("opgaven", &none), "opgav");
/// assert_eq!(stem("Maar", &|w: &str| w == "maar"), "maar");
/// ```
#[must_use]
pub fn stem(word: &str, is_stopword: &dyn Fn(&str) -> bool) -> String {
    let word = lower(word);
    if is_stopword(&word) {
        return word;
    }
    let word: String = word
        .chars()
        .map(|c| match c {
            'ä' | 'á' => 'a',
            'ë' | 'é' => 'e',
            'í' | 'ï' => 'i',
            'ö' | 'ó' => 'o',
            'ü' | 'ú' => 'u',
            c => c,
        })
        .collect();
    let word = mark_consonants(&word);

    let (r1, r2) = r1r2_standard(&word, VOWELS);
    let r1 = if !r1.is_empty() && char_len(&word) - char_len(r1) < 3 {
        // The part before R1 has at least three letters.
        skip_chars(&word, 3)
    } else {
        r1
    };
    let mut s = State {
        r1: r1.to_owned(),
        r2: r2.to_owned(),
        w: word.clone(),
    };

    // Step 1.
    if let Some(suf) = first_suffix(&s.r1, &STEP1) {
        let n = char_len(suf);
        let before = char_from_end(&s.w, n + 1);
        match suf {
            "heden" => {
                truncate_chars(&mut s.w, 5);
                s.w.push_str("heid");
                truncate_chars(&mut s.r1, 5);
                s.r1.push_str("heid");
                if s.r2.ends_with("heden") {
                    truncate_chars(&mut s.r2, 5);
                    s.r2.push_str("heid");
                }
            }
            "ene" | "en"
                if !s.w.ends_with("heden")
                    && !is_vowel(before)
                    && tail_slice(&s.w, n + 3, n) != "gem" =>
            {
                s.cut(n);
                s.undouble();
            }
            "se" | "s" if !is_vowel(before) && before != Some('j') => s.cut(n),
            _ => {}
        }
    }

    // Step 2.
    let mut step2_success = false;
    if s.r1.ends_with('e') && !is_vowel(char_from_end(&s.w, 2)) {
        step2_success = true;
        s.cut(1);
        s.undouble();
    }

    // Step 3a.
    if s.r2.ends_with("heid") && char_from_end(&s.w, 5) != Some('c') {
        s.cut(4);
        if s.r1.ends_with("en")
            && !is_vowel(char_from_end(&s.w, 3))
            && tail_slice(&s.w, 5, 2) != "gem"
        {
            s.cut(2);
            s.undouble();
        }
    }

    // Step 3b: derivational suffixes in R2.
    let mut w = s.w;
    match first_suffix(&s.r2, &STEP3B) {
        Some("end" | "ing") => {
            truncate_chars(&mut w, 3);
            truncate_chars(&mut s.r2, 3);
            if s.r2.ends_with("ig") && char_from_end(&w, 3) != Some('e') {
                truncate_chars(&mut w, 2);
            } else if ends_double(&w) {
                truncate_chars(&mut w, 1);
            }
        }
        Some("ig") if char_from_end(&w, 3) != Some('e') => truncate_chars(&mut w, 2),
        Some("lijk") => {
            truncate_chars(&mut w, 4);
            truncate_chars(&mut s.r1, 4);
            if s.r1.ends_with('e') && !is_vowel(char_from_end(&w, 2)) {
                truncate_chars(&mut w, 1);
                if ends_double(&w) {
                    truncate_chars(&mut w, 1);
                }
            }
        }
        Some("baar") => truncate_chars(&mut w, 4),
        Some("bar") if step2_success => truncate_chars(&mut w, 3),
        _ => {}
    }

    // Step 4: undouble a vowel in a final consonant-vowel-vowel-consonant (`aa`, `ee`, `oo`,
    // `uu`; the last letter not `I`).
    let chars: Vec<char> = w.chars().collect();
    if let [.., c4, c3, c2, c1] = chars[..] {
        if !VOWELS.contains(c1)
            && c1 != 'I'
            && c3 == c2
            && matches!(c2, 'a' | 'e' | 'o' | 'u')
            && !VOWELS.contains(c4)
        {
            let mut undoubled: String = chars[..chars.len() - 2].iter().collect();
            undoubled.push(c1);
            w = undoubled;
        }
    }

    w.chars()
        .map(|c| match c {
            'I' => 'i',
            'Y' => 'y',
            c => c,
        })
        .collect()
}

struct State {
    w: String,
    r1: String,
    r2: String,
}

impl State {
    fn cut(&mut self, n: usize) {
        truncate_chars(&mut self.w, n);
        truncate_chars(&mut self.r1, n);
        truncate_chars(&mut self.r2, n);
    }

    /// `-kk`, `-dd`, `-tt` lose one letter (word and regions).
    fn undouble(&mut self) {
        if ends_double(&self.w) {
            self.cut(1);
        }
    }
}

/// A leading `y` and a `y` after a vowel become `Y`; then an `i` between vowels becomes `I`
/// (both consonants from here on). Each scan sees its own earlier marks on the left.
fn mark_consonants(word: &str) -> String {
    let mut chars: Vec<char> = word.chars().collect();
    for i in 0..chars.len() {
        if chars[i] == 'y' && (i == 0 || VOWELS.contains(chars[i - 1])) {
            chars[i] = 'Y';
        }
    }
    for i in 1..chars.len().saturating_sub(1) {
        if chars[i] == 'i' && VOWELS.contains(chars[i - 1]) && VOWELS.contains(chars[i + 1]) {
            chars[i] = 'I';
        }
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::stem;

    /// Expected stems are NLTK 3.10.4's.
    #[test]
    fn matches_nltk() {
        let none = |_: &str| false;
        assert_eq!(stem("lichamelijk", &none), "licham");
        assert_eq!(stem("Mogelijkheden", &none), "mogelijk");
        assert_eq!(stem("opgaven", &none), "opgav");
        assert_eq!(stem("geëxtrapoleerd", &none), "geextrapoleerd"); // accents
        assert_eq!(stem("kinderen", &none), "kinder");
        assert_eq!(stem("bijeenkomsten", &none), "bijeenkomst");
        assert_eq!(stem("", &none), "");
        assert_eq!(stem("Yoghurt", &none), "yoghurt"); // initial y
    }

    #[test]
    fn stopwords_are_returned_lower_cased() {
        let stop = |w: &str| ["maar", "kinderen"].contains(&w);
        assert_eq!(stem("MAAR", &stop), "maar");
        assert_eq!(stem("KINDEREN", &stop), "kinderen");
        // Not a stopword without the list.
        assert_eq!(stem("kinderen", &|_: &str| false), "kinder");
    }
}
