//! NLTK's Romanian Snowball stemmer (`SnowballStemmer("romanian", ignore_stopwords=True)`,
//! NLTK 3.10.4): Snowball's older `romanian` algorithm as NLTK implements it.
//!
//! Order: lower-case (Python's `str.lower()`); a stopword is returned as it is; then the
//! algorithm.
//!
//! Where NLTK's stems differ from Snowball 3.1.1's (reproduced here):
//! * NLTK treats only `ş`/`ţ` (cedilla, U+015F/U+0163) as Romanian letters: its suffixes
//!   (`-aţie`, `-ităţi`, `-işti`, `-eşti`...) are written with them, so words spelt with the
//!   standard comma-below `ș`/`ț` (U+0219/U+021B, most of today's text) lose fewer suffixes
//!   (`organizație` → `organizaț`, while `organizaţie` → `organiz`). Snowball 3.1.1 reads both
//!   spellings and writes `ș`/`ț` in its stems (`tovărăşească` → NLTK `tovărăş`, Snowball
//!   `tovărăș`).
//! * "Suffix in R1/R2/RV" is tested as *contains*: the suffix may occur anywhere in the
//!   region. R1 is never shortened; R2 and RV are edited only in places.
//! * Step 0 stops at the first suffix the word ends with, removed or not; `-aua`, `-atei`,
//!   `-ile` leave RV as it was.
//! * Step 1 repeats while it replaces something, but a pass that finds a suffix outside R1
//!   marks step 1 as not successful even after an earlier replacement (so step 3 may run).
//! * Step 2 counts `-iune`/`-iuni` in R2 as a success even when not after `ţ` (the word is
//!   then unchanged).
//! * Step 3 skips a suffix the word ends with but RV does not contain, and tests the letter
//!   before the suffix's first occurrence in RV.
//! * `u`/`i` between vowels are consonants only inside the word; step 4 removes `-ie` as well
//!   as `-a`, `-e`, `-i`, `-ă`.
//!
//! ```
//! # use rougekit_core::stem::nltk_snowball::romanian::stem;
//! let none = |_: &str| false;
//! assert_eq!(stem("organizaţie", &none), "organiz");
//! assert_eq!(stem("organizație", &none), "organizaț");
//! ```
use super::standard::{
    char_from_end, char_len, lower, mark_u_i_between, r1r2_standard, rv_standard, tail_slice,
    truncate_chars,
};

const VOWELS: &str = "aeiouăâî";
const STEP0: [&str; 16] = [
    "iilor", "ului", "elor", "iile", "ilor", "atei", "aţie", "aţia", "aua", "ele", "iua", "iei",
    "ile", "ul", "ea", "ii",
];
const STEP1: [&str; 46] = [
    "abilitate",
    "abilitati",
    "abilităţi",
    "ibilitate",
    "abilităi",
    "ivitate",
    "ivitati",
    "ivităţi",
    "icitate",
    "icitati",
    "icităţi",
    "icatori",
    "ivităi",
    "icităi",
    "icator",
    "aţiune",
    "atoare",
    "ătoare",
    "iţiune",
    "itoare",
    "iciva",
    "icive",
    "icivi",
    "icivă",
    "icala",
    "icale",
    "icali",
    "icală",
    "ativa",
    "ative",
    "ativi",
    "ativă",
    "atori",
    "ători",
    "itiva",
    "itive",
    "itivi",
    "itivă",
    "itori",
    "iciv",
    "ical",
    "ativ",
    "ator",
    "ător",
    "itiv",
    "itor",
];
const STEP2: [&str; 62] = [
    "abila", "abile", "abili", "abilă", "ibila", "ibile", "ibili", "ibilă", "atori", "itate",
    "itati", "ităţi", "abil", "ibil", "oasa", "oasă", "oase", "anta", "ante", "anti", "antă",
    "ator", "ităi", "iune", "iuni", "isme", "ista", "iste", "isti", "istă", "işti", "ata", "ată",
    "ati", "ate", "uta", "ută", "uti", "ute", "ita", "ită", "iti", "ite", "ica", "ice", "ici",
    "ică", "osi", "oşi", "ant", "iva", "ive", "ivi", "ivă", "ism", "ist", "at", "ut", "it", "ic",
    "os", "iv",
];
const STEP3: [&str; 94] = [
    "seserăţi",
    "aserăţi",
    "iserăţi",
    "âserăţi",
    "userăţi",
    "seserăm",
    "aserăm",
    "iserăm",
    "âserăm",
    "userăm",
    "serăţi",
    "seseşi",
    "seseră",
    "ească",
    "arăţi",
    "urăţi",
    "irăţi",
    "ârăţi",
    "aseşi",
    "aseră",
    "iseşi",
    "iseră",
    "âseşi",
    "âseră",
    "useşi",
    "useră",
    "serăm",
    "sesem",
    "indu",
    "ându",
    "ează",
    "eşti",
    "eşte",
    "ăşti",
    "ăşte",
    "eaţi",
    "iaţi",
    "arăm",
    "urăm",
    "irăm",
    "ârăm",
    "asem",
    "isem",
    "âsem",
    "usem",
    "seşi",
    "seră",
    "sese",
    "are",
    "ere",
    "ire",
    "âre",
    "ind",
    "ând",
    "eze",
    "ezi",
    "esc",
    "ăsc",
    "eam",
    "eai",
    "eau",
    "iam",
    "iai",
    "iau",
    "aşi",
    "ară",
    "uşi",
    "ură",
    "işi",
    "iră",
    "âşi",
    "âră",
    "ase",
    "ise",
    "âse",
    "use",
    "aţi",
    "eţi",
    "iţi",
    "âţi",
    "sei",
    "ez",
    "am",
    "ai",
    "au",
    "ea",
    "ia",
    "ui",
    "âi",
    "ăm",
    "em",
    "im",
    "âm",
    "se",
];

