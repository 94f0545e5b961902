//! The pictures' shared parts — the frame (the lanes' names in a row that stays in sight while
//! the page scrolls), the lanes' and the rows' geometry, arrows, marks, the resource's state
//! and the rejection mark. The paths of the machine are drawn by `sequence`, the operations
//! case by `operations`.
//!
//! Time runs downwards, one row per step, the lanes across: so a path of any length fits the
//! width of a phone, and cause and effect (B commits 42, A's 41 refused) are on screen together.

use leptos::prelude::*;

/// Room left of the lanes for each step's number and action.
pub(super) const GUTTER: f64 = 76.0;
/// The lanes' names' row.
const HEAD: f64 = 30.0;
/// Height of a row's part above its line, where arrows carry their labels.
const ABOVE: f64 = 24.0;
/// A row's height below its line when nothing hangs there.
pub(super) const BELOW: f64 = 18.0;
/// One line of text under a row.
pub(super) const LINE: f64 = 15.0;

/// The lanes' x positions, spaced so that the lesson's four lanes fill a phone's width
/// (about 370 units) and no two names touch; and the picture's width.
pub(super) fn lanes(n: usize) -> (Vec<f64>, f64) {
    let gap = (240.0 / n.saturating_sub(1).max(1) as f64).max(64.0);
    let xs: Vec<f64> = (0..n).map(|k| GUTTER + 30.0 + gap * k as f64).collect();
    let width = xs.last().copied().unwrap_or(GUTTER) + 24.0;
    (xs, width)
}

/// One step's row: from `top`, `height` tall, across the picture's `width`.
#[derive(Clone, Copy)]
pub(super) struct Row {
    pub top: f64,
    pub height: f64,
    pub width: f64,
}

impl Row {
    /// Where the row's arrows and marks sit.
    pub fn line(self) -> f64 {
        self.top + ABOVE
    }

    /// The `k`th line of text under the line, `below` units down from it.
    pub fn under(self, below: f64, k: usize) -> f64 {
        self.line() + below + LINE * k as f64
    }
}

/// Rows stacked downwards, each as tall as its part below the line needs.
pub(super) fn rows(width: f64, below: impl IntoIterator<Item = f64>) -> Vec<Row> {
    let mut top = 0.0;
    below
        .into_iter()
        .map(|b| {
            let row = Row { top, height: ABOVE + b, width };
            top += row.height;
            row
        })
        .collect()
}

/// A label's width, estimated (SVG text does not wrap, so labels are placed by their width;
/// the browser test measures the real boxes): 11.5 px text, CJK and fullwidth characters wide.
pub(super) fn text_width(s: &str) -> f64 {
    s.chars().map(|c| if (c as u32) < 0x2000 { 7.0 } else { 11.8 }).sum()
}

/// An arrow along row `r`'s line from `x0` to `x1`, its label above it, kept inside the picture.
pub(super) fn arrow_at(
    r: Row,
    x0: f64,
    x1: f64,
    label: String,
    class: &'static str,
) -> impl IntoView {
    let dir = if x1 > x0 { 1.0 } else { -1.0 };
    let w = text_width(&label) / 2.0;
    let mid = ((x0 + x1) / 2.0).max(GUTTER + w).min(r.width - 4.0 - w);
    let y = r.line();
    view! {
        <g class=format!("sd-arrow {class}")>
            <line x1=x0 + 7.0 * dir y1=y x2=x1 - 14.0 * dir y2=y />
            {head(x1 - 7.0 * dir, y, dir)}
            <text x=mid y=y - 7.0 text-anchor="middle" class="sd-label sd-on-line">
                {label}
            </text>
        </g>
    }
}

/// An arrowhead with its tip at (`x`, `y`), pointing right (`dir` 1) or left (-1). (Drawn, not
/// a marker: a marker needs an id, and a page may hold several pictures.)
pub(super) fn head(x: f64, y: f64, dir: f64) -> impl IntoView {
    let back = x - 10.0 * dir;
    view! {
        <path
            class="sd-arrowhead"
            d=format!("M{x} {y} L{back} {} L{back} {} z", y - 5.0, y + 5.0)
        />
    }
}

