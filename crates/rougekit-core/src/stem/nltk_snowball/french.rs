//! NLTK's French Snowball stemmer (`SnowballStemmer("french", ignore_stopwords=True)`,
//! NLTK 3.10.4): Snowball's older `french` algorithm as NLTK implements it.
//!
//! Order: lower-case (Python's `str.lower()`); a stopword is returned as it is; then the
//! algorithm.
//!
//! Where NLTK's stems differ from Snowball 3.1.1's (reproduced here):
//! * No elisions: `l'armement` → NLTK `l'arm` (Snowball 3.1.1 drops `l'`: `armement`).
//! * `ë`/`ï` are plain vowels (`mosaïque` → `mosaïqu`; Snowball `mosa`), and `y` is marked as
//!   a consonant only inside the word (never as the first or last letter), next to a vowel.
//! * "Suffix in R1/R2/RV" is mostly tested as *contains* (`suffix in r2`): the suffix (or the
//!   letters before it, `-ic`, `-iv`, `-abil`...) may occur anywhere in the region. R1 and R2
//!   are computed once and never shortened.
//! * The letter before `-ment(s)` (step 1) and before a step-2a suffix is the one before the
//!   suffix's *last occurrence* in RV; when that occurrence starts RV, NLTK's index `-1`
//!   reads RV's last letter.
//! * Step 1 stops at the first suffix (NLTK's order) the word ends with, whether or not it is
//!   removed; `-emment` → `-ent` leaves RV as it was. Step 3 (`Y` → `i`, `ç` → `c`) runs only
//!   when step 1, 2a or 2b removed something; after only `-amment`/`-emment`/`-ment`, step 4
//!   runs instead. Step 4 skips a suffix that the word ends with but RV does not contain, and
//!   `-ion` reads the fourth-last letter of RV. Step 6 (`é`/`è` → `e`) never looks at the
//!   first letter. (`niés` → `ni`; Snowball `nié`.)
//!
//! ```
//! # use rougekit_core::stem::nltk_snowball::french::stem;
//! let none = |_: &str| false;
//! assert_eq!(stem("Continuellement", &none), "continuel");
//! assert_eq!(stem("l'armement", &none), "l'arm");
//! ```
use super::standard::{
    char_at, char_from_end, char_len, lower, r1r2_standard, skip_chars, truncate_chars,
};

const VOWELS: &str = "aeiouyâàëéêèïîôûù";
const STEP1: [&str; 43] = [
    "issements",
    "issement",
    "atrices",
    "atrice",
    "ateurs",
    "ations",
    "logies",
    "usions",
    "utions",
    "ements",
    "amment",
    "emment",
    "ances",
    "iqUes",
    "ismes",
    "ables",
    "istes",
    "ateur",
    "ation",
    "logie",
    "usion",
    "ution",
    "ences",
    "ement",
    "euses",
    "ments",
    "ance",
    "iqUe",
    "isme",
    "able",
    "iste",
    "ence",
    "ités",
    "ives",
    "eaux",
    "euse",
    "ment",
    "eux",
    "ité",
    "ive",
    "ifs",
    "aux",
    "if",
];
const STEP2A: [&str; 35] = [
    "issaIent", "issantes", "iraIent", "issante", "issants", "issions", "irions", "issais",
    "issait", "issant", "issent", "issiez", "issons", "irais", "irait", "irent", "iriez", "irons",
    "iront", "isses", "issez", "îmes", "îtes", "irai", "iras", "irez", "isse", "ies", "ira", "ît",
    "ie", "ir", "is", "it", "i",
];
const STEP2B: [&str; 38] = [
    "eraIent", "assions", "erions", "assent", "assiez", "èrent", "erais", "erait", "eriez",
    "erons", "eront", "aIent", "antes", "asses", "ions", "erai", "eras", "erez", "âmes", "âtes",
    "ante", "ants", "asse", "ées", "era", "iez", "ais", "ait", "ant", "ée", "és", "er", "ez", "ât",
    "ai", "as", "é", "a",
];
const STEP4: [&str; 7] = ["ière", "Ière", "ion", "ier", "Ier", "e", "ë"];

