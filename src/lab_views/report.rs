//! The report's judgment as the page shows it — one component for the explorer, the model
//! case and the lab chapter alike. It only lays out what the model crate decided
//! (`fencing_model::verdicts`): every verdict word, sign, cause and qualifier comes from there,
//! so the page says exactly what the CLI's text says. (Its parts are plain functions, not
//! components: they have no state of their own, and each component costs the module bytes.)

use fencing_model::properties;
use fencing_model::verdicts::{
    Kind, Line, Occurrence, Part, Place, Section, Verdicts, KEY_STEPS, OURS, WHY,
};
use leptos::prelude::*;

/// How a part names a place (`交错 2 第 6 步`, as its path's marks do) and, where the page can,
/// opens it.
#[derive(Clone, Copy)]
struct Paths {
    name: Callback<Place, String>,
    go: Option<Callback<Place>>,
}

/// The sections of a run's judgment. `go`, if given, opens a place of a path in the player;
/// `only`, if given, the parts shown (the lab chapter shows the lesson's properties and leaves
/// the rest to the explorer and the folded text).
#[component]
pub fn Judgment(
    verdicts: Verdicts,
    #[prop(optional)] go: Option<Callback<Place>>,
    #[prop(optional)] only: Option<Part>,
) -> impl IntoView {
    let marks = verdicts.marks.clone();
    let name = Callback::new(move |p: Place| {
        marks.get(p.path).map(|m| m.place(p.step)).unwrap_or_default()
    });
    let paths = Paths { name, go };
    let legend = Kind::ALL.map(|k| {
        view! {
            <li class=format!("kind-{}", k.class())>
                <span class="verdict-sign" aria-hidden="true">
                    {k.sign()}
                </span>
                " "
                {k.label()}
            </li>
        }
    });
    view! {
        <div class="judgment">
            {verdicts
                .sections
                .into_iter()
                .filter(|s| only.is_none_or(|p| p == s.part))
                .map(|s| section(s, paths))
                .collect_view()} <details class="kind-legend">
                <summary>"符号说明"</summary>
                <ul>{legend.collect_view()}</ul>
                <p>{KEY_STEPS}</p>
                <p>{properties::legend()}</p>
            </details>
        </div>
    }
}

fn section(s: Section, paths: Paths) -> Option<impl IntoView> {
    let Section { part, title, ours, lines, remarks } = s;
    if lines.is_empty() && remarks.is_empty() {
        return None;
    }
    let id = format!("judgment-{}", part.name());
    let labelled = id.clone();
    let remarks = remarks
        .into_iter()
        .map(|r| {
            let places =
                r.at.into_iter()
                    .map(|p| {
                        view! {
                            " "
                            {place(p, paths)}
                        }
                    })
                    .collect_view();
            view! { <p class="remark">{r.text}{places}</p> }
        })
        .collect_view();
    Some(view! {
        <section class="judgment-section" data-part=part.name() aria-labelledby=labelled>
            <h3 id=id>{title}{ours.then(|| view! { <span class="addition-tag">{OURS}</span> })}</h3>
            {(!lines.is_empty())
                .then(|| {
                    view! {
                        <ul class="verdicts">
                            {lines.into_iter().map(|l| line(l, paths)).collect_view()}
                        </ul>
                    }
                })}
            {remarks}
        </section>
    })
}

fn line(l: Line, paths: Paths) -> impl IntoView {
    let Line { finding, ours, kind, promise, verdict, qualifiers, occurrences } = l;
    // The lesson's words first, the identifier after them in small type.
    let name = match promise {
        Some(p) => view! {
            <strong class="promise">{p}</strong>
            " "
            <code class="finding-id">{finding.name()}</code>
        }
        .into_any(),
        None => view! { <code>{finding.name()}</code> }.into_any(),
    };
    view! {
        <li
            class=format!("verdict kind-{}", kind.class())
            data-finding=finding.name()
            data-kind=kind.class()
        >
            <span class="verdict-sign" aria-hidden="true">
                {kind.sign()}
            </span>
            <span class="visually-hidden">{format!("{}：", kind.label())}</span>
            {name}
            {ours.then_some(fencing_model::APP_NOTE)}
            "："
            <strong class="verdict-words">{verdict}</strong>
            {qualifiers.into_iter().map(|q| view! { <p class="qualifier">{q}</p> }).collect_view()}
            {occurrences.into_iter().map(|o| occurrence(o, paths)).collect_view()}
        </li>
    }
}

fn occurrence(o: Occurrence, paths: Paths) -> impl IntoView {
    let Occurrence { at, kind, action, why, cause, qualifiers, chain, .. } = o;
    view! {
        <div class=format!("occurrence kind-{}", kind.class())>
            <p class="where">
                <span class="verdict-sign" aria-hidden="true">
                    {kind.sign()}
                </span>
                " "
                {place(at, paths)}
                {format!("（{action}）")}
            </p>
            <p class="why">{WHY}{why}</p>
            {cause.map(|c| view! { <p class="why cause">{c}</p> })}
            {qualifiers.into_iter().map(|q| view! { <p class="qualifier">{q}</p> }).collect_view()}
            <p class="chain">{fencing_model::APP_NOTE}{chain}</p>
        </div>
    }
}

/// A place, as a button that opens it where the page can, else as words.
fn place(at: Place, paths: Paths) -> AnyView {
    let words = paths.name.run(at);
    match paths.go {
        Some(go) => view! {
            <button type="button" class="tool-btn place" on:click=move |_| go.run(at)>
                {format!("查看：{words}")}
            </button>
        }
        .into_any(),
        None => view! { <span class="place">{words}</span> }.into_any(),
    }
}
