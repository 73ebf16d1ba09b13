//! Word segmenters for languages written without spaces: each reproduces a named external
//! segmenter word for word, so that text segmented here scores as text segmented there.
//!
//! | name | reproduces |
//! |---|---|
//! | `jieba` | jieba 0.42.1's `jieba.cut(text)`: accurate mode, HMM on, its bundled dictionary ([`jieba`]) |
//! | `newmm` | pythainlp 5.4.0's `word_tokenize(text, engine="newmm")`: its bundled word list, defaults ([`newmm`]) |
//! | `mecab-unidic-lite` | MeCab 0.996's `-Owakati` words (fugashi's `Tagger("-Owakati")`) over unidic-lite's dictionary, loaded at run time ([`mecab`]) |
//!
//! ```
//! use rougekit_core::segment::Segmenter;
//! let jieba = Segmenter::parse("jieba").unwrap();
//! assert_eq!(jieba.cut("我来到北京清华大学"), ["我", "来到", "北京", "清华大学"]);
//! ```
use crate::error::RougeError;
use crate::pool::{run_polled, shared_pool, Cancel};
use rayon::prelude::*;

pub mod jieba;
pub mod mecab;
pub mod newmm;

/// A named segmenter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Segmenter {
    /// jieba 0.42.1's accurate mode with HMM ([`jieba`]).
    Jieba,
    /// pythainlp 5.4.0's newmm ([`newmm`]).
    Newmm,
    /// MeCab's Viterbi segmentation over unidic-lite's dictionary ([`mecab`]), which must
    /// have been loaded ([`mecab::install`]) before the name parses.
    MecabUnidicLite,
}

/// Texts a pool worker takes at a time: segmenting a short text takes microseconds, so
/// smaller shares would cost more in scheduling than they save in balance.
const MIN_SHARE: usize = 16;
/// [`Cancel`] work units per byte of text: jieba segments about 10 MB/s, a 64-bit word
/// operation takes well under a nanosecond, so Ctrl-C is noticed a few times a second on one
/// thread.
const TICKS_PER_BYTE: usize = 16;

impl Segmenter {
    /// Every segmenter's name, in the order error messages list them.
    pub const NAMES: [&'static str; 3] = ["jieba", "newmm", "mecab-unidic-lite"];

    /// The segmenter called `name`; an error listing the known names otherwise.
    pub fn parse(name: &str) -> Result<Self, RougeError> {
        match name {
            "jieba" => Ok(Segmenter::Jieba),
            "newmm" => Ok(Segmenter::Newmm),
            "mecab-unidic-lite" => match mecab::loaded() {
                Some(_) => Ok(Segmenter::MecabUnidicLite),
                None => Err(RougeError::InvalidOption(
                    "the segmenter mecab-unidic-lite reads the dictionary of an installed \
                     unidic-lite, which this process has not loaded (from Python, \
                     rougekit.segment loads it: pip install unidic-lite)"
                        .into(),
                )),
            },
            _ => Err(RougeError::InvalidOption(format!(
                "unknown segmenter {name:?}: the known segmenters are {}",
                Self::NAMES.join(", ")
            ))),
        }
    }

    /// The segmenter's name, as [`Segmenter::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Segmenter::Jieba => "jieba",
            Segmenter::Newmm => "newmm",
            Segmenter::MecabUnidicLite => "mecab-unidic-lite",
        }
    }

    /// Loads what the segmenter needs (jieba: its dictionary, about 0.2 s once per process;
    /// newmm: its word list),
    /// so that a later call is not the one that pays for it.
    pub fn prepare(self) {
        match self {
            Segmenter::Jieba => jieba::prepare(),
            Segmenter::Newmm => newmm::prepare(),
            Segmenter::MecabUnidicLite => {}
        }
    }

    /// Appends the words of `text` to `out`, in order; they are slices of `text` and, joined,
    /// give `text` back.
    pub fn cut_into<'a>(self, text: &'a str, out: &mut Vec<&'a str>) {
        match self {
            Segmenter::Jieba => jieba::cut_into(text, out),
            Segmenter::Newmm => newmm::cut_into(text, out),
            // `parse` gives this segmenter only once a dictionary is loaded, and it stays.
            Segmenter::MecabUnidicLite => match mecab::loaded() {
                Some(dictionary) => dictionary.cut_into(text, out),
                None => out.push(text),
            },
        }
    }

    /// The words of `text`, in order.
    pub fn cut(self, text: &str) -> Vec<&str> {
        let mut out = Vec::new();
        self.cut_into(text, &mut out);
        out
    }
}

