//! NLTK's Russian stemmer (`nltk.stem.snowball.RussianStemmer`, NLTK 3.10.4).
//!
//! Snowball's Russian algorithm (perfective gerund, or reflexive then adjectival, verb or noun;
//! `и`; derivational `ост(ь)` in R2; superlative, `нн`, `ь`), run the way NLTK runs it, which
//! gives its own stems in these cases, all reproduced:
//!
//! * *no lower-casing, and only non-Latin-1 words*: the stopword check sees the word as given,
//!   and a word whose characters are all at most U+00FF is returned unchanged.
//! * *transliteration*: NLTK spells the word in ASCII (`я` → `i^a`, `щ` → `shch`, `й` → `i``,
//!   `ъ` → `''`, `ё` → `e`, capitals → lower-case letters), stems the ASCII string, and
//!   spells the result back. So `ё` comes out as `е`, capitals come out lower-case, Latin
//!   letters in a Cyrillic word come out Cyrillic (`a` → `а`, `sh` → `ш`), `шч` comes out
//!   `щ` and `ьь` comes out `ъ`, and letters outside the Russian alphabet are kept. A suffix
//!   can also take part of a letter's spelling: `воюет` (`voi^uet`) loses the verb ending
//!   `uet` (`-ует`) and comes out `вои^`, caret included; `объем` (`ob''em`) loses `em`, then
//!   one `'` as if it were `ь`, and comes out `обь` (Snowball 3.1.1: `воюет`, `объ`).
//! * *regions*: computed on that spelling, where `й` is the vowel `i` followed by a non-vowel,
//!   so `й` ends the part before R1 as a consonant after a vowel does and can start RV.
//! * *`ующая`*: NLTK's adjectival list has `ующаиа` where `ующая` belongs, so `-ующая` loses
//!   only `-ая` (`следующая` → `следующ`; Snowball 3.1.1: `след`).
//! * *tidying up*: the superlative, `нн` and `ь` are looked for in the whole word, not in RV,
//!   and a final `нн` is undoubled before (and instead of) removing a superlative.
//!
//! ```
//! # use rougekit_core::stem::nltk_snowball::russian::stem;
//! let none = |_: &str| false;
//! assert_eq!(stem("Вечерняя", &none), "вечерн");
//! assert_eq!(stem("ёлки", &none), "елк");
//! assert_eq!(stem("и", &|w: &str| w == "и"), "и");
//! ```

use std::sync::OnceLock;

use super::standard::{drop_last_chars, truncate_chars};

/// NLTK's ASCII spelling of each Russian letter (capitals spell like small letters).
const ROMAN: [(char, &str); 33] = [
    ('а', "a"),
    ('б', "b"),
    ('в', "v"),
    ('г', "g"),
    ('д', "d"),
    ('е', "e"),
    ('ё', "e"),
    ('ж', "zh"),
    ('з', "z"),
    ('и', "i"),
    ('й', "i`"),
    ('к', "k"),
    ('л', "l"),
    ('м', "m"),
    ('н', "n"),
    ('о', "o"),
    ('п', "p"),
    ('р', "r"),
    ('с', "s"),
    ('т', "t"),
    ('у', "u"),
    ('ф', "f"),
    ('х', "kh"),
    ('ц', "t^s"),
    ('ч', "ch"),
    ('ш', "sh"),
    ('щ', "shch"),
    ('ъ', "''"),
    ('ы', "y"),
    ('ь', "'"),
    ('э', "e`"),
    ('ю', "i^u"),
    ('я', "i^a"),
];

/// How NLTK spells the result back: each ASCII spelling is replaced everywhere in the string,
/// in this order (which decides, e.g., that `shch` is `щ` and not `ш` + `ч`).
const BACK: [(&str, char); 32] = [
    ("i^u", 'ю'),
    ("i^a", 'я'),
    ("shch", 'щ'),
    ("kh", 'х'),
    ("t^s", 'ц'),
    ("ch", 'ч'),
    ("e`", 'э'),
    ("i`", 'й'),
    ("sh", 'ш'),
    ("k", 'к'),
    ("e", 'е'),
    ("zh", 'ж'),
    ("a", 'а'),
    ("b", 'б'),
    ("v", 'в'),
    ("g", 'г'),
    ("d", 'д'),
    ("z", 'з'),
    ("i", 'и'),
    ("l", 'л'),
    ("m", 'м'),
    ("n", 'н'),
    ("o", 'о'),
    ("p", 'п'),
    ("r", 'р'),
    ("s", 'с'),
    ("t", 'т'),
    ("u", 'у'),
    ("f", 'ф'),
    ("''", 'ъ'),
    ("y", 'ы'),
    ("'", 'ь'),
];

