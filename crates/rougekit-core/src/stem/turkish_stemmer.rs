//! TurkishStemmer 1.3 (PyPI `TurkishStemmer`, otuncelli/turkish-stemmer-python, Apache-2.0),
//! the Turkish stemmer of XL-Sum's multilingual ROUGE scorer (`TurkishStemmer().stem(word)`).
//!
//! The algorithm (shared with the Java `elasticsearch-analysis-turkishstemmer` it was ported
//! from) follows the affix-stripping analysis of G. Eryiğit and E. Adalı, "An affix stripping
//! morphological analyzer for Turkish" (2004):
//! 1. Words that have a character outside the Turkish alphabet, that are protected, or that
//!    have fewer than two vowels are returned unchanged.
//! 2. Three suffix state machines (nominal verb suffixes, then noun suffixes, then derivational
//!    suffixes) collect candidate stems; each machine runs on the word and on every candidate
//!    found by the machines before it.
//! 3. Each candidate with a vowel gets its last consonant restored (b→p, c→ç, d→t, ğ→k), and the
//!    candidate closest to four letters wins (the shorter one on a tie), except that a candidate
//!    on the average-stem-size exception list always wins.
//!
//! The four word lists are the package's resource files, embedded unchanged
//! (`data/turkish-stemmer/`, with the licence and provenance).
//!
//! Lengths and positions are counted in Unicode scalar values, like Python's. Input is used as
//! given (the scorer lower-cases with Python's `str.lower()` first, so `İ` arrives as `i̇`, whose
//! combining dot is not a Turkish letter: such words are returned unchanged).

use rustc_hash::FxHashSet;
use std::collections::{BTreeSet, VecDeque};
use std::sync::OnceLock;

/// The resource files of TurkishStemmer 1.3, byte-identical.
const PROTECTED_WORDS: &str = include_str!("../../data/turkish-stemmer/protected_words.txt");
const VOWEL_HARMONY_EXCEPTIONS: &str =
    include_str!("../../data/turkish-stemmer/vowel_harmony_exceptions.txt");
const LAST_CONSONANT_EXCEPTIONS: &str =
    include_str!("../../data/turkish-stemmer/last_consonant_exceptions.txt");
const AVERAGE_STEM_SIZE_EXCEPTIONS: &str =
    include_str!("../../data/turkish-stemmer/average_stem_size_exceptions.txt");

/// The Apache-2.0 licence of the resource files, which must travel with them.
pub const LICENSE: &str = include_str!("../../data/turkish-stemmer/LICENSE");

const ALPHABET: &str = "abcçdefgğhıijklmnoöprsştuüvyz";
const VOWELS: &str = "üiıueöao";
const CONSONANTS: &str = "bcçdfgğhjklmnprsştvyz";
const ROUNDED: &str = "oöuü";
/// The vowels that may follow a rounded vowel.
const AFTER_ROUNDED: &str = "aeuü";
const UNROUNDED: &str = "iıea";
const FRONT: &str = "eiöü";
const BACK: &str = "ıuao";

/// The stem size the final choice aims at (F. Can et al., "Information retrieval on Turkish
/// texts", 2008).
const AVERAGE_STEM_SIZE: usize = 4;

struct WordLists {
    protected: FxHashSet<&'static str>,
    vowel_harmony_exceptions: FxHashSet<&'static str>,
    last_consonant_exceptions: FxHashSet<&'static str>,
    average_stem_size_exceptions: FxHashSet<&'static str>,
}

/// One entry a line, surrounding whitespace removed (as the original loads them).
fn word_set(text: &'static str) -> FxHashSet<&'static str> {
    text.lines().map(str::trim).collect()
}

fn lists() -> &'static WordLists {
    static LISTS: OnceLock<WordLists> = OnceLock::new();
    LISTS.get_or_init(|| WordLists {
        protected: word_set(PROTECTED_WORDS),
        vowel_harmony_exceptions: word_set(VOWEL_HARMONY_EXCEPTIONS),
        last_consonant_exceptions: word_set(LAST_CONSONANT_EXCEPTIONS),
        average_stem_size_exceptions: word_set(AVERAGE_STEM_SIZE_EXCEPTIONS),
    })
}