fn is_vowel(c: Option<char>) -> bool {
    c.is_some_and(|c| VOWELS.contains(c))
}

/// NLTK's French RV: after the third letter when the word starts with `par`, `col`, `tap` or
/// two vowels; otherwise after the first vowel that is not the first letter; empty for words
/// of fewer than two letters or without such a vowel.
fn rv_french(word: &str) -> &str {
    if char_len(word) < 2 {
        return "";
    }
    let two_vowels = is_vowel(char_at(word, 0)) && is_vowel(char_at(word, 1));
    if ["par", "col", "tap"].iter().any(|p| word.starts_with(p)) || two_vowels {
        return skip_chars(word, 3);
    }
    word.char_indices()
        .skip(1)
        .find(|&(_, c)| VOWELS.contains(c))
        .map_or("", |(i, c)| &word[i + c.len_utf8()..])
}

/// The letter before the last occurrence of `suffix` in `rv` (Python's
/// `rv[rv.rindex(suffix) - 1]`; an occurrence at the start reads RV's last letter).
fn before_last_occurrence(rv: &str, suffix: &str) -> Option<char> {
    let at = rv.rfind(suffix)?;
    if at == 0 {
        rv.chars().next_back()
    } else {
        rv[..at].chars().next_back()
    }
}

/// Replaces the last `n` letters of `w` by `rep`.
fn replace(w: &mut String, n: usize, rep: &str) {
    truncate_chars(w, n);
    w.push_str(rep);
}

