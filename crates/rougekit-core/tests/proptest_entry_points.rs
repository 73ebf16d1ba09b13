//! Property tests of the core's entry points on arbitrary input: no panic anywhere, every
//! rouge-score-profile score in [0, 1], and the thread count never changing a bit.
//! `PROPTEST_CASES=100000 cargo test --release -p rougekit-core --test proptest_entry_points`
//! scales a run up; the default keeps `cargo test` quick.
use proptest::prelude::*;
use rougekit_core::perl::eval_config;
use rougekit_core::perl::files::{sentences, SummaryFormat};
use rougekit_core::perl::text::spl_sentences;
use rougekit_core::Pipeline;
use rougekit_core::{Engine, EngineConfig, Pair};

const TYPES: [&str; 8] = [
    "rouge1",
    "rouge3",
    "rougeL",
    "rougeLsum",
    "rougeW-1.2",
    "rougeS4",
    "rougeSU*",
    "rougeS*",
];

/// Text from a small alphabet (so tokens repeat and match), any character, and separators.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-c .\n]{0,60}",
        "[a-zA-Z0-9 \n\t\r.,'İK]{0,80}",
        any::<String>(),
        proptest::collection::vec("(the|cat|sat|on|mat|running|runs|\n| )", 0..40)
            .prop_map(|v| v.join(" ")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn scores_are_in_range_and_thread_invariant(
        pred in text(),
        refs in proptest::collection::vec(text(), 1..4),
        stem in any::<bool>(),
    ) {
        let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
        let pairs: Vec<Pair<'_>> = (0..80).map(|_| Pair { prediction: &pred, references: &refs }).collect();
        let one = Engine::new(EngineConfig::parse(&TYPES, stem, 1).unwrap()).score_texts(&pairs).unwrap();
        let two = Engine::new(EngineConfig::parse(&TYPES, stem, 2).unwrap()).score_texts(&pairs).unwrap();
        for (t, name) in TYPES.iter().enumerate() {
            let s = one.get(0, t);
            for v in [s.precision, s.recall, s.fmeasure] {
                prop_assert!((0.0..=1.0).contains(&v), "{name} = {v}");
            }
            for i in 0..pairs.len() {
                prop_assert_eq!(one.get(i, t), two.get(i, t));
            }
        }
        let _ = Pipeline::rouge_score(stem).tokens(&pred);
    }

    #[test]
    fn summary_readers_never_panic(data in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = spl_sentences(&data);
        for format in [SummaryFormat::Spl, SummaryFormat::See, SummaryFormat::Isi, SummaryFormat::Simple] {
            let _ = sentences(&data, format);
        }
    }

    #[test]
    fn xml_configurations_never_panic(
        body in "(<|>|/|=|\"|&|;|EVAL|ID|P|M|PEERS|MODELS|!ENTITY|!DOCTYPE|a|1| |\n){0,80}"
    ) {
        let _ = eval_config::parse(&body);
        let _ = eval_config::parse(&format!("<R><EVAL ID=\"1\"><PEERS>{body}</PEERS></EVAL></R>"));
    }
}
