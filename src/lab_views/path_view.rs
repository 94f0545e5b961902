//! One path drawn step by step, as the explorer shows every path it has — one of the lab's
//! interleavings, a counterexample the checker found, the learner's own in 「你来调度」: the
//! player's controls, the step in words (a live region), the sequence diagram and, if asked,
//! the step table. The picture and the table are drawn once per path; a step only moves their
//! highlight.

use super::player::Player;
use super::sequence::SequenceDiagram;
use super::trace::{announce, StepTable};
use fencing_model::verdicts::Marks;
use fencing_model::{Defects, Step};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[component]
pub fn PathView(
    /// Names this picture's ids apart from another's on the same page.
    #[prop(into)]
    id: String,
    steps: Vec<Step>,
    marks: Marks,
    player: Player,
    keys: Vec<String>,
    defects: Defects,
    clients: usize,
    network: bool,
) -> impl IntoView {
    let Player { step, table, .. } = player;
    let total = steps.len();
    let said = {
        let (steps, keys) = (steps.clone(), keys.clone());
        move || {
            let n = step.get().clamp(1, total.max(1));
            steps.get(n - 1).map(|s| announce(s, n, total, &keys, defects)).unwrap_or_default()
        }
    };
    let rows = {
        let (steps, marks, keys) = (steps.clone(), marks.clone(), keys.clone());
        move || {
            let (steps, marks, keys) = (steps.clone(), marks.clone(), keys.clone());
            table.get().then(move || {
                let step = step.get_untracked();
                view! { <StepTable steps=steps step=step marks=marks keys=keys defects=defects /> }
            })
        }
    };
    let drawn = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        let n = step.get();
        if let Some(root) = drawn.get() {
            mark_step(&root, n);
        }
    });
    view! {
        {player.controls()}
        // The live region stays in place so screen readers announce each change of its text.
        <p class="announce" aria-live="polite">
            {said}
        </p>
        <div class="path-view" node_ref=drawn>
            <SequenceDiagram
                id=id
                steps=steps
                step=step.get_untracked()
                marks=marks
                clients=clients
                network=network
                keys=keys
                defects=defects
                on_pick=Callback::new(move |n: usize| player.pick(n))
            />
            {rows}
        </div>
    }
}

/// Step `n` marked in what is drawn under `root` — every `[data-step]`: the picture's rows and
/// bands, the table's rows — as current, and the steps after it as still to come. By hand, one
/// effect for the whole path: a reactive class on each row cost 2.7 KB of the first load of
/// /explore (measured 2026-12-07).
fn mark_step(root: &web_sys::Element, n: usize) {
    let Ok(all) = root.query_selector_all("[data-step]") else { return };
    for i in 0..all.length() {
        let Some(el) = all.item(i).and_then(|e| e.dyn_into::<web_sys::Element>().ok()) else {
            continue;
        };
        let k: usize = el.get_attribute("data-step").and_then(|s| s.parse().ok()).unwrap_or(0);
        let classes = el.class_list();
        _ = classes.toggle_with_force("current", k == n);
        _ = classes.toggle_with_force("future", k > n);
        if el.tag_name() == "TR" {
            _ = match k == n {
                true => el.set_attribute("aria-current", "step"),
                false => el.remove_attribute("aria-current"),
            };
        }
    }
}