/// A mark on row `r`'s line at lane `cx`; its label beside it, on the side with more room.
pub(super) fn mark_at(r: Row, cx: f64, label: String, class: &'static str) -> impl IntoView {
    let right = cx + 10.0 + text_width(&label) <= r.width - 4.0;
    let (lx, anchor) = if right { (cx + 10.0, "start") } else { (cx - 10.0, "end") };
    view! {
        <g class=format!("sd-mark {class}")>
            <circle cx=cx cy=r.line() r="6" />
            <text x=lx y=r.line() + 4.0 text-anchor=anchor class="sd-label">
                {label}
            </text>
        </g>
    }
}

/// How far below the line the resource's state box and its two lines reach.
pub(super) const STATE_BELOW: f64 = 62.0;

/// The resource's `max_fence` after a commit, in a box under row `r`'s line at the picture's
/// right edge (the resource's lane is the last), with who wrote it and how (`note`) below.
pub(super) fn state_at(r: Row, max_fence: u64, by: String, note: &'static str) -> impl IntoView {
    let (right, y) = (r.width - 4.0, r.line());
    view! {
        <g class="sd-state">
            <rect x=right - 104.0 y=y + 8.0 width="104" height="24" rx="4" />
            <text x=right - 52.0 y=y + 25.0 text-anchor="middle" class="sd-state-text">
                {format!("max_fence={max_fence}")}
            </text>
            <text x=right y=y + 46.0 text-anchor="end" class="sd-label">
                {by}
            </text>
            <text x=right y=y + 60.0 text-anchor="end" class="sd-label sd-guard">
                {note}
            </text>
        </g>
    }
}

/// A step's number and action (or an operation's key) in the gutter of row `r`.
pub(super) fn gutter(r: Row, num: String, what: String) -> impl IntoView {
    view! {
        <text x="6" y=r.line() - 4.0 class="sd-num">
            {num}
        </text>
        <text x="6" y=r.line() + 10.0 class="sd-event">
            {what}
        </text>
    }
}

/// The picture's frame: the lanes' names in a row of their own that stays in sight while the
/// page scrolls, the lanes, and what `under` and `children` draw on them. Both parts scale
/// together to the width they are given, up to a little over their natural size.
#[component]
pub(super) fn Frame(
    id: String,
    width: f64,
    height: f64,
    lanes: Vec<(String, f64)>,
    label: String,
    under: AnyView,
    children: Children,
) -> impl IntoView {
    let names = lanes
        .iter()
        .map(|(name, lx)| {
            view! {
                <text x=*lx y="20" text-anchor="middle" class="sd-lane-name">
                    {name.clone()}
                </text>
            }
        })
        .collect_view();
    let lines = lanes
        .iter()
        .map(|(_, lx)| view! { <line class="sd-lane" x1=*lx y1="0" x2=*lx y2=height /> })
        .collect_view();
    // Where there is room, a quarter larger than drawn; the stylesheet caps it at the width.
    let shown = (width * 1.25).round();
    view! {
        <div class="diagram-wrap">
            <svg
                class="diagram-lanes"
                viewBox=format!("0 0 {width} {HEAD}")
                width=shown
                aria-hidden="true"
            >
                {names}
            </svg>
            <svg
                class="diagram"
                viewBox=format!("0 0 {width} {height}")
                width=shown
                role="img"
                aria-label=label
                aria-describedby=format!("{id}-steps")
            >
                {under}
                {lines}
                {children()}
            </svg>
        </div>
    }
}

/// The rejection mark at a point.
pub(super) fn rejection_at(cx: f64, cy: f64) -> impl IntoView {
    view! {
        <g class="sd-reject" transform=format!("translate({cx} {cy})")>
            <circle r="10" />
            <path d="M-4.5 -4.5 L4.5 4.5 M4.5 -4.5 L-4.5 4.5" />
        </g>
    }
}