/// A suffix: its allomorphs (all of one length), the optional letter that may precede it (the
/// buffer `y` of `-(y)Um`, the `n` of `-(n)Un`, the vowel of `-(U)m`, ...), and whether the word
/// must show vowel harmony for the suffix to be removed.
struct Suffix {
    forms: &'static [&'static str],
    optional: &'static str,
    harmony: bool,
}

impl Suffix {
    fn ends(&self, word: &str) -> bool {
        self.forms.iter().any(|form| word.ends_with(form))
    }
}

const fn sfx(forms: &'static [&'static str], optional: &'static str, harmony: bool) -> Suffix {
    Suffix {
        forms,
        optional,
        harmony,
    }
}

// Nominal verb suffixes.
const NV_S1: Suffix = sfx(&["ım", "im", "um", "üm"], "y", true); // -(y)Um
const NV_S2: Suffix = sfx(&["sın", "sin", "sun", "sün"], "", true); // -sUn
const NV_S3: Suffix = sfx(&["ız", "iz", "uz", "üz"], "y", true); // -(y)Uz
const NV_S4: Suffix = sfx(&["sınız", "siniz", "sunuz", "sünüz"], "", true); // -sUnUz
const NV_S5: Suffix = sfx(&["lar", "ler"], "", true); // -lAr
const NV_S6: Suffix = sfx(&["m"], "", true); // -m
const NV_S7: Suffix = sfx(&["n"], "", true); // -n
const NV_S8: Suffix = sfx(&["k"], "", true); // -k
const NV_S9: Suffix = sfx(&["nız", "niz", "nuz", "nüz"], "", true); // -nUz
const NV_S10: Suffix = sfx(
    &["tır", "tir", "tur", "tür", "dır", "dir", "dur", "dür"],
    "",
    true,
); // -DUr
const NV_S11: Suffix = sfx(&["casına", "çasına", "cesine", "çesine"], "", true); // -cAsInA
const NV_S12: Suffix = sfx(&["dı", "di", "du", "dü", "tı", "ti", "tu", "tü"], "y", true); // -(y)DU
const NV_S13: Suffix = sfx(&["sa", "se"], "y", true); // -(y)sA
const NV_S14: Suffix = sfx(&["muş", "miş", "müş", "mış"], "y", true); // -(y)mUş
const NV_S15: Suffix = sfx(&["ken"], "y", true); // -(y)ken

// Noun suffixes.
const N_S1: Suffix = sfx(&["lar", "ler"], "", true); // -lAr
const N_S2: Suffix = sfx(&["m"], "ıiuü", true); // -(U)m
const N_S3: Suffix = sfx(&["mız", "miz", "muz", "müz"], "ıiuü", true); // -(U)mUz
const N_S4: Suffix = sfx(&["ın", "in", "un", "ün"], "", true); // -Un
const N_S5: Suffix = sfx(&["nız", "niz", "nuz", "nüz"], "ıiuü", true); // -(U)nUz
const N_S6: Suffix = sfx(&["ı", "i", "u", "ü"], "s", true); // -(s)U
const N_S7: Suffix = sfx(&["ları", "leri"], "", true); // -lArI
const N_S8: Suffix = sfx(&["ı", "i", "u", "ü"], "y", true); // -(y)U
const N_S9: Suffix = sfx(&["nı", "ni", "nu", "nü"], "", true); // -nU
const N_S10: Suffix = sfx(&["ın", "in", "un", "ün"], "n", true); // -(n)Un
const N_S11: Suffix = sfx(&["a", "e"], "y", true); // -(y)A
const N_S12: Suffix = sfx(&["na", "ne"], "", true); // -nA
const N_S13: Suffix = sfx(&["da", "de", "ta", "te"], "", true); // -DA
const N_S14: Suffix = sfx(&["nta", "nte", "nda", "nde"], "", true); // -nDA
const N_S15: Suffix = sfx(&["dan", "tan", "den", "ten"], "", true); // -DAn
const N_S16: Suffix = sfx(&["ndan", "ntan", "nden", "nten"], "", true); // -nDAn
const N_S17: Suffix = sfx(&["la", "le"], "y", true); // -(y)lA
const N_S18: Suffix = sfx(&["ki"], "", false); // -ki, the only suffix without harmony check
const N_S19: Suffix = sfx(&["ca", "ce"], "n", true); // -(n)cA

