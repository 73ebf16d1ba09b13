//! NLTK's Spanish Snowball stemmer (`SnowballStemmer("spanish", ignore_stopwords=True)`,
//! NLTK 3.10.4): Snowball's `spanish` algorithm as NLTK implements it.
//!
//! Order: lower-case (Python's `str.lower()`); a stopword is returned as it is; then the
//! algorithm. Accents (`á é í ó ú`, not `ü`) are removed at the end.
//!
//! On Snowball's vocabularies NLTK gives Snowball 3.1.1's stems. NLTK's reading of the
//! algorithm, reproduced here, can still differ on rarer words:
//! * Step 0 (attached pronouns) stops at the first pronoun found at the end of both the word
//!   and RV, whether or not it is removed, and also accepts `-yendo` when the word has
//!   `-uyendo`.
//! * Step 1 stops at the first suffix (in NLTK's list order) that *the word* ends with, even
//!   when that suffix is not in R1/R2 (`-amente` is taken when in R1; otherwise a word ending
//!   `-amente` loses nothing in step 1).
//! * Step 2a takes the first `y`- suffix in RV preceded by `u`; step 2b then runs whether or
//!   not 2a removed something.
//! * Regions are strings computed once and edited with the word, so after a replacement
//!   (`-logía` → `-log`, `-ución` → `-u`) R2 is left as it was.
//!
//! ```
//! # use rougekit_core::stem::nltk_snowball::spanish::stem;
//! let none = |_: &str| false;
//! assert_eq!(stem("Chiquillos", &none), "chiquill");
//! assert_eq!(stem("cantándole", &none), "cant");
//! ```
use super::standard::{
    char_len, cut2, cut3, drop_last_chars, first_suffix, lower, r1r2_standard, replace2,
    rv_standard, tail_slice, truncate_chars,
};

const VOWELS: &str = "aeiouáéíóúü";
const STEP0: [&str; 13] = [
    "selas", "selos", "sela", "selo", "las", "les", "los", "nos", "me", "se", "la", "le", "lo",
];
const STEP1: [&str; 48] = [
    "amientos", "imientos", "amiento", "imiento", "acion", "aciones", "uciones", "ucion", "adoras",
    "adores", "ancias", "logías", "encias", "amente", "idades", "anzas", "ismos", "ables", "ibles",
    "istas", "adora", "ación", "antes", "ancia", "logía", "ución", "encia", "mente", "anza",
    "icos", "icas", "ismo", "able", "ible", "ista", "osos", "osas", "ador", "ante", "idad", "ivas",
    "ivos", "ico", "ica", "oso", "osa", "iva", "ivo",
];
const STEP2A: [&str; 12] = [
    "yeron", "yendo", "yamos", "yais", "yan", "yen", "yas", "yes", "ya", "ye", "yo", "yó",
];
const STEP2B: [&str; 96] = [
    "aríamos", "eríamos", "iríamos", "iéramos", "iésemos", "aríais", "aremos", "eríais", "eremos",
    "iríais", "iremos", "ierais", "ieseis", "asteis", "isteis", "ábamos", "áramos", "ásemos",
    "arían", "arías", "aréis", "erían", "erías", "eréis", "irían", "irías", "iréis", "ieran",
    "iesen", "ieron", "iendo", "ieras", "ieses", "abais", "arais", "aseis", "éamos", "arán",
    "arás", "aría", "erán", "erás", "ería", "irán", "irás", "iría", "iera", "iese", "aste", "iste",
    "aban", "aran", "asen", "aron", "ando", "abas", "adas", "idas", "aras", "ases", "íais", "ados",
    "idos", "amos", "imos", "emos", "ará", "aré", "erá", "eré", "irá", "iré", "aba", "ada", "ida",
    "ara", "ase", "ían", "ado", "ido", "ías", "áis", "éis", "ía", "ad", "ed", "id", "an", "ió",
    "ar", "er", "ir", "as", "ís", "en", "es",
];
const STEP3: [&str; 8] = ["os", "a", "e", "o", "á", "é", "í", "ó"];

/// `á é í ó ú` without their accents (NLTK leaves `ü`).
fn replace_accented(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'á' => 'a',
            'é' => 'e',
            'í' => 'i',
            'ó' => 'o',
            'ú' => 'u',
            c => c,
        })
        .collect()
}