/// Replaces the last `n` letters of `w` by `rep`.
fn replace(w: &mut String, n: usize, rep: &str) {
    truncate_chars(w, n);
    w.push_str(rep);
}

/// Stems `word` as NLTK's `SnowballStemmer("romanian", ignore_stopwords=True).stem(word)`
/// does when its stopword list is the set of words for which `is_stopword` is true.
///
/// ```
/// # use rougekit_core::stem::nltk_snowball::romanian::stem;
/// let none = |_: &str| false;
/// assert_eq!(stem("Copiilor", &none), "cop");
/// assert_eq!(stem("Acesta", &|w: &str| w == "acesta"), "acesta");
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
    let (r1, mut r2, mut rv) = (r1.to_owned(), r2.to_owned(), rv.to_owned());
    let mut w = word.clone();

    // Step 0: plurals and other simplifications.
    if let Some(suf) = STEP0.iter().copied().find(|s| w.ends_with(s)) {
        if r1.contains(suf) {
            let n = char_len(suf);
            // RV gets the same edit when it contains the suffix, and is emptied otherwise.
            let edit_rv = |rv: &mut String, rep: &str| {
                if rv.contains(suf) {
                    replace(rv, n, rep);
                } else {
                    rv.clear();
                }
            };
            match suf {
                "ul" | "ului" => {
                    truncate_chars(&mut w, n);
                    edit_rv(&mut rv, "");
                }
                "aua" | "atei" => truncate_chars(&mut w, 2),
                "ile" if tail_slice(&w, 5, 3) != "ab" => truncate_chars(&mut w, 2),
                "ea" | "ele" | "elor" => {
                    replace(&mut w, n, "e");
                    edit_rv(&mut rv, "e");
                }
                "ii" | "iua" | "iei" | "iile" | "iilor" | "ilor" => {
                    replace(&mut w, n, "i");
                    edit_rv(&mut rv, "i");
                }
                "aţie" | "aţia" => truncate_chars(&mut w, 1),
                _ => {}
            }
        }
    }

    // Step 1: combining suffixes, repeated while one is replaced.
    let mut step1_success = false;
    while let Some(suf) = STEP1.iter().copied().find(|s| w.ends_with(s)) {
        if !r1.contains(suf) {
            step1_success = false;
            break;
        }
        step1_success = true;
        let n = char_len(suf);
        match suf {
            "abilitate" | "abilitati" | "abilităi" | "abilităţi" => replace(&mut w, n, "abil"),
            "ibilitate" => truncate_chars(&mut w, 5),
            "ivitate" | "ivitati" | "ivităi" | "ivităţi" => replace(&mut w, n, "iv"),
            "icitate" | "icitati" | "icităi" | "icităţi" | "icator" | "icatori" | "iciv"
            | "iciva" | "icive" | "icivi" | "icivă" | "ical" | "icala" | "icale" | "icali"
            | "icală" => replace(&mut w, n, "ic"),
            "ativ" | "ativa" | "ative" | "ativi" | "ativă" | "aţiune" | "atoare" | "ator"
            | "atori" | "ătoare" | "ător" | "ători" => {
                replace(&mut w, n, "at");
                if r2.contains(suf) {
                    replace(&mut r2, n, "at");
                }
            }
            // "itiv", "iţiune", "itoare", "itor"...
            _ => {
                replace(&mut w, n, "it");
                if r2.contains(suf) {
                    replace(&mut r2, n, "it");
                }
            }
        }
    }

    // Step 2: standard suffixes in R2.
    let mut step2_success = false;
    if let Some(suf) = STEP2.iter().copied().find(|s| w.ends_with(s)) {
        if r2.contains(suf) {
            step2_success = true;
            match suf {
                "iune" | "iuni" => {
                    if char_from_end(&w, 5) == Some('ţ') {
                        replace(&mut w, 5, "t");
                    }
                }
                "ism" | "isme" | "ist" | "ista" | "iste" | "isti" | "istă" | "işti" => {
                    replace(&mut w, char_len(suf), "ist");
                }
                _ => truncate_chars(&mut w, char_len(suf)),
            }
        }
    }

    // Step 3: verb suffixes in RV, when steps 1 and 2 did nothing.
    if !step1_success && !step2_success {
        if let Some(suf) = STEP3
            .iter()
            .copied()
            .find(|s| w.ends_with(s) && rv.contains(s))
        {
            let n = char_len(suf);
            match suf {
                "seserăţi" | "seserăm" | "serăţi" | "seseşi" | "seseră" | "serăm" | "sesem"
                | "seşi" | "seră" | "sese" | "aţi" | "eţi" | "iţi" | "âţi" | "sei" | "ăm"
                | "em" | "im" | "âm" | "se" => {
                    truncate_chars(&mut w, n);
                    truncate_chars(&mut rv, n);
                }
                _ => {
                    // Removed after a consonant or `u`: the letter before the suffix's first
                    // occurrence in RV.
                    let before = rv
                        .find(suf)
                        .filter(|&at| at > 0)
                        .and_then(|at| rv[..at].chars().next_back());
                    if before.is_some_and(|c| !"aeioăâî".contains(c)) {
                        truncate_chars(&mut w, n);
                    }
                }
            }
        }
    }

    // Step 4: a final vowel (or `-ie`) in RV.
    if let Some(suf) = ["ie", "a", "e", "i", "ă"]
        .iter()
        .copied()
        .find(|s| w.ends_with(s))
    {
        if rv.contains(suf) {
            truncate_chars(&mut w, char_len(suf));
        }
    }

    w.chars()
        .map(|c| match c {
            'I' => 'i',
            'U' => 'u',
            c => c,
        })
        .collect()
}

