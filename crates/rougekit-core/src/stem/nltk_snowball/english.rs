//! NLTK's English Snowball stemmer (`SnowballStemmer("english", ignore_stopwords=True)`,
//! NLTK 3.10.4): Snowball's `english` ("Porter2") algorithm as NLTK implements it.
//!
//! Order of the early exits, as in NLTK: lower-case (Python's `str.lower()`); a stopword or a
//! word of at most two code points is returned as it is; then NLTK's table of exceptional
//! forms (`skies` → `sky`, `proceeding` → `proceed`...). Then curly apostrophes (`’ ‘ ‛`)
//! become `'` and one leading apostrophe goes.
//!
//! Where NLTK's stems differ from Snowball 3.1.1's (reproduced here):
//! * R1 is fixed after `gener-`, `commun-`, `arsen-` only: Snowball 3.1.1 knows more prefixes
//!   (`organization` → NLTK `organ`, Snowball `organiz`; `universities` → `univers` /
//!   `universiti`; `evening` → `even` / `evening`).
//! * No `-ogist` rule (`geologist` stays; Snowball `geolog`), no `-ying` → `-ie` for short
//!   words (`hying` → `hy`; Snowball `hie`), and a doubled consonant is undoubled even in a
//!   short word (`added` → `ad`, `ebbing` → `eb`; Snowball `add`, `ebb`).
//! * Curly apostrophes are normalised (`’tis` → `tis`; Snowball keeps `’tis`).
//!
//! NLTK's own bookkeeping, also reproduced: R1 and R2 are strings computed once and edited
//! along with the word. Where a replacement is longer than a region NLTK empties the region
//! (for `-ation`/`-ator` and `-iveness`/`-iviti` it sets R2 to `"e"` instead), and after
//! `-at`/`-bl`/`-iz` + `e` in step 1b R2 gets the `e` only when the word has more than five
//! letters or R1 at least three; later steps test these strings. Step 1b adds `e` to a short
//! word only when R1 is empty, and step 5 tests its short syllable only in words of four
//! letters or more.
//!
//! ```
//! # use rougekit_core::stem::nltk_snowball::english::stem;
//! let none = |_: &str| false;
//! assert_eq!(stem("Generously", &none), "generous");
//! assert_eq!(stem("skies", &none), "sky");
//! assert_eq!(stem("having", &|w: &str| w == "having"), "having");
//! ```
use super::standard::{
    char_from_end, char_len, drop_last_chars, lower, r1r2_standard, truncate_chars,
};

const VOWELS: &str = "aeiouy";
const DOUBLES: [&str; 9] = ["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"];
const LI_ENDING: &str = "cdeghkmnrt";

const STEP0: [&str; 3] = ["'s'", "'s", "'"];
const STEP1A: [&str; 6] = ["sses", "ied", "ies", "us", "ss", "s"];
const STEP1B: [&str; 6] = ["eedly", "ingly", "edly", "eed", "ing", "ed"];
const STEP2: [&str; 24] = [
    "ization", "ational", "fulness", "ousness", "iveness", "tional", "biliti", "lessli", "entli",
    "ation", "alism", "aliti", "ousli", "iviti", "fulli", "enci", "anci", "abli", "izer", "ator",
    "alli", "bli", "ogi", "li",
];
const STEP3: [&str; 9] = [
    "ational", "tional", "alize", "icate", "iciti", "ative", "ical", "ness", "ful",
];
const STEP4: [&str; 18] = [
    "ement", "ance", "ence", "able", "ible", "ment", "ant", "ent", "ism", "ate", "iti", "ous",
    "ive", "ize", "ion", "al", "er", "ic",
];