/// Snowball's Russian suffix groups, in Cyrillic.
const GERUND_AFTER_A: [&str; 3] = ["в", "вши", "вшись"];
const GERUND: [&str; 6] = ["ив", "ивши", "ившись", "ыв", "ывши", "ывшись"];
const REFLEXIVE: [&str; 2] = ["ся", "сь"];
const ADJECTIVE: [&str; 26] = [
    "ее", "ие", "ые", "ое", "ими", "ыми", "ей", "ий", "ый", "ой", "ем", "им", "ым", "ом", "его",
    "ого", "ему", "ому", "их", "ых", "ую", "юю", "ая", "яя", "ою", "ею",
];
/// Participle endings that may precede an adjective ending: these only after `а`/`я` …
const PARTICIPLE_AFTER_A: [&str; 5] = ["ем", "нн", "вш", "ющ", "щ"];
/// … these anywhere.
const PARTICIPLE: [&str; 3] = ["ивш", "ывш", "ующ"];
const VERB_AFTER_A: [&str; 17] = [
    "ла", "на", "ете", "йте", "ли", "й", "л", "ем", "н", "ло", "но", "ет", "ют", "ны", "ть", "ешь",
    "нно",
];
const VERB: [&str; 29] = [
    "ила", "ыла", "ена", "ейте", "уйте", "ите", "или", "ыли", "ей", "уй", "ил", "ыл", "им", "ым",
    "ен", "ило", "ыло", "ено", "ят", "ует", "уют", "ит", "ыт", "ены", "ить", "ыть", "ишь", "ую",
    "ю",
];
const NOUN: [&str; 36] = [
    "а", "ев", "ов", "ие", "ье", "е", "иями", "ями", "ами", "еи", "ии", "и", "ией", "ей", "ой",
    "ий", "й", "иям", "ям", "ием", "ем", "ам", "ом", "о", "у", "ах", "иях", "ях", "ы", "ь", "ию",
    "ью", "ю", "ия", "ья", "я",
];

/// A suffix in NLTK's spelling, and whether it must follow `а`/`я` (inside RV).
struct Suffix {
    roman: String,
    after_a: bool,
}

/// The suffix lists NLTK searches, longest (in its spelling) first.
struct Lists {
    gerund: Vec<Suffix>,
    reflexive: Vec<Suffix>,
    adjectival: Vec<Suffix>,
    verb: Vec<Suffix>,
    noun: Vec<Suffix>,
}

fn to_roman(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        let small = match c {
            'А'..='Я' => char::from_u32(c as u32 + 0x20).unwrap_or(c),
            'Ё' => 'ё',
            _ => c,
        };
        match ROMAN.iter().find(|(cyr, _)| *cyr == small) {
            Some((_, roman)) => out.push_str(roman),
            None => out.push(c),
        }
    }
    out
}

fn from_roman(word: &str) -> String {
    BACK.iter().fold(word.to_string(), |s, (roman, cyr)| {
        if s.contains(roman) {
            s.replace(roman, cyr.encode_utf8(&mut [0; 4]))
        } else {
            s
        }
    })
}

fn list(groups: &[(&[&str], bool)]) -> Vec<Suffix> {
    let mut out: Vec<Suffix> = groups
        .iter()
        .flat_map(|(words, after_a)| {
            words.iter().map(move |w| Suffix {
                roman: to_roman(w),
                after_a: *after_a,
            })
        })
        .collect();
    // Longest first: of two suffixes that both end a word, the longer is tried first.
    out.sort_by_key(|s| std::cmp::Reverse(s.roman.len()));
    out
}

fn lists() -> &'static Lists {
    static LISTS: OnceLock<Lists> = OnceLock::new();
    LISTS.get_or_init(|| {
        let combine = |participles: &[&str]| -> Vec<String> {
            participles
                .iter()
                .flat_map(|p| ADJECTIVE.iter().map(move |a| format!("{p}{a}")))
                .collect()
        };
        let after_a = combine(&PARTICIPLE_AFTER_A);
        let mut free = combine(&PARTICIPLE);
        // Deviation: NLTK's list spells `ующая` as `ующаиа` (`ui^ushchaia`).
        for s in &mut free {
            if s == "ующая" {
                *s = "ующаиа".to_string();
            }
        }
        let after_a: Vec<&str> = after_a.iter().map(String::as_str).collect();
        let free: Vec<&str> = free.iter().map(String::as_str).collect();
        Lists {
            gerund: list(&[(&GERUND_AFTER_A, true), (&GERUND, false)]),
            reflexive: list(&[(&REFLEXIVE, false)]),
            adjectival: list(&[(&after_a, true), (&free, false), (&ADJECTIVE, false)]),
            verb: list(&[(&VERB_AFTER_A, true), (&VERB, false)]),
            noun: list(&[(&NOUN, false)]),
        }
    })
}

/// The word in NLTK's spelling with its copies of RV and R2.
struct Parts {
    word: String,
    rv: String,
    r2: String,
}

impl Parts {
    fn cut(&mut self, n: usize) {
        truncate_chars(&mut self.word, n);
        truncate_chars(&mut self.rv, n);
        truncate_chars(&mut self.r2, n);
    }

