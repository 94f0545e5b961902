//! 「你来调度」: the learner chooses every move of the one machine — the pause, the expiry, the
//! authority's crash, a late delivery — and sees the state, the path as a picture with the
//! checker's marks, and, from the worker, the coach: for each move, how close each finding
//! stays. The path lives in the address (`play=`), so a reload or a link restores it. Its
//! wing: the coach (`coach`), the challenges (`challenge`), the path walked (`path`) and the
//! tools under the moves (`tools`).

mod challenge;
mod coach;
mod path;
mod tools;

use super::session::{use_session, Arrival};
use crate::lab_views::player::{follow_current_step, Player};
use crate::lab_views::state::View;
use challenge::{ChallengeBox, ChallengeList};
use coach::{chips, summary, Coach};
use fencing_model::challenges::Challenge;
use fencing_model::cli::coach_line;
use fencing_model::machine::state::{Action, State};
use fencing_model::machine::Machine;
use fencing_model::path::{path_text, read_path, replay, steps};
use fencing_model::verdicts::of_path;
use fencing_model::words::{next_move, situation};
use fencing_model::{Case, Scenario};
use leptos::prelude::*;
use path::PlayPath;
use tools::PlayTools;

#[component]
pub fn Play(
    scenario: Scenario,
    machine: Machine,
    view: Memo<View>,
    go: Callback<View>,
) -> impl IntoView {
    let scenario_now = scenario.clone();
    let scenario_line = scenario.clone();
    let read = {
        let machine = machine.clone();
        Memo::new(move |_| view.with(|v| read_path(&machine, v.play.as_deref().unwrap_or(""))))
    };
    let walk = {
        let machine = machine.clone();
        Memo::new(move |_| {
            let moves = read.with(|(p, _)| replay(&machine, p));
            let steps = steps(&machine, &moves);
            let marks = of_path(&machine, &moves, &steps);
            (moves, steps, marks)
        })
    };
    let total = Signal::derive(move || walk.with(|w| w.0.len()));
    // The step on view: the end unless the learner stepped back to look.
    let at = Signal::derive(move || view.with(|v| v.step.unwrap_or(usize::MAX)).min(total.get()));
    let path = move || read.with_untracked(|(p, _)| p.clone());
    let set_path = move |p: &[Action]| {
        go.run(View { play: Some(path_text(p)), step: None, ..view.get_untracked() })
    };
    // How many of the path's first moves came with the address (a link or a reload), not by
    // moves made here: a challenge is earned only by a path of the learner's own moves.
    let linked = RwSignal::new(read.with_untracked(|(p, _)| p.len()));
    Effect::new(move |_| {
        let n = total.get();
        if n < linked.get_untracked() {
            linked.set(n);
        }
    });
    // Choosing a move from an earlier step forks there: the moves after it are dropped.
    let choose = move |a| {
        let mut p = path();
        p.truncate(at.get_untracked());
        linked.set(linked.get_untracked().min(p.len()));
        p.push(a);
        set_path(&p);
    };
    let undo = move || {
        let mut p = path();
        p.pop();
        set_path(&p);
    };
    // The state on view, and the result committed by then (which the path knows, not the state).
    let now = move || {
        walk.with(|(moves, steps, _)| match at.get() {
            0 => (State::default(), None),
            n => (moves[n - 1].after, steps[n - 1].after.writer.zip(steps[n - 1].after.token)),
        })
    };
    // The challenge in the address, and the one taken on: only on its own scenario (a link
    // edited, or a switch changed since, leaves it, and the box says so).
    let challenge = Memo::new(move |_| {
        view.with(|v| v.challenge.clone()).and_then(|id| Challenge::by_id(&id)).map(|c| c.id)
    });
    let taken_id = Memo::new(move |_| {
        challenge.get().filter(|id| Challenge::by_id(id).is_some_and(|c| c.is_for(&scenario_now)))
    });
    let taken = move || taken_id.get().and_then(Challenge::by_id);
    // The challenge box's word when the path makes its goal: shown above the moves, where the
    // learner looks after the winning move.
    let result = RwSignal::new(None::<String>);
    // A challenge taken on hides the coach until the learner shows it.
    let shown = RwSignal::new(true);
    Effect::new(move |_| shown.set(taken_id.get().is_none()));
    // Ask the coach about the state on view whenever it changes.
    let viewed = Memo::new(move |_| read.with(|(p, _)| path_text(&p[..at.get()])));
    let (coach, answer) = coach::run(scenario.clone(), viewed);
    // The initial state's row: any answer has it first.
    let origin = Signal::derive(move || {
        answer.with(|a| a.as_ref().and_then(|(_, a)| a.along.first().copied()))
    });
    let here =
        Signal::derive(move || answer.get().filter(|(p, _)| *p == viewed.get()).map(|(_, a)| a));
    let coached = move || here.get().filter(|_| shown.get());
    let player = Player::new(
        total,
        Signal::derive(move || at.get().max(1)),
        Callback::new(move |n: usize| go.run(View { step: Some(n), ..view.get_untracked() })),
    );
    let keys = window_event_listener(leptos::ev::keydown, {
        let machine = machine.clone();
        move |ev| {
            if crate::ui::keys::for_text_field(&ev) {
                return;
            }
            let key = ev.key();
            // 1–9 choose the first nine moves, 0 the tenth; the rest by Tab and Enter.
            let chosen = match key.parse::<usize>() {
                _ if key == "u" || key == "Backspace" => None,
                Ok(n) => Some(if n == 0 { 10 } else { n }),
                Err(_) => return,
            };
            ev.prevent_default();
            match chosen {
                None => undo(),
                Some(n) => {
                    if let Some((a, _)) = enabled(&machine, &untrack(now).0).get(n - 1) {
                        choose(*a);
                    }
                }
            }
        }
    });
    on_cleanup(move || keys.remove());
    follow_current_step(move || view.track());
    let table = Signal::derive(move || view.get().table);
    let on_table = Callback::new(move |t: bool| go.run(View { table: t, ..view.get_untracked() }));
    let names = if scenario.case == Case::Fencing { vec![] } else { machine.keys.clone() };
    let (defects, clients, network) = (machine.defects, machine.programs.len(), machine.delay);
    let made = {
        let machine = machine.clone();
        Signal::derive(move || {
            taken().and_then(|c| walk.with(|(moves, _, _)| c.made_at(&machine, moves)))
        })
    };
    // The first move of a shortest way on to the goal; `None` until the coach answers.
    let hint = {
        let machine = machine.clone();
        Signal::derive(move || {
            let (c, at) = (taken()?, here.get()?);
            let k = c.goal.slot();
            let best =
                at.moves.iter().enumerate().filter_map(|(i, row)| row[k].map(|d| (d, i))).min();
            Some(best.and_then(|(_, i)| {
                enabled(&machine, &untrack(now).0).get(i).map(|(_, w)| w.clone())
            }))
        })
    };
    // 「走最短的一条」: the coach's shortest way to a finding, a move at a time.
    let walking = RwSignal::new(None::<usize>);
    let walk_to = Callback::new(move |k: usize| walking.set(Some(k)));
    coach::walk_shortest(walking, here, {
        let machine = machine.clone();
        move |i| {
            if let Some((a, _)) = enabled(&machine, &untrack(now).0).get(i) {
                choose(*a);
            }
        }
    });
    // Where the learner stands: the state, the moves it offers (with the coach beside each), and
    // the coach's word on what is left.
    let stand = move || {
        let (s, committed) = now();
        let (n, total) = (at.get(), total.get());
        let c = coached();
        let list = enabled(&machine, &s);
        let moves = list
            .into_iter()
            .enumerate()
            .map(|(i, (a, words))| {
                let chips = c.as_ref().map(|c| chips(c, i));
                let key = if i < 10 { ((i + 1) % 10).to_string() } else { String::new() };
                view! {
                    <li>
                        <button type="button" class="tool-btn move" on:click=move |_| choose(a)>
                            <kbd>{key}</kbd>
                            <span>{words}</span>
                        </button>
                        {chips}
                    </li>
                }
            })
            .collect_view();
        view! {
            {read
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
                        {situation(&machine, &s, committed)
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
                            let (states, ways) = (
                                coach.with(Coach::states),
                                (taken().is_none()).then_some(walk_to),
                            );
                            walk.with(|(moves, steps, marks)| summary(
                                &c,
                                (moves, steps, marks),
                                (defects, machine.crash),
                                states,
                                ways,
                            ))
                        })}
                </div>
            </div>
        }
    };
    // Opened at 「你来调度」 (a path's link, a challenge's from a chapter or the progress page, a
    // reload), the learner came for the board: brought into view once, at the challenge's box
    // if one is taken.
    let board = NodeRef::<leptos::html::Section>::new();
    Effect::new(move |_| {
        let session = use_session();
        let Some(el) = board.get().filter(|_| session.arrived_at(Arrival::Board)) else {
            return;
        };
        let at = |s: &str| el.query_selector(s).ok().flatten();
        if let Some(target) = at(".challenge-box").or_else(|| at(".play-grid")) {
            target.scroll_into_view();
        }
    });
    // The path so far: what it made, the controls to look back, the picture and the table.
    view! {
        <section class="result play" aria-labelledby="play-title" node_ref=board>
            <h2 id="play-title">
                {format!("你来调度：{} · {}", scenario.case.name(), defects.variant_name())}
            </h2>
            <p class="lede">
                <span class="addition-tag">"本学习台补充"</span>
                "由你决定下一步发生什么：谁走程序的下一步（含暂停）、何时判租约到期、授权权威何时崩溃与恢复（网络会延迟的场景里，还有哪条在途写入先送达）。\
                 每一步都由同一台状态机执行；教练（检查器）告诉你每个选择之后，各项发现最少还要几步，或已不可能。"
            </p>
            {(scenario.case == Case::Fencing).then(|| view! { <ChallengeList view=view go=go /> })}
            {move || {
                let other = challenge.get().filter(|_| taken_id.get().is_none());
                other
                    .and_then(Challenge::by_id)
                    .map(|c| {
                        view! {
                            <p class="editor-error" role="status">
                                {c.elsewhere()}
                                " "
                                <a href=crate::route::Route::Explore
                                    .href_with(&c.query())>"按挑战的场景重新开始 →"</a>
                            </p>
                        }
                    })
            }}
            {move || {
                taken()
                    .map(|c| {
                        view! {
                            <ChallengeBox
                                challenge=c
                                made=made
                                origin=origin
                                coach=coach
                                hint=hint
                                moves=total
                                linked=linked.into()
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
                    {stand}
                    <PlayTools
                        total=total
                        undo=Callback::new(move |()| undo())
                        restart=Callback::new(move |()| set_path(&[]))
                        shown=shown
                        coach=coach
                        command=Signal::derive(move || coach_line(&scenario_line, &viewed.get()))
                    />
                </div>
                <div class="board-path">
                    <PlayPath
                        walk=walk
                        at=at
                        player=player
                        table=table
                        on_table=on_table
                        names=names
                        defects=defects
                        clients=clients
                        network=network
                    />
                </div>
            </div>
        </section>
    }
}

/// Every move enabled in `s`, in the machine's order, with its words.
fn enabled(machine: &Machine, s: &State) -> Vec<(Action, String)> {
    let mut out = Vec::new();
    machine.successors(s, &mut out);
    out.into_iter().map(|(a, _, _)| (a, next_move(machine, s, a))).collect()
}
