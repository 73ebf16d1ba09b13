//! Stemmers. `porter_nltk` reproduces NLTK's `PorterStemmer()` (NLTK_EXTENSIONS mode), the
//! stemmer rouge-score uses. `porter_perl` reproduces ROUGE-1.5.5's `-m` stemmer (its Porter
//! variant plus the WordNet exception table of `wordnet`), spec `rouge-1.5.5.md` §3 and §7.
//! `snowball` names Snowball 3.1.1's stemmers (the `frostem` crate runs them). `xlsum` names
//! the stemmers of XL-Sum's scorer: `nltk_snowball` (NLTK's Snowball ports), `hindi_suffix`,
//! `bengali_rafi`, `turkish_stemmer`.
pub mod bengali_rafi;
pub mod hindi_suffix;
pub mod nltk_snowball;
pub mod porter_nltk;
pub mod porter_perl;
pub mod snowball;
pub mod turkish_stemmer;
pub mod wordnet;
pub mod xlsum;
