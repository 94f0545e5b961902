//! Imports that must be refused, natively: random bytes, valid exports cut short or with one
//! byte changed, a wrong type at every field of a valid export, deep nesting and huge strings.
//! No panic; a refused file gets a message that names what was wrong (the field, the
//! question, the size).

use super::fuzz::{import, progress};
use crate::record::draft::MAX_ANSWER;
use crate::record::draft::MAX_CONFLICTS;
use crate::storage::transfer::{read_import, MAX_IMPORT_BYTES};
use proptest::prelude::*;
use serde_json::Value;

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_are_refused_with_a_reason(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        if let Err(e) = import(&String::from_utf8_lossy(&bytes)) {
            prop_assert!(!e.trim().is_empty());
        }
    }

    #[test]
    fn a_cut_or_changed_export_is_refused_with_a_reason(
        p in progress(),
        cut in any::<prop::sample::Index>(),
        byte in any::<u8>(),
    ) {
        let json = p.to_pretty_json();
        let at = cut.index(json.len());
        let cut_short = String::from_utf8_lossy(&json.as_bytes()[..at]).into_owned();
        prop_assert!(
            import(&cut_short).is_err(),
            "a document cut at {} of {} was accepted",
            at,
            json.len()
        );
        let mut changed = json.into_bytes();
        changed[at] = byte;
        match import(&String::from_utf8_lossy(&changed)) {
            Ok(q) => prop_assert_eq!(q.check(), Ok(())),
            Err(e) => prop_assert!(!e.trim().is_empty()),
        }
    }
}

/// Every field of a full document: its JSON pointer and the names on the way to it.
fn fields(value: &Value, at: &str, names: &[String], out: &mut Vec<(String, Vec<String>)>) {
    let children: Vec<(String, &Value)> = match value {
        Value::Object(map) => map.iter().map(|(k, v)| (k.clone(), v)).collect(),
        Value::Array(items) => items.iter().enumerate().map(|(i, v)| (i.to_string(), v)).collect(),
        _ => Vec::new(),
    };
    for (name, child) in children {
        let pointer = format!("{at}/{}", name.replace('~', "~0").replace('/', "~1"));
        let names = [names, &[name]].concat();
        out.push((pointer.clone(), names.clone()));
        fields(child, &pointer, &names, out);
    }
}

#[test]
fn a_wrong_type_at_any_field_is_refused_naming_it() {
    let full: Value = serde_json::from_str(include_str!("../fixtures/progress-v5.json")).unwrap();
    let mut all = Vec::new();
    fields(&full, "", &[], &mut all);
    assert!(all.len() > 60, "the fixture has every field: {}", all.len());
    let wrong = [
        Value::Null,
        Value::Bool(true),
        serde_json::json!(-7),
        serde_json::json!(1.5e300),
        serde_json::json!("x"),
        serde_json::json!([]),
        serde_json::json!({}),
    ];
    let mut refused = 0;
    for (pointer, names) in &all {
        for w in &wrong {
            let mut doc = full.clone();
            *doc.pointer_mut(pointer).unwrap() = w.clone();
            match import(&doc.to_string()) {
                Ok(p) => assert_eq!(p.check(), Ok(()), "{pointer} = {w}"),
                Err(e) => {
                    refused += 1;
                    // The message names the field, or the item it belongs to (a question, a
                    // chapter, an experiment, the predictions).
                    let named =
                        names.iter().any(|k| k.parse::<usize>().is_err() && e.contains(k.as_str()));
                    assert!(named, "{pointer} = {w}: {e}");
                }
            }
        }
    }
    assert!(refused > all.len(), "most wrong types are refused ({refused})");
}

#[test]
fn deep_nesting_and_huge_strings_are_refused_without_harm() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(import(&deep).unwrap_err().contains("JSON"));
    let nested = format!(
        r#"{{"version":5,"chapters":{{"intro":{}1{}}}}}"#,
        "[".repeat(5_000),
        "]".repeat(5_000)
    );
    assert!(import(&nested).is_err());
    let long = "字".repeat(MAX_ANSWER + 1);
    let doc = serde_json::json!({ "version": 5, "questions": { "q1": { "current": {
        "answer": long, "revealed": false, "ticked": [], "updated_at": 1 } } } });
    assert_eq!(
        import(&doc.to_string()).unwrap_err(),
        format!("无法作为进度文件导入：题目 q1 的回答超过 {MAX_ANSWER} 字")
    );
    let conflicts = serde_json::json!({ "version": 5, "questions": { "q1": { "current": {
        "answer": "", "revealed": false, "ticked": [], "updated_at": 1,
        "conflicts": vec![serde_json::json!({ "answer": "x", "at": 1 }); MAX_CONFLICTS + 1]
    } } } });
    assert!(import(&conflicts.to_string()).unwrap_err().contains("并行草稿"));
    assert!(read_import("{}", MAX_IMPORT_BYTES + 1).unwrap_err().contains("上限"));
}
