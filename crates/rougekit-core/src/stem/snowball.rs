//! Snowball stemmers (`stemmer="snowball:<algorithm>"`): a thin wrapper over the `frostem`
//! crate, which compiles Snowball's own algorithm definitions to Rust. No stemming code lives
//! here; this module names the algorithms, parses names and records which Snowball the stems
//! are.
//!
//! # Which Snowball: `snowball-3.1.1`
//!
//! `frostem` is pinned exactly (`=1.20260804.5` in `Cargo.toml`), and the signature records
//! the Snowball release whose stems that version gives, [`SNOWBALL_VERSION`] = `3.1.1`:
//!
//! * Its algorithms are Snowball 3.1.1's. The crate's `upstream-pin.toml` names Snowball
//!   commit `00695887` (2026-08-20); `algorithms/` there equals tag `v3.1.1` (2026-06-03)
//!   plus one new algorithm, `earlymodernenglish` (2026-06-05, in no release; not offered
//!   here). Tags `v3.1.0` and `v3.1.1` differ in two comments only, so 3.1.0 stems the same.
//! * Measured: it gives Snowball 3.1.1's C stemmer's stems (built from the tag) on 1.42 M
//!   words in its 36 libstemmer algorithms, PyStemmer 3.1.0's on 2.37 M words (Snowball's
//!   test vocabularies, splices of them and random words of each script, mixed case) and the
//!   expected stems of Snowball's test vocabularies (34 lists; the only oracle of `lovins`)
//!   except 9 Finnish words, where those lists predate Snowball's own change of 2026-05-19
//!   (commit `ed15f4b`, in 3.1.0; the C stemmer of the commit before it gives the listed
//!   stems).
//! * Later `frostem` versions are later Snowball `main`, not a release: from `1.20260821.0`
//!   French also strips `z'` (`z'yeux` → `yeux`; Snowball commit `746d142`), so they differ
//!   from PyStemmer 3.1.0. frostem's own version (`minor` = date of the last algorithm
//!   change it saw) is not a Snowball release and says nothing about which words change, so
//!   the signature names the release.
//!
//! The string changes only with the pin: a test checks that `Cargo.toml` pins
//! [`FROSTEM_VERSION`], and canary stems fail on Snowball before 3.1.0 (Finnish `-hin`) and
//! on Snowball `main` from 2026-08-21 (French `z'`). Pinning another `frostem` means
//! measuring again and changing both constants.
//!
//! # Names
//!
//! Only Snowball's canonical algorithm ids, lower case, as in its `algorithms/*.sbl`
//! (`english`, `porter`, `dutch_porter`...): a signature has one spelling per algorithm.
//! Language codes and other aliases (`de`, `German`) are refused with a hint.
//!
//! # Cost
//!
//! [`Snowball`] is one byte (`Copy`, `Eq`, `Hash`, so it keys the interner's stem cache). A
//! stem call builds `frostem::Stemmer` (a match to a function pointer, no allocation) and
//! runs the algorithm, which borrows the word when nothing changes and allocates one
//! `String` per suffix it replaces; callers stem each distinct word once
//! ([`crate::intern`]).
use crate::error::RougeError;
use frostem::Algorithm;
use std::borrow::Cow;
use std::fmt;

/// The `frostem` version pinned in `Cargo.toml` (`=` requirement).
pub const FROSTEM_VERSION: &str = "1.20260804.5";

// The version as a literal, so that `concat!` builds the signature ids at compile time.
macro_rules! snowball_version {
    () => {
        "3.1.1"
    };
}

/// The Snowball release whose stems the pinned `frostem` gives (see the module docs).
pub const SNOWBALL_VERSION: &str = snowball_version!();

/// One algorithm: frostem's variant and its three names.
struct Entry {
    algorithm: Algorithm,
    /// Snowball's id: `german`.
    id: &'static str,
    /// The user-facing stemmer name: `snowball:german`.
    name: &'static str,
    /// The signature's stemmer id: `snowball-3.1.1:german`.
    signature_id: &'static str,
}

