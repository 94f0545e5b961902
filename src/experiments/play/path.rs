//! 「你来调度」's path so far: the findings it made, the controls to look back, the sequence
//! diagram and the step table.

use crate::lab_views::path_view::PathView;
use crate::lab_views::player::Player;
use crate::lab_views::state::View;
use fencing_model::path::{Move, Step};
use fencing_model::verdicts::Marks;
use fencing_model::Defects;
use leptos::prelude::*;

/// The path walked, at step `at` (an empty path: a line that says where to start).
#[component]
pub(super) fn PlayPath(
    walk: Memo<(Vec<Move>, Vec<Step>, Marks)>,
    at: Signal<usize>,
    total: Signal<usize>,
    view: Memo<View>,
    go: Callback<View>,
    names: Vec<String>,
    defects: Defects,
    clients: usize,
    network: bool,
) -> impl IntoView {
    // Drawn again for each move (a new path); stepping back and forth moves the highlight.
    let step = Signal::derive(move || at.get().max(1));
    let player = Player::of_view(total, step, view, go);
    move || {
        let (moves, steps, marks) = walk.get();
        if moves.is_empty() {
            return view! {
                <p class="play-empty">
                    "还没有走任何一步：从「可选的下一步」里选第一步。"
                </p>
            }
            .into_any();
        }
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
            <PathView
                id="play"
                steps=steps
                marks=marks
                player=player
                keys=names.clone()
                defects=defects
                clients=clients
                network=network
            />
        }
        .into_any()
    }
}
