//! The lab's judgment: every interleaving of the lesson's schedule, judged by `lab::run`,
//! as sections, lines and marks.

use super::read::occurrence;
use super::say::{
    self, by_construction, harm, none_of, note, note_tag, reused_fence, stale_in_lab, unfired,
};
use super::{worst, Kind, Line, Marks, Part, Place, Remark, Section, Verdicts};
use crate::findings::Finding;
use crate::lab::{FencingRun, Hit, LAB_FINDINGS};
use crate::path::Move;
use crate::properties::{Property, BOUND_TO_A_GRANT};
use crate::scenario::Scenario;
use crate::words::{
    assumptions, interleaving_name, OP_SEQ_WHY, SPLIT_ORDER, SPLIT_OTHER_ORDERS, THREATS,
};

/// The lab's verdicts on `run`, the lab's interleavings of scenario `s`.
pub fn of_lab(s: &Scenario, run: &FencingRun) -> Verdicts {
    let all = &run.moves;
    let n = run.interleavings;
    let over = format!("{n} 条交错");
    let d = s.defects;
    let occurrence = |h: &Hit| {
        let (moves, trace) = (&all[h.interleaving - 1], &run.traces[h.interleaving - 1]);
        let at = Place { path: h.interleaving - 1, step: h.step };
        occurrence(h.finding, at, moves, &trace.steps, h.key_steps.clone(), d)
    };
    let line = |f: Finding| {
        let mut l = Line::of(f, run.hits(f).map(occurrence).collect());
        // One occurrence of a finding per interleaving at most.
        let hit = l.occurrences.len();
        match worst(l.occurrences.iter().map(|o| o.kind)) {
            Some(kind) if matches!(f, Finding::Broken(_)) => {
                (l.kind, l.verdict) = (kind, format!("违反（{hit}/{n} 条交错）"))
            }
            Some(kind) => (l.kind, l.verdict) = (kind, format!("发生（{hit}/{n} 条交错）")),
            None => {
                l.verdict = none_of(f, &format!("{n} 条交错均满足"));
                if !matches!(f, Finding::Broken(_)) {
                    l.verdict = none_of(f, &over);
                }
                if let Some(why) = by_construction(f, d, true) {
                    (l.kind, l.qualifiers) = (Kind::ByConstruction, vec![why.to_string()]);
                }
                if f == Finding::Broken(Property::RevokedGenerationOverwrite) {
                    l.qualifiers.push(stale_in_lab(stale(all), n));
                    if d.split_authority {
                        l.qualifiers.push(say::UNBOUND_NOT_COUNTED.to_string());
                    }
                }
            }
        }
        l
    };
    let mut properties = Section {
        part: Part::Properties,
        title: "性质检查",
        ours: false,
        lines: vec![],
        remarks: vec![],
    };
    properties.lines = LAB_FINDINGS[..2].iter().map(|&f| line(f)).collect();
    properties.remarks.push(remark(BOUND_TO_A_GRANT.to_string()));
    properties.remarks.extend(run.unfired.iter().map(|&u| remark(unfired(u, d, true))));
    let mut progress = Section {
        part: Part::Progress,
        title: "进展",
        ours: true,
        lines: vec![],
        remarks: vec![remark(say::PROGRESS_WHEN.into())],
    };
    progress.lines = LAB_FINDINGS[2..].iter().map(|&f| line(f)).collect();
    let issuer = Section {
        part: Part::Issuer,
        title: "发号检查",
        ours: true,
        lines: vec![issuer_line(run, s, &over)],
        remarks: vec![],
    };
    let notes =
        Section {
            part: Part::Notes, title: "注", ours: false, lines: vec![], remarks: notes(run)
        };
    let assumed = Section {
        part: Part::Assumptions,
        title: "模型假设",
        ours: false,
        lines: vec![],
        remarks: vec![remark(assumptions(false)), remark(THREATS.into())],
    };
    let sections = vec![properties, progress, issuer, notes, assumed];
    let marks = (1..=n).map(|i| marks(&sections, run, i)).collect();
    let mut head = Vec::new();
    if s.op_seq_a > s.op_seq_b && !d.no_fence {
        head.push(OP_SEQ_WHY.into());
    }
    if d.split_authority {
        head.extend([SPLIT_ORDER, SPLIT_OTHER_ORDERS].map(String::from));
    }
    Verdicts { head, sections, marks }
}

fn remark(text: String) -> Remark {
    Remark { text, at: vec![] }
}

/// In how many interleavings an older grant's write arrived after a newer grant's commit.
fn stale(all: &[Vec<Move>]) -> usize {
    all.iter()
        .filter(|moves| moves.iter().any(|m| Finding::StaleRefused.made_by(&m.before, &m.event)))
        .count()
}

/// The issuer check: a fence given to two grants, and what it did.
fn issuer_line(run: &FencingRun, s: &Scenario, over: &str) -> Line {
    let f = Finding::ReusedFence;
    let mut l = Line::of(f, vec![]);
    l.verdict = none_of(f, over);
    if let Some(why) = by_construction(f, s.defects, true) {
        (l.kind, l.qualifiers) = (Kind::ByConstruction, vec![why.to_string()]);
    }
    for r in &run.reused_fences {
        (l.kind, l.verdict) = (Kind::Harm, "发生".to_string());
        l.qualifiers = vec![reused_fence(r), harm(r)];
        if r.harm.iter().all(Option::is_none) {
            l.qualifiers.push(say::HARMLESS_BY_LUCK.to_string());
        }
    }
    l
}

/// Each kind of note once, with every place it occurs.
fn notes(run: &FencingRun) -> Vec<Remark> {
    let mut said: Vec<Remark> = Vec::new();
    for n in &run.notes {
        let (text, at) = (note(n), Place { path: n.interleaving() - 1, step: n.step() });
        match said.iter_mut().find(|r| r.text == text) {
            Some(r) => r.at.push(at),
            None => said.push(Remark { text, at: vec![at] }),
        }
    }
    said
}

/// What interleaving `i` (1-based) marks: its findings' occurrences and its notes.
fn marks(sections: &[Section], run: &FencingRun, i: usize) -> Marks {
    let mut m = Marks {
        name: interleaving_name(i - 1),
        order: run.traces[i - 1].events[run.prefix_len..].join(" → "),
        ..Marks::default()
    };
    for l in sections.iter().flat_map(|s| &s.lines) {
        for o in l.occurrences.iter().filter(|o| o.at.path == i - 1) {
            m.add(l.finding, o);
        }
    }
    m.notes = run.notes_on(i).map(|n| (n.step(), note_tag(n), note(n))).collect();
    m.settle()
}
