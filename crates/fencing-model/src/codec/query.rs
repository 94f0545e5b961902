//! The URL query form of a scenario: `to_query` writes the inputs that differ from the
//! lesson's, `from_query` reads them back (skipping the page's own view parameters).

use super::{decode, encode, named, CodecError, Param};
use crate::experiment::Experiment;
use crate::scenario::Scenario;

fn query(pairs: Vec<(Param, String)>) -> String {
    let mut q = form_urlencoded::Serializer::new(String::new());
    for (p, v) in pairs {
        q.append_pair(p.name(), &v);
    }
    q.finish()
}

/// The scenario's inputs as a URL query (without `?`).
pub fn to_query(s: &Scenario) -> String {
    query(encode(s))
}

/// The query of an experiment on the lesson's inputs: `to_query` of that scenario, without
/// building it (the progress page links each experiment to its view).
pub fn experiment_query(e: Experiment) -> String {
    query(named(e))
}

/// Read a scenario from a URL query (with or without `?`). Names that are not scenario inputs
/// belong to the page's own view state (the interleaving, the step) and are skipped here.
pub fn from_query(query: &str) -> Result<Scenario, CodecError> {
    let pairs: Vec<(String, String)> =
        form_urlencoded::parse(query.trim_start_matches('?').as_bytes())
            .filter(|(k, _)| Param::from_name(k).is_some())
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
    decode(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
}
