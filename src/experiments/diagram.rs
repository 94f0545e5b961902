//! The pictures' shared parts — the frame (lane names that stay in sight while the steps
//! scroll sideways), one step's column geometry, arrows, marks, the resource's state and the
//! rejection mark — and the operations case's picture. The paths of the machine are drawn by
//! `sequence`.

use fencing_model::words::pair;
use fencing_model::{OpOutcome, OpResult};
use leptos::prelude::*;

/// Width of one step's column.
pub(super) const COL: f64 = 124.0;
/// Room for the lanes' names.
pub(super) const LEFT: f64 = 96.0;
pub(super) const TOP: f64 = 80.0;
pub(super) const GAP: f64 = 66.0;

pub(super) fn x(i: usize) -> f64 {
    LEFT + COL * i as f64 + COL / 2.0
}

/// An arrow in column `i` from height `y0` to `y1`.
pub(super) fn arrow_at(i: usize, y0: f64, y1: f64, label: String, class: &'static str) -> impl IntoView {
    let x0 = x(i);
    let dir = if y1 > y0 { 1.0 } else { -1.0 };
    view! {
        <g class=format!("sd-arrow {class}")>
            <line x1=x0 y1=y0 + 7.0 * dir x2=x0 y2=y1 - 11.0 * dir marker-end="url(#sd-head)"/>
            // Between the source lane and the next one: never on a lane the arrow crosses.
            <text x=x0 y=y0 + dir * GAP / 2.0 + 4.0 text-anchor="middle" class="sd-label sd-on-line">{label}</text>
        </g>
    }
}

/// A mark in column `i` at height `cy`.
pub(super) fn mark_at(i: usize, cy: f64, label: String, class: &'static str) -> impl IntoView {
    let cx = x(i);
    view! {
        <g class=format!("sd-mark {class}")>
            <circle cx=cx cy=cy r="6"/>
            <text x=cx y=cy - 12.0 text-anchor="middle" class="sd-label">{label}</text>
        </g>
    }
}

/// The resource's `max_fence` after a commit in column `i`, at height `cy`, with who wrote it
/// and how (`note`) below.
pub(super) fn state_at(i: usize, cy: f64, max_fence: u64, by: String, note: &'static str) -> impl IntoView {
    let cx = x(i);
    view! {
        <g class="sd-state">
            <rect x=cx - 52.0 y=cy - 12.0 width="104" height="24" rx="4"/>
            <text x=cx y=cy + 5.0 text-anchor="middle" class="sd-state-text">{format!("max_fence={max_fence}")}</text>
            <text x=cx y=cy + 28.0 text-anchor="middle" class="sd-label">{by}</text>
            <text x=cx y=cy + 43.0 text-anchor="middle" class="sd-label sd-guard">{note}</text>
        </g>
    }
}

