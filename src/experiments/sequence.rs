//! A path of the one machine — one of the lab's interleavings or a counterexample the
//! checker found — as a sequence diagram in the visual language of the lesson's 41/42/41
//! figure: lanes for the clients, the authority (and split authority's independent counter),
//! the network (when writes may be delayed) and the resource; time runs downwards, one row
//! per step (see `diagram`). Grants are arrows carrying `(owner, fence, 授予#n)`, writes arrows to
//! the resource with their `(fence, seq)`; accepted ones commit a new `max_fence`, rejected ones
//! end in the rejection mark with the comparison that refused them. The current step is
//! highlighted and the steps after it dimmed; a finding marks its step, key steps carry ◆.
//! Screen readers get the same steps in words.

use super::diagram::{
    arrow_at, gutter, lanes, mark_at, rejection_at, rows, state_at, Frame, Row, BELOW, LINE,
    STATE_BELOW,
};
use super::trace::announce;
use fencing_model::machine::client_name;
use fencing_model::path::Lane;
use fencing_model::verdicts::Marks;
use fencing_model::words::{grant, pair, token};
use fencing_model::{Defects, Event, Step, Token};
use leptos::prelude::*;

/// The diagram's lanes, left to right: A, the authority, the counter, the other clients, the
/// network, the resource (the lesson's figure has A above the authority and B below it).
struct Lanes {
    order: Vec<Lane>,
    xs: Vec<f64>,
    width: f64,
}

impl Lanes {
    fn new(clients: usize, split: bool, network: bool) -> Lanes {
        let mut order = vec![Lane::Client('A'), Lane::Authority];
        if split {
            order.push(Lane::Counter);
        }
        order.extend((1..clients).map(|i| Lane::Client(client_name(i))));
        if network {
            order.push(Lane::Network);
        }
        order.push(Lane::Resource);
        let (xs, width) = lanes(order.len());
        Lanes { order, xs, width }
    }

    /// A lane's heading. The counter's lane (split authority) stands beside the authority's and
    /// the two headings share the room of one: short names there; the step table keeps the full.
    fn name(&self, lane: Lane) -> String {
        let crowded = self.order.contains(&Lane::Counter);
        match lane {
            Lane::Client(c) => c.to_string(),
            Lane::Authority if crowded => "权威".into(),
            Lane::Authority => "授权权威".into(),
            Lane::Counter => "计数器".into(),
            Lane::Network => "网络".into(),
            Lane::Resource => "资源".into(),
        }
    }

    /// A lane's x; a lane the picture lacks is a bug in the step's lanes, drawn at the edge
    /// where a test that measures the picture sees it.
    fn x(&self, lane: Lane) -> f64 {
        self.order.iter().position(|l| *l == lane).map_or(self.width, |i| self.xs[i])
    }
}

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

