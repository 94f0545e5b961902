//! A path of the one machine — one of the lab's interleavings or a counterexample the
//! checker found — as a sequence diagram in the visual language of the lesson's 41/42/41
//! figure: lanes for the clients, the authority (and split authority's independent counter),
//! the network (when writes may be delayed) and the resource; time runs left to right, one
//! column per step. Grants are arrows carrying `(owner, fence, 授予#n)`, writes arrows to the
//! resource with their `(fence, seq)`; accepted ones commit a new `max_fence`, rejected ones end
//! in the rejection mark with the comparison that refused them. The current step is
//! highlighted and the steps after it dimmed; a finding marks its step, key steps carry ◆.
//! Screen readers get the same steps in words.

use super::diagram::{arrow_at, mark_at, rejection_at, state_at, x, Frame, COL, GAP, LEFT, TOP};
use super::trace::{announce, Marks};
use fencing_model::words::{grant, pair, token};
use fencing_model::{Defects, Event, Step, Token};
use leptos::prelude::*;

/// The diagram's rows, top to bottom: A, the authority, the counter, the other clients, the
/// network, the resource (the lesson's figure has A above the authority and B below it).
struct Lanes {
    clients: usize,
    split: bool,
    network: bool,
}

impl Lanes {
    fn names(&self) -> Vec<&'static str> {
        const CLIENTS: [&str; 4] = ["A", "B", "C", "D"];
        let mut all = vec!["A", "授权权威"];
        if self.split {
            all.push("独立计数器");
        }
        all.extend(&CLIENTS[1..self.clients]);
        if self.network {
            all.push("网络");
        }
        all.push("资源");
        all
    }

    fn y(&self, name: &str) -> f64 {
        TOP + GAP * self.names().iter().position(|n| *n == name).unwrap_or(0) as f64
    }

    fn client(&self, c: char) -> f64 {
        self.y(&c.to_string())
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

/// One step's marks on the lanes; `pause_until` is the column where a pause ends.
fn marks(l: &Lanes, i: usize, step: &Step, keys: &[String], d: Defects, pause_until: usize) -> AnyView {
    let key = |k: u8| keys.get(k as usize).filter(|k| !k.is_empty()).map_or(String::new(), |k| format!("key={k}"));
    // A write reaches the resource from its client, or from the network when it was delayed.
    let from = |c: char| if step.action.starts_with("deliver") { l.y("网络") } else { l.client(c) };
    let issuer_lane = if l.split { l.y("独立计数器") } else { l.y("授权权威") };
    match step.event {
        Event::Granted { client, fence: 0, grant: g } => {
            arrow_at(i, l.y("授权权威"), l.client(client), format!("({client}, {})", grant(g)), "sd-grant").into_any()
        }
        Event::Granted { client, fence, grant: g } => {
            arrow_at(i, l.y("授权权威"), l.client(client), format!("({client}, {fence}, {})", grant(g)), "sd-grant").into_any()
        }
        Event::Minted { client, fence, grant: g } => {
            arrow_at(i, issuer_lane, l.client(client), tok(fence, g), if g == 0 { "sd-unbound" } else { "sd-grant" }).into_any()
        }
        Event::Holds { client } => mark_at(i, l.client(client), "已持有租约".into(), "sd-neutral").into_any(),
        Event::Paused { client, fence, .. } => {
            let (x0, x1, ly) = (x(i), x(pause_until).max(x(i) + COL / 2.0), l.client(client));
            let label = if fence == 0 { "暂停（未持 token）".to_string() } else { format!("暂停，仍持 {fence}") };
            view! {
                <g class="sd-pause">
                    <rect x=x0 y=ly - 8.0 width=x1 - x0 height="16" rx="3"/>
                    <text x=x0 + 4.0 y=ly - 13.0 class="sd-label">{label}</text>
                </g>
            }
            .into_any()
        }
        Event::Resumed { client, .. } => mark_at(i, l.client(client), "恢复".into(), "sd-neutral").into_any(),
        Event::Released { client } => arrow_at(i, l.client(client), l.y("授权权威"), "释放".into(), "sd-check").into_any(),
        Event::Renewed { client, ok } => {
            arrow_at(i, l.client(client), l.y("授权权威"), if ok { "续租 ✓".into() } else { "续租 ✗，停止".into() }, "sd-check").into_any()
        }
        Event::Expired { client } => mark_at(i, l.y("授权权威"), format!("判 {client} 到期"), "sd-neutral").into_any(),
        Event::Crashed => mark_at(i, l.y("授权权威"), "崩溃".into(), "sd-bad").into_any(),
        Event::Recovered { issuer, from_backup } => {
            let label = if from_backup { format!("旧备份恢复：发号器 {issuer}") } else { format!("持久恢复：{issuer}") };
            mark_at(i, issuer_lane, label, if from_backup { "sd-bad" } else { "sd-neutral" }).into_any()
        }
        Event::Checked { client, compared: false, .. } => {
            arrow_at(i, l.client(client), l.y("资源"), "比较已关闭".into(), "sd-check").into_any()
        }
        Event::Checked { client, fence, seq, current, passed, .. } => {
            let label = if passed {
                format!("单独比较 {} < {} ✓", pair(current), pair((fence, seq)))
            } else {
                format!("单独比较 {} ≥ {} ✗", pair(current), pair((fence, seq)))
            };
            arrow_at(i, l.client(client), l.y("资源"), label, "sd-check").into_any()
        }
        Event::Skipped { client, .. } => mark_at(i, l.client(client), "比较未通过，不写".into(), "sd-faint").into_any(),
        Event::Sent { client, fence, seq, .. } => arrow_at(i, l.client(client), l.y("网络"), pair((fence, seq)), "sd-write").into_any(),
        Event::Accepted { client, fence, grant: g, seq, unconditional, .. } => {
            let note = match (unconditional, d.no_fence) {
                (false, _) => "",
                (true, true) => "不比较 token",
                (true, false) => "无条件写入",
            };
            view! {
                {arrow_at(i, from(client), l.y("资源"), pair((fence, seq)), "sd-write")}
                {state_at(i, l.y("资源"), fence, tok(fence, g), note)}
            }
            .into_any()
        }
        Event::Rejected { client, fence, seq, current, .. } => {
            let (cx, cy) = (x(i), l.y("资源"));
            view! {
                {arrow_at(i, from(client), cy, pair((fence, seq)), "sd-write sd-stale")}
                {rejection_at(cx, cy)}
                <text x=cx y=cy + 28.0 text-anchor="middle" class="sd-label sd-reject-text">{format!("{} ≥ {}", pair(current), pair((fence, seq)))}</text>
            }
            .into_any()
        }
        Event::Duplicate { client, key: k } => view! {
            {arrow_at(i, from(client), l.y("资源"), key(k), "sd-write")}
            {mark_at(i, l.y("资源"), "已执行过：返回原结果".into(), "sd-neutral")}
        }
        .into_any(),
    }
}

/// Where each pause ends: the column of the same client's resume (or the path's end).
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
    steps: Vec<Step>,
    step: usize,
    marks: Marks,
    clients: usize,
    network: bool,
    keys: Vec<String>,
    defects: Defects,
    on_pick: Callback<usize>,
) -> impl IntoView {
    let l = Lanes { clients, split: defects.split_authority, network };
    let total = steps.len();
    let width = LEFT + COL * total as f64 + 12.0;
    let bottom = l.y("资源") + 62.0;
    let ends = pause_ends(&steps);
    let words: Vec<String> = steps.iter().enumerate().map(|(i, s)| announce(s, i + 1, total, &keys, defects)).collect();
    // Below the lanes: each step's column, to highlight, dim, mark as broken and click.
    let bands = (1..=total)
        .map(|n| {
            let x0 = LEFT + COL * (n - 1) as f64;
            view! {
                <rect class="sd-band" class:current={n == step} class:broken=marks.broken_at(n) x=x0 y="4" width=COL height=bottom - 4.0 rx="6"
                    on:click=move |_| on_pick.run(n)/>
            }
        })
        .collect_view();
    let columns = steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let n = i + 1;
            let broken = marks.findings_at(n);
            let noted = marks.tags_at(n);
            let key = marks.key(n);
            let x0 = LEFT + COL * i as f64;
            view! {
                <g class="sd-step" class:current={n == step} class:future={n > step} class:key=key
                    data-step=n data-event=s.action.clone() data-outcome=kind(&s.event)
                    on:click=move |_| on_pick.run(n)>
                    <text x=x0 + COL / 2.0 y="20" text-anchor="middle" class="sd-num">{if key { format!("◆ {n}") } else { n.to_string() }}</text>
                    <text x=x0 + COL / 2.0 y="38" text-anchor="middle" class="sd-event">{s.action.clone()}</text>
                    {super::sequence::marks(&l, i, s, &keys, defects, ends[i])}
                    // A finding's name is wider than a column: it ends at the column's right edge.
                    {(!broken.is_empty()).then(|| view! {
                        <text x=x0 + COL - 4.0 y=bottom + 14.0 text-anchor="end" class="sd-broken">{format!("⚠ {}", broken.join("、"))}</text>
                    })}
                    // Below a finding's name, one tag a line.
                    {noted.iter().enumerate().map(|(k, tag)| {
                        let line = k + usize::from(!broken.is_empty());
                        view! { <text x=x0 + COL / 2.0 y=bottom + 14.0 + 15.0 * line as f64 text-anchor="middle" class="sd-noted">{*tag}</text> }
                    }).collect_view()}
                </g>
            }
        })
        .collect_view();
    let named: Vec<(&'static str, f64)> = l.names().into_iter().map(|n| (n, l.y(n))).collect();
    let lines = (1..=total).map(|n| marks.tags_at(n).len() + usize::from(marks.broken_at(n))).max().unwrap_or(0).max(1);
    view! {
        <Frame width=width height=bottom + 9.0 + 15.0 * lines as f64 lanes=named label=format!("序列图：共 {total} 步，当前第 {step} 步") under=bands.into_any()>
            {columns}
        </Frame>
        <ol id="diagram-steps" class="visually-hidden">{words.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ol>
    }
}
