//! A counterexample the checker found, as a sequence diagram in the same visual language as
//! the lab's interleavings: a lane per client, the authority, the network (when writes may be
//! delayed) and the resource; one column per step of the shortest path. The last step is the
//! one that breaks the property (or, for the reused-fence check, the second grant).

use super::diagram::{arrow_at, mark_at, rejection_at, state_at, Frame, COL, GAP, LEFT, TOP};
use fencing_model::checker::spec::client_name;
use fencing_model::checker::state::Event;
use fencing_model::checker::{fence, token, PathStep};
use fencing_model::words::{grant, pair};
use leptos::prelude::*;

/// The lanes' heights: clients first, then the authority, the network and the resource.
struct Lanes {
    clients: usize,
    network: bool,
}

impl Lanes {
    fn client(&self, c: usize) -> f64 {
        TOP + GAP * c as f64
    }
    fn authority(&self) -> f64 {
        TOP + GAP * self.clients as f64
    }
    fn network(&self) -> f64 {
        self.authority() + GAP
    }
    fn resource(&self) -> f64 {
        self.authority() + GAP * if self.network { 2.0 } else { 1.0 }
    }

    fn named(&self) -> Vec<(&'static str, f64)> {
        const NAMES: [&str; 4] = ["A", "B", "C", "D"];
        let mut all: Vec<(&'static str, f64)> = (0..self.clients).map(|c| (NAMES[c], self.client(c))).collect();
        all.push(("授权权威", self.authority()));
        if self.network {
            all.push(("网络", self.network()));
        }
        all.push(("资源", self.resource()));
        all
    }
}

/// The kind of a step, as a test reads it (`data-outcome`).
pub fn kind(e: &Event) -> &'static str {
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

/// One step's marks on the lanes.
fn marks(l: &Lanes, i: usize, step: &PathStep, issuer: u64, keys: &[String]) -> AnyView {
    let f = |rel: u8| fence(issuer, rel);
    let key = |k: u8| keys.get(k as usize).cloned().unwrap_or_default();
    // A write reaches the resource from its client, or from the network when it was delayed.
    let from = |c: usize| if l.network { l.network() } else { l.client(c) };
    match step.event {
        Event::Granted { client, fence: 0, grant: g } => arrow_at(i, l.authority(), l.client(client), format!("({}, {})", client_name(client), grant(g as usize)), "sd-grant").into_any(),
        Event::Granted { client, fence: r, grant: g } => {
            arrow_at(i, l.authority(), l.client(client), format!("({}, {}, {})", client_name(client), f(r), grant(g as usize)), "sd-grant").into_any()
        }
        Event::Minted { client, fence: r, grant: g } => {
            arrow_at(i, l.authority(), l.client(client), format!("计数器：{}", token(issuer, r, g)), if g == 0 { "sd-unbound" } else { "sd-grant" }).into_any()
        }
        Event::Holds { client } => mark_at(i, l.client(client), "已持有租约".into(), "sd-neutral").into_any(),
        Event::Paused { client } => mark_at(i, l.client(client), "暂停（仍持旧 token）".into(), "sd-neutral").into_any(),
        Event::Resumed { client } => mark_at(i, l.client(client), "恢复".into(), "sd-neutral").into_any(),
        Event::Released { client } => arrow_at(i, l.client(client), l.authority(), "释放".into(), "sd-check").into_any(),
        Event::Renewed { client, ok } => arrow_at(i, l.client(client), l.authority(), if ok { "续租 ✓".into() } else { "续租 ✗，停止".into() }, "sd-check").into_any(),
        Event::Expired { client } => mark_at(i, l.authority(), format!("判 {} 到期", client_name(client)), "sd-neutral").into_any(),
        Event::Crashed => mark_at(i, l.authority(), "崩溃".into(), "sd-bad").into_any(),
        Event::Recovered { issuer: r, from_backup } => {
            let at = issuer + r as u64;
            let label = if from_backup { format!("旧备份恢复：发号器 {at}") } else { format!("持久恢复：{at}") };
            mark_at(i, l.authority(), label, if from_backup { "sd-bad" } else { "sd-neutral" }).into_any()
        }
        Event::Checked { client, compared: false, .. } => arrow_at(i, l.client(client), l.resource(), "自查：不比较".into(), "sd-check").into_any(),
        Event::Checked { client, fence: r, seq, current, passed, .. } => {
            let (now, incoming) = (pair((f(current.0), current.1 as u64)), pair((f(r), seq as u64)));
            let label = if passed { format!("自查 {now} < {incoming} ✓") } else { format!("自查 {now} ≥ {incoming} ✗") };
            arrow_at(i, l.client(client), l.resource(), label, "sd-check").into_any()
        }
        Event::Skipped { client } => mark_at(i, l.client(client), "自查未通过，不写".into(), "sd-faint").into_any(),
        Event::Sent { client, fence: r, seq, .. } => arrow_at(i, l.client(client), l.network(), pair((f(r), seq as u64)), "sd-write").into_any(),
        Event::Accepted { client, fence: r, grant: g, seq, unconditional, .. } => view! {
            {arrow_at(i, from(client), l.resource(), pair((f(r), seq as u64)), "sd-write")}
            {state_at(i, l.resource(), f(r), token(issuer, r, g), if unconditional { "不比较，直接写入" } else { "" })}
        }
        .into_any(),
        Event::Rejected { client, fence: r, seq, current, .. } => {
            let (now, incoming) = (pair((f(current.0), current.1 as u64)), pair((f(r), seq as u64)));
            let (cx, cy) = (super::diagram::x(i), l.resource());
            view! {
                {arrow_at(i, from(client), l.resource(), incoming.clone(), "sd-write sd-stale")}
                {rejection_at(cx, cy)}
                <text x=cx y=cy + 28.0 text-anchor="middle" class="sd-label sd-reject-text">{format!("{now} ≥ {incoming}")}</text>
            }
            .into_any()
        }
        Event::Duplicate { client, key: k } => view! {
            {arrow_at(i, from(client), l.resource(), format!("key={}", key(k)), "sd-write")}
            {mark_at(i, l.resource(), "已执行过：返回原结果".into(), "sd-neutral")}
        }
        .into_any(),
    }
}

/// The words a screen reader hears for a step.
pub fn announce(step: &PathStep, n: usize, total: usize) -> String {
    format!("第 {n}/{total} 步：{}——{}", step.action, step.what)
}

/// A counterexample's path as a picture, step `step` (1-based) highlighted; `finding` names
/// what its last step breaks.
#[component]
pub fn PathDiagram(path: Vec<PathStep>, step: usize, finding: &'static str, clients: usize, network: bool, issuer: u64, keys: Vec<String>, on_pick: Callback<usize>) -> impl IntoView {
    let l = Lanes { clients, network };
    let total = path.len();
    let width = LEFT + COL * total as f64 + 12.0;
    let bottom = l.resource() + 62.0;
    let bands = (1..=total)
        .map(|n| {
            let x0 = LEFT + COL * (n - 1) as f64;
            view! { <rect class="sd-band" class:current={n == step} class:broken={n == total} x=x0 y="4" width=COL height=bottom - 4.0 rx="6" on:click=move |_| on_pick.run(n)/> }
        })
        .collect_view();
    let columns = path
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let n = i + 1;
            let x0 = LEFT + COL * i as f64;
            view! {
                <g class="sd-step" class:current={n == step} class:future={n > step} data-step=n data-event=s.action.clone() data-outcome=kind(&s.event)
                    on:click=move |_| on_pick.run(n)>
                    <text x=x0 + COL / 2.0 y="20" text-anchor="middle" class="sd-num">{n}</text>
                    <text x=x0 + COL / 2.0 y="38" text-anchor="middle" class="sd-event">{s.action.clone()}</text>
                    {marks(&l, i, s, issuer, &keys)}
                    {(n == total).then(|| view! { <text x=x0 + COL - 4.0 y=bottom + 14.0 text-anchor="end" class="sd-broken">{format!("⚠ {finding}")}</text> })}
                </g>
            }
        })
        .collect_view();
    let words: Vec<String> = path.iter().enumerate().map(|(i, s)| announce(s, i + 1, total)).collect();
    view! {
        <Frame width=width height=bottom + 24.0 lanes=l.named() label=format!("反例 {finding} 的序列图：共 {total} 步，当前第 {step} 步") under=bands.into_any()>
            {columns}
        </Frame>
        <ol id="diagram-steps" class="visually-hidden">{words.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ol>
    }
}
