//! A path step by step, as a table — one of the lab's interleavings or a counterexample:
//! what each step did, and the resource's and the authority's state after it with changed
//! fields marked (by a sign and bold, not by colour alone); the findings, notes and key
//! steps of the path marked where they happen. The token that wrote the resource's value is
//! shown with its grant — the checker's knowledge — and split authority's counter as a value
//! of its own.

use fencing_model::words::{self, lease, opt};
use fencing_model::{Defects, Property, Step, View};
use leptos::prelude::*;

/// What to mark on a path's steps (1-based).
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// A finding made at a step: a property broken, or the checker's finding at its path's end.
    pub findings: Vec<(usize, &'static str)>,
    /// A note or a liveness finding, by its short tag and its sentence.
    pub notes: Vec<(usize, &'static str, String)>,
    pub key_steps: Vec<usize>,
}

impl Marks {
    pub fn broken_at(&self, n: usize) -> bool {
        self.findings.iter().any(|(s, _)| *s == n)
    }

    pub fn findings_at(&self, n: usize) -> Vec<&'static str> {
        self.findings.iter().filter(|(s, _)| *s == n).map(|(_, f)| *f).collect()
    }

    pub fn tags_at(&self, n: usize) -> Vec<&'static str> {
        let mut t: Vec<&'static str> = self.notes.iter().filter(|(s, _, _)| *s == n).map(|(_, t, _)| *t).collect();
        t.dedup();
        t
    }

    pub fn key(&self, n: usize) -> bool {
        self.key_steps.contains(&n)
    }
}

/// The state fields shown per step, as (name, value) pairs: the resource's, then the
/// authority's (with split authority's counter last).
fn fields(v: &View) -> Vec<(&'static str, String)> {
    let mut f = vec![
        ("max_fence", v.max_fence.to_string()),
        ("last_seq", v.last_seq.to_string()),
        ("value", opt(&v.value)),
        ("writer", opt(&v.writer)),
        ("token", v.token.map_or("-".to_string(), words::token)),
        ("generation", v.generation.to_string()),
        ("owner", opt(&v.owner)),
        ("lease", lease(v.lease).to_string()),
    ];
    if let Some(c) = v.counter {
        f.push(("counter", c.to_string()));
    }
    f
}

/// How many of `fields` belong to the resource.
const RESOURCE_FIELDS: usize = 5;

fn state_cell(now: &View, before: Option<&View>, resource: bool) -> impl IntoView {
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
                    <span class="fname">{*name}"="</span>{value.clone()}
                    {changed.then(|| view! { <span class="change-sign" aria-hidden="true">"▲"</span><span class="visually-hidden">"（本步变化）"</span> })}
                </span>
            }
        })
        .collect_view()
}

/// Findings made at a step, as its row says them: a property broken is a violation.
fn flagged(names: &[&'static str]) -> String {
    let broken = names.iter().all(|n| Property::ALL.iter().any(|p| p.name() == *n));
    format!("⚠ {}{}", if broken { "违例：" } else { "" }, names.join("、"))
}

/// Step `n` (1-based) as the live region and the picture's text alternative read it.
pub fn announce(step: &Step, n: usize, total: usize, keys: &[String], d: Defects) -> String {
    format!("第 {n}/{total} 步：{} —— {}", step.action, words::event(&step.event, keys, d))
}

#[component]
pub fn StepTable(steps: Vec<Step>, step: usize, marks: Marks, keys: Vec<String>, defects: Defects) -> impl IntoView {
    let total = steps.len();
    let authority = if defects.split_authority { "授权状态 / 独立计数器" } else { "授权状态" };
    let rows = steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let n = i + 1;
            let before = i.checked_sub(1).map(|j| &steps[j].after);
            let bad = marks.findings_at(n);
            let said: Vec<String> = marks.notes.iter().filter(|(at, _, _)| *at == n).map(|(_, _, text)| text.clone()).collect();
            let rejected = matches!(s.event, fencing_model::Event::Rejected { .. });
            let key = marks.key(n);
            view! {
                <tr class:current={n == step} class:future={n > step} class:violating={!bad.is_empty()} class:key=key data-step=n
                    aria-current=if n == step { Some("step") } else { None }>
                    <th scope="row" data-label="步">{n}{key.then(|| view! { <span class="key-sign" aria-hidden="true">" ◆"</span><span class="visually-hidden">"（关键步骤）"</span> })}</th>
                    <td data-label="动作"><code>{s.action.clone()}</code></td>
                    <td data-label="结果">
                        <span class="ev-out" class:rejected=rejected>{words::event(&s.event, &keys, defects)}</span>
                        {(!bad.is_empty()).then(|| view! { <span class="violation-tag">{flagged(&bad)}</span> })}
                        {said.into_iter().map(|text| view! { <span class="note-tag">{text}</span> }).collect_view()}
                    </td>
                    <td class="state" data-label="资源状态">{state_cell(&s.after, before, true)}</td>
                    <td class="state" data-label=authority>{state_cell(&s.after, before, false)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-wrap steps" tabindex="0" role="region" aria-label="每一步">
            <table>
                <caption class="visually-hidden">{format!("共 {total} 步；当前第 {step} 步，之后的步骤尚未发生；◆ 标出关键步骤")}</caption>
                <thead><tr>
                    <th scope="col">"步"</th><th scope="col">"动作"</th><th scope="col">"结果"</th>
                    <th scope="col">"资源状态"</th><th scope="col">{authority}</th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