macro_rules! algorithms {
    ($($variant:ident $id:literal,)*) => {
        /// Snowball 3.1.1's algorithms, by id.
        const ALGORITHMS: &[Entry] = &[$(Entry {
            algorithm: Algorithm::$variant,
            id: $id,
            name: concat!("snowball:", $id),
            signature_id: concat!("snowball-", snowball_version!(), ":", $id),
        },)*];
    };
}

algorithms! {
    Arabic "arabic",
    Armenian "armenian",
    Basque "basque",
    Catalan "catalan",
    Czech "czech",
    Danish "danish",
    Dutch "dutch",
    DutchPorter "dutch_porter",
    English "english",
    Esperanto "esperanto",
    Estonian "estonian",
    Finnish "finnish",
    French "french",
    German "german",
    Greek "greek",
    Hindi "hindi",
    Hungarian "hungarian",
    Indonesian "indonesian",
    Irish "irish",
    Italian "italian",
    Lithuanian "lithuanian",
    Lovins "lovins",
    Nepali "nepali",
    Norwegian "norwegian",
    Persian "persian",
    Polish "polish",
    Porter "porter",
    Portuguese "portuguese",
    Romanian "romanian",
    Russian "russian",
    Serbian "serbian",
    Sesotho "sesotho",
    Spanish "spanish",
    Swedish "swedish",
    Tamil "tamil",
    Turkish "turkish",
    Yiddish "yiddish",
}

/// A Snowball algorithm.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Snowball(u8);

impl Snowball {
    /// Every algorithm, in id order.
    pub fn all() -> impl ExactSizeIterator<Item = Snowball> {
        (0..ALGORITHMS.len() as u8).map(Snowball)
    }

    /// The algorithm with Snowball id `id` (exactly: `german`, not `de` or `German`).
    pub fn parse(id: &str) -> Result<Snowball, RougeError> {
        match ALGORITHMS.iter().position(|e| e.id == id) {
            Some(k) => Ok(Snowball(k as u8)),
            None => Err(RougeError::InvalidOption(unknown_message(id))),
        }
    }

    fn entry(self) -> &'static Entry {
        &ALGORITHMS[self.0 as usize]
    }

    /// Snowball's id: `german`.
    pub fn id(self) -> &'static str {
        self.entry().id
    }

    /// The stemmer name users write: `snowball:german`.
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// The signature's stemmer id: `snowball-3.1.1:german`.
    pub fn signature_id(self) -> &'static str {
        self.entry().signature_id
    }

    /// The stem of `word` as is (Snowball expects lower-case input; nothing is folded here).
    #[inline]
    pub fn stem(self, word: &str) -> Cow<'_, str> {
        frostem::Stemmer::new(self.entry().algorithm).stem(word)
    }
}

impl fmt::Debug for Snowball {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Snowball").field(&self.id()).finish()
    }
}

/// The ids, comma-separated.
pub fn ids() -> String {
    ALGORITHMS
        .iter()
        .map(|e| e.id)
        .collect::<Vec<_>>()
        .join(", ")
}

