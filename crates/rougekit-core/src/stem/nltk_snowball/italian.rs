//! NLTK's Italian Snowball stemmer (`SnowballStemmer("italian", ignore_stopwords=True)`,
//! NLTK 3.10.4): Snowball's `italian` algorithm as NLTK implements it.
//!
//! Order: lower-case (Python's `str.lower()`); a stopword is returned as it is (tested before
//! acute accents become grave); then the algorithm.
//!
//! Where NLTK's stems differ from Snowball 3.1.1's (reproduced here):
//! * `-enza`/`-enze` in R2 become `-te`, not `-ente` (`conseguenze` → NLTK `consegut`,
//!   Snowball `conseguent`).
//! * `-logia`/`-logie` (in R2) become `-log`, and RV is then set to the *word* minus its last
//!   two letters (NLTK assigns `rv = word[:-2]`), which step 3a then tests.
//! * Step 1 stops at the first suffix (in NLTK's list order) that the word ends with, even
//!   when it is not in its region; `-amento`/`-amenti`/`-imento`/`-imenti` are removed when
//!   in RV, `-amente` when in R1. Step 0 stops at the first pronoun at the end of RV, removed
//!   or not. Step 2's list holds `Yamo`, which never matches.
//! * Regions are strings computed once and edited with the word.
//!
//! ```
//! # use rougekit_core::stem::nltk_snowball::italian::stem;
//! let none = |_: &str| false;
//! assert_eq!(stem("Abbandonata", &none), "abbandon");
//! assert_eq!(stem("conseguenze", &none), "consegut");
//! ```
use super::standard::{
    char_len, cut2, cut3, drop_last_chars, first_suffix, lower, mark_u_i_between, r1r2_standard,
    rv_standard, tail_slice, truncate_chars,
};

const VOWELS: &str = "aeiouàèìòù";
const STEP0: [&str; 37] = [
    "gliela", "gliele", "glieli", "glielo", "gliene", "sene", "mela", "mele", "meli", "melo",
    "mene", "tela", "tele", "teli", "telo", "tene", "cela", "cele", "celi", "celo", "cene", "vela",
    "vele", "veli", "velo", "vene", "gli", "ci", "la", "le", "li", "lo", "mi", "ne", "si", "ti",
    "vi",
];
const STEP1: [&str; 51] = [
    "atrice", "atrici", "azione", "azioni", "uzione", "uzioni", "usione", "usioni", "amento",
    "amenti", "imento", "imenti", "amente", "abile", "abili", "ibile", "ibili", "mente", "atore",
    "atori", "logia", "logie", "anza", "anze", "iche", "ichi", "ismo", "ismi", "ista", "iste",
    "isti", "istà", "istè", "istì", "ante", "anti", "enza", "enze", "ico", "ici", "ica", "ice",
    "oso", "osi", "osa", "ose", "ità", "ivo", "ivi", "iva", "ive",
];
const STEP2: [&str; 87] = [
    "erebbero", "irebbero", "assero", "assimo", "eranno", "erebbe", "eremmo", "ereste", "eresti",
    "essero", "iranno", "irebbe", "iremmo", "ireste", "iresti", "iscano", "iscono", "issero",
    "arono", "avamo", "avano", "avate", "eremo", "erete", "erono", "evamo", "evano", "evate",
    "iremo", "irete", "irono", "ivamo", "ivano", "ivate", "ammo", "ando", "asse", "assi", "emmo",
    "enda", "ende", "endi", "endo", "erai", "erei", "Yamo", "iamo", "immo", "irai", "irei", "isca",
    "isce", "isci", "isco", "ano", "are", "ata", "ate", "ati", "ato", "ava", "avi", "avo", "erà",
    "ere", "erò", "ete", "eva", "evi", "evo", "irà", "ire", "irò", "ita", "ite", "iti", "ito",
    "iva", "ivi", "ivo", "ono", "uta", "ute", "uti", "uto", "ar", "ir",
];

