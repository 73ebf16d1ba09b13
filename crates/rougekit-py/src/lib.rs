//! `rougekit._core`: the PyO3 glue. It converts Python objects, releases the GIL around the
//! core and maps errors; it decides no number itself.
use pyo3::prelude::*;

mod arrow;
mod convert;
mod corpus;
mod errors;
mod explain;
mod interrupt;
mod perl;
mod pltrdy;
mod readers;
mod scorer;
mod scores;
mod segment;
mod sentences;

/// The extension module.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<scorer::PyEngine>()?;
    m.add_class::<scores::PyBatchScores>()?;
    m.add_class::<scorer::PyExplanation>()?;
    m.add_class::<scores::PyBatchBuilder>()?;
    // Scale-out (rougekit.CorpusAccumulator's streaming mode, rougekit.dask).
    m.add_class::<scores::PyStreamingSums>()?;
    m.add_function(wrap_pyfunction!(scores::exact_sum, m)?)?;
    m.add_function(wrap_pyfunction!(scores::exact_sum_scaled, m)?)?;
    m.add_function(wrap_pyfunction!(scores::poisson_weight, m)?)?;
    m.add_function(wrap_pyfunction!(scores::numpy_resample_means, m)?)?;
    // Many texts against many (rougekit.pairwise, .dedup, .nearest, rougekit.dask.dedup).
    m.add_function(wrap_pyfunction!(corpus::pairwise, m)?)?;
    m.add_function(wrap_pyfunction!(corpus::dedup, m)?)?;
    m.add_function(wrap_pyfunction!(corpus::dedup_edges, m)?)?;
    m.add_function(wrap_pyfunction!(corpus::dedup_resolve, m)?)?;
    m.add_function(wrap_pyfunction!(corpus::nearest, m)?)?;
    m.add_function(wrap_pyfunction!(corpus::mbr, m)?)?;
    m.add_function(wrap_pyfunction!(scorer::normalize_types, m)?)?;
    m.add_function(wrap_pyfunction!(scorer::tokenize, m)?)?;
    m.add_class::<scorer::PyPipeline>()?;
    m.add_function(wrap_pyfunction!(scorer::stem_words, m)?)?;
    m.add_function(wrap_pyfunction!(scorer::stemmer_id, m)?)?;
    m.add_function(wrap_pyfunction!(segment::segment, m)?)?;
    m.add_function(wrap_pyfunction!(segment::segment_joined, m)?)?;
    m.add_function(wrap_pyfunction!(segment::load_mecab_dictionary, m)?)?;
    sentences::register(m)?;
    m.add_function(wrap_pyfunction!(scores::paired_bootstrap, m)?)?;
    m.add_function(wrap_pyfunction!(scores::approximate_randomization, m)?)?;
    // The pltrdy-1.0.1 and rouge-chinese-1.0.3 profiles (rougekit.compat.pltrdy, .rouge_chinese).
    m.add_class::<pltrdy::PyPltrdyScorer>()?;
    m.add_class::<pltrdy::PltrdyExplanationRecord>()?;
    m.add_function(wrap_pyfunction!(pltrdy::pltrdy_pieces, m)?)?;
    m.add_function(wrap_pyfunction!(pltrdy::pltrdy_tokens, m)?)?;
    m.add_function(wrap_pyfunction!(pltrdy::pltrdy_recursion_depths, m)?)?;
    m.add_class::<perl::PerlScorer>()?;
    let base = m.py().get_type::<errors::RougekitError>();
    base.setattr("__module__", "rougekit._core")?; // where it is found (and unpickled) from
    m.add("RougekitError", base)?;
    m.add("PerlFileError", errors::PERL_FILE.get(m.py())?)?;
    m.add("InputTooLargeError", errors::INPUT_TOO_LARGE.get(m.py())?)?;
    m.add_function(wrap_pyfunction!(perl::perl_normalize_types, m)?)?;
    m.add_function(wrap_pyfunction!(perl::perl_builtin_data, m)?)?;
    m.add_function(wrap_pyfunction!(perl::perl_split_summary, m)?)?;
    m.add_function(wrap_pyfunction!(perl::perl_eval_config, m)?)?;
    m.add_function(wrap_pyfunction!(perl::perl_xml_plan, m)?)?;
    m.add_class::<perl::PerlRunPlan>()?;
    m.add_class::<perl::PerlExplanationRecord>()?;
    // The command line's readers (rougekit.cli.fast_input).
    m.add_class::<readers::PyTextChunk>()?;
    m.add_class::<readers::PyJsonlReader>()?;
    m.add_class::<readers::PyLineFilesReader>()?;
    m.add_class::<readers::PyTableReader>()?;
    m.add_function(wrap_pyfunction!(readers::instance_rows, m)?)?;
    // Data frames: zero-copy views of a batch's columns (NumPy, Arrow C stream).
    m.add_class::<arrow::ColumnView>()?;
    m.add_function(wrap_pyfunction!(arrow::arrow_stream, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_views, m)?)?;
    Ok(())
}
