//! The model case's paths drawn step by step: a counterexample the checker found (the picture,
//! the player's controls, the step table) and a preset's example path, the story its title
//! promises.

use crate::experiments::play::open_in_play;
use crate::lab_views::path_view::PathView;
use crate::lab_views::player::Player;
use crate::lab_views::sequence::SequenceDiagram;
use crate::lab_views::state::View;
use fencing_model::checker::FindingResult;
use fencing_model::verdicts::Marks;
use fencing_model::Scenario;
use leptos::prelude::*;

/// One counterexample, step by step: the picture, the controls and, if asked, the table.
#[component]
pub(super) fn Counterexample(
    found: FindingResult,
    /// The path as 「你来调度」 takes it: the learner can play it and fork from any step.
    play: String,
    marks: Marks,
    scenario: Scenario,
    view: Memo<View>,
    go: Callback<View>,
) -> impl IntoView {
    let path = found.path.clone().unwrap_or_default();
    let total = path.len();
    let step = Signal::derive(move || view.get().step.unwrap_or(1).clamp(1, total.max(1)));
    let player = Player::of_view(Signal::derive(move || total), step, view, go);
    let (model, defects) = (scenario.model.clone(), scenario.defects);
    view! {
        <h3>{format!("{}：{total} 步", marks.name)}</h3>
        {open_in_play(
            "在「你来调度」里打开这条路径",
            move |_| play.clone(),
            view,
            go,
        )}
        <PathView
            id="checker"
            steps=path
            marks=marks
            player=player
            keys=model.keys.clone()
            defects=defects
            clients=model.clients.len()
            network=model.delay
        />
    }
}

/// A preset's example path, if the scenario is that preset under the correct protocol: the
/// story its title promises, drawn whole with what the checker marks on it.
pub(super) fn story(scenario: &Scenario) -> Option<impl IntoView> {
    use fencing_model::machine::Machine;
    use fencing_model::path::{parse_path, replay, steps};
    use fencing_model::presets::PRESETS;
    if scenario.defects != Default::default() {
        return None;
    }
    let (preset, (caption, text)) = PRESETS
        .iter()
        .filter_map(|p| Some((p, p.story?)))
        .find(|(p, _)| p.read().scenario.model == scenario.model)?;
    let model = &scenario.model;
    let machine = Machine::new(model, scenario.defects, scenario.issuer);
    let moves = replay(&machine, &parse_path(text).ok()?);
    let path = steps(&machine, &moves);
    let marks = fencing_model::verdicts::of_path(&machine, &moves, &path);
    let total = path.len();
    Some(view! {
        // Open: the story is drawn where its words are, before the checker's shortest paths.
        <details class="story" data-preset=preset.name open>
            <summary>
                "示例路径"<span class="addition-tag">"本学习台补充"</span>"："{caption}
            </summary>
            <SequenceDiagram
                id="story"
                steps=path
                step=total
                marks=marks
                clients=model.clients.len()
                network=model.delay
                keys=model.keys.clone()
                defects=scenario.defects
                on_pick=Callback::new(|_| ())
            />
        </details>
    })
}
