//! The coach of 「你来调度」: its worker's answers (the fewest moves to each finding along the
//! path and after each move), its status line, and its words under each move and beside the
//! state on view.

use crate::experiments::model_case::worker::{failure, spawn, Running};
use fencing_model::checker::{Answer, Ask, Cost};
pub use fencing_model::coach::At;
use fencing_model::path::{Move, Step};
pub use fencing_model::verdicts::Row;
use fencing_model::verdicts::{chip_kind, coach_name, reach, says, Kind, Marks, Says};
use fencing_model::{codec, Defects, Finding, Scenario};
use leptos::prelude::*;

#[derive(Clone, Debug, PartialEq)]
pub enum Coach {
    Computing,
    Ready(Cost),
    Failed(String),
}

impl Coach {
    /// How many states the coach's search visited, once it is ready.
    pub(super) fn states(&self) -> Option<usize> {
        match self {
            Coach::Ready(cost) => Some(cost.states),
            _ => None,
        }
    }

    /// What the status line says.
    pub(super) fn status(&self) -> String {
        match self {
            Coach::Computing => {
                "教练正在计算：检查器在后台线程里遍历这个场景的全部可达状态…".to_string()
            }
            Coach::Ready(Cost { states, ms, search_bytes, coach_bytes }) => {
                // Memory is said only where it matters to the learner: a large scenario on a
                // phone (the worker's table starts at about 0.9 MB, whatever the size).
                let mb = *states as f64 * (search_bytes + coach_bytes) / 1e6;
                let heavy = match mb >= 10.0 {
                    true => format!("状态表约占内存 {mb:.0} MB：这么大的场景在手机上可能吃紧。"),
                    false => String::new(),
                };
                let states = fencing_model::words::grouped(*states);
                format!("教练已就绪：{states} 个状态，用时 {ms:.0} 毫秒。{heavy}")
            }
            Coach::Failed(why) => {
                format!("教练无法工作：{why}。动作仍然可以选。")
            }
        }
    }
}

/// The coach's worker for `scenario`, started with the view and ended with it (`Running`),
/// asked about the path `viewed` (its text) whenever that changes once the coach is ready: its
/// status, and its latest answer with the path it answers for.
pub(super) fn run(
    scenario: Scenario,
    viewed: Memo<String>,
) -> (RwSignal<Coach>, RwSignal<Option<(String, At)>>) {
    let coach = RwSignal::new(Coach::Computing);
    let answer = RwSignal::new(None::<(String, At)>);
    let running = StoredValue::new_local(None::<Running>);
    Effect::new(move |_| match start_coach(&scenario, coach, answer) {
        Ok(r) => running.set_value(Some(r)),
        Err(e) => coach.set(Coach::Failed(e)),
    });
    Effect::new(move |_| {
        let text = viewed.get();
        if matches!(coach.get(), Coach::Ready(_)) {
            running.with_value(|r| r.as_ref().map(|r| r.ask(&Ask::At { path: text })));
        }
    });
    (coach, answer)
}

/// Start the coach's worker for `scenario`; its answers go to `coach` and `answer`.
fn start_coach(
    scenario: &Scenario,
    coach: RwSignal<Coach>,
    answer: RwSignal<Option<(String, At)>>,
) -> Result<Running, String> {
    let running = spawn(
        Box::new(move |said, rows| match said {
            Answer::Coached(cost) => coach.set(Coach::Ready(cost)),
            Answer::At { path } => {
                let at = At::read(&js_sys::Uint8Array::new(&rows).to_vec(), &path);
                answer.set(Some((path, at)));
            }
            other => coach.set(Coach::Failed(failure(other))),
        }),
        Box::new(move |why| coach.set(Coach::Failed(why))),
    )?;
    running.ask(&Ask::Coach { query: codec::to_query(scenario) })?;
    Ok(running)
}

