//! The commit timeline's drawing across (time to the right, as the lesson draws it), with
//! the lanes, marks and labels it shares with the phone's drawing (`timeline_down`).

use leptos::prelude::*;

pub(super) const LANES: [(&str, f64); 4] =
    [("A", 60.0), ("授权权威", 130.0), ("B", 200.0), ("资源", 270.0)];
/// The prefix's marks (acquire A, pause A, the expiry and B's grant), then the two writes.
const SLOTS: [f64; 5] = [140.0, 240.0, 350.0, 430.0, 590.0];

fn y(lane: &str) -> f64 {
    LANES.iter().find(|(n, _)| *n == lane).map(|(_, y)| *y).unwrap_or(0.0)
}

pub(super) fn lane(client: char) -> &'static str {
    if client == 'A' {
        "A"
    } else {
        "B"
    }
}

/// A write at the resource as the figure draws it.
pub(super) struct Write {
    pub(super) client: char,
    pub(super) fence: u64,
    pub(super) accepted: bool,
    /// Accepted: the max_fence it leaves; refused: the max_fence that refused it.
    pub(super) max_fence: u64,
}

/// An arrow between two lanes at one instant, with a label beside it.
fn arrow(
    x: f64,
    (from, to): (&str, &str),
    label: String,
    label_y: f64,
    class: &'static str,
    head: &str,
) -> impl IntoView {
    let (y0, y1) = (y(from), y(to));
    let dir = if y1 > y0 { 1.0 } else { -1.0 };
    view! {
        <g class=class>
            <line
                x1=x
                y1=y0 + 9.0 * dir
                x2=x
                y2=y1 - 12.0 * dir
                marker-end=format!("url(#{head})")
            />
            <text x=x + 6.0 y=label_y class="tl-note">
                {label}
            </text>
        </g>
    }
}

/// What both drawings of one order show.
pub(super) struct Facts {
    pub(super) a: u64,
    pub(super) b: u64,
    pub(super) writes: Vec<Write>,
    pub(super) times: [&'static str; 5],
}

/// The lesson's drawing: time to the right, one lane a row.
pub(super) fn across(f: &Facts, head: &str) -> impl IntoView {
    let Facts { a, b, writes, times } = f;
    let a_slot = SLOTS[3 + writes.iter().position(|w| w.client == 'A').unwrap_or(1)];
    view! {
        {SLOTS
            .iter()
            .zip(times)
            .map(|(x, name)| {
                view! {
                    <g class="tl-time">
                        <line x1=*x y1="30" x2=*x y2="292" class="tl-guide" />
                        <text x=*x y="315" text-anchor="middle">
                            {*name}
                        </text>
                    </g>
                }
            })
            .collect_view()}
        {LANES
            .iter()
            .map(|(name, ly)| {
                view! {
                    <g class="tl-lane">
                        <line x1="100" y1=*ly x2="700" y2=*ly />
                        <text x="12" y=*ly + 5.0 class="tl-lane-name">
                            {*name}
                        </text>
                    </g>
                }
            })
            .collect_view()}
        // A computes, then pauses while still holding its fence.
        <rect x=SLOTS[0] y="52" width=SLOTS[1] - SLOTS[0] height="16" rx="3" class="tl-run" />
        <text x=SLOTS[0] + 8.0 y="45" class="tl-note">
            {format!("计算（持 {a}）")}
        </text>
        <rect x=SLOTS[1] y="52" width=a_slot - SLOTS[1] height="16" rx="3" class="tl-pause" />
        <text x=SLOTS[1] + 8.0 y="45" class="tl-note">
            {PAUSED}
        </text>
        // Grants by the one authority.
        <circle cx=SLOTS[0] cy=y("授权权威") r="6" class="tl-grant" />
        <circle cx=SLOTS[2] cy=y("授权权威") r="6" class="tl-grant" />
        <text x=SLOTS[2] + 10.0 y=y("授权权威") - 10.0 class="tl-note">
            {EXPIRED}
        </text>
        {arrow(
            SLOTS[0],
            ("授权权威", "A"),
            format!("(owner=A, fence={a})"),
            99.0,
            "tl-arrow",
            head,
        )}
        {arrow(SLOTS[2], ("授权权威", "B"), format!("fence={b}"), 169.0, "tl-arrow", head)}
        {writes
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let x = SLOTS[3 + i];
                let label_y = if w.client == 'A' {
                    y("A") + 24.0
                } else {
                    (y("B") + y("资源")) / 2.0 + 4.0
                };
                let mark = if w.accepted {
                    // A's label sits just below A's lane, on its own arrow: A resumes and
                    // publishes.
                    view! {
                        <rect
                            x=x - 4.0
                            y=y("资源") - 12.0
                            width="130"
                            height="24"
                            rx="4"
                            class="tl-state"
                        />
                        <text x=x + 4.0 y=y("资源") + 5.0 class="tl-state-text">
                            {format!("max_fence={}", w.max_fence)}
                        </text>
                    }
                        .into_any()
                } else {
                    view! {
                        {reject(x, y("资源"))}
                        <text
                            x=x - 8.0
                            y=y("资源") + 30.0
                            text-anchor="end"
                            class="tl-note tl-reject-text"
                        >
                            {refused(w)}
                        </text>
                    }
                        .into_any()
                };
                view! {
                    {arrow(x, (lane(w.client), "资源"), published(w), label_y, class(w), head)}
                    {mark}
                }
            })
            .collect_view()}
    }
}

pub(super) const PAUSED: &str = "暂停中：租约失效不会终止 A，它之后仍会恢复";
pub(super) const EXPIRED: &str = "判 A 到期，原子授予 B";

pub(super) fn published(w: &Write) -> String {
    if w.client == 'A' {
        format!("恢复，带 {} 发布", w.fence)
    } else {
        format!("带 {} 发布", w.fence)
    }
}

pub(super) fn refused(w: &Write) -> String {
    format!("提交处拒绝：{} < {}", w.fence, w.max_fence)
}

pub(super) fn class(w: &Write) -> &'static str {
    if w.accepted {
        "tl-arrow tl-ok"
    } else {
        "tl-arrow tl-stale"
    }
}

pub(super) fn reject(x: f64, y: f64) -> impl IntoView {
    view! {
        <g class="tl-reject" transform=format!("translate({x} {y})")>
            <circle r="11" />
            <path d="M-5 -5 L5 5 M5 -5 L-5 5" />
        </g>
    }
}