/// Stems `word` as NLTK's `SnowballStemmer("italian", ignore_stopwords=True).stem(word)` does
/// when its stopword list is the set of words for which `is_stopword` is true.
///
/// ```
/// # use rougekit_core::stem::nltk_snowball::italian::stem;
/// let none = |_: &str| false;
/// assert_eq!(stem("pronunciamento", &none), "pronunc");
/// assert_eq!(stem("Della", &|w: &str| w == "della"), "della");
/// ```
#[must_use]
pub fn stem(word: &str, is_stopword: &dyn Fn(&str) -> bool) -> String {
    let word = lower(word);
    if is_stopword(&word) {
        return word;
    }
    let word = mark_consonants(&word);
    let (r1, r2) = r1r2_standard(&word, VOWELS);
    let rv = rv_standard(&word, VOWELS);
    let (mut r1, mut r2, mut rv) = (r1.to_owned(), r2.to_owned(), rv.to_owned());
    let mut w = word.clone();

    // Step 0: attached pronouns after a gerund (removed) or an infinitive (`-e` instead).
    if let Some(suf) = first_suffix(&rv, &STEP0) {
        let n = char_len(suf);
        let gerund = tail_slice(&rv, n + 4, n);
        let infinitive = tail_slice(&rv, n + 2, n);
        if gerund == "ando" || gerund == "endo" {
            for s in [&mut w, &mut r1, &mut r2, &mut rv] {
                truncate_chars(s, n);
            }
        } else if matches!(infinitive, "ar" | "er" | "ir") {
            for s in [&mut w, &mut r1, &mut r2, &mut rv] {
                truncate_chars(s, n);
                s.push('e');
            }
        }
    }

    // Step 1: standard suffixes.
    let mut step1_success = false;
    if let Some(suf) = first_suffix(&w, &STEP1) {
        let n = char_len(suf);
        if suf == "amente" && r1.ends_with(suf) {
            step1_success = true;
            cut3(&mut w, &mut r2, &mut rv, 6);
            if r2.ends_with("iv") {
                cut3(&mut w, &mut r2, &mut rv, 2);
                if r2.ends_with("at") {
                    cut2(&mut w, &mut rv, 2);
                }
            } else if r2.ends_with("os") || r2.ends_with("ic") {
                cut2(&mut w, &mut rv, 2);
            } else if r2.ends_with("abil") {
                cut2(&mut w, &mut rv, 4);
            }
        } else if matches!(suf, "amento" | "amenti" | "imento" | "imenti") && rv.ends_with(suf) {
            step1_success = true;
            cut2(&mut w, &mut rv, 6);
        } else if r2.ends_with(suf) {
            step1_success = true;
            match suf {
                "azione" | "azioni" | "atore" | "atori" => {
                    cut3(&mut w, &mut r2, &mut rv, n);
                    if r2.ends_with("ic") {
                        cut2(&mut w, &mut rv, 2);
                    }
                }
                "logia" | "logie" => {
                    truncate_chars(&mut w, 2);
                    // NLTK sets RV from the shortened word, two more letters off.
                    rv = drop_last_chars(&w, 2).to_owned();
                }
                "uzione" | "uzioni" | "usione" | "usioni" => cut2(&mut w, &mut rv, 5),
                "enza" | "enze" => {
                    for s in [&mut w, &mut rv] {
                        truncate_chars(s, n);
                        s.push_str("te");
                    }
                }
                "ità" => {
                    cut3(&mut w, &mut r2, &mut rv, 3);
                    if r2.ends_with("ic") || r2.ends_with("iv") {
                        cut2(&mut w, &mut rv, 2);
                    } else if r2.ends_with("abil") {
                        cut2(&mut w, &mut rv, 4);
                    }
                }
                "ivo" | "ivi" | "iva" | "ive" => {
                    cut3(&mut w, &mut r2, &mut rv, 3);
                    if r2.ends_with("at") {
                        cut3(&mut w, &mut r2, &mut rv, 2);
                        if r2.ends_with("ic") {
                            cut2(&mut w, &mut rv, 2);
                        }
                    }
                }
                _ => cut2(&mut w, &mut rv, n),
            }
        }
    }

    // Step 2: verb suffixes in RV.
    if !step1_success {
        if let Some(suf) = first_suffix(&rv, &STEP2) {
            cut2(&mut w, &mut rv, char_len(suf));
        }
    }

    // Step 3a: a final vowel in RV, then an `i` before it in RV.
    if ["a", "e", "i", "o", "à", "è", "ì", "ò"]
        .iter()
        .any(|s| rv.ends_with(s))
    {
        cut2(&mut w, &mut rv, 1);
        if rv.ends_with('i') {
            cut2(&mut w, &mut rv, 1);
        }
    }

    // Step 3b: `-ch`/`-gh` in RV lose the `h`.
    if rv.ends_with("ch") || rv.ends_with("gh") {
        truncate_chars(&mut w, 1);
    }

    w.chars()
        .map(|c| match c {
            'I' => 'i',
            'U' => 'u',
            c => c,
        })
        .collect()
}

/// Acute accents become grave; `u` after `q` becomes `U`; then `u` and `i` between vowels
/// become `U` and `I` (consonants). The second scan sees its own marks on the left and the
/// first scan's on the right.
fn mark_consonants(word: &str) -> String {
    let mut chars: Vec<char> = word
        .chars()
        .map(|c| match c {
            'á' => 'à',
            'é' => 'è',
            'í' => 'ì',
            'ó' => 'ò',
            'ú' => 'ù',
            c => c,
        })
        .collect();
    for i in 1..chars.len() {
        if chars[i - 1] == 'q' && chars[i] == 'u' {
            chars[i] = 'U';
        }
    }
    mark_u_i_between(&mut chars, VOWELS);
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::stem;

    /// Expected stems are NLTK 3.10.4's.
    #[test]
    fn matches_nltk() {
        let none = |_: &str| false;
        assert_eq!(stem("conseguenze", &none), "consegut"); // Snowball 3.1.1: conseguent
        assert_eq!(stem("biologia", &none), "biolog");
        assert_eq!(stem("pronunciamento", &none), "pronunc");
        assert_eq!(stem("Abbandonata", &none), "abbandon");
        assert_eq!(stem("amichevolmente", &none), "amichevol");
        assert_eq!(stem("dicendogli", &none), "dic");
        assert_eq!(stem("", &none), "");
        assert_eq!(stem("quattro", &none), "quattr"); // qu
    }

    #[test]
    fn stopwords_are_returned_lower_cased() {
        let stop = |w: &str| ["della", "quattro"].contains(&w);
        assert_eq!(stem("DELLA", &stop), "della");
        assert_eq!(stem("QUATTRO", &stop), "quattro");
        // Not a stopword without the list.
        assert_eq!(stem("quattro", &|_: &str| false), "quattr");
    }
}