/// NLTK's table of exceptional words, returned as given (checked after the stopwords).
fn special(word: &str) -> Option<&'static str> {
    Some(match word {
        "skis" => "ski",
        "skies" => "sky",
        "dying" => "die",
        "lying" => "lie",
        "tying" => "tie",
        "idly" => "idl",
        "gently" => "gentl",
        "ugly" => "ugli",
        "early" => "earli",
        "only" => "onli",
        "singly" => "singl",
        "sky" => "sky",
        "news" => "news",
        "howe" => "howe",
        "atlas" => "atlas",
        "cosmos" => "cosmos",
        "bias" => "bias",
        "andes" => "andes",
        "inning" | "innings" => "inning",
        "outing" | "outings" => "outing",
        "canning" | "cannings" => "canning",
        "herring" | "herrings" => "herring",
        "earring" | "earrings" => "earring",
        "proceed" | "proceeds" | "proceeded" | "proceeding" => "proceed",
        "exceed" | "exceeds" | "exceeded" | "exceeding" => "exceed",
        "succeed" | "succeeds" | "succeeded" | "succeeding" => "succeed",
        _ => return None,
    })
}

fn is_vowel(c: Option<char>) -> bool {
    c.is_some_and(|c| VOWELS.contains(c))
}

/// The word and its two regions, kept as strings the way NLTK keeps them.
struct Word {
    w: String,
    r1: String,
    r2: String,
}

impl Word {
    /// Removes `n` letters from the word and from both regions (a region shorter than `n`
    /// becomes empty).
    fn cut(&mut self, n: usize) {
        truncate_chars(&mut self.w, n);
        truncate_chars(&mut self.r1, n);
        truncate_chars(&mut self.r2, n);
    }

    /// Replaces the word's last `n` letters by `rep`. A region at least `n` letters long gets
    /// the same edit; a shorter R1 becomes empty and a shorter R2 becomes `r2_short`.
    fn replace(&mut self, n: usize, rep: &str, r2_short: &str) {
        fn edit(s: &str, n: usize, rep: &str, short: &str) -> String {
            if char_len(s) >= n {
                format!("{}{rep}", drop_last_chars(s, n))
            } else {
                short.to_owned()
            }
        }
        self.w = format!("{}{rep}", drop_last_chars(&self.w, n));
        self.r1 = edit(&self.r1, n, rep, "");
        self.r2 = edit(&self.r2, n, rep, r2_short);
    }

    fn ends(&self, back: usize) -> Option<char> {
        char_from_end(&self.w, back)
    }
}

/// Stems `word` as NLTK's `SnowballStemmer("english", ignore_stopwords=True).stem(word)` does
/// when its stopword list is the set of words for which `is_stopword` is true.
///
/// ```
/// # use rougekit_core::stem::nltk_snowball::english::stem;
/// let none = |_: &str| false;
/// assert_eq!(stem("running", &none), "run");
/// assert_eq!(stem("Is", &none), "is");
/// ```
#[must_use]
pub fn stem(word: &str, is_stopword: &dyn Fn(&str) -> bool) -> String {
    let word = lower(word);
    if is_stopword(&word) || char_len(&word) <= 2 {
        return word;
    }
    if let Some(s) = special(&word) {
        return s.to_owned();
    }
    // Curly apostrophes become `'`; one leading apostrophe goes.
    let mut word: String = word
        .chars()
        .map(|c| {
            if matches!(c, '\u{2019}' | '\u{2018}' | '\u{201b}') {
                '\''
            } else {
                c
            }
        })
        .collect();
    if word.starts_with('\'') {
        word.remove(0);
    }
    let mut w = regions(remark_y(&word));

    step0_1a(&mut w);
    step1b(&mut w);
    step1c(&mut w);
    step2(&mut w);
    step3(&mut w);
    step4(&mut w);
    step5(&mut w);
    w.w.replace('Y', "y")
}

/// Marks consonant `y` as `Y`: a leading `y`, and a `y` after a vowel. NLTK scans left to right
/// over the already-marked letters, so in `yy` or `ayy` a `Y` (not a vowel) does not mark the
/// next `y`.
fn remark_y(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    let mut prev: Option<char> = None;
    for (i, c) in word.chars().enumerate() {
        let m = if c == 'y' && (i == 0 || is_vowel(prev)) {
            'Y'
        } else {
            c
        };
        out.push(m);
        prev = Some(m);
    }
    out
}