    /// Removes the first suffix of `list` that ends RV (and, if it must, follows `a` or
    /// `i^a` there); returns whether one was removed.
    fn remove_first(&mut self, list: &[Suffix]) -> bool {
        for s in list {
            if !self.rv.ends_with(&s.roman) {
                continue;
            }
            let n = s.roman.len(); // ASCII
            if s.after_a {
                let before = drop_last_chars(&self.rv, n);
                if !(before.ends_with("i^a") || before.ends_with('a')) {
                    continue;
                }
            }
            self.cut(n);
            return true;
        }
        false
    }
}

/// RV and R2 of a word in NLTK's spelling. `я`, `ю`, `э` count as one vowel each (`A`, `U`,
/// `E` while the regions are found); `й` counts as `i` plus a non-vowel.
fn regions(word: &str) -> (String, String) {
    let short = word
        .replace("i^a", "A")
        .replace("i^u", "U")
        .replace("e`", "E");
    let is_vowel = |c: char| "AUEaeiouy".contains(c);
    let after_vc = |s: &str| -> usize {
        let cs: Vec<(usize, char)> = s.char_indices().collect();
        (1..cs.len())
            .find(|&i| !is_vowel(cs[i].1) && is_vowel(cs[i - 1].1))
            .map_or(s.len(), |i| cs[i].0 + cs[i].1.len_utf8())
    };
    let r1 = &short[after_vc(&short)..];
    let r2 = &r1[after_vc(r1)..];
    let rv = short
        .char_indices()
        .find(|&(_, c)| is_vowel(c))
        .map_or("", |(i, c)| &short[i + c.len_utf8()..]);
    let long = |s: &str| s.replace('A', "i^a").replace('U', "i^u").replace('E', "e`");
    (long(rv), long(r2))
}

/// NLTK's Russian stem of `word`; `is_stopword` says whether the word, as given, is on the
/// stopword list (NLTK does not lower-case Russian words; such words are returned unchanged).
#[must_use]
pub fn stem(word: &str, is_stopword: &dyn Fn(&str) -> bool) -> String {
    if is_stopword(word) || word.chars().all(|c| u32::from(c) <= 0xFF) {
        return word.to_string();
    }
    let lists = lists();
    let roman = to_roman(word);
    let (rv, r2) = regions(&roman);
    let mut p = Parts {
        word: roman,
        rv,
        r2,
    };

    // Step 1.
    if !p.remove_first(&lists.gerund) {
        p.remove_first(&lists.reflexive);
        if !p.remove_first(&lists.adjectival) && !p.remove_first(&lists.verb) {
            p.remove_first(&lists.noun);
        }
    }

    // Step 2: a final `и` in RV.
    if p.rv.ends_with('i') {
        truncate_chars(&mut p.word, 1);
        truncate_chars(&mut p.r2, 1);
    }

    // Step 3: derivational `ость`/`ост` in R2.
    for d in ["ost'", "ost"] {
        if p.r2.ends_with(d) {
            truncate_chars(&mut p.word, d.len());
            break;
        }
    }

    // Step 4. Deviation: tested on the whole word; `нн` first.
    let w = &mut p.word;
    if w.ends_with("nn") {
        w.pop();
    } else if let Some(sup) = ["ei`she", "ei`sh"].iter().find(|s| w.ends_with(**s)) {
        truncate_chars(w, sup.len());
        if w.ends_with("nn") {
            w.pop();
        }
    } else if w.ends_with('\'') {
        w.pop();
    }
    from_roman(&p.word)
}

#[cfg(test)]
mod tests {
    use super::stem;

    fn st(w: &str) -> String {
        stem(w, &|_| false)
    }

    #[test]
    fn examples() {
        assert_eq!(st("вечерняя"), "вечерн");
        assert_eq!(st("красивейшими"), "красив");
        assert_eq!(st("возможность"), "возможн");
        assert_eq!(st(""), "");
    }

    #[test]
    fn deviations() {
        // Capitals and `ё` come out small and as `е`; Latin-1 words are left alone.
        assert_eq!(st("Ёлки"), "елк");
        assert_eq!(st("Moskva"), "Moskva");
        // NLTK's `ующаиа`.
        assert_eq!(st("следующая"), "следующ");
        assert_eq!(st("следующий"), "след");
        // Suffixes that take part of a letter's ASCII spelling.
        assert_eq!(st("воюет"), "вои^");
        assert_eq!(st("объем"), "обь");
        assert_eq!(st("подъём"), "подь");
        // The superlative is looked for in the whole word (Snowball 3.1.1: "злейш").
        assert_eq!(st("злейший"), "зл");
    }

    #[test]
    fn stopwords_are_not_lowercased() {
        let sw = |w: &str| w == "и";
        assert_eq!(stem("и", &sw), "и");
    }
}
