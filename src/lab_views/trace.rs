//! A path step by step, as a table — one of the lab's interleavings or a counterexample:
//! what each step did, and the resource's and the authority's state after it with changed
//! fields marked (by a sign and bold, not by colour alone); the findings, notes and key
//! steps of the path marked where they happen. The token that wrote the resource's value is
//! shown with its grant — the checker's knowledge — and split authority's counter as a value
//! of its own.

use fencing_model::verdicts::Marks;
use fencing_model::words::{self, lease, opt};
use fencing_model::{Defects, Snapshot, Step};
use leptos::prelude::*;

/// The state fields shown per step, as (name, value) pairs: the resource's, then the
/// authority's (with split authority's counter last).
fn fields(v: &Snapshot) -> Vec<(&'static str, String)> {
    let mut f = vec![
        ("max_fence", v.max_fence.to_string()),
        ("last_seq", v.last_seq.to_string()),
        ("value", opt(&v.value)),
        ("writer", opt(&v.writer)),
        ("token", v.token.map_or("-".to_string(), words::token)),
        ("generation", opt(&v.generation)),
        ("owner", opt(&v.owner)),
        ("lease", lease(v.lease).0.to_string()),
    ];
    if let Some(c) = v.counter {
        f.push(("counter", c.to_string()));
    }
    f
}

/// How many of `fields` belong to the resource.
const RESOURCE_FIELDS: usize = 5;

fn state_cell(now: &Snapshot, before: Option<&Snapshot>, resource: bool) -> impl IntoView {
    let now = fields(now);
    let before = before.map(fields);
    let range = if resource { 0..RESOURCE_FIELDS } else { RESOURCE_FIELDS..now.len() };
    now[range.clone()]
        .iter()
        .enumerate()
        .map(|(k, (name, value))| {
            let changed = before.as_ref().is_some_and(|b| b[range.start + k].1 != *value);
            view! {
                <span class="field-val" class:changed=changed>
                    <span class="fname">{*name}"="</span>
                    {value.clone()}
                    {changed
                        .then(|| {
                            view! {
                                <span class="change-sign" aria-hidden="true">
                                    "▲"
                                </span>
                                <span class="visually-hidden">"（本步变化）"</span>
                            }
                        })}
                </span>
            }
        })
        .collect_view()
}

/// Step `n` (1-based) as the live region and the picture's text alternative read it.
pub fn announce(step: &Step, n: usize, total: usize, keys: &[String], d: Defects) -> String {
    format!("第 {n}/{total} 步：{} —— {}", step.action, words::event(&step.event, keys, d))
}

thread_local! {
    /// On a phone: every step's card, or only the current one's (the default). Kept for the
    /// visit: the table is drawn again for each path.
    static EVERY_CARD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[component]
pub fn StepTable(
    steps: Vec<Step>,
    step: usize,
    marks: Marks,
    keys: Vec<String>,
    defects: Defects,
) -> impl IntoView {
    let total = steps.len();
    let every = RwSignal::new(EVERY_CARD.get());
    let toggle = move |_| {
        let all = !every.get_untracked();
        EVERY_CARD.set(all);
        every.set(all);
    };
    let authority =
        if defects.split_authority { "授权状态 / 独立计数器" } else { "授权状态" };
    let rows = (0..total)
        .map(|i| step_row(&steps, i, step, &marks, &keys, defects, authority))
        .collect_view();
    view! {
        <button
            type="button"
            class="tool-btn every-card"
            aria-pressed=move || every.get().to_string()
            on:click=toggle
        >
            {move || {
                if every.get() {
                    "只看当前一步".to_string()
                } else {
                    format!("显示全部 {total} 步")
                }
            }}
        </button>
        <div
            class="table-wrap steps"
            class:every=every
            tabindex="0"
            role="region"
            aria-label="每一步"
        >
            <table>
                <caption class="visually-hidden">
                    {format!(
                        "共 {total} 步；当前这一步之后的步骤还没走到；◆ 标出关键步骤，○ 标出使能步骤",
                    )}
                </caption>
                <thead>
                    <tr>
                        <th scope="col">"步"</th>
                        <th scope="col">"动作"</th>
                        <th scope="col">"结果"</th>
                        <th scope="col">"资源状态"</th>
                        <th scope="col">{authority}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// Step `i + 1` of `steps` as a row of the table, `step` the one the learner is at.
fn step_row(
    steps: &[Step],
    i: usize,
    step: usize,
    marks: &Marks,
    keys: &[String],
    defects: Defects,
    authority: &'static str,
) -> impl IntoView {
    let s = &steps[i];
    let n = i + 1;
    let before = i.checked_sub(1).map(|j| &steps[j].after);
    let flags: Vec<_> = marks.flags_at(n).cloned().collect();
    let said: Vec<String> = marks.notes_at(n).map(str::to_string).collect();
    let rejected = matches!(s.event, fencing_model::Event::Rejected { .. });
    let (key, enabling) = (marks.key(n), marks.enabling(n));
    let broken = flags.iter().any(|f| f.kind.happened());
    view! {
        <tr
            class:current={n == step}
            class:future={n > step}
            class:violating=broken
            class:key=key
            class:enabling=enabling
            data-step=n
            aria-current=if n == step { Some("step") } else { None }
        >
            <th scope="row" data-label="步">
                {n}
                {key.then(|| sign(" ◆", "（关键步骤）"))}
                {enabling.then(|| sign(" ○", "（使能步骤）"))}
            </th>
            <td data-label="动作">
                <code>{s.action.clone()}</code>
            </td>
            <td data-label="结果">
                <span class="ev-out" class:rejected=rejected>
                    {words::event(&s.event, keys, defects)}
                </span>
                {flags
                    .into_iter()
                    .map(|f| {
                        view! {
                            <span
                                class=format!("violation-tag kind-{}", f.kind.class())
                                data-kind=f.kind.class()
                            >
                                {format!("{} {}", f.kind.sign(), f.label)}
                            </span>
                            {(f.kind != fencing_model::verdicts::Kind::Broken)
                                .then(|| view! { <span class="note-tag">{f.text}</span> })}
                        }
                    })
                    .collect_view()}
                {said
                    .into_iter()
                    .map(|text| view! { <span class="note-tag">{text}</span> })
                    .collect_view()}
            </td>
            <td class="state" data-label="资源状态">
                {state_cell(&s.after, before, true)}
            </td>
            <td class="state" data-label=authority>
                {state_cell(&s.after, before, false)}
            </td>
        </tr>
    }
}

/// A step's sign, for the eye, and its words, for a screen reader.
fn sign(shown: &'static str, said: &'static str) -> impl IntoView {
    view! {
        <span class="key-sign" aria-hidden="true">
            {shown}
        </span>
        <span class="visually-hidden">{said}</span>
    }
}
