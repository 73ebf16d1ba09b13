//! Stemmers. `porter_nltk` reproduces NLTK's `PorterStemmer()` (NLTK_EXTENSIONS mode), the
//! stemmer rouge-score uses.
pub mod porter_nltk;
