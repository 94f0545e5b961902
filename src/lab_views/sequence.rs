//! A path of the one machine — one of the lab's interleavings or a counterexample the
//! checker found — as a sequence diagram in the visual language of the lesson's 41/42/41
//! figure: lanes for the clients, the authority (and split authority's independent counter),
//! the network (when writes may be delayed) and the resource; time runs downwards, one row
//! per step (see `diagram`). Grants are arrows carrying `(owner, fence, 授予#n)`, writes arrows to
//! the resource with their `(fence, seq)`; accepted ones commit a new `max_fence`, rejected ones
//! end in the rejection mark with the comparison that refused them. The current step is
//! highlighted and the steps after it dimmed; a finding marks its step, key steps carry ◆.
//! Screen readers get the same steps in words. The lanes and one step's marks on them are in
//! `sequence_marks.rs`.
use super::diagram::{gutter, rows, Frame, Row, BELOW, LINE, STATE_BELOW};
use super::sequence_marks::Lanes;
use super::trace::announce;
use fencing_model::verdicts::{Kind, Marks};
use fencing_model::{Defects, Event, Step};
use leptos::prelude::*;

/// A step's kind, as the diagram marks it and a test reads it (`data-outcome`).
pub fn kind(e: &Event<u64, char>) -> &'static str {
    match e {
        Event::Granted { .. } => "granted",
        Event::Holds { .. } => "holds",
        Event::Minted { grant: 0, .. } => "minted-unbound",
        Event::Minted { .. } => "minted",
        Event::Paused { .. } => "paused",
        Event::Resumed { .. } => "resumed",
        Event::Released { .. } => "released",
        Event::Renewed { ok: true, .. } => "renewed",
        Event::Renewed { .. } => "renew-failed",
        Event::Expired { .. } => "expired",
        Event::Crashed => "crashed",
        Event::Recovered { from_backup: true, .. } => "recovered-from-backup",
        Event::Recovered { .. } => "recovered",
        Event::Checked { passed: true, .. } => "check-passed",
        Event::Checked { .. } => "check-failed",
        Event::Skipped { .. } => "skipped",
        Event::Sent { .. } => "sent",
        Event::Accepted { .. } => "accepted",
        Event::Rejected { .. } => "rejected",
        Event::Duplicate { .. } => "duplicate",
    }
}

/// How far below its line a step's row reaches: room for the resource's state or a refusal's
/// comparison.
fn below(e: &Event<u64, char>) -> f64 {
    match e {
        Event::Accepted { .. } => STATE_BELOW,
        Event::Rejected { .. } => 36.0,
        _ => BELOW,
    }
}

/// Where each pause ends: the row of the same client's resume (or the path's end).
fn pause_ends(steps: &[Step]) -> Vec<usize> {
    steps
        .iter()
        .enumerate()
        .map(|(i, s)| match s.event {
            Event::Paused { client, .. } => steps[i..]
                .iter()
                .position(|t| matches!(t.event, Event::Resumed { client: c, .. } if c == client))
                .map_or(steps.len() - 1, |k| i + k),
            _ => i,
        })
        .collect()
}

/// The path as a picture, up to `step` (1-based) highlighted. Each row and band carries its
/// `data-step`, so the path view moves the highlight without drawing the picture again.
#[component]
pub fn SequenceDiagram(
    /// Names this picture's ids apart from another's on the same page.
    #[prop(into)]
    id: String,
    steps: Vec<Step>,
    step: usize,
    marks: Marks,
    clients: usize,
    network: bool,
    keys: Vec<String>,
    defects: Defects,
    on_pick: Callback<usize>,
) -> impl IntoView {
    let l = Lanes::new(clients, defects.split_authority, network);
    let total = steps.len();
    let ends = pause_ends(&steps);
    let words: Vec<String> =
        steps.iter().enumerate().map(|(i, s)| announce(s, i + 1, total, &keys, defects)).collect();
    // Each step's text lines under its row: a finding's names, then one tag a line.
    let flagged = |n: usize| marks.flags_at(n).next().is_some();
    let lines = |n: usize| marks.tags_at(n).len() + usize::from(flagged(n));
    let extra = |n: usize| if lines(n) == 0 { 0.0 } else { LINE * lines(n) as f64 + 4.0 };
    let rows = rows(l.width, steps.iter().enumerate().map(|(i, s)| below(&s.event) + extra(i + 1)));
    let height = rows.last().map_or(0.0, |r| r.top + r.height) + 4.0;
    // The gravest kind marked at a step: a violation or harm in red, an expected failure apart.
    let worst = |n: usize| marks.flags_at(n).map(|f| f.kind).min();
    // Under the lanes: each step's row, to highlight, dim, mark as broken and click.
    let bands = rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let n = i + 1;
            view! {
                <rect
                    class="sd-band"
                    class:current={n == step}
                    data-step=n
                    class:broken=matches!(worst(n), Some(Kind::Broken | Kind::Harm))
                    class:expected=worst(n) == Some(Kind::Expected)
                    x="2"
                    y=r.top
                    width=l.width - 4.0
                    height=r.height
                    rx="6"
                    on:click=move |_| on_pick.run(n)
                />
            }
        })
        .collect_view();
    let columns = steps
        .iter()
        .zip(&rows)
        .enumerate()
        .map(|(i, (s, r))| {
            let n = i + 1;
            let flags: Vec<String> =
                marks.flags_at(n).map(|f| format!("{} {}", f.kind.sign(), f.label)).collect();
            let gravest = worst(n).map_or("", Kind::class);
            let (key, enabling) = (marks.key(n), marks.enabling(n));
            view! {
                <g
                    class="sd-step"
                    class:current={n == step}
                    class:future={n > step}
                    class:key=key
                    class:enabling=enabling
                    data-step=n
                    data-event=s.action.clone()
                    data-outcome=kind(&s.event)
                    on:click=move |_| on_pick.run(n)
                >
                    {gutter(*r, marks.numbered(n), s.action.clone())}
                    {super::sequence_marks::marks(&l, *r, s, &keys, defects, rows[ends[i]])}
                    {text_lines(*r, below(&s.event), flags, gravest, marks.tags_at(n))}
                </g>
            }
        })
        .collect_view();
    let named: Vec<(String, f64)> =
        l.order.iter().map(|&lane| l.name(lane)).zip(l.xs.iter().copied()).collect();
    view! {
        <Frame
            id=id.clone()
            width=l.width
            height=height
            lanes=named
            label=format!(
                "序列图：共 {total} 步（当前一步高亮，之后的步骤变淡）",
            )
            under=bands.into_any()
        >
            {columns}
        </Frame>
        <ol id=format!("{id}-steps") class="visually-hidden">
            {words.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}
        </ol>
    }
}

/// A step's text lines under its row (`under` below its top): the findings' names, in the
/// gravest one's colour, then one tag a line.
fn text_lines(
    r: Row,
    under: f64,
    flags: Vec<String>,
    gravest: &'static str,
    noted: Vec<&'static str>,
) -> impl IntoView {
    let first = usize::from(!flags.is_empty());
    view! {
        {(!flags.is_empty())
            .then(|| {
                view! {
                    <text
                        x="6"
                        y=r.under(under + 12.0, 0)
                        class=format!("sd-broken kind-{gravest}")
                    >
                        {flags.join("、")}
                    </text>
                }
            })}
        {noted
            .into_iter()
            .enumerate()
            .map(|(k, tag)| {
                view! {
                    <text x="6" y=r.under(under + 12.0, k + first) class="sd-noted">
                        {tag}
                    </text>
                }
            })
            .collect_view()}
    }
}
