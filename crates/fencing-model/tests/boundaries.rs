//! Each comparison of the protocol and of the findings at its boundary, where a learner or a
//! CLI user would see the difference: the lesson's SQL is strict, so an equal
//! `(fence, op_seq)` is refused; a grant's own later write is no overwrite of a newer term;
//! a fence equal to one already issued is reused. Then a path's steps at theirs: each step's
//! lanes, its key and enabling steps, its marks. (The report's words at their boundaries are
//! in `readings.rs`.)

use fencing_model::checker::{check, DEFAULT_CAP};
use fencing_model::machine::spec::Programs;
use fencing_model::{Defects, Finding};

fn found(programs: &str, delay: bool, defects: Defects) -> Vec<&'static str> {
    let model = Programs::parse(programs, false, delay).unwrap();
    let run = check(&model, defects, 40, DEFAULT_CAP);
    run.findings.iter().filter(|f| f.path.is_some()).map(|f| f.finding.name()).collect()
}

#[test]
fn an_equal_fence_and_op_seq_is_refused_a_larger_op_seq_applies() {
    // (41,1) then (41,1) under another key: refused, so that key is lost.
    assert_eq!(
        found("acquire write:1:a write:1:b; acquire", false, Defects::default()),
        ["lost_operation"]
    );
    // (41,1) then (41,2): applied; nothing to report.
    assert!(found("acquire write:1:a write:2:b; acquire", false, Defects::default()).is_empty());
}

#[test]
fn a_grants_own_second_write_is_no_overwrite_and_an_older_grants_is() {
    // One holder, two writes: the same grant as the newest committed, no violation.
    assert!(!found("acquire write:1:a write:2:b; acquire", false, Defects::default())
        .contains(&"revoked_generation_overwrite"));
    // Without the fence check an older grant's write lands over a newer one.
    let lesson = "acquire pause write:2:a; acquire write:1:b";
    assert!(found(lesson, false, Defects::default().with(fencing_model::Defect::NoFence, true))
        .contains(&"revoked_generation_overwrite"));
}

#[test]
fn a_refused_stale_write_is_the_evidence_and_only_an_older_grants() {
    let lesson = "acquire pause write:2:a; acquire write:1:b";
    assert!(found(lesson, false, Defects::default()).contains(&Finding::StaleRefused.name()));
    // A holder refused by its own term's larger op_seq is not a stale write of an older grant.
    assert!(!found("acquire write:2:a write:1:b; acquire", false, Defects::default())
        .contains(&Finding::StaleRefused.name()));
}

/// Each step says which lanes of the picture it joins: a grant from the authority, a number
/// from split authority's counter, a delayed write from the network, a pause on its client.
#[test]
fn each_step_names_its_lanes() {
    use fencing_model::machine::Machine;
    use fencing_model::path::{parse_path, replay, steps, Lane};
    let model = Programs::parse("acquire write:1:a pause; acquire write:1:b", false, true).unwrap();
    let split = Defects::default().with(fencing_model::Defect::SplitAuthority, true);
    let lanes = |d: Defects, path: &str| {
        let machine = Machine::new(&model, d, 40);
        let moves = replay(&machine, &parse_path(path).unwrap());
        steps(&machine, &moves).into_iter().map(|s| (s.action, s.from, s.to)).collect::<Vec<_>>()
    };
    let a = Lane::Client('A');
    assert_eq!(
        lanes(Defects::default(), "A.A.deliver-1.A"),
        [
            ("acquire A".to_string(), Lane::Authority, a),
            ("write A".to_string(), a, Lane::Network),
            ("deliver A".to_string(), Lane::Network, Lane::Resource),
            ("pause A".to_string(), a, a),
        ]
    );
    assert_eq!(lanes(split, "A.A")[1], ("mint A".to_string(), Lane::Counter, a));
}