// Derivational suffix.
const D_S1: Suffix = sfx(&["lı", "li", "lu", "lü"], "", true); // -lU

/// A state: whether reaching it yields a stem, and its outgoing arcs (suffix, next state) in
/// the order they are tried.
struct State {
    accepting: bool,
    arcs: &'static [(&'static Suffix, usize)],
}

const fn st(accepting: bool, arcs: &'static [(&'static Suffix, usize)]) -> State {
    State { accepting, arcs }
}

/// Nominal verb suffixes; state 0 is the start. States: A B C D E F G H.
const NOMINAL_VERB: &[State] = {
    const B: usize = 1;
    const C: usize = 2;
    const D: usize = 3;
    const E: usize = 4;
    const F: usize = 5;
    const G: usize = 6;
    const H: usize = 7;
    &[
        // A
        st(
            false,
            &[
                (&NV_S11, H),
                (&NV_S4, B),
                (&NV_S14, F),
                (&NV_S15, F),
                (&NV_S2, B),
                (&NV_S5, C),
                (&NV_S9, D),
                (&NV_S10, E),
                (&NV_S3, B),
                (&NV_S1, B),
                (&NV_S12, F),
                (&NV_S13, F),
                (&NV_S6, D),
                (&NV_S7, D),
                (&NV_S8, D),
            ],
        ),
        // B
        st(true, &[(&NV_S14, F)]),
        // C
        st(
            true,
            &[(&NV_S10, F), (&NV_S12, F), (&NV_S13, F), (&NV_S14, F)],
        ),
        // D
        st(false, &[(&NV_S12, F), (&NV_S13, F)]),
        // E
        st(
            true,
            &[
                (&NV_S1, G),
                (&NV_S2, G),
                (&NV_S3, G),
                (&NV_S4, G),
                (&NV_S5, G),
                (&NV_S14, F),
            ],
        ),
        // F
        st(true, &[]),
        // G
        st(false, &[(&NV_S14, F)]),
        // H
        st(
            false,
            &[
                (&NV_S1, G),
                (&NV_S2, G),
                (&NV_S3, G),
                (&NV_S4, G),
                (&NV_S5, G),
                (&NV_S14, F),
            ],
        ),
    ]
};

/// Noun suffixes; state 0 is the start (and is accepting). States: A B C D E F G H K L M.
const NOUN: &[State] = {
    const B: usize = 1;
    const C: usize = 2;
    const D: usize = 3;
    const E: usize = 4;
    const F: usize = 5;
    const G: usize = 6;
    const H: usize = 7;
    const K: usize = 8;
    const L: usize = 9;
    const M: usize = 10;
    &[
        // A
        st(
            true,
            &[
                (&N_S16, C),
                (&N_S7, K),
                (&N_S3, H),
                (&N_S5, H),
                (&N_S1, L),
                (&N_S14, F),
                (&N_S15, G),
                (&N_S17, E),
                (&N_S10, E),
                (&N_S19, M),
                (&N_S4, H),
                (&N_S9, C),
                (&N_S12, F),
                (&N_S13, B),
                (&N_S18, D),
                (&N_S2, H),
                (&N_S6, H),
                (&N_S8, B),
                (&N_S11, B),
            ],
        ),
        // B
        st(
            true,
            &[(&N_S1, L), (&N_S2, H), (&N_S3, H), (&N_S4, H), (&N_S5, H)],
        ),
        // C
        st(false, &[(&N_S6, H), (&N_S7, K)]),
        // D
        st(false, &[(&N_S10, E), (&N_S13, B), (&N_S14, F)]),
        // E
        st(
            true,
            &[
                (&N_S1, L),
                (&N_S2, H),
                (&N_S3, H),
                (&N_S4, H),
                (&N_S5, H),
                (&N_S6, H),
                (&N_S7, K),
                (&N_S18, D),
            ],
        ),
        // F
        st(false, &[(&N_S6, H), (&N_S7, K), (&N_S18, D)]),
        // G
        st(
            true,
            &[
                (&N_S1, L),
                (&N_S2, H),
                (&N_S3, H),
                (&N_S4, H),
                (&N_S5, H),
                (&N_S18, D),
            ],
        ),
        // H
        st(true, &[(&N_S1, L)]),
        // K
        st(true, &[]),
        // L
        st(true, &[(&N_S18, D)]),
        // M. The original lists -(s)U twice here; the duplicate arc is kept because it
        // takes part in the queue bookkeeping below like any other arc.
        st(
            true,
            &[
                (&N_S1, L),
                (&N_S2, H),
                (&N_S3, H),
                (&N_S4, H),
                (&N_S5, H),
                (&N_S6, H),
                (&N_S6, H),
                (&N_S7, K),
            ],
        ),
    ]
};

