//! The report's words at their boundaries: what the page reads of a judgment, a lost or
//! locked-out write read from its cause, what cannot fail here, the headline, the coach's
//! words, the lab chapter's picture and a reused fence's first issue.

use fencing_model::{Defects, Finding};

/// Under precheck a lost write is explained by the separate comparison that refused it, not by
/// the skip that followed (split authority with precheck, the lesson's scenario).
#[test]
fn a_write_refused_by_precheck_is_read_from_its_check() {
    let (text, _) =
        fencing_model::cli::execute(&["explore", "--variant", "split-authority,precheck"]);
    let lost = text.split("反例（lost_operation）").nth(1).unwrap();
    assert!(
        lost.contains(
            "本例中被拒的是当前持有者（见 locked_out）：资源保存着 42（未绑定）写下的 (42,2)，\
             拒绝了它（在写入前的单独比较中，它随后不再写入）"
        ),
        "{lost}"
    );
}

/// What the page reads of a judgment, natively: each kind's class and whether it happened,
/// each part's name, which lines are this app's, and a path's marks step by step (the
/// rollback lab's third interleaving: B, the holder, locked out at step 8 by A's (41,2)).
#[test]
fn the_page_reads_kinds_parts_lines_and_marks() {
    use fencing_model::verdicts::{Kind, Part};
    let classes: Vec<&str> = Kind::ALL.iter().map(|k| k.class()).collect();
    assert_eq!(classes, ["broken", "harm", "expected", "capped", "holds", "by-construction"]);
    let happened: Vec<bool> = Kind::ALL.iter().map(|k| k.happened()).collect();
    assert_eq!(happened, [true, true, true, false, false, false]);
    let parts = [Part::Properties, Part::Progress, Part::Issuer, Part::Notes, Part::Assumptions]
        .map(|p| p.name());
    assert_eq!(parts, ["properties", "progress", "issuer", "notes", "assumptions"]);

    let s = fencing_model::Scenario::lesson(
        fencing_model::Case::Fencing,
        Defects::default().with(fencing_model::Defect::RollbackIssuer, true),
    );
    let report = fencing_model::run(&s).unwrap();
    let v = &report.verdicts;
    let ours: Vec<(&str, bool)> = v.lines().map(|l| (l.finding.name(), l.ours)).collect();
    assert_eq!(
        ours,
        [
            ("revoked_generation_overwrite", false),
            ("unauthorized_accept", false),
            ("locked_out", true),
            ("lost_operation", true),
            ("reused_fence", true)
        ]
    );
    let m = &v.marks[2];
    let at8: Vec<(&str, Kind)> = m.flags_at(8).map(|f| (f.finding.name(), f.kind)).collect();
    assert_eq!(at8, [("locked_out", Kind::Harm), ("lost_operation", Kind::Harm)]);
    assert_eq!(m.flags_at(7).count(), 0);
    assert_eq!(m.tags_at(8), ["op_seq 定胜负"]);
    assert!(m.tags_at(7).is_empty());
    assert_eq!(m.notes_at(8).count(), 1);
    assert_eq!(m.notes_at(7).count(), 0);
    assert_eq!(
        (m.numbered(1), m.numbered(2), m.numbered(6)),
        ("◆ 1".to_string(), "○ 2".to_string(), "○ 6".to_string())
    );
    assert_eq!(v.marks[0].numbered(7), "○ 7");
    assert_eq!(m.title(), "最短反例");
    // A step no finding needs is numbered plainly.
    let correct = fencing_model::Scenario::lesson(fencing_model::Case::Fencing, Defects::default());
    assert_eq!(fencing_model::run(&correct).unwrap().verdicts.marks[2].numbered(3), "3");
}

