//! The 41/42/41 commit timeline as a picture, in two orders: the lesson's (B commits 42, then
//! A's 41 is refused at the commit point) and the key caveat's (A's 41 lands first and is
//! accepted, then B's 42 lands over it). Both are drawn at build time from the engine's own
//! run of the lesson's correct protocol — which step is whose, accepted or refused, each fence
//! and the resource's max_fence come from its trace — so the page carries no model code. Two
//! radio buttons pick the order and the stylesheet (`:has`) shows that drawing: no script, so
//! it works without JavaScript too, starting at the lesson's order. Colours come from the
//! stylesheet, so the same drawing reads in both themes.

use crate::experiments::state::View;
use fencing_model::{lab, Case, Defects, Event, Note, Scenario, Step, Trace};
use leptos::prelude::*;

const LANES: [(&str, f64); 4] = [("A", 60.0), ("授权权威", 130.0), ("B", 200.0), ("资源", 270.0)];
/// The prefix's marks (acquire A, pause A, the expiry and B's grant), then the two writes.
const SLOTS: [f64; 5] = [140.0, 240.0, 350.0, 430.0, 590.0];

/// The lesson's caveat, quoted where the other order is shown.
/// The other order's caption, under the figure in place of the lesson's.
pub const CAVEAT_CAPTION: &str = "A 的 41 在资源持久接受 B 的 42 之前提交：资源接受 41，随后也接受 42。课文没有给出这一次序的时刻，\
                                  图中 t10 之后只画先后；下方 t0–t20 的列表是课文给出的次序（B 先提交）";

const KEY_CAVEAT: &str = "关键限定：「若 A 的 41 在资源持久接受 B 的 42 新状态前提交，资源仍可能接受。」「fencing 保证新代际业务写入已被资源持久接受后\
                          ，旧代际不能再覆盖它；不按租约墙钟倒推此前写入非法。」";

fn y(lane: &str) -> f64 {
    LANES.iter().find(|(n, _)| *n == lane).map(|(_, y)| *y).unwrap_or(0.0)
}

fn lane(client: char) -> &'static str {
    if client == 'A' {
        "A"
    } else {
        "B"
    }
}

/// The engine's two interleavings of the lesson's correct protocol that the figure draws, with
/// their numbers: B's write before A resumes (the lesson's order), and the one it notes as the
/// key caveat.
fn orders() -> ((Trace, usize), (Trace, usize)) {
    let run = lab::run(&Scenario::lesson(Case::Fencing, Defects::default()));
    // The drawings' text says neither order breaks a property: the engine's run must agree.
    assert!(run.findings.is_empty(), "the correct protocol breaks nothing");
    let lesson = run.shown_first();
    let caveat = run
        .notes
        .iter()
        .find_map(|n| matches!(n, Note::KeyCaveat { .. }).then(|| n.interleaving()));
    let caveat = caveat.expect("the key caveat's order");
    ((run.traces[lesson - 1].clone(), lesson), (run.traces[caveat - 1].clone(), caveat))
}

/// A write at the resource as the figure draws it.
struct Write {
    client: char,
    fence: u64,
    accepted: bool,
    /// Accepted: the max_fence it leaves; refused: the max_fence that refused it.
    max_fence: u64,
}

fn writes(steps: &[Step]) -> Vec<Write> {
    steps
        .iter()
        .filter_map(|s| match s.event {
            Event::Accepted { client, fence, .. } => {
                Some(Write { client, fence, accepted: true, max_fence: s.after.max_fence })
            }
            Event::Rejected { client, fence, current, .. } => {
                Some(Write { client, fence, accepted: false, max_fence: current.0 })
            }
            _ => None,
        })
        .collect()
}