/// The words of each text, on `threads` threads of the shared pool (1: the calling thread).
/// `None` when `cancel` stopped the work (Ctrl-C); the caller then drops the batch.
///
/// ```
/// use rougekit_core::pool::Cancel;
/// use rougekit_core::segment::{segment_batch, Segmenter};
/// let texts = ["今天天气很好", "GPT-4o 来了"];
/// let words = segment_batch(Segmenter::Jieba, &texts, 2, &Cancel::never()).unwrap();
/// assert_eq!(words[1], ["GPT", "-", "4o", " ", "来", "了"]);
/// ```
pub fn segment_batch<'a>(
    segmenter: Segmenter,
    texts: &[&'a str],
    threads: usize,
    cancel: &Cancel<'_>,
) -> Option<Vec<Vec<&'a str>>> {
    segmenter.prepare();
    let mut out: Vec<Vec<&'a str>> = vec![Vec::new(); texts.len()];
    let work = |(words, text): (&mut Vec<&'a str>, &&'a str)| {
        if cancel.tick(text.len().saturating_mul(TICKS_PER_BYTE)) {
            segmenter.cut_into(text, words);
        }
    };
    match shared_pool(threads) {
        Some(pool) if texts.len() > 1 => run_polled(&pool, cancel, || {
            out.par_iter_mut()
                .zip(texts.par_iter())
                .with_min_len(MIN_SHARE)
                .for_each(work)
        }),
        _ => out.iter_mut().zip(texts.iter()).for_each(work),
    }
    if cancel.stopped() {
        return None;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn names_parse_back() {
        for name in Segmenter::NAMES.into_iter().take(2) {
            assert_eq!(Segmenter::parse(name).unwrap().name(), name);
        }
        let err = Segmenter::parse("Jieba").unwrap_err().to_string();
        assert_eq!(
            err,
            "unknown segmenter \"Jieba\": the known segmenters are jieba, newmm, mecab-unidic-lite"
        );
    }

    #[test]
    fn mecab_needs_its_dictionary_loaded() {
        // No test of this crate loads one (the dictionary is read from an installed package).
        let err = Segmenter::parse("mecab-unidic-lite")
            .unwrap_err()
            .to_string();
        assert!(err.contains("pip install unidic-lite"), "{err}");
    }

    #[test]
    fn one_thread_equals_many() {
        let texts: Vec<String> = (0..200)
            .map(|i| format!("第{i}条：我来到北京清华大学，COVID-19 与 GPT-4o。"))
            .collect();
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        let one = segment_batch(Segmenter::Jieba, &texts, 1, &Cancel::never()).unwrap();
        let two = segment_batch(Segmenter::Jieba, &texts, 2, &Cancel::never()).unwrap();
        assert_eq!(one, two);
        for (words, text) in one.iter().zip(&texts) {
            assert_eq!(words.concat(), *text);
        }
        assert!(segment_batch(Segmenter::Jieba, &[], 2, &Cancel::never())
            .unwrap()
            .is_empty());
    }

    #[test]
    fn a_stopped_token_drops_the_batch() {
        let calls = AtomicUsize::new(0);
        let stop = || {
            calls.fetch_add(1, Ordering::Relaxed);
            false
        };
        let long = "我来到北京清华大学".repeat(1 << 20);
        let texts = vec![long.as_str(); 4];
        for threads in [1, 2] {
            let cancel = Cancel::new(&stop);
            assert!(segment_batch(Segmenter::Jieba, &texts, threads, &cancel).is_none());
        }
        assert!(calls.load(Ordering::Relaxed) >= 1);
    }
}
