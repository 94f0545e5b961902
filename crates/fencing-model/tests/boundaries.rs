//! Each comparison of the protocol and of the findings at its boundary, where a learner or a
//! CLI user would see the difference: the lesson's SQL is strict, so an equal
//! `(fence, op_seq)` is refused; a grant's own later write is no overwrite of a newer term;
//! a fence equal to one already issued is reused.

use fencing_model::checker::{check, DEFAULT_CAP};
use fencing_model::machine::spec::Model;
use fencing_model::{Defects, Finding};

fn found(programs: &str, delay: bool, defects: Defects) -> Vec<&'static str> {
    let model = Model::parse_programs(programs, false, delay).unwrap();
    let run = check(&model, defects, 40, DEFAULT_CAP);
    run.findings.iter().filter(|f| f.path.is_some()).map(|f| f.finding.name()).collect()
}

#[test]
fn an_equal_fence_and_op_seq_is_refused_a_larger_op_seq_applies() {
    // (41,1) then (41,1) under another key: refused, so that key is lost.
    assert_eq!(found("acquire write:1:a write:1:b; acquire", false, Defects::default()), ["lost_operation"]);
    // (41,1) then (41,2): applied; nothing to report.
    assert!(found("acquire write:1:a write:2:b; acquire", false, Defects::default()).is_empty());
}

#[test]
fn a_grants_own_second_write_is_no_overwrite_and_an_older_grants_is() {
    // One holder, two writes: the same grant as the newest committed, no violation.
    assert!(!found("acquire write:1:a write:2:b; acquire", false, Defects::default()).contains(&"revoked_generation_overwrite"));
    // Without the fence check an older grant's write lands over a newer one.
    let lesson = "acquire pause write:2:a; acquire write:1:b";
    assert!(found(lesson, false, Defects::default().with(fencing_model::Defect::NoFence, true)).contains(&"revoked_generation_overwrite"));
}

#[test]
fn a_refused_stale_write_is_the_evidence_and_only_an_older_grants() {
    let lesson = "acquire pause write:2:a; acquire write:1:b";
    assert!(found(lesson, false, Defects::default()).contains(&Finding::StaleRefused.name()));
    // A holder refused by its own term's larger op_seq is not a stale write of an older grant.
    assert!(!found("acquire write:2:a write:1:b; acquire", false, Defects::default()).contains(&Finding::StaleRefused.name()));
}