/// A lost write refused by a newer grant's result reads as the protocol's expected failure, a
/// late one as late; a holder refused by an unbound token's larger fence under split authority
/// may still pass with a new number, and one refused by an equal fence is told so.
#[test]
fn lost_and_locked_readings_follow_their_cause() {
    let retry = "crates/fencing-model/presets/retry-after-failover.json";
    let path = format!("{}/../../{retry}", env!("CARGO_MANIFEST_DIR"));
    let read = |args: &[&str]| {
        fencing_model::cli::execute_with(args, &|p| {
            std::fs::read_to_string(p).map_err(|e| e.to_string())
        })
        .0
    };
    let correct = read(&["explore", "--scenario", &path]);
    assert!(correct.contains("⊘ lost_operation：发生，最短 12 步"), "{correct}");
    assert!(
        correct.contains(
            "本例中这次写入在网络中迟到，到达时较新授予（授予#2）的结果 (42,1) 已经提交，资源按 fence 比较，按设计拒绝它（在提交点）"
        ),
        "{correct}"
    );
    let rollback = read(&["explore", "--scenario", &path, "--variant", "rollback-issuer"]);
    assert!(
        rollback.contains(
            "与持有者的 token 同为 fence 41（fence 被重用）：\
             这次挡住它的只是 op_seq（(41,1) ≥ (41,1)）"
        ),
        "{rollback}"
    );
    // An equal fence under split authority too is a reuse, not a larger number to mint past.
    let both =
        read(&["explore", "--scenario", &path, "--variant", "split-authority,rollback-issuer"]);
    assert!(
        both.contains("（fence 被重用）：这次挡住它的只是 op_seq")
            && !both.contains("拆开发号时，它若再向计数器取号"),
        "{both}"
    );
    let (split, _) = fencing_model::cli::execute(&["explore", "--variant", "split-authority"]);
    assert!(
        split.contains("资源保存着 42（未绑定）写下的 (42,2)，fence 42 大于持有者这次的 41：它带着这个号的写入都会被拒；拆开发号时"),
        "{split}"
    );
}

/// "Cannot fail here" only where it cannot: split authority can mint an unbound number even
/// where no run does; rollback-issuer can reuse a fence only where the authority can crash.
#[test]
fn by_construction_only_where_it_cannot_fail() {
    let run = |args: &[&str]| {
        fencing_model::cli::execute(
            &[&["explore", "--clients", "acquire write:1:a; acquire write:1:b"][..], args].concat(),
        )
        .0
    };
    let split = run(&["--crash", "false", "--variant", "split-authority"]);
    assert!(
        split.contains(
            "✓ unauthorized_accept（未绑定授予的 token 不可产生效果）：成立（全部可达状态）"
        ),
        "{split}"
    );
    let correct = run(&["--crash", "false"]);
    assert!(correct.contains("∅ unauthorized_accept"), "{correct}");
    assert!(correct.contains("本变体里发号器只增不减"), "{correct}");
    let rollback = run(&["--crash", "false", "--variant", "rollback-issuer"]);
    assert!(
        rollback.contains("∅ reused_fence") && rollback.contains("本场景的授权权威不会崩溃"),
        "{rollback}"
    );
    let crash = run(&["--crash", "true", "--variant", "rollback-issuer"]);
    assert!(!crash.contains("∅ reused_fence"), "{crash}");
}

/// The one-line verdict a page keeps in view: read alone it says no more than the report —
/// qualifiers announced where the line has them, what cannot fail said so, this app's harms
/// named beside the lesson's properties.
#[test]
fn the_headline_says_no_more_than_the_report() {
    use fencing_model::{Case, Defect, Scenario};
    let headline = |defects: Defects, seqs: Option<(u64, u64)>| {
        let mut s = Scenario::lesson(Case::Fencing, defects);
        if let Some((a, b)) = seqs {
            (s.op_seq_a, s.op_seq_b) = (a, b);
        }
        fencing_model::run(&s).unwrap().verdicts.headline()
    };
    assert_eq!(
        headline(Defects::default(), None),
        [
            "✓ 已提交资源代际不后退：成立（3 条交错均满足）（限定与依据见下方）",
            "∅ 未绑定授予的 token 不可产生效果：本变体无从违反"
        ]
    );
    let no_fence = headline(Defects::default().with(Defect::NoFence, true), None);
    assert!(no_fence[0].starts_with("✗ 已提交资源代际不后退：违反"), "{no_fence:?}");
    assert_eq!(no_fence.len(), 2, "{no_fence:?}");
    // A rollback with the old holder's op_seq the smaller: the lesson's lines hold by luck, and
    // the reused fence, this app's harm, is named beside them.
    let lucky = headline(Defects::default().with(Defect::RollbackIssuer, true), Some((1, 2)));
    assert_eq!(lucky.last().map(String::as_str), Some("⚠ 本学习台另发现：fence 重用"), "{lucky:?}");
    let split = headline(Defects::default().with(Defect::SplitAuthority, true), None);
    assert!(split[1].starts_with("✗ 未绑定授予的 token 不可产生效果：违反"), "{split:?}");
    // A finding's line, wherever its section: the page finds a line by it.
    let report = fencing_model::run(&Scenario::lesson(Case::Fencing, Defects::default())).unwrap();
    assert_eq!(
        report.verdicts.line(Finding::LockedOut).map(|l| l.finding),
        Some(Finding::LockedOut)
    );
    assert!(
        report.verdicts.line(Finding::KeyCaveat).is_none(),
        "a challenge's goal has no line in the report"
    );
}

