//! One interleaving as a sequence diagram, in the visual language of the lesson's 41/42/41
//! figure: lanes for A, the authority (and split authority's independent counter), B and the
//! resource; time runs left to right, one column per step. Grants are arrows carrying
//! `(owner, fence, 授予#n)`, writes are arrows to the resource with their `(fence, seq)`,
//! accepted ones commit a new `max_fence`, rejected ones end in the rejection mark with the
//! comparison that refused them. The current step is highlighted and the steps after it dimmed;
//! a broken property marks its step. Screen readers get the same steps in words.

use super::trace::announce;
use fencing_model::words::{grant, outcome, pair, token};
use fencing_model::{Client, Event, Guard, Note, OpOutcome, OpResult, Outcome, Step, Trace, Violation};
use leptos::prelude::*;

/// Width of one step's column.
pub(super) const COL: f64 = 124.0;
/// Room for the lanes' names.
pub(super) const LEFT: f64 = 96.0;
pub(super) const TOP: f64 = 80.0;
pub(super) const GAP: f64 = 66.0;

/// The diagram's rows, top to bottom, as in the lesson's figure.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lane {
    A,
    Authority,
    Counter,
    B,
    Resource,
}

impl Lane {
    fn name(self) -> &'static str {
        match self {
            Lane::A => "A",
            Lane::Authority => "授权权威",
            Lane::Counter => "独立计数器",
            Lane::B => "B",
            Lane::Resource => "资源",
        }
    }

    fn of(c: Client) -> Lane {
        match c {
            Client::A => Lane::A,
            Client::B => Lane::B,
        }
    }
}

fn lanes(split: bool) -> Vec<Lane> {
    let mut all = vec![Lane::A, Lane::Authority];
    if split {
        all.push(Lane::Counter);
    }
    all.extend([Lane::B, Lane::Resource]);
    all
}

fn y(lanes: &[Lane], lane: Lane) -> f64 {
    TOP + GAP * lanes.iter().position(|l| *l == lane).unwrap_or(0) as f64
}

pub(super) fn x(i: usize) -> f64 {
    LEFT + COL * i as f64 + COL / 2.0
}

/// The outcome's kind, as the diagram marks it and a test reads it (`data-outcome`).
pub fn kind(o: &Outcome) -> &'static str {
    match o {
        Outcome::Granted { .. } => "granted",
        Outcome::Refused { .. } => "refused",
        Outcome::Minted { token: t } if t.grant.is_none() => "minted-unbound",
        Outcome::Minted { .. } => "minted",
        Outcome::Paused => "paused",
        Outcome::Resumed => "resumed",
        Outcome::Expired => "expired",
        Outcome::NoEffect => "no-effect",
        Outcome::Recovered { from_backup: true, .. } => "recovered-from-backup",
        Outcome::Recovered { .. } => "recovered",
        Outcome::Checked { passed: true, .. } => "check-passed",
        Outcome::Checked { .. } => "check-failed",
        Outcome::Accepted { .. } => "accepted",
        Outcome::Rejected { .. } => "rejected",
        Outcome::Skipped => "skipped",
        Outcome::NotReady => "not-ready",
    }
}

