//! One interleaving, step by step: lanes for A, the authority, B and the resource, the state
//! after each step with changed fields marked (by a sign and bold, not by colour alone).
//! The token that wrote the resource's value is shown with its grant — the checker's
//! knowledge — and split authority's counter as a value of its own.

use fencing_model::words::{self, lease, note, opt, outcome};
use fencing_model::{Client, Event, Note, Outcome, Step, Trace, Violation, World};
use leptos::prelude::*;

#[derive(Clone, Copy, PartialEq)]
enum Lane {
    A,
    Authority,
    B,
    Resource,
}

fn lane(e: Event) -> Lane {
    match e {
        Event::Acquire(_) | Event::Expire(_) | Event::Recover | Event::Mint(_) => Lane::Authority,
        // precheck's check reads the resource's row, outside the write's transaction.
        Event::Write(_) | Event::Check(_) => Lane::Resource,
        Event::Pause(Client::A) | Event::Resume(Client::A) => Lane::A,
        Event::Pause(Client::B) | Event::Resume(Client::B) => Lane::B,
    }
}

/// The state fields shown per step, as (name, value) pairs: the resource's, then the
/// authority's (with split authority's counter last).
fn fields(w: &World) -> Vec<(&'static str, String)> {
    let r = &w.resource;
    let a = &w.authority;
    let mut f = vec![
        ("max_fence", r.max_fence.to_string()),
        ("last_seq", r.last_seq.to_string()),
        ("value", opt(&r.value)),
        ("writer", opt(&r.writer)),
        ("token", r.committed.map_or("-".to_string(), words::token)),
        ("generation", a.generation.to_string()),
        ("owner", opt(&a.owner)),
        ("lease", lease(a.lease).to_string()),
    ];
    if let Some(c) = w.counter {
        f.push(("counter", c.to_string()));
    }
    f
}

/// How many of `fields` belong to the resource.
const RESOURCE_FIELDS: usize = 5;

/// The two state columns of the step table.
#[derive(Clone, Copy)]
enum Part {
    Resource,
    Authority,
}

fn state_cell(now: &World, before: Option<&World>, part: Part) -> impl IntoView {
    let now = fields(now);
    let before = before.map(fields);
    let range = match part {
        Part::Resource => 0..RESOURCE_FIELDS,
        Part::Authority => RESOURCE_FIELDS..now.len(),
    };
    now[range.clone()]
        .iter()
        .enumerate()
        .map(|(k, (name, value))| {
            let changed = before.as_ref().is_some_and(|b| b[range.start + k].1 != *value);
            view! {
                <span class="field-val" class:changed=changed>
                    <span class="fname">{*name}"="</span>{value.clone()}
                    {changed.then(|| view! { <span class="change-sign" aria-hidden="true">"▲"</span><span class="visually-hidden">"（本步变化）"</span> })}
                </span>
            }
        })
        .collect_view()
}

/// Step `n` (1-based) as the live region reads it.
pub fn announce(step: &Step, n: usize, total: usize) -> String {
    format!("第 {n}/{total} 步：{} —— {}", step.event, outcome(step.event, &step.outcome))
}

#[component]
pub fn StepTable(trace: Trace, step: usize, violations: Vec<Violation>, notes: Vec<Note>) -> impl IntoView {
    let total = trace.steps.len();
    let split = trace.steps.first().is_some_and(|s| s.after.counter.is_some());
    let rows = trace.steps.iter().enumerate().map(|(i, s)| {
        let n = i + 1;
        let before = i.checked_sub(1).map(|j| &trace.steps[j].after);
        let bad: Vec<&'static str> = violations.iter().filter(|v| v.step == n).map(|v| v.property.name()).collect();
        let said: Vec<String> = notes.iter().filter(|x| x.step() == n).map(note).collect();
        let l = lane(s.event);
        let text = outcome(s.event, &s.outcome);
        let rejected = matches!(s.outcome, Outcome::Rejected { .. });
        let cell = move |this: Lane| {
            (l == this).then(|| view! { <span class="ev"><strong>{s.event.to_string()}</strong><span class="ev-out" class:rejected=rejected>{text.clone()}</span></span> })
        };
        view! {
            <tr class:current={n == step} class:future={n > step} class:violating={!bad.is_empty()}
                aria-current=if n == step { Some("step") } else { None }>
                <th scope="row">{n}</th>
                <td>{cell(Lane::A)}</td>
                <td>{cell(Lane::Authority)}</td>
                <td>{cell(Lane::B)}</td>
                <td>{cell(Lane::Resource)}
                    {(!bad.is_empty()).then(|| view! { <span class="violation-tag">"⚠ 违例："{bad.join("、")}</span> })}
                    {said.into_iter().map(|text| view! { <span class="note-tag">{text}</span> }).collect_view()}
                </td>
                <td class="state">{state_cell(&s.after, before, Part::Resource)}</td>
                <td class="state">{state_cell(&s.after, before, Part::Authority)}</td>
            </tr>
        }
    }).collect_view();
    view! {
        <div class="table-wrap steps" tabindex="0" role="region" aria-label="交错的每一步">
            <table>
                <caption class="visually-hidden">{format!("共 {total} 步；当前第 {step} 步，之后的步骤尚未发生")}</caption>
                <thead><tr>
                    <th scope="col">"步"</th><th scope="col">"A"</th><th scope="col">"授权权威 / 发号"</th><th scope="col">"B"</th><th scope="col">"资源"</th>
                    <th scope="col">"资源状态"</th><th scope="col">{if split { "授权状态 / 独立计数器" } else { "授权状态" }}</th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
