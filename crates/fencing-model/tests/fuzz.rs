//! Fuzzed inputs through every door into the model: the explorer's URL query and its editor's
//! fields (both the one codec), scenario files, and the CLI's arguments. Inputs mix the
//! meaningful (real names and values, edge numbers) with arbitrary text. Invariants: no panic;
//! a refused input gets a message that names what was wrong; whatever is accepted is a valid
//! scenario that reads back the same through the codec.

use fencing_model::cli::{self, Invocation};
use fencing_model::codec::{self, Inputs, Param};
use fencing_model::scenario_file;
use proptest::prelude::*;
use proptest::sample::select;

const NAMES: [&str; 10] =
    ["case", "variant", "issuer", "op-seq", "ops", "clients", "crash", "delay", "bogus", ""];
const VALUES: [&str; 24] = [
    "fencing",
    "operations",
    "model",
    "correct",
    "no-fence",
    "split-authority,rollback-issuer",
    "precheck,no-fence,precheck",
    "40",
    "0",
    "18446744073709551615",
    "18446744073709551616",
    "-1",
    "2,1",
    "1,",
    ",",
    "true",
    "false",
    "order-1 amount=10 41 1;order-1 amount=10 42 1",
    "k d 1",
    "acquire, write 1 k1; acquire, pause, write 2 k2",
    "acquire, write 1 k1; acquire, renew; acquire; acquire; acquire",
    "write 1 k1",
    "授予#1",
    "",
];

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        select(&VALUES[..]).prop_map(String::from),
        any::<String>(),
        "[a-z0-9 ,;=&%-]{0,24}",
        "[0-9]{15,25}"
    ]
}

fn pairs() -> impl Strategy<Value = Vec<(String, String)>> {
    prop::collection::vec((select(&NAMES[..]).prop_map(String::from), value()), 0..6)
}

/// An input that was refused says which: its name, as every form writes it, or its text.
fn names_the_input(message: &str, param: Param, value: &str) -> bool {
    let name = param.name();
    message.contains(name)
        || message.contains(&name.replace('-', "_"))
        || message.contains(value.trim())
}

fn names_a_line_or_input(message: &str) -> bool {
    message.starts_with("场景文件")
        || Param::ALL.iter().any(|p| message.contains(p.name()))
        || message.contains("op_seq")
}