/// An arrow between two lanes in one column, its label beside it.
fn arrow(lanes: &[Lane], i: usize, from: Lane, to: Lane, label: String, class: &'static str) -> impl IntoView {
    arrow_at(i, y(lanes, from), y(lanes, to), label, class)
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

/// A mark on one lane with a label above it.
fn mark(lanes: &[Lane], i: usize, lane: Lane, label: String, class: &'static str) -> impl IntoView {
    mark_at(i, y(lanes, lane), label, class)
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

/// What the resource holds after a commit, and whose token wrote it.
fn state(lanes: &[Lane], i: usize, step: &Step, note: &'static str) -> impl IntoView {
    let r = &step.after.resource;
    state_at(i, y(lanes, Lane::Resource), r.max_fence, r.committed.map(token).unwrap_or_default(), note)
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

/// The rejection mark at the resource, with the comparison that refused the write.
fn rejection(lanes: &[Lane], i: usize, text: String) -> impl IntoView {
    let (cx, cy) = (x(i), y(lanes, Lane::Resource));
    view! {
        {rejection_at(cx, cy)}
        <text x=cx y=cy + 28.0 text-anchor="middle" class="sd-label sd-reject-text">{text}</text>
    }
}

/// One step's marks.
fn step_marks(lanes: &[Lane], i: usize, step: &Step, pause_until: Option<usize>) -> AnyView {
    let who = step.event.client().map(Lane::of);
    match (&step.outcome, step.event) {
        (Outcome::Granted { owner, grant: g, token: t }, _) => {
            let label = match t {
                Some(t) => format!("({owner}, {}, {})", t.fence, grant(*g)),
                None => format!("({owner}, {})", grant(*g)),
            };
            arrow(lanes, i, Lane::Authority, Lane::of(*owner), label, "sd-grant").into_any()
        }
        (Outcome::Refused { owner }, _) => mark(lanes, i, Lane::Authority, format!("拒绝：{owner} 仍持租约"), "sd-bad").into_any(),
        (Outcome::Minted { token: t }, Event::Mint(c)) => {
            arrow(lanes, i, Lane::Counter, Lane::of(c), token(*t), if t.grant.is_some() { "sd-grant" } else { "sd-unbound" }).into_any()
        }
        (Outcome::Paused, Event::Pause(c)) => {
            let (x0, x1, ly) = (x(i), x(pause_until.unwrap_or(i)).max(x(i) + COL / 2.0), y(lanes, Lane::of(c)));
            view! {
                <g class="sd-pause">
                    <rect x=x0 y=ly - 8.0 width=x1 - x0 height="16" rx="3"/>
                    <text x=x0 + 4.0 y=ly - 13.0 class="sd-label">"暂停（仍持旧 token）"</text>
                </g>
            }
            .into_any()
        }
        (Outcome::Resumed, Event::Resume(c)) => mark(lanes, i, Lane::of(c), "恢复".to_string(), "sd-neutral").into_any(),
        (Outcome::Expired, Event::Expire(c)) => mark(lanes, i, Lane::Authority, format!("判 {c} 到期"), "sd-neutral").into_any(),
        (Outcome::Recovered { issuer, from_backup }, _) => {
            let label = if *from_backup { format!("旧备份恢复：发号器 {issuer}") } else { format!("持久恢复：{issuer}") };
            // With grant and mint split, the issuer is the independent counter.
            let lane = if lanes.contains(&Lane::Counter) { Lane::Counter } else { Lane::Authority };
            mark(lanes, i, lane, label, if *from_backup { "sd-bad" } else { "sd-neutral" }).into_any()
        }
        (Outcome::Checked { token: t, seq, current, passed, compared }, Event::Check(c)) => {
            let label = match (compared, passed) {
                (false, _) => "自查：不比较".to_string(),
                (true, true) => format!("自查 {} < {} ✓", pair(*current), pair((t.fence, *seq))),
                (true, false) => format!("自查 {} ≥ {} ✗", pair(*current), pair((t.fence, *seq))),
            };
            arrow(lanes, i, Lane::of(c), Lane::Resource, label, "sd-check").into_any()
        }
        (Outcome::Accepted { token: t, seq, guard, .. }, Event::Write(c)) => {
            let note = match guard {
                Guard::Atomic => "",
                Guard::Unchecked => "未检查 token",
                Guard::EarlierCheck => "无条件写入",
            };
            view! {
                {arrow(lanes, i, Lane::of(c), Lane::Resource, pair((t.fence, *seq)), "sd-write")}
                {state(lanes, i, step, note)}
            }
            .into_any()
        }
        (Outcome::Rejected { token: t, seq, current }, Event::Write(c)) => view! {
            {arrow(lanes, i, Lane::of(c), Lane::Resource, pair((t.fence, *seq)), "sd-write sd-stale")}
            {rejection(lanes, i, format!("{} ≥ {}", pair(*current), pair((t.fence, *seq))))}
        }
        .into_any(),
        _ => who.map_or_else(|| ().into_any(), |l| mark(lanes, i, l, outcome(step.event, &step.outcome), "sd-faint").into_any()),
    }
}

/// Where each pause ends: the step of the same client's resume (or the trace's end).
fn pause_ends(trace: &Trace) -> Vec<Option<usize>> {
    trace
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| match s.event {
            Event::Pause(c) => Some(trace.steps[i..].iter().position(|t| t.event == Event::Resume(c)).map_or(trace.steps.len() - 1, |k| i + k)),
            _ => None,
        })
        .collect()
}

/// The picture's frame: the lanes' names in a column of their own that stays in sight while
/// the steps scroll sideways, the lanes, and what `under` and `children` draw on them.
#[component]
pub(super) fn Frame(width: f64, height: f64, lanes: Vec<(&'static str, f64)>, label: String, under: AnyView, children: Children) -> impl IntoView {
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

/// The interleaving as a picture, up to `step` (1-based) highlighted.
#[component]
pub fn SequenceDiagram(trace: Trace, step: usize, violations: Vec<Violation>, notes: Vec<Note>, on_pick: Callback<usize>) -> impl IntoView {
    let split = trace.steps.first().is_some_and(|s| s.after.counter.is_some());
    let lanes = lanes(split);
    let total = trace.steps.len();
    let width = LEFT + COL * total as f64 + 12.0;
    let bottom = y(&lanes, Lane::Resource) + 62.0;
    let ends = pause_ends(&trace);
    let words: Vec<String> = trace.steps.iter().enumerate().map(|(i, s)| announce(s, i + 1, total)).collect();
    let broken_at = |n: usize| violations.iter().any(|v| v.step == n);
    // Below the lanes: each step's column, to highlight, dim, mark as broken and click.
    let bands = (1..=total).map(|n| {
        let x0 = LEFT + COL * (n - 1) as f64;
        view! {
            <rect class="sd-band" class:current={n == step} class:broken={broken_at(n)} x=x0 y="4" width=COL height=bottom - 4.0 rx="6"
                on:click=move |_| on_pick.run(n)/>
        }
    }).collect_view();
    let columns = trace.steps.iter().enumerate().map(|(i, s)| {
        let n = i + 1;
        let broken: Vec<&'static str> = violations.iter().filter(|v| v.step == n).map(|v| v.property.name()).collect();
        let noted: Vec<&'static str> = notes.iter().filter(|x| x.step() == n).map(fencing_model::words::note_tag).collect();
        let x0 = LEFT + COL * i as f64;
        view! {
            <g class="sd-step" class:current={n == step} class:future={n > step}
                data-step=n data-event=s.event.to_string() data-outcome=kind(&s.outcome)
                on:click=move |_| on_pick.run(n)>
                <text x=x0 + COL / 2.0 y="20" text-anchor="middle" class="sd-num">{n}</text>
                <text x=x0 + COL / 2.0 y="38" text-anchor="middle" class="sd-event">{s.event.to_string()}</text>
                {step_marks(&lanes, i, s, ends[i])}
                // The property's name is wider than a column: it ends at the column's right edge.
                {(!broken.is_empty()).then(|| view! {
                    <text x=x0 + COL - 4.0 y=bottom + 14.0 text-anchor="end" class="sd-broken">{format!("⚠ {}", broken.join("、"))}</text>
                })}
                {(!noted.is_empty()).then(|| view! {
                    <text x=x0 + COL / 2.0 y=bottom + 14.0 text-anchor="middle" class="sd-noted">{noted.join("，")}</text>
                })}
            </g>
        }
    }).collect_view();
    let named: Vec<(&'static str, f64)> = lanes.iter().map(|l| (l.name(), y(&lanes, *l))).collect();
    view! {
        <Frame width=width height=bottom + 24.0 lanes=named label=format!("交错的序列图：共 {total} 步，当前第 {step} 步") under=bands.into_any()>
            {columns}
        </Frame>
        <ol id="diagram-steps" class="visually-hidden">{words.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ol>
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
    let words: Vec<String> = operations.iter().enumerate().map(|(i, r)| format!("第 {} 条：{} {} ({},{}) —— {}：{}", i + 1, r.op.key, r.op.digest, r.op.fence, r.op.seq, r.outcome.name(), fencing_model::words::op_note(r))).collect();
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