/// The picture's frame: the lanes' names in a column of their own that stays in sight while
/// the steps scroll sideways, the lanes, and what `under` and `children` draw on them.
#[component]
pub(super) fn Frame(
    width: f64,
    height: f64,
    lanes: Vec<(&'static str, f64)>,
    label: String,
    under: AnyView,
    children: Children,
) -> impl IntoView {
    let names = lanes.iter().map(|(name, ly)| view! { <text x="10" y=ly + 5.0 class="sd-lane-name">{*name}</text> }).collect_view();
    let lines = lanes.iter().map(|(_, ly)| view! { <line class="sd-lane" x1=LEFT - 6.0 y1=*ly x2=width - 6.0 y2=*ly/> }).collect_view();
    let region = format!("{label}（可横向滚动）");
    view! {
        <div class="diagram-wrap" tabindex="0" role="region" aria-label=region>
            <svg class="diagram-lanes" viewBox=format!("0 0 {LEFT} {height}") width=LEFT aria-hidden="true">{names}</svg>
            <svg class="diagram" viewBox=format!("{LEFT} 0 {} {height}", width - LEFT) width=width - LEFT role="img"
                aria-label=label aria-describedby="diagram-steps">
                <defs>
                    <marker id="sd-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                        <path d="M0,0 L10,5 L0,10 z" class="sd-arrowhead"/>
                    </marker>
                </defs>
                {under}
                {lines}
                {children()}
            </svg>
        </div>
    }
}

/// The operations case as a picture: each operation an arrow to the resource, with its outcome
/// and what the resource holds after it; the effects counted at the end.
#[component]
pub fn OperationsDiagram(operations: Vec<OpResult>, effects: usize) -> impl IntoView {
    let (requests, resource) = (TOP, TOP + GAP * 1.6);
    let total = operations.len();
    let width = LEFT + COL * total as f64 + 12.0;
    let bottom = resource + 58.0;
    let words: Vec<String> = operations
        .iter()
        .enumerate()
        .map(|(i, r)| {
            format!(
                "第 {} 条：{} {} ({},{}) —— {}：{}",
                i + 1,
                r.op.key,
                r.op.digest,
                r.op.fence,
                r.op.seq,
                r.outcome.name(),
                fencing_model::words::op_note(r)
            )
        })
        .collect();
    let columns = operations.into_iter().enumerate().map(|(i, r)| {
        let cx = x(i);
        let x0 = LEFT + COL * i as f64;
        // Under the resource: the outcome, and on a second line what it did or why.
        let (detail, mark) = match r.outcome {
            OpOutcome::Applied => (format!("效果 #{}", r.effect.unwrap_or(0)), view! {
                <g class="sd-state">
                    <rect x=cx - 52.0 y=resource - 12.0 width="104" height="24" rx="4"/>
                    <text x=cx y=resource + 5.0 text-anchor="middle" class="sd-state-text">{pair((r.max_fence, r.last_seq))}</text>
                </g>
            }.into_any()),
            OpOutcome::Duplicate => (format!("返回原结果 #{}", r.effect.unwrap_or(0)), view! {
                <g class="sd-mark sd-neutral"><circle cx=cx cy=resource r="6"/></g>
            }.into_any()),
            OpOutcome::Conflict => ("同键异参".to_string(), rejection_at(cx, resource).into_any()),
            OpOutcome::Stale => (format!("{} ≥ {}", pair(r.before), pair((r.op.fence, r.op.seq))), rejection_at(cx, resource).into_any()),
        };
        let refused = matches!(r.outcome, OpOutcome::Conflict | OpOutcome::Stale);
        view! {
            <g class="sd-step" data-step=i + 1 data-outcome=r.outcome.name()>
                <rect class="sd-band" x=x0 y="4" width=COL height=bottom - 4.0 rx="6"/>
                <text x=x0 + COL / 2.0 y="20" text-anchor="middle" class="sd-num">{i + 1}</text>
                <text x=x0 + COL / 2.0 y="38" text-anchor="middle" class="sd-event">{r.op.key.clone()}</text>
                <text x=x0 + COL / 2.0 y="53" text-anchor="middle" class="sd-label">{r.op.digest.clone()}</text>
                <g class="sd-arrow sd-write">
                    <line x1=cx y1=requests + 7.0 x2=cx y2=resource - 13.0 marker-end="url(#sd-head)"/>
                    <text x=cx y=(requests + resource) / 2.0 + 4.0 text-anchor="middle" class="sd-label sd-on-line">{pair((r.op.fence, r.op.seq))}</text>
                </g>
                {mark}
                <text x=cx y=resource + 28.0 text-anchor="middle" class="sd-outcome" class:sd-refused=refused>{r.outcome.name()}</text>
                <text x=cx y=resource + 43.0 text-anchor="middle" class="sd-label" class:sd-refused=refused>{detail}</text>
            </g>
        }
    }).collect_view();
    view! {
        <Frame width=width height=bottom + 24.0 lanes=vec![("业务请求", requests), ("资源", resource)]
            label=format!("operations 的序列图：共 {total} 条操作，效果数 {effects}") under=().into_any()>
            {columns}
            <text x=LEFT y=bottom + 14.0 class="sd-effects">{format!("效果数：{effects}")}</text>
        </Frame>
        <ol id="diagram-steps" class="visually-hidden">{words.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ol>
    }
}

/// The rejection mark at a point.
pub(super) fn rejection_at(cx: f64, cy: f64) -> impl IntoView {
    view! {
        <g class="sd-reject" transform=format!("translate({cx} {cy})")>
            <circle r="10"/>
            <path d="M-4.5 -4.5 L4.5 4.5 M4.5 -4.5 L-4.5 4.5"/>
        </g>
    }
}