fn accepted_reads_back(s: &fencing_model::scenario::Scenario) -> Result<(), TestCaseError> {
    s.validate().map_err(|e| TestCaseError::fail(format!("accepted an invalid scenario: {e}")))?;
    prop_assert_eq!(codec::from_query(&codec::to_query(s)), Ok(codec::canonical(s)));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    /// The explorer's URL: any query, well-formed or not.
    #[test]
    fn any_url_query_is_read_or_refused_with_a_reason(pairs in pairs(), raw in any::<String>()) {
        let built = pairs
            .iter()
            .map(|(k, v)| format!("{k}={}", v.replace('%', "%25").replace('&', "%26")))
            .collect::<Vec<_>>()
            .join("&");
        for query in [built, raw] {
            match codec::from_query(&query) {
                Ok(s) => accepted_reads_back(&s)?,
                Err(e) => prop_assert!(!e.0.trim().is_empty(), "empty message for {query:?}"),
            }
        }
    }

    /// The editor's fields: each field's text goes through `Inputs::set`, as typed.
    #[test]
    fn each_editor_field_refuses_bad_text_by_name(
        fields in prop::collection::vec((select(&Param::ALL[..]), value()), 1..6),
    ) {
        let mut inputs = Inputs::default();
        for (param, text) in &fields {
            if let Err(e) = inputs.set(*param, text) {
                prop_assert!(names_the_input(&e.0, *param, text), "{param:?} = {text:?}: {e}");
            }
        }
        match inputs.scenario() {
            Ok(s) => accepted_reads_back(&s)?,
            Err(e) => prop_assert!(!e.0.trim().is_empty()),
        }
    }

    /// Scenario files: arbitrary text, and JSON objects built from real and unknown keys with
    /// values of every JSON type. A refusal names the line, or (a value out of range, checked
/// once all are read) the input.
    #[test]
    fn any_scenario_file_is_read_or_refused_at_a_line(
        pairs in pairs(),
        raw in any::<String>(),
        kinds in prop::collection::vec(0u8..5, 6),
    ) {
        let fields: Vec<String> = pairs.iter().enumerate().map(|(i, (k, v))| {
            let v = match kinds[i % kinds.len()] {
                0 => serde_json::Value::String(v.clone()),
                1 => {
                    v.parse::<f64>().map(serde_json::Value::from).unwrap_or(serde_json::Value::Null)
                }
                2 => serde_json::Value::Bool(v.len() % 2 == 0),
                3 => serde_json::json!([v, v]),
                _ => serde_json::json!({ "x": v }),
            };
            format!("  {}: {}", serde_json::Value::String(k.clone()), v)
        }).collect();
        let built = format!("{{\n{}\n}}", fields.join(",\n"));
        for text in [built, raw] {
            match scenario_file::read(&text) {
                Ok(file) => accepted_reads_back(&file.scenario)?,
                Err(e) => prop_assert!(names_a_line_or_input(&e.0), "{text:?}: {e}"),
            }
        }
    }

    /// Every shipped preset, cut short or with one byte changed, is read or refused at a line.
    #[test]
    fn damaged_presets_are_refused_at_a_line(
        which in 0usize..64,
        cut in any::<prop::sample::Index>(),
        byte in any::<u8>(),
    ) {
        let presets = fencing_model::presets::PRESETS;
        let text = presets[which % presets.len()].file;
        let at = cut.index(text.len() + 1);
        let mut damaged = text.as_bytes().to_vec();
        if at < damaged.len() {
            damaged[at] = byte;
        }
        let cut_short = String::from_utf8_lossy(&text.as_bytes()[..at]).into_owned();
        for text in [cut_short, String::from_utf8_lossy(&damaged).into_owned()] {
            match scenario_file::read(&text) {
                Ok(file) => accepted_reads_back(&file.scenario)?,
                Err(e) => prop_assert!(names_a_line_or_input(&e.0), "{e}"),
            }
        }
    }

    /// The CLI's arguments: real flags and commands mixed with arbitrary words, `--flag=value`
    /// too. A refusal is an error message and exit code 2; the lesson's command also runs.
    #[test]
    fn any_command_line_runs_or_is_refused_with_exit_2(
        words in prop::collection::vec(prop_oneof![
            select(&[
                "fencing", "explore", "--json", "--help", "--scenario", "-x", "--case",
                "--variant", "--issuer", "--op-seq", "--ops", "--clients", "--crash", "--delay",
                "--bogus",
            ][..]).prop_map(String::from),
            value(),
            (select(&NAMES[..]), value()).prop_map(|(k, v)| format!("--{k}={v}")),
        ], 0..7),
    ) {
        let read = |path: &str| Err(format!("no file {path}"));
        match cli::parse_with(&words, &read) {
            Ok(Invocation::Help) => {}
            Ok(Invocation::Run { scenario, .. }) => {
                accepted_reads_back(&scenario)?;
                // Running the lesson's cases is cheap; the model case's search is not fuzzed here.
                if scenario.case != fencing_model::scenario::Case::Model {
                    let (out, code) = cli::execute_with(&words, &read);
                    prop_assert!(code == 0 || code == 1, "{words:?} → {code}: {out}");
                }
            }
            Err(e) => {
                prop_assert!(!e.0.trim().is_empty());
                let (out, code) = cli::execute_with(&words, &read);
                prop_assert_eq!(code, 2, "{:?}: {}", words, out);
            }
        }
    }
}
