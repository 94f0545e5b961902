//! 「你来调度」's path so far: the findings it made, the controls to look back, the sequence
//! diagram and the step table.

use super::walk::Walk;
use crate::lab_views::path_view::PathView;
use crate::lab_views::player::Player;
use leptos::prelude::*;

/// The path walked, at the step on view (an empty path: a line that says where to start).
#[component]
pub(super) fn PlayPath(w: Walk, names: Vec<String>) -> impl IntoView {
    let (defects, clients, network) =
        w.machine.with_value(|m| (m.defects, m.programs.len(), m.delay));
    // Drawn again for each move (a new path); stepping back and forth moves the highlight.
    let step = Signal::derive(move || w.at.get().max(1));
    let player = Player::of_view(w.total, step, w.view, w.go);
    move || {
        let (moves, steps, marks) = w.walked.get();
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
