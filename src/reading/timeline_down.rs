//! The commit timeline's drawing for a phone: the lanes across, time downwards.

use super::timeline_drawing::{
    class, lane, published, refused, reject, Facts, EXPIRED, LANES, PAUSED,
};
use leptos::prelude::*;

/// The phone's drawing: the lanes across, time downwards; each mark at its time's row.
pub(super) fn down(f: &Facts, head: &str) -> impl IntoView {
    let Facts { a, b, writes, times } = f;
    // The lanes' x and the five times' y.
    let lx =
        |name: &str| 106.0 + 80.0 * LANES.iter().position(|(n, _)| *n == name).unwrap_or(0) as f64;
    const ROWS: [f64; 5] = [62.0, 112.0, 170.0, 238.0, 318.0];
    let a_row = ROWS[3 + writes.iter().position(|w| w.client == 'A').unwrap_or(1)];
    let across = |row: f64, from: &str, to: &str, label: String, class: &'static str| {
        let (x0, x1) = (lx(from), lx(to));
        let dir = if x1 > x0 { 1.0 } else { -1.0 };
        view! {
            <g class=class>
                <line
                    x1=x0 + 9.0 * dir
                    y1=row
                    x2=x1 - 12.0 * dir
                    y2=row
                    marker-end=format!("url(#{head})")
                />
                <text x=(x0 + x1) / 2.0 y=row - 8.0 text-anchor="middle" class="tl-note tl-on-line">
                    {label}
                </text>
            </g>
        }
    };
    view! {
        {LANES
            .iter()
            .map(|(name, _)| {
                view! {
                    <g class="tl-lane">
                        <text x=lx(name) y="22" text-anchor="middle" class="tl-lane-name">
                            {*name}
                        </text>
                        <line x1=lx(name) y1="34" x2=lx(name) y2="392" />
                    </g>
                }
            })
            .collect_view()}
        {ROWS
            .iter()
            .zip(times)
            .map(|(row, name)| {
                view! {
                    <g class="tl-time">
                        <line x1="40" y1=*row x2="362" y2=*row class="tl-guide" />
                        <text x="8" y=*row + 4.0>
                            {*name}
                        </text>
                    </g>
                }
            })
            .collect_view()}
        // A computes, then pauses while still holding its fence: bars down A's lane.
        <rect x=lx("A") - 8.0 y=ROWS[0] width="16" height=ROWS[1] - ROWS[0] rx="3" class="tl-run" />
        <text x=lx("A") + 14.0 y=ROWS[0] + 24.0 class="tl-note">
            {format!("计算（持 {a}）")}
        </text>
        <rect x=lx("A") - 8.0 y=ROWS[1] width="16" height=a_row - ROWS[1] rx="3" class="tl-pause" />
        // Too wide for a phone on one line: broken after its first clause.
        {PAUSED
            .split_once('，')
            .map(|(first, rest)| {
                view! {
                    <text x=lx("A") + 14.0 y=ROWS[1] + 20.0 class="tl-note">
                        {format!("{first}，")}
                    </text>
                    <text x=lx("A") + 14.0 y=ROWS[1] + 36.0 class="tl-note">
                        {rest}
                    </text>
                }
            })}
        <circle cx=lx("授权权威") cy=ROWS[0] r="6" class="tl-grant" />
        <circle cx=lx("授权权威") cy=ROWS[2] r="6" class="tl-grant" />
        <text x=lx("授权权威") - 10.0 y=ROWS[2] + 22.0 class="tl-note">
            {EXPIRED}
        </text>
        {across(ROWS[0], "授权权威", "A", format!("(owner=A, fence={a})"), "tl-arrow")}
        {across(ROWS[2], "授权权威", "B", format!("fence={b}"), "tl-arrow")}
        {writes
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let row = ROWS[3 + i];
                let x = lx("资源");
                let mark = if w.accepted {
                    view! {
                        <rect x="272" y=row + 10.0 width="94" height="24" rx="4" class="tl-state" />
                        <text
                            x="319"
                            y=row + 27.0
                            text-anchor="middle"
                            class="tl-state-text tl-small"
                        >
                            {format!("max_fence={}", w.max_fence)}
                        </text>
                    }
                        .into_any()
                } else {
                    view! {
                        {reject(x, row)}
                        <text x="366" y=row + 30.0 text-anchor="end" class="tl-note tl-reject-text">
                            {refused(w)}
                        </text>
                    }
                        .into_any()
                };
                view! {
                    {across(row, lane(w.client), "资源", published(w), class(w))}
                    {mark}
                }
            })
            .collect_view()}
    }
}