/// Stems `word` as NLTK's `SnowballStemmer("french", ignore_stopwords=True).stem(word)` does
/// when its stopword list is the set of words for which `is_stopword` is true.
///
/// ```
/// # use rougekit_core::stem::nltk_snowball::french::stem;
/// let none = |_: &str| false;
/// assert_eq!(stem("chevaux", &none), "cheval");
/// assert_eq!(stem("Avec", &|w: &str| w == "avec"), "avec");
/// ```
#[must_use]
pub fn stem(word: &str, is_stopword: &dyn Fn(&str) -> bool) -> String {
    let word = lower(word);
    if is_stopword(&word) {
        return word;
    }
    let word = mark_consonants(&word);
    let (r1, r2) = r1r2_standard(&word, VOWELS);
    let mut rv = rv_french(&word).to_owned();
    let mut w = word.clone();

    let mut step1_success = false;
    let mut rv_ending_found = false;
    if let Some(suf) = STEP1.iter().copied().find(|s| w.ends_with(s)) {
        let n = char_len(suf);
        let mut success = true;
        match suf {
            "eaux" => truncate_chars(&mut w, 1),
            "euse" | "euses" if r2.contains(suf) => truncate_chars(&mut w, n),
            "euse" | "euses" if r1.contains(suf) => replace(&mut w, n, "eux"),
            "ement" | "ements" if rv.contains(suf) => {
                truncate_chars(&mut w, n);
                if w.ends_with("iv") && r2.contains("iv") {
                    truncate_chars(&mut w, 2);
                    if w.ends_with("at") && r2.contains("at") {
                        truncate_chars(&mut w, 2);
                    }
                } else if w.ends_with("eus") {
                    if r2.contains("eus") {
                        truncate_chars(&mut w, 3);
                    } else if r1.contains("eus") {
                        replace(&mut w, 1, "x");
                    }
                } else if w.ends_with("abl") || w.ends_with("iqU") {
                    if r2.contains("abl") || r2.contains("iqU") {
                        truncate_chars(&mut w, 3);
                    }
                } else if (w.ends_with("ièr") || w.ends_with("Ièr"))
                    && (rv.contains("ièr") || rv.contains("Ièr"))
                {
                    replace(&mut w, 3, "i");
                }
            }
            "amment" if rv.contains(suf) => {
                replace(&mut w, n, "ant");
                replace(&mut rv, n, "ant");
                rv_ending_found = true;
                success = false;
            }
            "emment" if rv.contains(suf) => {
                replace(&mut w, n, "ent");
                rv_ending_found = true;
                success = false;
            }
            "ment" | "ments"
                if rv.contains(suf)
                    && !rv.starts_with(suf)
                    && is_vowel(before_last_occurrence(&rv, suf)) =>
            {
                truncate_chars(&mut w, n);
                truncate_chars(&mut rv, n);
                rv_ending_found = true;
                success = false;
            }
            "aux" if r1.contains(suf) => replace(&mut w, 2, "l"),
            "issement" | "issements" if r1.contains(suf) && !is_vowel(char_from_end(&w, n + 1)) => {
                truncate_chars(&mut w, n);
            }
            "ance" | "iqUe" | "isme" | "able" | "iste" | "eux" | "ances" | "iqUes" | "ismes"
            | "ables" | "istes"
                if r2.contains(suf) =>
            {
                truncate_chars(&mut w, n);
            }
            "atrice" | "ateur" | "ation" | "atrices" | "ateurs" | "ations" if r2.contains(suf) => {
                truncate_chars(&mut w, n);
                ic_to_iqu(&mut w, r2);
            }
            "logie" | "logies" if r2.contains(suf) => replace(&mut w, n, "log"),
            "usion" | "ution" | "usions" | "utions" if r2.contains(suf) => replace(&mut w, n, "u"),
            "ence" | "ences" if r2.contains(suf) => replace(&mut w, n, "ent"),
            "ité" | "ités" if r2.contains(suf) => {
                truncate_chars(&mut w, n);
                if w.ends_with("abil") {
                    if r2.contains("abil") {
                        truncate_chars(&mut w, 4);
                    } else {
                        replace(&mut w, 2, "l");
                    }
                } else if w.ends_with("ic") {
                    ic_to_iqu(&mut w, r2);
                } else if w.ends_with("iv") && r2.contains("iv") {
                    truncate_chars(&mut w, 2);
                }
            }
            "if" | "ive" | "ifs" | "ives" if r2.contains(suf) => {
                truncate_chars(&mut w, n);
                if w.ends_with("at") && r2.contains("at") {
                    truncate_chars(&mut w, 2);
                    ic_to_iqu(&mut w, r2);
                }
            }
            _ => success = false,
        }
        step1_success = success;
    }

    let mut step2_success = false;
    if !step1_success || rv_ending_found {
        // Step 2a: verb suffixes beginning with `i`, after a non-vowel in RV.
        if let Some(suf) = STEP2A.iter().copied().find(|s| w.ends_with(s)) {
            if rv.contains(suf)
                && char_len(&rv) > char_len(suf)
                && !is_vowel(before_last_occurrence(&rv, suf))
            {
                truncate_chars(&mut w, char_len(suf));
                step2_success = true;
            }
        }
        // Step 2b: other verb suffixes in RV.
        if !step2_success {
            if let Some(suf) = STEP2B.iter().copied().find(|s| rv.ends_with(s)) {
                let n = char_len(suf);
                match suf {
                    "ions" => {
                        if r2.contains("ions") {
                            truncate_chars(&mut w, 4);
                            step2_success = true;
                        }
                    }
                    "eraIent" | "erions" | "èrent" | "erais" | "erait" | "eriez" | "erons"
                    | "eront" | "erai" | "eras" | "erez" | "ées" | "era" | "iez" | "ée" | "és"
                    | "er" | "ez" | "é" => {
                        truncate_chars(&mut w, n);
                        step2_success = true;
                    }
                    _ => {
                        // `-assions`, `-aIent`, `-ant`, `-a`...: then an `e` before them in
                        // RV goes too.
                        truncate_chars(&mut w, n);
                        truncate_chars(&mut rv, n);
                        step2_success = true;
                        if rv.ends_with('e') {
                            truncate_chars(&mut w, 1);
                        }
                    }
                }
            }
        }
    }

    if step1_success || step2_success {
        // Step 3.
        if w.ends_with('Y') {
            replace(&mut w, 1, "i");
        } else if w.ends_with('ç') {
            replace(&mut w, 1, "c");
        }
    } else {
        // Step 4: residual suffixes.
        if char_len(&w) >= 2
            && w.ends_with('s')
            && !char_from_end(&w, 2).is_some_and(|c| "aiouès".contains(c))
        {
            truncate_chars(&mut w, 1);
        }
        if let Some(suf) = STEP4
            .iter()
            .copied()
            .find(|s| w.ends_with(s) && rv.contains(s))
        {
            match suf {
                "ion"
                    if r2.contains(suf)
                        && char_from_end(&rv, 4).is_some_and(|c| c == 's' || c == 't') =>
                {
                    truncate_chars(&mut w, 3);
                }
                "ier" | "ière" | "Ier" | "Ière" => replace(&mut w, char_len(suf), "i"),
                "e" => truncate_chars(&mut w, 1),
                "ë" if tail_is(&w, "gu") => truncate_chars(&mut w, 1),
                _ => {}
            }
        }
    }

    // Step 5: undouble.
    if ["enn", "onn", "ett", "ell", "eill"]
        .iter()
        .any(|s| w.ends_with(s))
    {
        truncate_chars(&mut w, 1);
    }

    // Step 6: `é`/`è` before the final non-vowels becomes `e`.
    let chars: Vec<char> = w.chars().collect();
    if let Some(pos) = (1..chars.len()).rev().find(|&i| VOWELS.contains(chars[i])) {
        if pos + 1 < chars.len() && matches!(chars[pos], 'é' | 'è') {
            let mut c = chars;
            c[pos] = 'e';
            w = c.into_iter().collect();
        }
    }

    w.chars()
        .map(|c| match c {
            'I' => 'i',
            'U' => 'u',
            'Y' => 'y',
            c => c,
        })
        .collect()
}