/// R1 and R2; `gener-`, `commun-` and `arsen-` fix R1 after the prefix (Snowball's exceptional
/// prefixes; NLTK knows these three).
fn regions(word: String) -> Word {
    let prefix_len = if word.starts_with("gener") || word.starts_with("arsen") {
        Some(5)
    } else if word.starts_with("commun") {
        Some(6)
    } else {
        None
    };
    let (r1, r2) = match prefix_len {
        Some(n) => {
            let r1 = super::standard::skip_chars(&word, n);
            let (r2, _) = r1r2_standard(r1, VOWELS);
            (r1.to_owned(), r2.to_owned())
        }
        None => {
            let (r1, r2) = r1r2_standard(&word, VOWELS);
            (r1.to_owned(), r2.to_owned())
        }
    };
    Word { w: word, r1, r2 }
}

fn has_vowel(s: &str) -> bool {
    s.chars().any(|c| VOWELS.contains(c))
}

fn step0_1a(w: &mut Word) {
    if let Some(suf) = super::standard::first_suffix(&w.w, &STEP0) {
        w.cut(char_len(suf));
    }
    match super::standard::first_suffix(&w.w, &STEP1A) {
        Some("sses") => w.cut(2),
        Some("ied" | "ies") => {
            // `ties` → `tie`, `cries` → `cri`.
            if char_len(&w.w) > 4 {
                w.cut(2);
            } else {
                w.cut(1);
            }
        }
        // `-s` goes when a vowel comes before the last two letters.
        Some("s") if has_vowel(drop_last_chars(&w.w, 2)) => w.cut(1),
        _ => {}
    }
}

fn step1b(w: &mut Word) {
    let Some(suf) = super::standard::first_suffix(&w.w, &STEP1B) else {
        return;
    };
    let n = char_len(suf);
    if suf == "eed" || suf == "eedly" {
        if w.r1.ends_with(suf) {
            w.replace(n, "ee", "");
        }
        return;
    }
    if !has_vowel(drop_last_chars(&w.w, n)) {
        return;
    }
    w.cut(n);
    if w.w.ends_with("at") || w.w.ends_with("bl") || w.w.ends_with("iz") {
        w.w.push('e');
        w.r1.push('e');
        if char_len(&w.w) > 5 || char_len(&w.r1) >= 3 {
            w.r2.push('e');
        }
    } else if DOUBLES.iter().any(|d| w.w.ends_with(d)) {
        w.cut(1);
    } else if w.r1.is_empty() && ends_short_syllable(&w.w) {
        w.w.push('e');
        // The regions are empty here: R1 is, and R2 lies within R1.
        if !w.r2.is_empty() {
            w.r2.push('e');
        }
    }
}

/// NLTK's short syllable at the end of a word: consonant, vowel, consonant other than
/// `w`, `x`, `Y` (three letters or more), or vowel, consonant for a two-letter word.
fn ends_short_syllable(word: &str) -> bool {
    let len = char_len(word);
    let c = |i| char_from_end(word, i);
    if len >= 3 {
        !is_vowel(c(1))
            && !c(1).is_some_and(|c| "wxY".contains(c))
            && is_vowel(c(2))
            && !is_vowel(c(3))
    } else {
        len == 2 && is_vowel(c(2)) && !is_vowel(c(1))
    }
}

fn step1c(w: &mut Word) {
    if char_len(&w.w) > 2 && w.ends(1).is_some_and(|c| c == 'y' || c == 'Y') && !is_vowel(w.ends(2))
    {
        truncate_chars(&mut w.w, 1);
        w.w.push('i');
        for r in [&mut w.r1, &mut w.r2] {
            if !r.is_empty() {
                truncate_chars(r, 1);
                r.push('i');
            }
        }
    }
}

