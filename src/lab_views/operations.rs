//! The operations case as a picture — each operation an arrow to the resource, on the
//! pictures' shared parts (`diagram`) — and as a table.

use super::diagram::{gutter, head, lanes, rejection_at, rows, Frame, Row, STATE_BELOW};
use fencing_model::words::{op_note, pair};
use fencing_model::{OpOutcome, OpResult, OperationsRun};
use leptos::prelude::*;

/// The operations case as a picture: each operation an arrow to the resource, with its outcome
/// and what the resource holds after it; the effects counted at the end.
#[component]
pub fn OperationsDiagram(
    #[prop(into)] id: String,
    operations: Vec<OpResult>,
    effects: usize,
) -> impl IntoView {
    let (xs, width) = lanes(2);
    let (requests, resource) = (xs[0], xs[1]);
    let total = operations.len();
    let rows = rows(width, operations.iter().map(|_| STATE_BELOW + 4.0));
    let height = rows.last().map_or(0.0, |r| r.top + r.height) + 24.0;
    let words: Vec<String> = operations
        .iter()
        .enumerate()
        .map(|(i, r)| {
            format!(
                "第 {} 条：{} {} ({},{}) —— {}：{}",
                i + 1,
                r.op.key,
                r.op.digest,
                r.op.fence,
                r.op.seq,
                r.outcome.name(),
                fencing_model::words::op_note(r)
            )
        })
        .collect();
    let columns = operations
        .into_iter()
        .zip(rows)
        .enumerate()
        .map(|(i, (r, row))| operation_row(i, r, row, width, (requests, resource)))
        .collect_view();
    view! {
        <Frame
            id=id.clone()
            width=width
            height=height
            lanes=vec![("业务请求".into(), requests), ("资源".into(), resource)]
            label=format!("operations 的序列图：共 {total} 条操作，效果数 {effects}")
            under=().into_any()
        >
            {columns}
            <text x="6" y=height - 8.0 class="sd-effects">
                {format!("效果数：{effects}")}
            </text>
        </Frame>
        <ol id=format!("{id}-steps") class="visually-hidden">
            {words.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}
        </ol>
    }
}

/// One operation's row: its arrow to the resource, what the resource holds or the mark of a
/// refusal, the outcome and why. `x`: the requests' and the resource's lanes.
fn operation_row(i: usize, r: OpResult, row: Row, width: f64, x: (f64, f64)) -> impl IntoView {
    let (requests, resource) = x;
    let y = row.line();
    let right = width - 4.0;
    // At the resource: its state, or the mark of a refusal; below, the outcome and why.
    let (detail, mark) = match r.outcome {
        OpOutcome::Applied => (
            format!("效果 #{}", r.effect.unwrap_or(0)),
            view! {
                <g class="sd-state">
                    <rect x=right - 104.0 y=y + 8.0 width="104" height="24" rx="4" />
                    <text x=right - 52.0 y=y + 25.0 text-anchor="middle" class="sd-state-text">
                        {pair((r.max_fence, r.last_seq))}
                    </text>
                </g>
            }
            .into_any(),
        ),
        OpOutcome::Duplicate => (
            format!("返回原结果 #{}", r.effect.unwrap_or(0)),
            view! {
                <g class="sd-mark sd-neutral">
                    <circle cx=resource cy=y r="6" />
                </g>
            }
            .into_any(),
        ),
        OpOutcome::Conflict => ("同键异参".to_string(), rejection_at(resource, y).into_any()),
        OpOutcome::Stale => {
            let compared = format!("{} ≥ {}", pair(r.before), pair((r.op.fence, r.op.seq)));
            (compared, rejection_at(resource, y).into_any())
        }
    };
    let refused = matches!(r.outcome, OpOutcome::Conflict | OpOutcome::Stale);
    view! {
        <g class="sd-step" data-step=i + 1 data-outcome=r.outcome.name()>
            <rect class="sd-band" x="2" y=row.top width=width - 4.0 height=row.height rx="6" />
            {gutter(row, (i + 1).to_string(), r.op.key.clone())}
            <text x="6" y=y + 24.0 class="sd-label">
                {r.op.digest.clone()}
            </text>
            <g class="sd-arrow sd-write">
                <line x1=requests + 7.0 y1=y x2=resource - 16.0 y2=y />
                {head(resource - 9.0, y, 1.0)}
                <text
                    x=(requests + resource) / 2.0
                    y=y - 7.0
                    text-anchor="middle"
                    class="sd-label sd-on-line"
                >
                    {pair((r.op.fence, r.op.seq))}
                </text>
            </g>
            {mark}
            <text
                x=right - 112.0
                y=y + 25.0
                text-anchor="end"
                class="sd-outcome"
                class:sd-refused=refused
            >
                {r.outcome.name()}
            </text>
            <text
                x=right - 112.0
                y=y + 40.0
                text-anchor="end"
                class="sd-label"
                class:sd-refused=refused
            >
                {detail}
            </text>
        </g>
    }
}

/// The operations run as the explorer shows it: the picture, then a row per operation.
#[component]
pub fn OperationsTable(#[prop(into)] id: String, run: OperationsRun) -> impl IntoView {
    let OperationsRun { operations, effects } = run;
    view! {
        <OperationsDiagram id=id operations=operations.clone() effects=effects />
        <div class="table-wrap" tabindex="0" role="region" aria-label="operations 结果">
            <table class="ops">
                <thead>
                    <tr>
                        <th scope="col">"#"</th>
                        <th scope="col">"key"</th>
                        <th scope="col">"digest"</th>
                        <th scope="col">"(fence, seq)"</th>
                        <th scope="col">"结果"</th>
                        <th scope="col">"提交后 (max_fence, last_seq)"</th>
                    </tr>
                </thead>
                <tbody>
                    {operations
                        .into_iter()
                        .enumerate()
                        .map(|(i, r)| {
                            let applied = r.outcome == OpOutcome::Applied;
                            let note = op_note(&r);
                            view! {
                                <tr>
                                    <th scope="row" data-label="#">
                                        {i + 1}
                                    </th>
                                    <td data-label="key">
                                        <code>{r.op.key.clone()}</code>
                                    </td>
                                    <td data-label="digest">
                                        <code>{r.op.digest.clone()}</code>
                                    </td>
                                    <td data-label="(fence, seq)">
                                        {format!("({}, {})", r.op.fence, r.op.seq)}
                                    </td>
                                    <td data-label="结果">
                                        <strong class=format!(
                                            "outcome {}",
                                            r.outcome.name(),
                                        )>{r.outcome.name()}</strong>
                                        <span class="note">{note}</span>
                                    </td>
                                    <td data-label="提交后 (max_fence, last_seq)">
                                        {format!("({}, {})", r.max_fence, r.last_seq)}
                                        {applied.then_some(" ▲")}
                                    </td>
                                </tr>
                            }
                        })
                        .collect_view()}
                </tbody>
            </table>
        </div>
        <p class="effects">"效果数："<strong class="effect-count">{effects}</strong></p>
    }
}
