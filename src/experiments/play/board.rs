//! Where the learner stands in 「你来调度」: the state on view, the moves it offers with the
//! coach's chips beside each, and the coach's word on what is left.

use super::coach::{chips, summary, At, Coach};
use super::walk::Walk;
use fencing_model::words::situation;
use leptos::prelude::*;

/// The state and the moves at the step on view. `coached` is the coach's answer there when it
/// is shown; `result` what a challenge's path made, said above the moves; `walk_to`, when no
/// challenge is taken, walks a shortest way to a finding.
pub(super) fn stand(
    w: Walk,
    coached: Signal<Option<At>>,
    coach: RwSignal<Coach>,
    result: RwSignal<Option<String>>,
    walk_to: Signal<Option<Callback<usize>>>,
) -> impl IntoView {
    move || {
        let (s, committed) = w.now();
        let (n, total) = (w.at.get(), w.total.get());
        let c = coached.get();
        let moves = w
            .enabled(&s)
            .into_iter()
            .enumerate()
            .map(|(i, (a, words))| {
                let chips = c.as_ref().map(|c| chips(c, i));
                let key = if i < 10 { ((i + 1) % 10).to_string() } else { String::new() };
                view! {
                    <li>
                        <button type="button" class="tool-btn move" on:click=move |_| w.choose(a)>
                            <kbd>{key}</kbd>
                            <span>{words}</span>
                        </button>
                        {chips}
                    </li>
                }
            })
            .collect_view();
        let (defects, crash, lines) =
            w.machine.with_value(|m| (m.defects, m.crash, situation(m, &s, committed)));
        view! {
            {w
                .read
                .with(|(_, why)| why.clone())
                .map(|why| {
                    view! {
                        <p class="editor-error" role="alert">
                            {format!("链接里的路径有误：{why}。")}
                        </p>
                    }
                })}
            <div class="play-grid">
                <div class="play-state">
                    <h3>
                        {if n == 0 {
                            "初始状态".to_string()
                        } else {
                            format!("第 {n} 步之后的状态")
                        }}
                    </h3>
                    <dl>
                        {lines
                            .into_iter()
                            .map(|(k, v)| {
                                view! {
                                    <dt>{k}</dt>
                                    <dd>{v}</dd>
                                }
                            })
                            .collect_view()}
                    </dl>
                </div>
                <div class="play-moves">
                    {move || {
                        result
                            .get()
                            .map(|r| {
                                view! {
                                    <p class="challenge-result" role="status">
                                        {r}
                                    </p>
                                }
                            })
                    }} <h3>"可选的下一步"</h3>
                    {(n < total)
                        .then(|| {
                            view! {
                                <p class="fork-note">
                                    {format!(
                                        "正在查看第 {n} 步：在这里选一步会从此分叉，丢弃之后的 {} 步。",
                                        total - n,
                                    )}
                                </p>
                            }
                        })} <ol class="moves">{moves}</ol>
                    {c
                        .map(|c| {
                            let states = coach.with(Coach::states);
                            let ways = walk_to.get();
                            w.walked.with(|p| summary(&c, p, (defects, crash), states, ways))
                        })}
                </div>
            </div>
        }
    }
}
