//! The 41/42/41 commit timeline as a picture, in two orders: the lesson's (B commits 42, then
//! A's 41 is refused at the commit point) and the key caveat's (A's 41 lands first and is
//! accepted, then B's 42 lands over it). Both are drawn at build time from the engine's own
//! run of the lesson's correct protocol — which step is whose, accepted or refused, each fence
//! and the resource's max_fence come from its trace — so the page carries no model code. Two
//! radio buttons pick the order and the stylesheet (`:has`) shows that drawing: no script, so
//! it works without JavaScript too, starting at the lesson's order. Colours come from the
//! stylesheet, so the same drawing reads in both themes.

use super::timeline_down::down;
use super::timeline_drawing::{across, Facts, Write};
use crate::lab_views::state::View;
use fencing_model::{lab, Case, Defects, Event, Note, Scenario, Step, Trace};
use leptos::prelude::*;

/// The lesson's caveat, quoted where the other order is shown.
/// The other order's caption, under the figure in place of the lesson's.
pub const CAVEAT_CAPTION: &str = "A 的 41 在资源持久接受 B 的 42 之前提交：资源接受 41，随后也接受 42。课文没有给出这一次序的时刻，\
                                  图中 t10 之后只画先后；下方 t0–t20 的列表是课文给出的次序（B 先提交）";

const KEY_CAVEAT: &str = "关键限定：「若 A 的 41 在资源持久接受 B 的 42 新状态前提交，资源仍可能接受。」「fencing 保证新代际业务写入已被资源持久接受后\
                          ，旧代际不能再覆盖它；不按租约墙钟倒推此前写入非法。」";

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

/// The figure: both orders drawn, the lesson's shown; the switch shows the other. The switch
/// comes first, above the caption, so that a tap on it does not move it: the other order's
/// caption is longer. The caption stays the picture's title, above it: under the picture it
/// would come after the picture's own link to the explorer, far from what it describes.
#[component]
pub fn Timeline(id: String, caption: &'static str) -> impl IntoView {
    let ((lesson, at_lesson), (caveat, at_caveat)) = orders();
    let name = format!("{id}-order");
    // Each order in the explorer, from its first step.
    let explore = |i: usize| {
        View {
            interleaving: i - 1,
            ..View::of(Scenario::lesson(Case::Fencing, Defects::default()))
        }
        .steps_href()
    };
    view! {
        <div class="figure tl-orders" id=id>
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
            <figure>
                // The lesson's caption tells the lesson's order; the other order, drawn by the
                // app, has its own (the stylesheet shows the one of the order shown).
                <figcaption>
                    <span class="tl-order-lesson">{caption}</span>
                    <span class="tl-order-caveat">
                        {CAVEAT_CAPTION} <span class="addition-tag">"本学习台补充"</span>
                    </span>
                </figcaption>
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
            </figure>
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