/// A delayed write's delivery depends on its send, not on its client: a resume of the client
/// between them is no enabling step; the expiry that let B in is, with the pause it needed.
#[test]
fn a_delivery_is_enabled_by_its_send_not_by_its_clients_resume() {
    use fencing_model::machine::Machine;
    use fencing_model::path::{parse_path, replay, steps};
    use fencing_model::presets::PRESETS;
    let s = PRESETS.iter().find(|p| p.name == "retry-after-failover").unwrap().read().scenario;
    let machine = Machine::new(&s.model, Defects::default(), s.issuer);
    let moves =
        replay(&machine, &parse_path("A.A.A.expire.B.B.deliver-2.resume-A.deliver-1").unwrap());
    let st = steps(&machine, &moves);
    assert_eq!(st[7].action, "resume A");
    let marks = fencing_model::verdicts::of_path(&machine, &moves, &st);
    assert_eq!(
        marks.flags.iter().map(|f| (f.finding, f.step)).collect::<Vec<_>>(),
        [(Finding::StaleRefused, 9)]
    );
    assert_eq!(marks.enabling, [3, 4]);
    assert!(!marks.key(8) && !marks.enabling(8));
}

/// Every kind of action reads back from its text form.
#[test]
fn a_path_reads_back_from_its_text() {
    use fencing_model::machine::state::Action;
    use fencing_model::path::{parse_path, path_text};
    let all = [
        Action::Step(0),
        Action::Step(3),
        Action::Resume(1),
        Action::Release(2),
        Action::Expire,
        Action::Crash,
        Action::Recover,
        Action::Deliver(0),
        Action::Deliver(5),
    ];
    let text = path_text(&all);
    assert_eq!(text, "A.D.resume-B.release-C.expire.crash.recover.deliver-1.deliver-6");
    assert_eq!(parse_path(&text).unwrap(), all);
    assert!(
        parse_path("deliver-7").is_err()
            && parse_path("resume-E").is_err()
            && parse_path("E").is_err()
    );
}

/// The evidence's path is marked on its own path, and only there.
#[test]
fn the_evidence_is_marked_on_its_own_path() {
    let model = Programs::parse("acquire pause write:2:a; acquire write:1:b", true, false).unwrap();
    let run = check(&model, Defects::default(), 40, DEFAULT_CAP);
    let stale = Finding::ALL.iter().position(|f| *f == Finding::StaleRefused).unwrap();
    let verdicts = fencing_model::verdicts::of_search(Defects::default(), true, false, &run);
    for (i, m) in verdicts.marks.iter().enumerate() {
        let flagged: Vec<Finding> = m.flags.iter().map(|f| f.finding).collect();
        assert_eq!(
            flagged,
            if i == stale { vec![Finding::StaleRefused] } else { vec![] },
            "path {i}"
        );
    }
}

/// Three holders: each resume after an expiry enables its client's stale write, whatever other
/// clients paused in between; the pauses and expiries that freed the lease enable the grants.
#[test]
fn a_resume_enables_its_own_clients_write_across_other_pauses() {
    use fencing_model::machine::Machine;
    use fencing_model::path::{parse_path, replay, steps};
    use fencing_model::presets::PRESETS;
    let s = PRESETS.iter().find(|p| p.name == "three-holders").unwrap().read().scenario;
    let machine = Machine::new(&s.model, Defects::default(), s.issuer);
    let moves =
        replay(&machine, &parse_path("A.A.expire.B.B.expire.C.C.resume-A.A.resume-B.B").unwrap());
    let marks = fencing_model::verdicts::of_path(&machine, &moves, &steps(&machine, &moves));
    assert_eq!(marks.flags.iter().map(|f| f.step).collect::<Vec<_>>(), [10, 12]);
    assert_eq!(marks.enabling, [2, 3, 5, 6, 9, 11]);
}

/// A grant's own second write, with the same fence and a larger op_seq, is no write decided by
/// op_seq over another grant's result: the walk notes nothing there.
#[test]
fn a_grants_own_second_write_gets_no_op_seq_note() {
    use fencing_model::machine::Machine;
    use fencing_model::path::{parse_path, replay, steps};
    let model =
        Programs::parse("acquire write:1:a write:2:b; acquire write:1:c", false, false).unwrap();
    let machine = Machine::new(&model, Defects::default(), 40);
    let moves = replay(&machine, &parse_path("A.A.A").unwrap());
    let marks = fencing_model::verdicts::of_path(&machine, &moves, &steps(&machine, &moves));
    assert_eq!(marks.notes, vec![]);
}
