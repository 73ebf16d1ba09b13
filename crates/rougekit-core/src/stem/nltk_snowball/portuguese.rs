//! NLTK's Portuguese Snowball stemmer (`SnowballStemmer("portuguese", ignore_stopwords=True)`,
//! NLTK 3.10.4): Snowball's `portuguese` algorithm as NLTK implements it.
//!
//! Order: lower-case (Python's `str.lower()`); a stopword is returned as it is; then `ã`/`õ`
//! are written `a~`/`o~` (and put back at the end, so a `~` already in the word after `a`/`o`
//! becomes part of the letter), `qü`/`gü` become `qu`/`gu`, and the algorithm runs.
//!
//! Where NLTK's stems differ from Snowball 3.1.1's (reproduced here):
//! * `qü`/`gü` lose the diaeresis (`cinqüenta` → NLTK `cinquent`, Snowball `cinqüent`).
//! * `-ança`/`-anças` are removed in R2 (`segurança` → `segur`; Snowball `seguranc`).
//! * Step 1 stops at the first suffix (in NLTK's list order) that the word ends with, even
//!   when it is not in its region; regions are strings computed once and edited with the
//!   word, so after a replacement (`-logia` → `-log`, `-ência` → `-ente`) R2 is left as it
//!   was.
//!
//! ```
//! # use rougekit_core::stem::nltk_snowball::portuguese::stem;
//! let none = |_: &str| false;
//! assert_eq!(stem("Quilométricas", &none), "quilométr");
//! assert_eq!(stem("cinqüenta", &none), "cinquent");
//! ```
use super::standard::{
    char_from_end, char_len, cut2, cut3, first_suffix, lower, r1r2_standard, replace2, rv_standard,
    tail_slice, truncate_chars,
};

const VOWELS: &str = "aeiouáéíóúâêô";
const STEP1: [&str; 47] = [
    "amentos", "imentos", "uço~es", "amento", "imento", "adoras", "adores", "aço~es", "logias",
    "ências", "amente", "idades", "anças", "ismos", "istas", "adora", "aça~o", "antes", "ância",
    "logia", "uça~o", "ência", "mente", "idade", "ança", "ezas", "icos", "icas", "ismo", "ável",
    "ível", "ista", "osos", "osas", "ador", "ante", "ivas", "ivos", "iras", "eza", "ico", "ica",
    "oso", "osa", "iva", "ivo", "ira",
];
const STEP2: [&str; 120] = [
    "aríamos", "eríamos", "iríamos", "ássemos", "êssemos", "íssemos", "aríeis", "eríeis", "iríeis",
    "ásseis", "ésseis", "ísseis", "áramos", "éramos", "íramos", "ávamos", "aremos", "eremos",
    "iremos", "ariam", "eriam", "iriam", "assem", "essem", "issem", "ara~o", "era~o", "ira~o",
    "arias", "erias", "irias", "ardes", "erdes", "irdes", "asses", "esses", "isses", "astes",
    "estes", "istes", "áreis", "areis", "éreis", "ereis", "íreis", "ireis", "áveis", "íamos",
    "armos", "ermos", "irmos", "aria", "eria", "iria", "asse", "esse", "isse", "aste", "este",
    "iste", "arei", "erei", "irei", "aram", "eram", "iram", "avam", "arem", "erem", "irem", "ando",
    "endo", "indo", "adas", "idas", "arás", "aras", "erás", "eras", "irás", "avas", "ares", "eres",
    "ires", "íeis", "ados", "idos", "ámos", "amos", "emos", "imos", "iras", "ada", "ida", "ará",
    "ara", "erá", "era", "irá", "ava", "iam", "ado", "ido", "ias", "ais", "eis", "ira", "ia", "ei",
    "am", "em", "ar", "er", "ir", "as", "es", "is", "eu", "iu", "ou",
];
const STEP4: [&str; 7] = ["os", "a", "i", "o", "á", "í", "ó"];

