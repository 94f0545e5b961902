//! The one step table (the lab's interleavings and the explorer's paths) and the padding by
//! display width its columns use.

use crate::defects::Defects;
use crate::path::Step;
use crate::verdicts::Marks;
use crate::words::{self, lease, opt};
use std::fmt::Write;

/// Display width: CJK and full-width characters take two columns.
fn width(s: &str) -> usize {
    s.chars()
        .map(|c| match c as u32 {
            0x1100..=0x115F
            | 0x2E80..=0xA4CF
            | 0xAC00..=0xD7A3
            | 0xF900..=0xFAFF
            | 0xFE30..=0xFE4F
            | 0xFF00..=0xFF60
            | 0xFFE0..=0xFFE6 => 2,
            _ => 1,
        })
        .sum()
}

/// Left-aligned in `w` columns.
pub(super) fn pad(s: &str, w: usize) -> String {
    format!("{s}{}", " ".repeat(w.saturating_sub(width(s))))
}

/// Right-aligned in `w` columns.
pub(super) fn rpad(s: &str, w: usize) -> String {
    format!("{}{s}", " ".repeat(w.saturating_sub(width(s))))
}

/// In `w` columns, right- or left-aligned.
fn align(s: &str, w: usize, right: bool) -> String {
    if right {
        rpad(s, w)
    } else {
        pad(s, w)
    }
}

/// The step table's columns: (header, width, right-aligned, value of a step).
type Column = (&'static str, usize, bool, fn(&Step) -> String);

fn columns(split: bool) -> Vec<Vec<Column>> {
    let resource: Vec<Column> = vec![
        ("max_fence", 9, true, |s| s.after.max_fence.to_string()),
        ("last_seq", 8, true, |s| s.after.last_seq.to_string()),
        ("value", 8, false, |s| opt(&s.after.value)),
        ("writer", 6, false, |s| opt(&s.after.writer)),
        ("token", 12, false, |s| s.after.token.map_or("-".to_string(), words::token)),
    ];
    let authority: Vec<Column> = vec![
        ("generation", 10, true, |s| opt(&s.after.generation)),
        ("owner", 5, false, |s| opt(&s.after.owner)),
        ("lease", 7, false, |s| lease(s.after.lease).0.to_string()),
    ];
    // Split authority's independent counter is a service of its own, apart from the grant.
    let counter: Vec<Column> = vec![("counter", 7, true, |s| opt(&s.after.counter))];
    if split {
        vec![resource, authority, counter]
    } else {
        vec![resource, authority]
    }
}

/// The one step table, for the lab's interleavings and the explorer's paths: a row per step,
/// key steps marked `*`, enabling steps `○`.
pub(crate) fn step_table(
    out: &mut String,
    steps: &[Step],
    keys: &[String],
    d: Defects,
    marks: &Marks,
) {
    let groups = columns(d.split_authority);
    let row = |n: &str, event: &str, cells: Vec<Vec<String>>, result: &str| {
        let groups: Vec<String> = cells.into_iter().map(|g| g.join(" ")).collect();
        format!("{} {} | {} | {}", rpad(n, 5), pad(event, 10), groups.join(" | "), result)
    };
    let header: Vec<Vec<String>> = groups
        .iter()
        .map(|g| g.iter().map(|(h, w, right, _)| align(h, *w, *right)).collect())
        .collect();
    let _ = writeln!(out, "{}", row("#", "event", header, "结果"));
    for (i, step) in steps.iter().enumerate() {
        let cells = groups
            .iter()
            .map(|g| g.iter().map(|(_, w, right, value)| align(&value(step), *w, *right)).collect())
            .collect();
        let n = match (marks.key(i + 1), marks.enabling(i + 1)) {
            (true, _) => format!("*{}", i + 1),
            (_, true) => format!("○{}", i + 1),
            _ => (i + 1).to_string(),
        };
        let _ =
            writeln!(out, "{}", row(&n, &step.action, cells, &words::event(&step.event, keys, d)));
    }
}