/// Inside the word, `u` and `i` between vowels become `U` and `I` (consonants); the scan sees
/// its own marks on the left.
fn mark_consonants(word: &str) -> String {
    let mut chars: Vec<char> = word.chars().collect();
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
        assert_eq!(stem("organizaţie", &none), "organiz"); // cedilla
        assert_eq!(stem("organizație", &none), "organizaț"); // comma below: Snowball 3.1.1 organiz
        assert_eq!(stem("aberaţii", &none), "aber");
        assert_eq!(stem("aberații", &none), "aberaț"); // Snowball 3.1.1: aber
        assert_eq!(stem("Copiilor", &none), "cop");
        assert_eq!(stem("tovărăşească", &none), "tovărăş"); // Snowball 3.1.1: tovărăș
        assert_eq!(stem("tovărășească", &none), "tovărăș");
        assert_eq!(stem("", &none), "");
    }

    #[test]
    fn stopwords_are_returned_lower_cased() {
        let stop = |w: &str| ["acesta", "copiilor"].contains(&w);
        assert_eq!(stem("ACESTA", &stop), "acesta");
        assert_eq!(stem("COPIILOR", &stop), "copiilor");
        // Not a stopword without the list.
        assert_eq!(stem("copiilor", &|_: &str| false), "cop");
    }
}