fn granted(steps: &[Step], who: char) -> u64 {
    steps
        .iter()
        .find_map(|s| {
            matches!(s.event, Event::Granted { client, .. } if client == who)
                .then_some(s.after.generation)
        })
        .flatten()
        .unwrap_or(0)
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

/// One order, drawn twice: across (time to the right, as the lesson draws it) and, for a
/// phone, down (time downwards, the lanes across); the stylesheet shows the one that fits.
/// Both are named and described by the same text. `lesson`: the lesson's order, with its
/// times and its four steps as text.
#[component]
fn Drawing(trace: Trace, lesson: bool) -> impl IntoView {
    let (a, b) = (granted(&trace.steps, 'A'), granted(&trace.steps, 'B'));
    let writes = writes(&trace.steps);
    let id = if lesson { "tl-lesson" } else { "tl-caveat" };
    let times: [&str; 5] =
        if lesson { ["t0", "t5", "t10", "t11", "t20"] } else { ["t0", "t5", "t10", "", ""] };
    let desc = if lesson {
        "t0：A 从同一授权权威领取 (owner=A, fence=41)，开始计算。t5：A 暂停；t10：授权权威判其到期，把新租约和 42 原子授给 B。t11：\
         B 带 42 发布结果，资源持久保存 max_fence=42。t20：A 恢复，带 41 发布，资源在真正修改业务状态的原子边界拒绝它。".to_string()
    } else {
        let said: Vec<String> = writes
            .iter()
            .map(|w| {
                format!(
                    "{} 带 {} 发布，资源接受，保存 max_fence={}",
                    w.client, w.fence, w.max_fence
                )
            })
            .collect();
        format!(
            "t0：A 从同一授权权威领取 (owner=A, fence={a})，开始计算。t5：A 暂停；t10：授权权威判其到期，把新租约和 {b} 原子授给 B，\
             此时资源尚未持久接受 {b}。A 恢复后先到资源：{}。revoked_generation_overwrite 与 unauthorized_accept 都没有出现。",
            said.join("；随后 ")
        )
    };
    let title = if lesson {
        "41、42、41 提交时间线"
    } else {
        "同一时间线的另一种次序：A 的 41 先提交"
    };
    let named = format!("{id}-title {id}-desc");
    let head = |suffix: &str| {
        let mark = format!("{id}-head{suffix}");
        let defs = view! {
            <defs>
                <marker
                    id=mark.clone()
                    viewBox="0 0 10 10"
                    refX="8"
                    refY="5"
                    markerWidth="7"
                    markerHeight="7"
                    orient="auto-start-reverse"
                >
                    <path d="M0,0 L10,5 L0,10 z" class="tl-arrowhead" />
                </marker>
            </defs>
        };
        (mark, defs)
    };
    let ((wide, wide_defs), (narrow, narrow_defs)) = (head(""), head("-n"));
    let f = Facts { a, b, writes, times };
    view! {
        <span id=format!("{id}-title") class="visually-hidden">
            {title}
        </span>
        <span id=format!("{id}-desc") class="visually-hidden">
            {desc}
        </span>
        <svg
            class="timeline tl-wide"
            viewBox="0 0 720 330"
            role="img"
            aria-labelledby=named.clone()
        >
            {wide_defs}
            {across(&f, &wide)}
        </svg>
        <svg class="timeline tl-narrow" viewBox="0 0 370 400" role="img" aria-labelledby=named>
            {narrow_defs}
            {down(&f, &narrow)}
        </svg>
    }
}

/// What both drawings of one order show.
struct Facts {
    a: u64,
    b: u64,
    writes: Vec<Write>,
    times: [&'static str; 5],
}

/// The lesson's drawing: time to the right, one lane a row.
fn across(f: &Facts, head: &str) -> impl IntoView {
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

/// The phone's drawing: the lanes across, time downwards; each mark at its time's row.
fn down(f: &Facts, head: &str) -> impl IntoView {
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

const PAUSED: &str = "暂停中：租约失效不会终止 A，它之后仍会恢复";
const EXPIRED: &str = "判 A 到期，原子授予 B";

fn published(w: &Write) -> String {
    if w.client == 'A' {
        format!("恢复，带 {} 发布", w.fence)
    } else {
        format!("带 {} 发布", w.fence)
    }
}

fn refused(w: &Write) -> String {
    format!("提交处拒绝：{} < {}", w.fence, w.max_fence)
}

fn class(w: &Write) -> &'static str {
    if w.accepted {
        "tl-arrow tl-ok"
    } else {
        "tl-arrow tl-stale"
    }
}

fn reject(x: f64, y: f64) -> impl IntoView {
    view! {
        <g class="tl-reject" transform=format!("translate({x} {y})")>
            <circle r="11" />
            <path d="M-5 -5 L5 5 M5 -5 L-5 5" />
        </g>
    }
}

/// The figure: both orders drawn, the lesson's shown; the switch shows the other.
#[component]
pub fn Timeline(id: String) -> impl IntoView {
    let ((lesson, at_lesson), (caveat, at_caveat)) = orders();
    let name = format!("{id}-order");
    // Each order in the explorer, from its first step.
    let explore = |i: usize| {
        View {
            interleaving: i - 1,
            ..View::of(Scenario::lesson(Case::Fencing, Defects::default()))
        }
        .href()
    };
    view! {
        <div class="tl-orders">
            <fieldset class="tl-switch">
                <legend>
                    "哪个写入先到资源？（本学习台补充：课文画的是 B 先提交；另一种次序由本学习台按同一模型画出）"
                </legend>
                <label class="check">
                    <input type="radio" name=name.clone() value="lesson" checked />
                    <span>"B 的 42 先提交（课程的次序）"</span>
                </label>
                <label class="check">
                    <input type="radio" name=name value="caveat" />
                    <span>"A 的 41 先提交（关键限定）"</span>
                </label>
            </fieldset>
            <div
                class="timeline-wrap tl-order-lesson"
                tabindex="0"
                role="group"
                aria-label="41、42、41 提交时间线"
            >
                <Drawing trace=lesson lesson=true />
            </div>
            <div
                class="timeline-wrap tl-order-caveat"
                tabindex="0"
                role="group"
                aria-label="同一时间线的另一种次序：A 的 41 先提交"
            >
                <Drawing trace=caveat lesson=false />
            </div>
            <p class="tl-caveat-words tl-order-caveat">{KEY_CAVEAT}</p>
            <p class="tl-explore tl-order-lesson">
                <a href=explore(at_lesson)>"在实验台逐步看 B 先提交的次序 →"</a>
            </p>
            <p class="tl-explore tl-order-caveat">
                <a href=explore(at_caveat)>"在实验台逐步看 A 先提交的次序 →"</a>
            </p>
        </div>
    }
}