/// The two letters before the last one are `s` (NLTK's `word[-3:-1] == s`).
fn tail_is(w: &str, s: &str) -> bool {
    super::standard::tail_slice(w, 3, 1) == s
}

/// After `-ation`..., `-ité`, `-at-if`: a final `-ic` goes when R2 contains `ic`, and
/// becomes `-iqU` otherwise.
fn ic_to_iqu(w: &mut String, r2: &str) {
    if w.ends_with("ic") {
        if r2.contains("ic") {
            truncate_chars(w, 2);
        } else {
            replace(w, 2, "iqU");
        }
    }
}

/// `u` after `q` becomes `U`; then, inside the word, `u`/`i` between vowels become `U`/`I`,
/// and `y` next to a vowel becomes `Y` (consonants). The second scan sees its own marks on
/// the left and the first scan's on the right.
fn mark_consonants(word: &str) -> String {
    let mut chars: Vec<char> = word.chars().collect();
    for i in 1..chars.len() {
        if chars[i - 1] == 'q' && chars[i] == 'u' {
            chars[i] = 'U';
        }
    }
    for i in 1..chars.len().saturating_sub(1) {
        let before = VOWELS.contains(chars[i - 1]);
        let after = VOWELS.contains(chars[i + 1]);
        match chars[i] {
            'u' if before && after => chars[i] = 'U',
            'i' if before && after => chars[i] = 'I',
            'y' if before || after => chars[i] = 'Y',
            _ => {}
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
        assert_eq!(stem("l'armement", &none), "l'arm"); // Snowball 3.1.1: armement
        assert_eq!(stem("mosaïque", &none), "mosaïqu"); // Snowball 3.1.1: mosa
        assert_eq!(stem("chevaux", &none), "cheval");
        assert_eq!(stem("majestueusement", &none), "majestu");
        assert_eq!(stem("Continuellement", &none), "continuel");
        assert_eq!(stem("évidemment", &none), "évident");
        assert_eq!(stem("yeux", &none), "yeux");
        assert_eq!(stem("", &none), "");
        assert_eq!(stem("niés", &none), "ni"); // Snowball 3.1.1: nié
    }

    #[test]
    fn stopwords_are_returned_lower_cased() {
        let stop = |w: &str| ["avec", "yeux"].contains(&w);
        assert_eq!(stem("AVEC", &stop), "avec");
        assert_eq!(stem("YEUX", &stop), "yeux");
        // Not a stopword without the list.
        assert_eq!(stem("yeux", &|_: &str| false), "yeux");
    }
}