fn unknown_message(id: &str) -> String {
    // An alias Snowball knows (`de`, `German`, `kraaij_pohlmann`) gets the canonical id.
    let hint = frostem::Algorithm::from_name(id)
        .ok()
        .and_then(|a| ALGORITHMS.iter().find(|e| e.algorithm == a))
        .map(|e| format!(" (did you mean {:?}?)", e.name))
        .unwrap_or_default();
    format!(
        "unknown Snowball algorithm {id:?}{hint}: expected snowball:<algorithm>, one of {}",
        ids()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(Snowball::all().len(), 37);
        let ids: Vec<_> = Snowball::all().map(Snowball::id).collect();
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(ids, sorted, "ids sorted and distinct");
        for s in Snowball::all() {
            assert_eq!(Snowball::parse(s.id()), Ok(s));
            assert_eq!(s.name(), format!("snowball:{}", s.id()));
            assert_eq!(s.signature_id(), format!("snowball-3.1.1:{}", s.id()));
            // frostem agrees on the id of the variant.
            assert_eq!(s.entry().algorithm.name(), s.id());
        }
        let g = Snowball::parse("german").unwrap();
        assert_eq!(
            (g.id(), g.name(), g.signature_id()),
            ("german", "snowball:german", "snowball-3.1.1:german")
        );
        assert_eq!(format!("{g:?}"), "Snowball(\"german\")");
    }

    #[test]
    fn only_canonical_ids() {
        for bad in [
            "de",
            "German",
            " german",
            "german ",
            "snowball:german",
            "kraaij_pohlmann",
            "earlymodernenglish",
            "ukrainian",
            "",
        ] {
            let err = Snowball::parse(bad).unwrap_err().to_string();
            assert!(err.contains(&format!("{bad:?}")), "{err}");
            assert!(
                err.contains("arabic, armenian,") && err.ends_with("yiddish"),
                "{err}"
            );
        }
        let err = Snowball::parse("de").unwrap_err().to_string();
        assert!(err.contains("did you mean \"snowball:german\"?"), "{err}");
        let err = Snowball::parse("kraaij_pohlmann").unwrap_err().to_string();
        assert!(err.contains("did you mean \"snowball:dutch\"?"), "{err}");
        assert!(!Snowball::parse("xx")
            .unwrap_err()
            .to_string()
            .contains("did you mean"));
    }

    /// Two words per algorithm with Snowball 3.1.1's stems (its test vocabularies; PyStemmer
    /// 3.1.0 for arabic, sesotho and tamil, which have none here).
    const GOLDEN: &[(&str, &str, &str)] = &[
        ("arabic", "المكتبات", "مكتب"),
        ("arabic", "كتابهم", "كتاب"),
        ("armenian", "լեյկոպենիա", "լեյկոպենի"),
        ("armenian", "բրոնխիտով", "բրոնխիտ"),
        ("basque", "ikuslearen", "ikuslea"),
        ("basque", "serieko", "seri"),
        ("catalan", "ambulant", "ambul"),
        ("catalan", "arbitrarietat", "arbitrariet"),
        ("czech", "výjimek", "výjimk"),
        ("czech", "průkazem", "průkaz"),
        ("danish", "dyngede", "dynged"),
        ("danish", "overblevne", "overblevn"),
        ("dutch", "bestrijdingsmiddelen", "bestrijdingsmiddel"),
        ("dutch", "verwondering", "verwonder"),
        ("dutch_porter", "kennispool", "kennispol"),
        ("dutch_porter", "bakstenen", "baksten"),
        ("english", "clutched", "clutch"),
        ("english", "signalize", "signal"),
        ("esperanto", "modelon", "model"),
        ("esperanto", "belvida", "belvid"),
        ("estonian", "koduväljakul", "koduväljaku"),
        ("estonian", "endeemid", "endeemi"),
        ("finnish", "fysiikan", "fysiik"),
        ("finnish", "ennakkoluulottomat", "ennakkoluulottom"),
        ("french", "autorisations", "autoris"),
        ("french", "saillant", "saill"),
        ("german", "eintrinken", "eintrink"),
        ("german", "hartnäckiger", "hartnack"),
        ("greek", "παλμική", "παλμικ"),
        ("greek", "παγόβουνα", "παγοβουν"),
        ("hindi", "उपसहसंयोजकता", "उपसहसंयोजक"),
        ("hindi", "रघुनाथजी", "रघुनाथज"),
        ("hungarian", "aranyszerdájával", "aranyszerdá"),
        ("hungarian", "kioltjuk", "kiolt"),
        ("indonesian", "berlabel", "label"),
        ("indonesian", "selametan", "selamet"),
        ("irish", "chamchuairte", "camchuairte"),
        ("irish", "dhúchaisfiú", "dúchaisfiú"),
        ("italian", "prossime", "prossim"),
        ("italian", "consumatore", "consum"),
        ("lithuanian", "politikų", "politik"),
        ("lithuanian", "derlingus", "derl"),
        ("lovins", "maniacs", "maniac"),
        ("lovins", "winnowing", "winnow"),
        ("nepali", "ल्याउनेछ", "ल्याउ"),
        ("nepali", "चम्किदो", "चम्क"),
        ("norwegian", "ergerlige", "erger"),
        ("norwegian", "hovedhensynene", "hovedhensyn"),
        ("persian", "شکاف\u{200c}دار", "شکافدار"),
        ("persian", "ایندی\u{200c}وایر", "ایندیوایر"),
        ("polish", "śmiechu", "śmiech"),
        ("polish", "dwupienna", "dwupienn"),
        ("porter", "breakfasts", "breakfast"),
        ("porter", "fragments", "fragment"),
        ("portuguese", "utópico", "utóp"),
        ("portuguese", "relegado", "releg"),
        ("romanian", "împărțiți", "împărț"),
        ("romanian", "generaţiilor", "gener"),
        ("russian", "перескакивать", "перескакива"),
        ("russian", "примечал", "примеча"),
        ("serbian", "obrazovale", "obrazova"),
        ("serbian", "mehaničko", "mehaničk"),
        ("sesotho", "sebeletsa", "belets"),
        ("sesotho", "ngwanenyana", "ngwane"),
        ("spanish", "descritos", "descrit"),
        ("spanish", "cortadillo", "cortadill"),
        ("swedish", "förgäfves", "förgäfv"),
        ("swedish", "vandringen", "vandring"),
        ("tamil", "புத்தகங்கள்", "புத்தகம்"),
        ("tamil", "பள்ளிக்கு", "பள்ளி"),
        ("turkish", "geçiyordu", "geçiyor"),
        ("turkish", "beldesinde", "belde"),
        ("yiddish", "טובֿלען", "טוב"),
        ("yiddish", "שירעמען", "שירעמ"),
    ];

    #[test]
    fn golden_stems_of_every_algorithm() {
        let mut seen = std::collections::BTreeSet::new();
        for &(id, word, stem) in GOLDEN {
            assert_ne!(word, stem, "a golden word must change");
            assert_eq!(Snowball::parse(id).unwrap().stem(word), stem, "{id} {word}");
            seen.insert(id);
        }
        assert_eq!(
            seen.len(),
            Snowball::all().len(),
            "one golden pair per algorithm"
        );
    }

    /// Stems that tell Snowball 3.1.1 from its neighbours: the signature string's canary.
    #[test]
    fn snowball_3_1_1_canaries() {
        let french = Snowball::parse("french").unwrap();
        // Snowball main from 2026-08-21 (frostem >= 1.20260821.0) strips z': "yeux", "avez".
        assert_eq!(french.stem("z'yeux"), "z'yeux");
        assert_eq!(french.stem("z'avez"), "z'av");
        assert_eq!(french.stem("l'avion"), "avion");
        // Before Snowball 3.1.0 (commit ed15f4b) these stayed "akashin", "hughin".
        let finnish = Snowball::parse("finnish").unwrap();
        assert_eq!(finnish.stem("akashin"), "akash");
        assert_eq!(finnish.stem("hughin"), "hugh");
    }

    #[test]
    fn pin_matches_cargo_toml() {
        let manifest = include_str!("../../Cargo.toml");
        let pin = format!("frostem = {{ version = \"={FROSTEM_VERSION}\"");
        assert!(
            manifest.contains(&pin),
            "Cargo.toml must pin {pin:?}; a new frostem needs new measurements, then new \
             FROSTEM_VERSION and SNOWBALL_VERSION"
        );
        assert_eq!(SNOWBALL_VERSION, "3.1.1");
    }

    #[test]
    fn words_as_is_and_borrowed_when_unchanged() {
        let english = Snowball::parse("english").unwrap();
        assert!(matches!(english.stem("sky"), Cow::Borrowed("sky")));
        assert!(matches!(english.stem(""), Cow::Borrowed("")));
        assert_eq!(english.stem("running"), "run");
        // No case folding (Snowball's letters are lower case), as PyStemmer 3.1.0.
        assert_eq!(english.stem("RUNNING"), "RUNNING");
        assert_eq!(english.stem("Running"), "Run");
        assert_eq!(english.stem("Connections"), "Connect");
        for s in Snowball::all() {
            for w in ["", "a", "’", "\u{0}", "x\u{301}", "ǅǆ", "\u{10ffff}"] {
                let _ = s.stem(w);
            }
        }
    }
}
