//! The sequence diagram's lanes and one step's marks on them: a grant's or a write's arrow,
//! a pause, a refusal with its comparison, the resource's state after a commit.

use super::diagram::{arrow_at, lanes, mark_at, rejection_at, state_at, Row};
use fencing_model::machine::client_name;
use fencing_model::path::Lane;
use fencing_model::words::{grant, pair, token};
use fencing_model::{Defects, Event, Step, Token};
use leptos::prelude::*;

/// The diagram's lanes, left to right: A, the authority, the counter, the other clients, the
/// network, the resource (the lesson's figure has A above the authority and B below it).
pub(super) struct Lanes {
    pub(super) order: Vec<Lane>,
    pub(super) xs: Vec<f64>,
    pub(super) width: f64,
}

impl Lanes {
    pub(super) fn new(clients: usize, split: bool, network: bool) -> Lanes {
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
    pub(super) fn name(&self, lane: Lane) -> String {
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

fn tok(fence: u64, g: u8) -> String {
    token(Token { fence, grant: (g != 0).then_some(g) })
}

/// One step's marks on the lanes, on row `r`; `pause_until` is the row where a pause ends.
pub(super) fn marks(
    l: &Lanes,
    r: Row,
    step: &Step,
    keys: &[String],
    d: Defects,
    pause_until: Row,
) -> AnyView {
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