fn tok(fence: u64, g: u8) -> String {
    token(Token { fence, grant: (g != 0).then_some(g) })
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

/// One step's marks on the lanes, on row `r`; `pause_until` is the row where a pause ends.
fn marks(l: &Lanes, r: Row, step: &Step, keys: &[String], d: Defects, pause_until: Row) -> AnyView {
    let key = |k: u8| {
        keys.get(k as usize).filter(|k| !k.is_empty()).map_or(String::new(), |k| format!("key={k}"))
    };
    // The model says which lanes a step joins: a delayed write arrives from the network.
    let (from, to) = (l.x(step.from), l.x(step.to));
    match step.event {
        Event::Granted { client, fence: 0, grant: g } => {
            arrow_at(r, from, to, format!("({client}, {})", grant(g)), "sd-grant").into_any()
        }
        Event::Granted { client, fence, grant: g } => {
            arrow_at(r, from, to, format!("({client}, {fence}, {})", grant(g)), "sd-grant")
                .into_any()
        }
        Event::Minted { fence, grant: g, .. } => {
            arrow_at(r, from, to, tok(fence, g), if g == 0 { "sd-unbound" } else { "sd-grant" })
                .into_any()
        }
        Event::Holds { .. } => mark_at(r, from, "已持有租约".into(), "sd-neutral").into_any(),
        Event::Paused { fence, .. } => {
            let (y0, y1, lx) = (r.line(), pause_until.line().max(r.line() + 20.0), from);
            let label = if fence == 0 {
                "暂停（未持 token）".to_string()
            } else {
                format!("暂停，仍持 {fence}")
            };
            view! {
                <g class="sd-pause">
                    <rect x=lx - 8.0 y=y0 width="16" height=y1 - y0 rx="3" />
                    <text x=lx + 14.0 y=y0 + 4.0 class="sd-label">
                        {label}
                    </text>
                </g>
            }
            .into_any()
        }
        Event::Resumed { .. } => mark_at(r, from, "恢复".into(), "sd-neutral").into_any(),
        Event::Released { .. } => arrow_at(r, from, to, "释放".into(), "sd-check").into_any(),
        Event::Renewed { ok, .. } => arrow_at(
            r,
            from,
            to,
            if ok { "续租 ✓".into() } else { "续租 ✗，停止".into() },
            "sd-check",
        )
        .into_any(),
        Event::Expired { client } => {
            mark_at(r, from, format!("判 {client} 到期"), "sd-neutral").into_any()
        }
        Event::Crashed => mark_at(r, from, "崩溃".into(), "sd-bad").into_any(),
        Event::Recovered { issuer, from_backup } => {
            let label = if from_backup {
                format!("旧备份恢复：发号器 {issuer}")
            } else {
                format!("持久恢复：{issuer}")
            };
            mark_at(r, from, label, if from_backup { "sd-bad" } else { "sd-neutral" }).into_any()
        }
        Event::Checked { compared: false, .. } => {
            arrow_at(r, from, to, "比较已关闭".into(), "sd-check").into_any()
        }
        Event::Checked { fence, seq, current, passed, .. } => {
            let label = if passed {
                format!("单独比较 {} < {} ✓", pair(current), pair((fence, seq)))
            } else {
                format!("单独比较 {} ≥ {} ✗", pair(current), pair((fence, seq)))
            };
            arrow_at(r, from, to, label, "sd-check").into_any()
        }
        Event::Skipped { .. } => mark_at(r, from, "比较未通过，不写".into(), "sd-faint").into_any(),
        Event::Sent { fence, seq, .. } => {
            arrow_at(r, from, to, pair((fence, seq)), "sd-write").into_any()
        }
        Event::Accepted { fence, grant: g, seq, unconditional, .. } => {
            let note = match (unconditional, d.no_fence) {
                (false, _) => "",
                (true, true) => "不比较 token",
                (true, false) => "无条件写入",
            };
            view! {
                {arrow_at(r, from, to, pair((fence, seq)), "sd-write")}
                {state_at(r, fence, tok(fence, g), note)}
            }
            .into_any()
        }
        Event::Rejected { fence, seq, current, .. } => {
            let (cx, cy) = (to, r.line());
            view! {
                {arrow_at(r, from, cx, pair((fence, seq)), "sd-write sd-stale")}
                {rejection_at(cx, cy)}
                <text x=r.width - 4.0 y=cy + 30.0 text-anchor="end" class="sd-label sd-reject-text">
                    {format!("{} ≥ {}", pair(current), pair((fence, seq)))}
                </text>
            }
            .into_any()
        }
        Event::Duplicate { key: k, .. } => view! {
            {arrow_at(r, from, to, key(k), "sd-write")}
            {mark_at(r, to, "已执行过：返回原结果".into(), "sd-neutral")}
        }
        .into_any(),
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

/// The path as a picture, up to `step` (1-based) highlighted.
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
                    class:broken=marks.flags_at(n).any(|f| f.kind.happened())
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
            let worst = marks.flags_at(n).map(|f| f.kind).min().map_or("", |k| k.class());
            let noted = marks.tags_at(n);
            let (key, enabling) = (marks.key(n), marks.enabling(n));
            let under = below(&s.event);
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
                    {super::sequence::marks(&l, *r, s, &keys, defects, rows[ends[i]])}
                    {(!flags.is_empty())
                        .then(|| {
                            view! {
                                <text
                                    x="6"
                                    y=r.under(under + 12.0, 0)
                                    class=format!("sd-broken kind-{worst}")
                                >
                                    {flags.join("、")}
                                </text>
                            }
                        })}
                    {noted
                        .iter()
                        .enumerate()
                        .map(|(k, tag)| {
                            let line = k + usize::from(!flags.is_empty());
                            view! {
                                <text x="6" y=r.under(under + 12.0, line) class="sd-noted">
                                    {*tag}
                                </text>
                            }
                        })
                        .collect_view()}
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
            label=format!("序列图：共 {total} 步，当前第 {step} 步")
            under=bands.into_any()
        >
            {columns}
        </Frame>
        <ol id=format!("{id}-steps") class="visually-hidden">
            {words.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}
        </ol>
    }
}