/// The coach's words: how close a finding is after a move or in a state, and where one stopped
/// being possible — the lesson's reason only for the newest grant's commit, under the correct
/// protocol, the first time.
#[test]
fn the_coach_says_how_close_and_why_closed() {
    use fencing_model::verdicts::{closed, reach};
    use fencing_model::{Defect, Event};
    assert_eq!(reach(Finding::LockedOut, Some(0), true), "持有者被挡：选它就发生");
    assert_eq!(reach(Finding::LostOperation, Some(0), false), "操作丢失 在这个状态已经发生");
    assert_eq!(reach(Finding::LockedOut, Some(3), false), "持有者被挡 最少还需 3 步");
    assert_eq!(reach(Finding::LockedOut, None, true), "持有者被挡：选它后不再可能");
    let commit = Event::Accepted {
        client: 'B',
        fence: 42,
        grant: 2,
        seq: 1,
        key: 0,
        previous: (0, 0),
        unconditional: false,
    };
    let why = "B 的结果（最新授予）已被资源持久接受；课程说：「fencing 保证新代际业务写入已被资源持久接受后，旧代际不能再覆盖它」。";
    let said = closed(Finding::KeyCaveat, (5, "write B"), false, &commit, true, Defects::default());
    assert!(
        said.starts_with("第 5 步（write B）之后，关键限定 已不可能发生：") && said.ends_with(why),
        "{said}"
    );
    for (again, newest, defects) in [
        (true, true, Defects::default()),
        (false, false, Defects::default()),
        (false, true, Defects::default().with(Defect::Precheck, true)),
    ] {
        let said = closed(Finding::KeyCaveat, (5, "write B"), again, &commit, newest, defects);
        assert!(!said.contains("课程说"), "{said}");
        assert_eq!(said.contains("已不可能再发生"), again, "{said}");
    }
    assert!(!closed(Finding::LockedOut, (5, "write B"), false, &commit, true, Defects::default())
        .contains("课程说"));
}

#[test]
fn the_lab_chapters_picture_says_which_interleaving_and_what_broke_there() {
    use fencing_model::words::shown;
    assert_eq!(
        shown(2, "A 先提交", Some(("revoked_generation_overwrite", 7))),
        "下图：交错 2（A 先提交）——revoked_generation_overwrite 在第 7 步被违反"
    );
    assert_eq!(shown(1, "课文次序", None), "下图：与课文时间线同序的交错 1（课文次序）");
}

/// Under split authority a grant takes no number: the reused fence's first issue is A's mint
/// (step 2), not A's acquire (step 1).
#[test]
fn a_reused_fence_is_first_issued_by_the_mint_under_split_authority() {
    use fencing_model::scenario::{Case, Scenario};
    let d = Defects::default()
        .with(fencing_model::Defect::SplitAuthority, true)
        .with(fencing_model::Defect::RollbackIssuer, true);
    let run = fencing_model::lab::run(&Scenario::lesson(Case::Fencing, d));
    let r = &run.reused_fences[0];
    assert_eq!(
        (r.fence, r.first.step, r.first.owner, r.second.step, r.second.owner),
        (41, 2, 'A', 7, 'B')
    );
}