/// Stems `word` as NLTK's `SnowballStemmer("portuguese", ignore_stopwords=True).stem(word)`
/// does when its stopword list is the set of words for which `is_stopword` is true.
///
/// ```
/// # use rougekit_core::stem::nltk_snowball::portuguese::stem;
/// let none = |_: &str| false;
/// assert_eq!(stem("frequentemente", &none), "frequent");
/// assert_eq!(stem("Não", &|w: &str| w == "não"), "não");
/// ```
#[must_use]
pub fn stem(word: &str, is_stopword: &dyn Fn(&str) -> bool) -> String {
    let word = lower(word);
    if is_stopword(&word) {
        return word;
    }
    let word = word
        .replace('ã', "a~")
        .replace('õ', "o~")
        .replace("qü", "qu")
        .replace("gü", "gu");
    let (r1, r2) = r1r2_standard(&word, VOWELS);
    let rv = rv_standard(&word, VOWELS);
    let (r1, mut r2, mut rv) = (r1.to_owned(), r2.to_owned(), rv.to_owned());
    let mut w = word.clone();

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
        } else if matches!(suf, "ira" | "iras")
            && rv.ends_with(suf)
            && tail_slice(&w, n + 1, n) == "e"
        {
            step1_success = true;
            replace2(&mut w, &mut rv, n, "ir");
        } else if r2.ends_with(suf) {
            step1_success = true;
            match suf {
                "logia" | "logias" => replace2(&mut w, &mut rv, n, "log"),
                "uça~o" | "uço~es" => replace2(&mut w, &mut rv, n, "u"),
                "ência" | "ências" => replace2(&mut w, &mut rv, n, "ente"),
                "mente" => {
                    cut3(&mut w, &mut r2, &mut rv, 5);
                    if ["ante", "avel", "ivel"].iter().any(|s| r2.ends_with(s)) {
                        cut2(&mut w, &mut rv, 4);
                    }
                }
                "idade" | "idades" => {
                    cut3(&mut w, &mut r2, &mut rv, n);
                    if r2.ends_with("ic") || r2.ends_with("iv") {
                        cut2(&mut w, &mut rv, 2);
                    } else if r2.ends_with("abil") {
                        cut2(&mut w, &mut rv, 4);
                    }
                }
                "iva" | "ivo" | "ivas" | "ivos" => {
                    cut3(&mut w, &mut r2, &mut rv, n);
                    if r2.ends_with("at") {
                        cut2(&mut w, &mut rv, 2);
                    }
                }
                _ => cut2(&mut w, &mut rv, n),
            }
        }
    }

    // Step 2: verb suffixes in RV.
    let mut step2_success = false;
    if !step1_success {
        if let Some(suf) = first_suffix(&rv, &STEP2) {
            step2_success = true;
            cut2(&mut w, &mut rv, char_len(suf));
        }
    }

    if step1_success || step2_success {
        // Step 3: `-i` in RV after `c`.
        if rv.ends_with('i') && char_from_end(&w, 2) == Some('c') {
            cut2(&mut w, &mut rv, 1);
        }
    } else if let Some(suf) = first_suffix(&rv, &STEP4) {
        // Step 4: residual suffixes.
        cut2(&mut w, &mut rv, char_len(suf));
    }

    // Step 5.
    if rv.ends_with('e') || rv.ends_with('é') || rv.ends_with('ê') {
        cut2(&mut w, &mut rv, 1);
        if (w.ends_with("gu") && rv.ends_with('u')) || (w.ends_with("ci") && rv.ends_with('i')) {
            truncate_chars(&mut w, 1);
        }
    } else if w.ends_with('ç') {
        truncate_chars(&mut w, 1);
        w.push('c');
    }

    w.replace("a~", "ã").replace("o~", "õ")
}

#[cfg(test)]
mod tests {
    use super::stem;

    /// Expected stems are NLTK 3.10.4's.
    #[test]
    fn matches_nltk() {
        let none = |_: &str| false;
        assert_eq!(stem("cinqüenta", &none), "cinquent"); // Snowball 3.1.1: cinqüent
        assert_eq!(stem("segurança", &none), "segur"); // Snowball 3.1.1: seguranc
        assert_eq!(stem("populações", &none), "popul");
        assert_eq!(stem("Quilométricas", &none), "quilométr");
        assert_eq!(stem("frequentemente", &none), "frequent");
        assert_eq!(stem("conseqüências", &none), "consequent"); // Snowball 3.1.1: conseqüent
        assert_eq!(stem("", &none), "");
        assert_eq!(stem("a~o", &none), "ão"); // a literal tilde
    }

    #[test]
    fn stopwords_are_returned_lower_cased() {
        let stop = |w: &str| ["não", "a~o"].contains(&w);
        assert_eq!(stem("NÃO", &stop), "não");
        assert_eq!(stem("A~O", &stop), "a~o");
        // Not a stopword without the list.
        assert_eq!(stem("a~o", &|_: &str| false), "ão");
    }
}
