//! The explorer's judgment: what the search over every reachable state found, each finding
//! with its shortest path, as sections, lines and marks.

use super::read::occurrence;
use super::say::{self, by_construction, none_of, stale_in_search, unfired};
use super::{Kind, Line, Marks, Part, Place, Remark, Section, Verdicts};
use crate::checker::ModelRun;
use crate::defects::Defects;
use crate::findings::Finding;
use crate::properties::{Property, BOUND_TO_A_GRANT};
use crate::words::{assumptions, grouped, THREATS};

/// The explorer's verdicts on what the search `run` found, each finding's shortest path read
/// from its moves and its steps.
pub fn of_search(defects: Defects, crash: bool, delay: bool, run: &ModelRun) -> Verdicts {
    let moves = &run.moves;
    let shortest = |f: Finding| run.finding(f).and_then(|r| r.path.as_ref()).map(Vec::len);
    // Each finding's shortest path read as the one place it happened (a lost operation at the
    // refusal its key steps end at).
    let found = |i: usize| {
        let (r, moves) = (&run.findings[i], moves.get(i)?.as_ref()?);
        let path = r.path.as_ref()?;
        let at = Place { path: i, step: r.key_steps.last().copied().unwrap_or(path.len()) };
        Some(occurrence(r.finding, at, moves, path, r.key_steps.clone(), defects))
    };
    let line = |f: Finding| {
        let i = Finding::ALL.iter().position(|g| *g == f).unwrap_or(0);
        let mut l = Line::of(f, found(i).into_iter().collect());
        match (l.occurrences.first().map(|o| o.kind), shortest(f)) {
            (Some(kind), Some(len)) => {
                l.kind = kind;
                // Only the shortest path is read: where a holder can be locked out, a lost
                // operation may also come from that harm, so the line is not called expected.
                if kind == Kind::Expected && shortest(Finding::LockedOut).is_some() {
                    l.kind = Kind::Harm;
                    l.qualifiers.push(say::LOST_ALSO_LOCKED.to_string());
                }
                l.verdict = match f {
                    Finding::Broken(_) => format!("违反，最短反例 {len} 步"),
                    _ => format!("发生，最短 {len} 步"),
                };
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
                    if defects.split_authority {
                        l.qualifiers.push(say::UNBOUND_NOT_COUNTED.to_string());
                    }
                }
            }
        }
        l
    };
    let lines = |fs: &[Finding]| fs.iter().map(|&f| line(f)).collect::<Vec<_>>();
    let all = [
        Finding::Broken(Property::RevokedGenerationOverwrite),
        Finding::Broken(Property::UnauthorizedAccept),
        Finding::UnboundOverwrite,
    ];
    let mut remarks = vec![remark(BOUND_TO_A_GRANT.to_string())];
    remarks.extend(run.unfired.iter().map(|&u| remark(unfired(u, defects, crash))));
    let sections = vec![
        Section {
            part: Part::Properties,
            title: "性质检查",
            ours: false,
            lines: lines(&all),
            remarks,
        },
        Section {
            part: Part::Progress,
            title: "进展",
            ours: true,
            lines: lines(&[Finding::LockedOut, Finding::LostOperation, Finding::Stuck]),
            remarks: vec![remark(say::PROGRESS_WHEN.into())],
        },
        Section {
            part: Part::Issuer,
            title: "发号检查",
            ours: true,
            lines: lines(&[Finding::ReusedFence]),
            remarks: vec![],
        },
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
            marks[o.at.path].add(l.finding, o);
        }
    }
    // The evidence's own path: an older grant's write refused.
    let stale = Finding::ALL.iter().position(|f| *f == Finding::StaleRefused).unwrap_or(0);
    if let Some(o) = found(stale) {
        marks[stale].add(Finding::StaleRefused, &o);
    }
    let marks = marks
        .into_iter()
        .zip(Finding::ALL)
        .map(|(m, f)| Marks { name: format!("{}（{}）", m.title(), f.name()), ..m.settle() })
        .collect();
    Verdicts { head: vec![extent(run)], sections, marks }
}

/// How far the search went.
fn extent(run: &ModelRun) -> String {
    let transitions = grouped(run.transitions as usize);
    if run.complete {
        format!(
            "搜索：广度优先，遍历全部可达状态——{} 个不同状态，{transitions} 次转移",
            grouped(run.states)
        )
    } else {
        format!(
            "搜索：在上限 {} 个状态处停止，未穷尽（已转移 {transitions} 次）；\
             「未发现」只说明已访问的状态里没有",
            grouped(run.cap)
        )
    }
}

fn remark(text: String) -> Remark {
    Remark { text, at: vec![] }
}
