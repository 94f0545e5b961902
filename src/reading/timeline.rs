//! The 41/42/41 commit timeline as a picture: four lanes (A, the authority, B, the resource),
//! the marks t0/t5/t10/t11/t20, the grants of 41 and 42, A's pause, B's commit and A's
//! rejected write at the resource's commit point. Colours come from the stylesheet, so the
//! same drawing reads in both themes; the text alternative repeats the lesson's four steps.

use leptos::prelude::*;

const LANES: [(&str, f64); 4] = [("A", 60.0), ("授权权威", 130.0), ("B", 200.0), ("资源", 270.0)];
const TIMES: [(&str, f64); 5] = [("t0", 140.0), ("t5", 240.0), ("t10", 350.0), ("t11", 430.0), ("t20", 590.0)];

fn x(t: &str) -> f64 {
    TIMES.iter().find(|(n, _)| *n == t).map(|(_, x)| *x).unwrap_or(0.0)
}

fn y(lane: &str) -> f64 {
    LANES.iter().find(|(n, _)| *n == lane).map(|(_, y)| *y).unwrap_or(0.0)
}

/// An arrow between two lanes at one instant, with a label beside it.
fn arrow(t: &str, from: &str, to: &str, label: &'static str, class: &'static str) -> impl IntoView {
    let (x0, y0, y1) = (x(t), y(from), y(to));
    let dir = if y1 > y0 { 1.0 } else { -1.0 };
    view! {
        <g class=class>
            <line x1=x0 y1=y0 + 9.0 * dir x2=x0 y2=y1 - 12.0 * dir marker-end="url(#tl-head)"/>
            <text x=x0 + 6.0 y=(y0 + y1) / 2.0 + 4.0 class="tl-note">{label}</text>
        </g>
    }
}

#[component]
pub fn Timeline() -> impl IntoView {
    view! {
        <div class="timeline-wrap" tabindex="0" role="group" aria-label="41、42、41 提交时间线（可横向滚动）">
            <svg class="timeline" viewBox="0 0 660 330" role="img" aria-labelledby="tl-title tl-desc">
                <title id="tl-title">"41、42、41 提交时间线"</title>
                <desc id="tl-desc">
                    "t0：A 从同一授权权威领取 (owner=A, fence=41)，开始计算。"
                    "t5：A 暂停；t10：授权权威判其到期，把新租约和 42 原子授给 B。"
                    "t11：B 带 42 发布结果，资源持久保存 max_fence=42。"
                    "t20：A 恢复，带 41 发布，资源在真正修改业务状态的原子边界拒绝它。"
                </desc>
                <defs>
                    <marker id="tl-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                        <path d="M0,0 L10,5 L0,10 z" class="tl-arrowhead"/>
                    </marker>
                </defs>
                // Time marks and guides.
                {TIMES.iter().map(|(name, tx)| view! {
                    <g class="tl-time">
                        <line x1=*tx y1="30" x2=*tx y2="292" class="tl-guide"/>
                        <text x=*tx y="315" text-anchor="middle">{*name}</text>
                    </g>
                }).collect_view()}
                // Lanes.
                {LANES.iter().map(|(name, ly)| view! {
                    <g class="tl-lane">
                        <line x1="100" y1=*ly x2="640" y2=*ly/>
                        <text x="12" y=*ly + 5.0 class="tl-lane-name">{*name}</text>
                    </g>
                }).collect_view()}
                // A computes, then pauses while still holding 41.
                <rect x=x("t0") y="52" width=x("t5") - x("t0") height="16" rx="3" class="tl-run"/>
                <text x=x("t0") + 8.0 y="45" class="tl-note">"计算（持 41）"</text>
                <rect x=x("t5") y="52" width=x("t20") - x("t5") height="16" rx="3" class="tl-pause"/>
                <text x=x("t5") + 8.0 y="45" class="tl-note">"暂停中：租约失效不会终止 A，它之后仍会恢复"</text>
                // Grants by the one authority.
                <circle cx=x("t0") cy=y("授权权威") r="6" class="tl-grant"/>
                <circle cx=x("t10") cy=y("授权权威") r="6" class="tl-grant"/>
                <text x=x("t10") + 10.0 y=y("授权权威") - 10.0 class="tl-note">"判 A 到期，原子授予 B"</text>
                {arrow("t0", "授权权威", "A", "(owner=A, fence=41)", "tl-arrow")}
                {arrow("t10", "授权权威", "B", "fence=42", "tl-arrow")}
                // B publishes with 42; the resource keeps max_fence=42.
                {arrow("t11", "B", "资源", "带 42 发布", "tl-arrow tl-ok")}
                <rect x=x("t11") - 4.0 y=y("资源") - 12.0 width="130" height="24" rx="4" class="tl-state"/>
                <text x=x("t11") + 4.0 y=y("资源") + 5.0 class="tl-state-text">"max_fence=42"</text>
                // A resumes with 41 and is rejected at the commit point.
                <path d=format!("M{} {} L{} {}", x("t20"), y("A") + 10.0, x("t20"), y("资源") - 14.0) class="tl-stale" marker-end="url(#tl-head)"/>
                <text x=x("t20") - 8.0 y=y("B") - 10.0 text-anchor="end" class="tl-note">"恢复，带 41 发布"</text>
                <g class="tl-reject" transform=format!("translate({} {})", x("t20"), y("资源"))>
                    <circle r="11"/>
                    <path d="M-5 -5 L5 5 M5 -5 L-5 5"/>
                </g>
                <text x=x("t20") - 8.0 y=y("资源") + 30.0 text-anchor="end" class="tl-note tl-reject-text">"提交处拒绝：41 < 42"</text>
            </svg>
        </div>
    }
}
