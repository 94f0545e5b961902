//! The explorer's judgment: what the search over every reachable state found, each finding
//! with its shortest path, as sections, lines and marks.

use super::lab::compared;
use super::say::{self, by_construction, chain, lost_reading, none_of, stale_in_search, unfired, why};
use super::{Flag, Kind, Line, Marks, Occurrence, Part, Place, Remark, Section, Verdicts};
use crate::checker::ModelRun;
use crate::findings::{fired, Finding};
use crate::machine::state::Action;
use crate::path::{enabling_steps, Move};
use crate::properties::{Property, BOUND_TO_A_GRANT};
use crate::scenario::Defects;
use crate::words::{assumptions, THREATS};

/// The explorer's verdicts: `moves` are each finding's shortest path (in `Finding::ALL`
/// order) as the machine's moves, `run` the same paths as steps.
pub fn of_search(defects: Defects, crash: bool, delay: bool, run: &ModelRun, moves: &[Option<Vec<Move>>]) -> Verdicts {
    let shortest = |f: Finding| run.finding(f).and_then(|r| r.path.as_ref()).map(Vec::len);
    let line = |f: Finding| {
        let i = Finding::ALL.iter().position(|g| *g == f).unwrap_or(0);
        let r = &run.findings[i];
        let promise = match f {
            Finding::Broken(p) => Some(p.promise()),
            _ => None,
        };
        let mut l = Line {
            finding: f,
            ours: !matches!(f, Finding::Broken(_)),
            kind: Kind::Holds,
            promise,
            verdict: String::new(),
            qualifiers: vec![],
            occurrences: vec![],
        };
        match (&r.path, moves.get(i).and_then(Option::as_ref)) {
            (Some(path), Some(moves)) => {
                let at = r.key_steps.last().copied().unwrap_or(path.len());
                let key: Vec<usize> = r.key_steps.iter().map(|k| k - 1).collect();
                let enabling: Vec<usize> = enabling_steps(moves, &key).into_iter().map(|k| k + 1).collect();
                let names: Vec<String> = path.iter().map(|s| s.action.clone()).collect();
                let (mut kind, mut cause, mut qualifiers) = (Kind::Harm, None, vec![]);
                match f {
                    Finding::Broken(p) => {
                        kind = Kind::Broken;
                        let overwritten = at.checked_sub(2).and_then(|k| path[k].after.token);
                        cause = say::cause(p, &path[at - 1].event, overwritten, defects);
                    }
                    Finding::LockedOut => qualifiers.extend(say::locked_reading(&path[at - 1], defects.split_authority)),
                    Finding::LostOperation => {
                        let defect = key.iter().any(|&k| fired(defects, &moves[k].before, &moves[k].event) != 0);
                        let delivered = matches!(moves[at - 1].action, Action::Deliver(_));
                        let (k, reading) = lost_reading(compared(path, at - 1), delivered, defect);
                        kind = k;
                        qualifiers.push(reading);
                    }
                    Finding::StaleRefused => kind = Kind::Holds,
                    _ => {}
                }
                l.kind = kind;
                // Only the shortest path is read: where a holder can be locked out, a lost
                // operation may also come from that harm, so the line is not called expected.
                if kind == Kind::Expected && shortest(Finding::LockedOut).is_some() {
                    l.kind = Kind::Harm;
                    l.qualifiers.push(say::LOST_ALSO_LOCKED.to_string());
                }
                l.verdict = match f {
                    Finding::Broken(_) => format!("违反，最短反例 {} 步", path.len()),
                    _ => format!("发生，最短 {} 步", path.len()),
                };
                l.occurrences.push(Occurrence {
                    at: Place { path: i, step: at },
                    kind,
                    action: names[at - 1].clone(),
                    why: why(f).to_string(),
                    cause,
                    qualifiers,
                    chain: chain(&r.key_steps, &enabling, &names),
                    key_steps: r.key_steps.clone(),
                    enabling,
                });
            }
            _ if !run.complete => {
                l.kind = Kind::Capped;
                l.verdict = match f {
                    Finding::Broken(_) => "未发现违例（未穷尽）".to_string(),
                    _ => format!("{}（未穷尽）", none_of(f, "已访问的状态")),
                };
            }
            _ => {
                l.verdict = none_of(f, "全部可达状态");
                if let Some(why) = by_construction(f, defects, crash) {
                    (l.kind, l.qualifiers) = (Kind::ByConstruction, vec![why.to_string()]);
                }
                if f == Finding::Broken(Property::RevokedGenerationOverwrite) {
                    l.qualifiers.push(stale_in_search(shortest(Finding::StaleRefused)));
                }
            }
        }
        l
    };
    let lines = |fs: &[Finding]| fs.iter().map(|&f| line(f)).collect::<Vec<_>>();
    let all =
        [Finding::Broken(Property::RevokedGenerationOverwrite), Finding::Broken(Property::UnauthorizedAccept), Finding::UnboundOverwrite];
    let mut remarks = vec![remark(BOUND_TO_A_GRANT.to_string())];
    remarks.extend(run.unfired.iter().map(|&u| remark(unfired(u, defects, crash))));
    let sections = vec![
        Section { part: Part::Properties, title: "性质检查", ours: false, lines: lines(&all), remarks },
        Section {
            part: Part::Progress,
            title: "进展",
            ours: true,
            lines: lines(&[Finding::LockedOut, Finding::LostOperation, Finding::Stuck]),
            remarks: vec![remark(say::PROGRESS_WHEN.into())],
        },
        Section { part: Part::Issuer, title: "发号检查", ours: true, lines: lines(&[Finding::ReusedFence]), remarks: vec![] },
        Section {
            part: Part::Assumptions,
            title: "模型假设",
            ours: false,
            lines: vec![],
            remarks: vec![remark(assumptions(delay)), remark(THREATS.into())],
        },
    ];
    let mut marks: Vec<Marks> = vec![Marks::default(); Finding::ALL.len()];
    for l in sections.iter().flat_map(|s| &s.lines) {
        for o in &l.occurrences {
            let m = &mut marks[o.at.path];
            m.flags.push(Flag {
                step: o.at.step,
                finding: l.finding,
                kind: o.kind,
                label: say::tag(l.finding, o.kind),
                text: o.why.clone(),
            });
            (m.key_steps, m.enabling) = (o.key_steps.clone(), o.enabling.clone());
        }
    }
    // The evidence's own path: an older grant's write refused.
    let stale = Finding::ALL.iter().position(|f| *f == Finding::StaleRefused).unwrap_or(0);
    if let (Some(r), Some(moves)) = (run.findings.get(stale), moves.get(stale).and_then(Option::as_ref)) {
        if let Some(path) = &r.path {
            let key: Vec<usize> = r.key_steps.iter().map(|k| k - 1).collect();
            let f = Finding::StaleRefused;
            marks[stale] = Marks {
                flags: vec![Flag {
                    step: path.len(),
                    finding: f,
                    kind: Kind::Holds,
                    label: say::tag(f, Kind::Holds),
                    text: why(f).to_string(),
                }],
                notes: vec![],
                key_steps: r.key_steps.clone(),
                enabling: enabling_steps(moves, &key).into_iter().map(|k| k + 1).collect(),
            };
        }
    }
    Verdicts { sections, marks }
}

fn remark(text: String) -> Remark {
    Remark { text, at: vec![] }
}
