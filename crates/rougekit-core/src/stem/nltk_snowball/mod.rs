//! NLTK's Snowball stemmers (`nltk.stem.snowball.SnowballStemmer(lang, ignore_stopwords=True)`,
//! NLTK 3.10.4), one module per language, reproduced exactly, deviations from Snowball
//! included (`stemmer="nltk-snowball:<lang>"`). `standard` holds the pieces they share.
pub mod standard;