/// The derivational suffix -lU; state 0 is the start.
const DERIVATIONAL: &[State] = &[st(false, &[(&D_S1, 1)]), st(true, &[])];

fn is_vowel(c: char) -> bool {
    VOWELS.contains(c)
}

fn vowel_count(word: &str) -> usize {
    word.chars().filter(|&c| is_vowel(c)).count()
}

/// Vowel harmony of the last two vowels (a word with fewer than two vowels has harmony).
fn has_vowel_harmony(word: &str) -> bool {
    let mut vowels = word.chars().rev().filter(|&c| is_vowel(c));
    let (Some(last), Some(before)) = (vowels.next(), vowels.next()) else {
        return true;
    };
    let roundness = (UNROUNDED.contains(before) && UNROUNDED.contains(last))
        || (ROUNDED.contains(before) && AFTER_ROUNDED.contains(last));
    let frontness = (FRONT.contains(before) && FRONT.contains(last))
        || (BACK.contains(before) && BACK.contains(last));
    roundness && frontness
}

/// Whether `suffix` may be removed from `word`.
fn removable(word: &str, suffix: &Suffix) -> bool {
    let lists = lists();
    !lists.protected.contains(word)
        && (!suffix.harmony
            || has_vowel_harmony(word)
            || lists.vowel_harmony_exceptions.contains(word))
}

/// Removes the last character of `word` (empty stays empty).
fn drop_last(word: &str) -> &str {
    word.char_indices()
        .next_back()
        .map_or(word, |(at, _)| &word[..at])
}

/// One step of a machine: `word` without `suffix` and without the optional letter before it.
///
/// Quirk kept from the original: the optional letter is looked for even when the suffix was not
/// removed (vowel harmony failed). With -(n)Un, whose forms end in the optional `n`, a word
/// without vowel harmony such as `kalemın` then loses its final `n` alone (`kalemı`, the
/// original's stem too). And when the optional letter is there but not
/// valid (not after a consonant for a vowel, not after a vowel for a consonant), the step is
/// undone.
fn strip<'w>(word: &'w str, suffix: &Suffix) -> &'w str {
    let mut stem = word;
    if removable(word, suffix) && suffix.ends(word) {
        // Every form of a suffix has the same length, and the matching one ends the word.
        let len = suffix.forms[0].chars().count();
        let at = word
            .char_indices()
            .rev()
            .nth(len - 1)
            .map_or(0, |(at, _)| at);
        stem = &word[..at];
    }
    let mut rev = stem.chars().rev();
    if let Some(last) = rev.next().filter(|&c| suffix.optional.contains(c)) {
        let valid = rev.next().is_some_and(|before| {
            if is_vowel(last) {
                CONSONANTS.contains(before)
            } else {
                is_vowel(before)
            }
        });
        stem = if valid { drop_last(stem) } else { word };
    }
    stem
}

/// A pending arc: from state `from` to state `to`, removing `suffix` from `word`.
struct Transition {
    from: usize,
    to: usize,
    word: String,
    suffix: &'static Suffix,
    marked: bool,
}

fn push_arcs(
    machine: &'static [State],
    state: usize,
    word: &str,
    queue: &mut VecDeque<Transition>,
) {
    for &(suffix, to) in machine[state].arcs {
        if suffix.ends(word) {
            queue.push_back(Transition {
                from: state,
                to,
                word: word.to_owned(),
                suffix,
                // The original's transitions always start unmarked, whatever its caller asks.
                marked: false,
            });
        }
    }
}