/// Stems `word` as NLTK's `SnowballStemmer("spanish", ignore_stopwords=True).stem(word)` does
/// when its stopword list is the set of words for which `is_stopword` is true.
///
/// ```
/// # use rougekit_core::stem::nltk_snowball::spanish::stem;
/// let none = |_: &str| false;
/// assert_eq!(stem("rápidamente", &none), "rapid");
/// assert_eq!(stem("Para", &|w: &str| w == "para"), "para");
/// ```
#[must_use]
pub fn stem(word: &str, is_stopword: &dyn Fn(&str) -> bool) -> String {
    let word = lower(word);
    if is_stopword(&word) {
        return word;
    }
    let (r1, r2) = r1r2_standard(&word, VOWELS);
    let rv = rv_standard(&word, VOWELS);
    let (mut r1, mut r2, mut rv) = (r1.to_owned(), r2.to_owned(), rv.to_owned());
    let mut w = word.clone();

    // Step 0: attached pronouns after a gerund or an infinitive.
    if let Some(suf) = STEP0.iter().find(|s| w.ends_with(*s) && rv.ends_with(*s)) {
        let n = char_len(suf);
        let rv_before = drop_last_chars(&rv, n);
        let after_verb = [
            "ando", "ándo", "ar", "ár", "er", "ér", "iendo", "iéndo", "ir", "ír",
        ]
        .iter()
        .any(|e| rv_before.ends_with(e))
            || (rv_before.ends_with("yendo") && drop_last_chars(&w, n).ends_with("uyendo"));
        if after_verb {
            w = replace_accented(drop_last_chars(&w, n));
            r1 = replace_accented(drop_last_chars(&r1, n));
            r2 = replace_accented(drop_last_chars(&r2, n));
            rv = replace_accented(drop_last_chars(&rv, n));
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
            } else if ["os", "ic", "ad"].iter().any(|s| r2.ends_with(s)) {
                cut2(&mut w, &mut rv, 2);
            }
        } else if r2.ends_with(suf) {
            step1_success = true;
            match suf {
                "adora" | "ador" | "ación" | "adoras" | "adores" | "acion" | "aciones" | "ante"
                | "antes" | "ancia" | "ancias" => {
                    cut3(&mut w, &mut r2, &mut rv, n);
                    if r2.ends_with("ic") {
                        cut2(&mut w, &mut rv, 2);
                    }
                }
                "logía" | "logías" => replace2(&mut w, &mut rv, n, "log"),
                "ución" | "uciones" | "ucion" => replace2(&mut w, &mut rv, n, "u"),
                "encia" | "encias" => replace2(&mut w, &mut rv, n, "ente"),
                "mente" => {
                    cut3(&mut w, &mut r2, &mut rv, n);
                    if ["ante", "able", "ible"].iter().any(|s| r2.ends_with(s)) {
                        cut2(&mut w, &mut rv, 4);
                    }
                }
                "idad" | "idades" => {
                    cut3(&mut w, &mut r2, &mut rv, n);
                    // Each of these is removed in turn when R2 ends with it (R2 itself is
                    // not shortened, so at most one can match).
                    for pre in ["abil", "ic", "iv"] {
                        if r2.ends_with(pre) {
                            cut2(&mut w, &mut rv, char_len(pre));
                        }
                    }
                }
                "ivo" | "iva" | "ivos" | "ivas" => {
                    cut3(&mut w, &mut r2, &mut rv, n);
                    if r2.ends_with("at") {
                        cut2(&mut w, &mut rv, 2);
                    }
                }
                _ => cut2(&mut w, &mut rv, n),
            }
        }
    }

    if !step1_success {
        // Step 2a: verb suffixes beginning with `y`, after `u`.
        if let Some(suf) = STEP2A
            .iter()
            .find(|s| rv.ends_with(*s) && tail_slice(&w, char_len(s) + 1, char_len(s)) == "u")
        {
            cut2(&mut w, &mut rv, char_len(suf));
        }
        // Step 2b: other verb suffixes (tried even after step 2a).
        if let Some(suf) = first_suffix(&rv, &STEP2B) {
            cut2(&mut w, &mut rv, char_len(suf));
            if matches!(suf, "en" | "es" | "éis" | "emos") {
                if w.ends_with("gu") {
                    truncate_chars(&mut w, 1);
                }
                if rv.ends_with("gu") {
                    truncate_chars(&mut rv, 1);
                }
            }
        }
    }

    // Step 3: residual suffixes in RV.
    if let Some(suf) = first_suffix(&rv, &STEP3) {
        truncate_chars(&mut w, char_len(suf));
        if suf == "e" || suf == "é" {
            truncate_chars(&mut rv, 1);
            if w.ends_with("gu") && rv.ends_with('u') {
                truncate_chars(&mut w, 1);
            }
        }
    }

    replace_accented(&w)
}

#[cfg(test)]
mod tests {
    use super::stem;

    /// Expected stems are NLTK 3.10.4's.
    #[test]
    fn matches_nltk() {
        let none = |_: &str| false;
        assert_eq!(stem("cantándole", &none), "cant"); // pronoun after gerund
        assert_eq!(stem("Rápidamente", &none), "rapid");
        assert_eq!(stem("chiquillos", &none), "chiquill");
        assert_eq!(stem("educacion", &none), "educ");
        assert_eq!(stem("arguyendo", &none), "argu");
        assert_eq!(stem("averigüemos", &none), "averigü");
        assert_eq!(stem("", &none), "");
        assert_eq!(stem("Niños", &none), "niñ");
    }

    #[test]
    fn stopwords_are_returned_lower_cased() {
        let stop = |w: &str| ["para", "niños"].contains(&w);
        assert_eq!(stem("PARA", &stop), "para");
        assert_eq!(stem("NIÑOS", &stop), "niños");
        // Not a stopword without the list.
        assert_eq!(stem("niños", &|_: &str| false), "niñ");
    }
}
