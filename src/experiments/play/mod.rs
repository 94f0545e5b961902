//! 「你来调度」: the learner chooses every move of the one machine — the pause, the expiry, the
//! authority's crash, a late delivery — and sees the state, the path drawn with the checker's
//! marks and the coach's distances. The path lives in the address (`play=`).

mod board;
mod challenge;
mod coach;
mod path;
mod tools;
mod walk;

use super::session::{on_arrival, Arrival};
use crate::lab_views::state::View;
use board::stand;
use challenge::{ChallengeBox, ChallengeList};
use fencing_model::challenges::Challenge;
use fencing_model::cli::coach_line;
use fencing_model::machine::Machine;
use fencing_model::path::path_text;
use fencing_model::{Case, Scenario};
use leptos::prelude::*;
use path::PlayPath;
use tools::PlayTools;
use walk::Walk;

/// A button that opens a path drawn elsewhere in the explorer (`path`, of the view on screen)
/// in 「你来调度」, to play it and fork from any step.
pub fn open_in_play(
    label: &'static str,
    path: impl Fn(&View) -> String + 'static,
    view: Memo<View>,
    go: Callback<View>,
) -> impl IntoView {
    let open = move |_| {
        let v = view.get_untracked();
        go.run(v.clone().playing(path(&v)))
    };
    view! {
        <p class="to-play">
            <button type="button" class="tool-btn" on:click=open>
                {label}
            </button>
        </p>
    }
}

#[component]
pub fn Play(
    scenario: Scenario,
    machine: Machine,
    view: Memo<View>,
    go: Callback<View>,
) -> impl IntoView {
    let scenario_line = scenario.clone();
    let names = if scenario.case == Case::Fencing { vec![] } else { machine.keys.clone() };
    let w = Walk::new(machine, view, go);
    w.keys();
    let (challenge, taken) = challenges(view, scenario.clone());
    // The challenge box's word when the path makes its goal: shown above the moves, where the
    // learner looks after the winning move.
    let result = RwSignal::new(None::<String>);
    // A challenge taken on hides the coach until the learner shows it.
    let shown = RwSignal::new(true);
    Effect::new(move |_| shown.set(taken.get().is_none()));
    // Ask the coach about the state on view whenever it changes.
    let viewed = Memo::new(move |_| w.read.with(|(p, _)| path_text(&p[..w.at.get()])));
    let (coach, answer) = coach::run(scenario.clone(), viewed);
    // The initial state's row: any answer has it first.
    let origin = Signal::derive(move || {
        answer.with(|a| a.as_ref().and_then(|(_, a)| a.along.first().copied()))
    });
    let here =
        Signal::derive(move || answer.get().filter(|(p, _)| *p == viewed.get()).map(|(_, a)| a));
    let coached = Signal::derive(move || here.get().filter(|_| shown.get()));
    let made = Signal::derive(move || taken.get().and_then(|c| made_at(c, w)));
    // The first move of a shortest way on to the goal; `None` until the coach answers.
    let hint = Signal::derive(move || Some(first_move_to(taken.get()?, &here.get()?, w)));
    // 「走最短的一条」: the coach's shortest way to a finding, a move at a time.
    let walking = RwSignal::new(None::<usize>);
    let walk_to = Callback::new(move |k: usize| walking.set(Some(k)));
    coach::walk_shortest(walking, here, move |i| w.take(i));
    let ways = Signal::derive(move || taken.get().is_none().then_some(walk_to));
    let board = NodeRef::<leptos::html::Section>::new();
    // Opened at 「你来调度」 (a path's link, a challenge's, a reload), the learner came for the
    // board: at the challenge's box if one is taken.
    on_arrival(Arrival::Board, move || {
        let at = |s: &str| board.get()?.query_selector(s).ok().flatten();
        at(".challenge-box").or_else(|| at(".play-grid"))
    });
    view! {
        <section class="result play" aria-labelledby="play-title" node_ref=board>
            {heading(&scenario)}
            {(scenario.case == Case::Fencing).then(|| view! { <ChallengeList view=view go=go /> })}
            {move || { challenge.get().filter(|_| taken.get().is_none()).map(elsewhere) }}
            {move || {
                taken
                    .get()
                    .map(|c| {
                        view! {
                            <ChallengeBox
                                challenge=c
                                made=made
                                origin=origin
                                coach=coach
                                hint=hint
                                moves=w.total
                                linked=w.linked.into()
                                result=result
                                coached=shown.into()
                            />
                        }
                    })
            }}
            // One board: the moves and the coach beside the picture on a wide screen; on a
            // phone the moves first.
            <div class="board">
                <div class="board-side">
                    {stand(w, coached, coach, result, ways)}
                    <PlayTools
                        w=w
                        shown=shown
                        coach=coach
                        command=Signal::derive(move || coach_line(&scenario_line, &viewed.get()))
                    />
                </div>
                <div class="board-path">
                    <PlayPath w=w names=names />
                </div>
            </div>
        </section>
    }
}

/// The first move of a shortest way on to challenge `c`'s goal, from where the coach answered
/// (`at`); `None` when no way leads there.
fn first_move_to(c: &Challenge, at: &coach::At, w: Walk) -> Option<String> {
    let i = at.toward(c.goal.slot())?;
    w.enabled(&untrack(|| w.now()).0).get(i).map(|(_, m)| m.clone())
}

/// A challenge in the address that is not for this scenario: what it needs, and a way there.
fn elsewhere(c: &'static Challenge) -> impl IntoView {
    view! {
        <p class="editor-error" role="status">
            {c.elsewhere()}
            " "
            <a href=crate::route::Route::Explore
                .href_with(&c.query())>"按挑战的场景重新开始 →"</a>
        </p>
    }
}

/// The challenge in the address, and the one taken on: only on its own scenario (a link
/// edited, or a switch changed since, leaves it, and the box says so).
fn challenges(
    view: Memo<View>,
    scenario: Scenario,
) -> (Memo<Option<&'static Challenge>>, Memo<Option<&'static Challenge>>) {
    let challenge =
        Memo::new(move |_| view.with(|v| v.challenge.as_deref().and_then(Challenge::by_id)));
    let taken = Memo::new(move |_| challenge.get().filter(|c| c.is_for(&scenario)));
    (challenge, taken)
}

/// The board's heading, and what the mode is.
fn heading(scenario: &Scenario) -> impl IntoView {
    view! {
        <h2 id="play-title">
            {format!(
                "你来调度：{} · {}",
                scenario.case.name(),
                scenario.defects.variant_name(),
            )}
        </h2>
        <p class="lede">
            <span class="addition-tag">"本学习台补充"</span>
            "由你决定下一步发生什么：谁走程序的下一步（含暂停）、何时判租约到期、授权权威何时崩溃与恢复（网络会延迟的场景里，还有哪条在途写入先送达）。\
             每一步都由同一台状态机执行；教练（检查器）告诉你每个选择之后，各项发现最少还要几步，或已不可能。"
        </p>
    }
}

/// The move at which the path walked first makes challenge `c`'s goal, if it does.
fn made_at(c: &Challenge, w: Walk) -> Option<usize> {
    w.walked.with(|(moves, _, _)| w.machine.with_value(|m| c.made_at(m, moves)))
}
