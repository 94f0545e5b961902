//! The fencing case's interleavings in the explorer: the chooser, the player's controls, the
//! sequence diagram and the step table of the interleaving on view.

use super::play::open_in_play;
use super::session::{on_arrival, Arrival};
use crate::lab_views::path_view::PathView;
use crate::lab_views::player::Player;
use crate::lab_views::state::View;
use fencing_model::verdicts::{Marks, Verdicts};
use fencing_model::{Case, Defects, FencingRun};
use leptos::prelude::*;

#[component]
pub(super) fn Interleavings(
    run: FencingRun,
    verdicts: Verdicts,
    defects: Defects,
    view: Memo<View>,
    go: Callback<View>,
) -> impl IntoView {
    let interleavings = run.interleavings;
    let Verdicts { marks, head, .. } = verdicts;
    let chooser = chooser(&marks, view, go);
    let paths: Vec<String> = run.traces.iter().map(|t| t.path.clone()).collect();
    let traces = run.traces;
    let last = traces.len() - 1;
    // The interleaving on view; the picture is drawn again only when it changes.
    let shown = Memo::new(move |_| view.with(|v| v.interleaving.min(last)));
    let lengths: Vec<usize> = traces.iter().map(|t| t.steps.len()).collect();
    let total = Signal::derive(move || lengths[shown.get()]);
    let step = Signal::derive(move || view.with(|v| v.step.unwrap_or(1)).clamp(1, total.get()));
    let player = Player::of_view(total, step, view, go);
    // Opened from a chapter's 「在实验台逐步看」 (`#steps`) or at a step (`i=`, `step=`): the steps,
    // not the form above.
    let steps = NodeRef::<leptos::html::H3>::new();
    on_arrival(Arrival::Steps, move || steps.get().map(Into::into));
    view! {
        <h3 id="steps" node_ref=steps>
            {format!("{interleavings} 条交错（固定前缀之后）")}
        </h3>
        {head.into_iter().map(|h| view! { <p class="why">{h}</p> }).collect_view()}
        {defects
            .split_authority
            .then(|| {
                let all_orders = View::of(fencing_model::Scenario::lesson(Case::Model, defects))
                    .href();
                view! {
                    <p class="why">
                        <a href=all_orders>"在 model 案例里穷举全部次序 →"</a>
                    </p>
                }
            })}
        <div class="interleavings" role="group" aria-label="选择交错">
            {chooser}
        </div>
        // The interleaving on view, as moves the learner can make and fork in 「你来调度」.
        {open_in_play(
            "在「你来调度」里打开这条交错",
            move |v| paths.get(v.interleaving).cloned().unwrap_or_default(),
            view,
            go,
        )}
        {move || {
            let i = shown.get();
            view! {
                <PathView
                    id="explorer"
                    steps=traces[i].steps.clone()
                    marks=marks[i].clone()
                    player=player
                    keys=vec![]
                    defects=defects
                    clients=2
                    network=false
                />
            }
        }}
    }
}

/// The interleavings to choose from, each by its name, order and tags, as the report titles
/// them.
fn chooser(marks: &[Marks], view: Memo<View>, go: Callback<View>) -> impl IntoView {
    (0..marks.len())
        .map(|i| {
            let bad = marks[i].flags.iter().any(|f| f.kind.happened());
            let tagged = marks[i].tags().join("，");
            view! {
                <button
                    type="button"
                    class="tool-btn interleaving"
                    class:bad=bad
                    aria-pressed=move || (view.get().interleaving == i).to_string()
                    on:click=move |_| {
                        go.run(View {
                            interleaving: i,
                            step: None,
                            ..view.get_untracked()
                        })
                    }
                >
                    <span>{marks[i].name.clone()}</span>
                    <small>{marks[i].order.clone()}</small>
                    {(!tagged.is_empty())
                        .then(|| view! { <small class="interleaving-tag">{tagged}</small> })}
                </button>
            }
        })
        .collect_view()
}