/// Under move `i`: each finding still possible here, how close it is once the move is chosen,
/// in the legend's look for its kind (the finding's name in the tooltip). A finding that holds
/// in this state already is said once, by the summary. On a phone the chips of findings this
/// move is on a shortest way to, and of those it closes, fold into one chip each that names
/// them (`folds`, `fold`): what stays apart is what the move makes or sets back.
pub(super) fn chips(c: &At, i: usize) -> impl IntoView {
    let (here, after) = (c.here(), c.moves.get(i).copied().unwrap_or_default());
    let shown: Vec<(Finding, Option<u8>, bool)> = Finding::COACHED
        .iter()
        .zip(here.into_iter().zip(after))
        .filter(|(f, (h, _))| matches!(h, Some(d) if *d > 0 || f.on_transition()))
        // The coach counts this move; the chip says what is left after it.
        .map(|(f, (h, a))| (*f, a.map(|d| d - 1), a.is_some() && a == h))
        .collect();
    let names = |keep: &dyn Fn(Option<u8>, bool) -> bool| -> Vec<String> {
        shown.iter().filter(|(_, d, s)| keep(*d, *s)).map(|(f, _, _)| coach_name(*f)).collect()
    };
    let (on_way, closed) = (names(&|d, s| s && d != Some(0)), names(&|d, _| d.is_none()));
    let chips = shown
        .iter()
        .map(|&(f, d, same)| {
            let kind = chip_kind(f);
            let class = format!(
                "chip {}{}{}",
                kind.map_or("caveat", Kind::class),
                match d {
                    None => " closed",
                    Some(0) => " now",
                    _ => "",
                },
                if d.is_none() || (same && d != Some(0)) { " folds" } else { "" },
            );
            let sign = kind.map(|k| format!("{} ", k.sign()));
            view! {
                <span class=class title=f.name()>
                    {sign}
                    {reach(f, d, true)}
                </span>
            }
        })
        .collect_view();
    let fold = |names: Vec<String>, class: &'static str, said: &'static str| {
        (!names.is_empty())
            .then(|| view! { <span class=class>{format!("{said}：{}", names.join("、"))}</span> })
    };
    view! {
        {chips}
        {fold(on_way, "chip fold", "选它离这些更近一步")}
        {fold(closed, "chip fold closed", "选它后不再可能")}
    }
}

/// 「走最短的一条」: while `walking` names a finding (its slot), take a move of a shortest way to
/// it (`take`, by the move's place in the list) each time the coach answers for the state on
/// view, until the finding has happened or no way is left.
pub(super) fn walk_shortest(
    walking: RwSignal<Option<usize>>,
    here: Signal<Option<At>>,
    take: impl Fn(usize) + 'static,
) {
    Effect::new(move |_| {
        let (Some(k), Some(at)) = (walking.get(), here.get()) else { return };
        let next = at.here()[k].filter(|d| *d > 0).and(at.toward(k));
        match next {
            // The move that makes it is the walk's last: a finding that can happen again is
            // still ahead after it, and the walk would run on to its next time.
            Some(i) => {
                if at.here()[k] == Some(1) {
                    walking.set(None);
                }
                take(i);
            }
            None => walking.set(None),
        }
    });
}

/// The coach at the state on view (`says`: the words, the CLI's too), with a way to walk the
/// shortest path to each finding still ahead (`walk`, unless a challenge is taken).
pub(super) fn summary(
    c: &At,
    (moves, steps, marks): &(Vec<Move>, Vec<Step>, Marks),
    (defects, crash): (Defects, bool),
    states: Option<usize>,
    walk: Option<Callback<usize>>,
) -> impl IntoView {
    let states = states.map(fencing_model::words::grouped);
    let said = says(&c.along, (moves, steps, marks), defects, crash, states.as_deref());
    let here = c.here();
    let ahead: Vec<(usize, &Finding)> =
        Finding::COACHED.iter().enumerate().filter(|(k, _)| here[*k] > Some(0)).collect();
    let ways = walk.filter(|_| !ahead.is_empty()).map(|walk| {
        let buttons = ahead
            .into_iter()
            .map(|(k, f)| {
                view! {
                    <button
                        type="button"
                        class="tool-btn"
                        title=f.name()
                        on:click=move |_| walk.run(k)
                    >
                        {coach_name(*f)}
                    </button>
                }
            })
            .collect_view();
        view! {
            <p class="coach-ways" role="group" aria-label="按最短走法自动走到">
                <span>"按最短走法自动走到："</span>
                {buttons}
            </p>
        }
    });
    let Says { made, open, closed, never } = said;
    view! {
        <div class="coach-summary">
            {made.map(|line| view! { <p class="coach-made">{line}</p> })} <p>{open}</p> {ways}
            <ul>{closed.into_iter().map(|line| view! { <li>{line}</li> }).collect_view()}</ul>
            {never.map(|line| view! { <p class="coach-never">{line}</p> })}
        </div>
    }
}