/// Runs `machine` on `word` and adds every stem it reaches in an accepting state to `stems`.
///
/// The arcs whose suffix ends the current word wait in a first-in first-out queue. When a step
/// changes the word and reaches an accepting state, the waiting arcs between the same two
/// states and the marked arcs are dropped, the stem is kept, and the arcs out of the new state
/// are queued. When it reaches a non-accepting state, the waiting arcs between the same two
/// states are marked (they are dropped by the next accepting step) and the arcs out of the new
/// state are queued.
fn run(machine: &'static [State], word: &str, stems: &mut BTreeSet<String>) {
    let mut queue = VecDeque::new();
    push_arcs(machine, 0, word, &mut queue);
    while let Some(t) = queue.pop_front() {
        let stem = strip(&t.word, t.suffix);
        if stem == t.word {
            continue;
        }
        let same_arc = |o: &Transition| o.from == t.from && o.to == t.to;
        if machine[t.to].accepting {
            queue.retain(|o| !(same_arc(o) || o.marked));
            stems.insert(stem.to_owned());
        } else {
            for o in queue.iter_mut().filter(|o| same_arc(o)) {
                o.marked = true;
            }
        }
        push_arcs(machine, t.to, stem, &mut queue);
    }
}

fn worth_stemming(word: &str) -> bool {
    !word.is_empty()
        && word.chars().all(|c| ALPHABET.contains(c))
        && !lists().protected.contains(word)
        && vowel_count(word) >= 2
}

/// Restores a final consonant softened before a vowel-initial suffix.
fn last_consonant(word: &str) -> String {
    if lists().last_consonant_exceptions.contains(word) {
        return word.to_owned();
    }
    let hard = match word.chars().next_back() {
        Some('b') => 'p',
        Some('c') => 'ç',
        Some('d') => 't',
        Some('ğ') => 'k',
        _ => return word.to_owned(),
    };
    let mut out = drop_last(word).to_owned();
    out.push(hard);
    out
}

/// Stems one word exactly like TurkishStemmer 1.3's `TurkishStemmer().stem(word)`.
#[must_use]
pub fn stem(word: &str) -> String {
    if !worth_stemming(word) {
        return word.to_owned();
    }
    let mut stems = BTreeSet::new();
    run(NOMINAL_VERB, word, &mut stems);
    for machine in [NOUN, DERIVATIONAL] {
        let inputs: Vec<String> = stems.iter().cloned().chain([word.to_owned()]).collect();
        for input in &inputs {
            run(machine, input, &mut stems);
        }
    }
    stems.remove(word);

    let exceptions = &lists().average_stem_size_exceptions;
    // The original sorts with a comparison that puts an exception first, then the smaller
    // distance to the average size, then the shorter stem, and takes the first. Every
    // candidate is a prefix of the word (its last letter possibly hardened), so no two have the
    // same length and no two are exceptions: the order is total and the result does not depend
    // on the order of the original's candidate set.
    stems
        .iter()
        .filter(|s| vowel_count(s) > 0)
        .map(|s| last_consonant(s))
        .min_by_key(|s| {
            let len = s.chars().count();
            (
                !exceptions.contains(s.as_str()),
                len.abs_diff(AVERAGE_STEM_SIZE),
                len,
                s.clone(),
            )
        })
        .unwrap_or_else(|| word.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_of_a_suffix_share_one_length() {
        for machine in [NOMINAL_VERB, NOUN, DERIVATIONAL] {
            for state in machine {
                for (suffix, _) in state.arcs {
                    let len = suffix.forms[0].chars().count();
                    assert!(suffix.forms.iter().all(|f| f.chars().count() == len));
                }
            }
        }
    }

    #[test]
    fn word_lists_load() {
        let lists = lists();
        assert_eq!(lists.protected.len(), 130);
        assert_eq!(lists.average_stem_size_exceptions.len(), 56);
        assert_eq!(lists.last_consonant_exceptions.len(), 3);
        assert_eq!(lists.vowel_harmony_exceptions.len(), 10);
    }

    #[test]
    fn examples() {
        assert_eq!(stem("kitaplarımızdan"), "kitap");
        assert_eq!(stem("araba"), "araba");
        assert_eq!(stem("kalemın"), "kalemı");
        assert_eq!(stem("ev"), "ev");
        assert_eq!(stem("i̇stanbul"), "i̇stanbul");
        assert_eq!(stem(""), "");
    }
}
