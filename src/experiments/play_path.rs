//! 「你来调度」's path so far: the findings it made, the controls to look back, the sequence
//! diagram and the step table.

use crate::lab_views::player::Player;
use crate::lab_views::sequence::SequenceDiagram;
use crate::lab_views::trace::{announce, StepTable};
use fencing_model::path::{Move, Step};
use fencing_model::verdicts::Marks;
use fencing_model::Defects;
use leptos::prelude::*;

/// The path walked, at step `at` (an empty path: a line that says where to start).
#[component]
pub(super) fn PlayPath(
    walk: Memo<(Vec<Move>, Vec<Step>, Marks)>,
    at: Signal<usize>,
    player: Player,
    table: Signal<bool>,
    on_table: Callback<bool>,
    names: Vec<String>,
    defects: Defects,
    clients: usize,
    network: bool,
) -> impl IntoView {
    move || {
        let (moves, steps, marks) = walk.get();
        let n = at.get().max(1);
        if moves.is_empty() {
            return view! {
                <p class="play-empty">
                    "还没有走任何一步：从「可选的下一步」里选第一步。"
                </p>
            }
            .into_any();
        }
        let said = announce(&steps[n - 1], n, steps.len(), &names, defects);
        let found = marks
            .flags
            .iter()
            .map(|f| {
                view! {
                    <li class={f
                        .kind
                        .class()}>
                        {format!("第 {} 步 {} {}：{}", f.step, f.kind.sign(), f.label, f.text)}
                    </li>
                }
            })
            .collect_view();
        view! {
            <ul class="play-found" aria-live="polite">
                {found}
            </ul>
            {player.controls(table, on_table)}
            <p class="announce" aria-live="polite">
                {said}
            </p>
            <SequenceDiagram
                id="play"
                steps=steps.clone()
                step=n
                marks=marks.clone()
                clients=clients
                network=network
                keys=names.clone()
                defects=defects
                on_pick=Callback::new(move |k: usize| player.pick(k))
            />
            {table
                .get()
                .then(|| {
                    view! {
                        <StepTable
                            steps=steps
                            step=n
                            marks=marks
                            keys=names.clone()
                            defects=defects
                        />
                    }
                })}
        }
        .into_any()
    }
}