fn step2(w: &mut Word) {
    let Some(suf) = super::standard::first_suffix(&w.w, &STEP2) else {
        return;
    };
    if !w.r1.ends_with(suf) {
        return;
    }
    let n = char_len(suf);
    match suf {
        "tional" | "entli" | "fulli" | "lessli" => w.cut(2),
        "enci" | "anci" | "abli" => w.replace(1, "e", ""),
        "izer" | "ization" => w.replace(n, "ize", ""),
        // NLTK sets R2 to "e" when it is shorter than the suffix.
        "ational" | "ation" | "ator" => w.replace(n, "ate", "e"),
        "alism" | "aliti" | "alli" => w.replace(n, "al", ""),
        "fulness" => w.cut(4),
        "ousli" | "ousness" => w.replace(n, "ous", ""),
        "iveness" | "iviti" => w.replace(n, "ive", "e"),
        "biliti" | "bli" => w.replace(n, "ble", ""),
        "ogi" if w.ends(4) == Some('l') => w.cut(1),
        "li" if w.ends(3).is_some_and(|c| LI_ENDING.contains(c)) => w.cut(2),
        _ => {}
    }
}

fn step3(w: &mut Word) {
    let Some(suf) = super::standard::first_suffix(&w.w, &STEP3) else {
        return;
    };
    if !w.r1.ends_with(suf) {
        return;
    }
    let n = char_len(suf);
    match suf {
        "tional" => w.cut(2),
        "ational" => w.replace(n, "ate", ""),
        "alize" => w.cut(3),
        "icate" | "iciti" | "ical" => w.replace(n, "ic", ""),
        "ful" | "ness" => w.cut(n),
        "ative" if w.r2.ends_with(suf) => w.cut(5),
        _ => {}
    }
}

fn step4(w: &mut Word) {
    let Some(suf) = super::standard::first_suffix(&w.w, &STEP4) else {
        return;
    };
    if !w.r2.ends_with(suf) {
        return;
    }
    if suf == "ion" {
        if w.ends(4).is_some_and(|c| c == 's' || c == 't') {
            w.cut(3);
        }
    } else {
        w.cut(char_len(suf));
    }
}

fn step5(w: &mut Word) {
    if (w.r2.ends_with('l') && w.ends(2) == Some('l')) || w.r2.ends_with('e') {
        truncate_chars(&mut w.w, 1);
    } else if w.r1.ends_with('e') {
        let c = |i| w.ends(i);
        let long_syllable = is_vowel(c(2))
            || c(2).is_some_and(|c| "wxY".contains(c))
            || !is_vowel(c(3))
            || is_vowel(c(4));
        if char_len(&w.w) >= 4 && long_syllable {
            truncate_chars(&mut w.w, 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::stem;

    /// Expected stems are NLTK 3.10.4's.
    #[test]
    fn matches_nltk() {
        let none = |_: &str| false;
        assert_eq!(stem("added", &none), "ad"); // Snowball 3.1.1: add
        assert_eq!(stem("Evening", &none), "even"); // Snowball 3.1.1: evening
        assert_eq!(stem("universities", &none), "univers"); // Snowball 3.1.1: universiti
        assert_eq!(stem("geologist", &none), "geologist"); // Snowball 3.1.1: geolog
        assert_eq!(stem("hying", &none), "hy"); // Snowball 3.1.1: hie
        assert_eq!(stem("ebbing", &none), "eb"); // Snowball 3.1.1: ebb
        assert_eq!(stem("organization", &none), "organ"); // Snowball 3.1.1: organiz
        assert_eq!(stem("’tis", &none), "tis"); // curly apostrophe
        assert_eq!(stem("generously", &none), "generous"); // gener- prefix
        assert_eq!(stem("skies", &none), "sky"); // exceptional form
        assert_eq!(stem("dog's", &none), "dog");
        assert_eq!(stem("sayings", &none), "say");
        assert_eq!(stem("Ab", &none), "ab"); // two letters
        assert_eq!(stem("abandonment", &none), "abandon");
        assert_eq!(stem("'", &none), "'"); // apostrophe only
        assert_eq!(stem("", &none), "");
        assert_eq!(stem("ayy", &none), "ayi"); // y after y
    }

    #[test]
    fn stopwords_are_returned_lower_cased() {
        let stop = |w: &str| ["having", "was"].contains(&w);
        assert_eq!(stem("HAVING", &stop), "having");
        assert_eq!(stem("WAS", &stop), "was");
        // Not a stopword without the list.
        assert_eq!(stem("was", &|_: &str| false), "was");
    }
}
