//! NLTK's Snowball stemmers (`nltk.stem.snowball.SnowballStemmer(lang, ignore_stopwords=True)`,
//! NLTK 3.10.4), one module per language, reproduced exactly, deviations from Snowball
//! included (`stemmer="nltk-snowball:<lang>"`). `standard` holds the pieces they share.
pub mod arabic;
pub mod danish;
pub mod dutch;
pub mod english;
pub mod finnish;
pub mod french;
pub mod german;
pub mod hungarian;
pub mod italian;
pub mod norwegian;
pub mod portuguese;
pub mod romanian;
pub mod russian;
pub mod spanish;
pub mod standard;
pub mod swedish;
