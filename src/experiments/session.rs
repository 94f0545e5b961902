//! The explorer's state, shared by its islands: the view in the address, the scenario and its
//! report, the editor's draft, and the runs recorded during this visit.

use crate::lab_views::state::View;
use crate::record::lab::{Change, Lab};
use crate::rooted::rooted;
use crate::storage::store::use_store;
use crate::storage::tab;
use fencing_model::codec::Fields;
use fencing_model::{run, Case, Experiment, Report, Scenario};
use leptos::prelude::*;
use std::cell::OnceCell;
use std::time::Duration;

/// How long an edited scenario stays on screen, unchanged, before it counts as a run: typing
/// `100` into a field passes through `1` and `10`, which are not runs.
const RUN_SETTLE: Duration = Duration::from_millis(700);
/// This tab's last explorer view, as its query (sessionStorage).
const LAST_VIEW: &str = "fencing-lab.last-view";

#[derive(Clone, Copy)]
pub struct Session {
    /// The address's query; empty (the lesson's default) until the islands are live.
    query: RwSignal<String>,
    /// Whether the address has been read (the prerendered default no longer stands in).
    pub ready: RwSignal<bool>,
    pub parsed: Memo<(View, Vec<String>)>,
    pub view: Memo<View>,
    pub scenario: Memo<Scenario>,
    pub report: Memo<Option<Report>>,
    pub draft: RwSignal<Fields>,
    pub draft_error: Memo<Option<String>>,
    recorded: StoredValue<Vec<Scenario>>,
    /// The learner chose to predict before seeing: each scenario opened next asks first.
    pub predict_first: RwSignal<bool>,
    /// The model case's verdict, once its search has ended (the search runs in a worker, so the
    /// report above is none): the verdict line shows it.
    pub searched: RwSignal<Option<String>>,
    /// What the address came for, further down than a screen: brought into view once.
    arrived: StoredValue<Option<Arrival>>,
}

/// Where a link into the explorer means to land: 「你来调度」's board (`play=`, or the tab's
/// last path), or an interleaving's steps (`#steps`, the chapters' 「在实验台逐步看」, or `i=`,
/// `step=`).
#[derive(Clone, Copy, PartialEq)]
pub enum Arrival {
    Board,
    Steps,
}

/// Opened for `a`, the page brings `target` into view once it is there.
pub fn on_arrival(a: Arrival, target: impl Fn() -> Option<web_sys::Element> + 'static) {
    Effect::new(move |_| {
        if let Some(el) = target().filter(|_| use_session().arrived_at(a)) {
            el.scroll_into_view();
        }
    });
}

thread_local! {
    static SESSION: OnceCell<Session> = const { OnceCell::new() };
}

/// The explorer's one session on this page.
pub fn use_session() -> Session {
    SESSION.with(|s| *s.get_or_init(Session::new))
}

fn lesson() -> Scenario {
    Scenario::lesson(Case::Fencing, Default::default())
}

impl Session {
    /// Owned by a root of its own (as the store is), so no island's cleanup disposes it; the
    /// caller's owner is put back afterwards.
    fn new() -> Session {
        // The explorer records its runs and predictions in the lab record: asked for now, while
        // the islands hydrate, the record is read when the page goes live (and a damaged one
        // is said to be so then, not at the first run).
        use_store::<Lab>();
        rooted(|| {
            let query = RwSignal::new(String::new());
            // A bad parameter is dropped alone and said (`parsed`'s second part).
            let parsed = Memo::new(move |_| query.with(|q| View::read(q)));
            let view = Memo::new(move |_| parsed.with(|(v, _)| v.clone()));
            let scenario = Memo::new(move |_| view.with(|v| v.scenario.clone()));
            let draft = RwSignal::new(Fields::of(&lesson()));
            Session {
                query,
                ready: RwSignal::new(false),
                parsed,
                view,
                scenario,
                // The model case is searched in a worker, not here (`model_case`).
                report: Memo::new(move |_| {
                    scenario.with(|s| (s.case != Case::Model).then(|| run(s).ok()).flatten())
                }),
                draft,
                draft_error: Memo::new(move |_| draft.with(|d| d.scenario().err())),
                recorded: StoredValue::new(Vec::new()),
                predict_first: RwSignal::new(false),
                searched: RwSignal::new(None),
                arrived: StoredValue::new(None),
            }
        })
    }

    /// Show `v` and keep the address up to date, so a link or a reload opens the same view.
    /// Each change of the path in 「你来调度」 (a move, a fork, an undo, a restart) is an entry of
    /// the browser's history of its own, so that Back takes it back; any other change (a step
    /// looked at, an edit) replaces the entry.
    pub fn go(&self, v: View) {
        let moved = self.view.with_untracked(|now| {
            now.play.is_some() && v.play.is_some() && now.play != v.play && v.step.is_none()
        });
        if let Ok(history) = window().history() {
            let (null, href) = (wasm_bindgen::JsValue::NULL, v.href());
            let _ = match moved {
                true => history.push_state_with_url(&null, "", Some(&href)),
                false => history.replace_state_with_url(&null, "", Some(&href)),
            };
        }
        self.query.set(v.to_query());
    }

    /// Start over from the lesson's scenario.
    pub fn reset(&self) {
        self.draft.set(Fields::of(&lesson()));
    }

    /// Once every island matches the prerendered HTML: read the address, and from then on keep
    /// the draft, the view and the recorded runs in step.
    pub fn go_live(&self) {
        let s = *self;
        // What the learner typed into the scenario's fields before now (js/islands.js hands it
        // in) is an edit like any other, applied once the address is read and shown.
        let typed = s.draft.get_untracked();
        if typed != Fields::of(&lesson()) {
            set_timeout(move || s.draft.set(typed), std::time::Duration::ZERO);
        }
        rooted(|| {
            // Fields → view, when the learner edits it: only a valid draft runs, and it is a run
            // (opening a link or reloading is not) once it has settled on screen.
            Effect::watch(
                move || s.draft.get(),
                move |d, _, _| {
                    if let Ok(new) = d.scenario() {
                        if new != s.scenario.get_untracked() {
                            // In 「你来调度」 the learner's moves stay: the longest prefix the new
                            // scenario allows is kept, and the rest is named.
                            let play = s.view.with_untracked(|v| v.play.clone());
                            s.go(View { play, ..View::of(new.clone()) });
                            set_timeout(move || s.record(new), RUN_SETTLE);
                        }
                    }
                },
                false,
            );
            // The view, kept for this tab: the sidebar's plain /explore link, which names no
            // path, brings an unfinished 「你来调度」 path back.
            Effect::new(move |_| {
                let query = s.query.get();
                if !query.is_empty() {
                    tab::set(LAST_VIEW, &query);
                }
            });
            // View → draft, when the address names another scenario.
            Effect::new(move |_| {
                let shown = s.scenario.get();
                if s.draft.with_untracked(Fields::scenario).ok().as_ref() != Some(&shown) {
                    s.draft.set(Fields::of(&shown));
                }
            });
        });
        // Back and Forward move through the moves made here (`go`): the view follows the address.
        let popped = window_event_listener(leptos::ev::popstate, move |_| {
            s.query.set(window().location().search().unwrap_or_default());
        });
        std::mem::forget(popped);
        // The address, read once here (then by `parsed`, as it changes); opened with none, the
        // tab's last path in 「你来调度」 comes back.
        let search = window().location().search().unwrap_or_default();
        let last = (search.is_empty())
            .then(|| tab::get(LAST_VIEW))
            .flatten()
            .map(|q| View::read(&q).0)
            .filter(|v| v.play.is_some());
        let opened = View::read(&search).0;
        let playing = last.is_some() || opened.play.is_some();
        // At an interleaving's steps: `#steps`, or a step or another interleaving than the first
        // (a link's `i=0` is never written: it is the default).
        let stepping = window().location().hash().is_ok_and(|h| h == "#steps")
            || opened.step.is_some()
            || opened.interleaving > 0;
        let arrival = if playing { Arrival::Board } else { Arrival::Steps };
        self.arrived.set_value((playing || stepping).then_some(arrival));
        match last {
            Some(v) => self.go(v),
            None => self.query.set(search),
        }
        self.ready.set(true);
    }

    /// Whether the page was opened for `a`: true once.
    fn arrived_at(&self, a: Arrival) -> bool {
        self.arrived.try_update_value(|x| x.take_if(|x| *x == a)).flatten().is_some()
    }

    /// Count `shown` as run, once a visit, if it is still the scenario on screen.
    pub fn record(&self, shown: Scenario) {
        // The progress page counts the lesson lab's experiments; the model case is open-ended.
        let settled = self.scenario.get_untracked() == shown && shown.case != Case::Model;
        if settled && !self.recorded.with_value(|r| r.contains(&shown)) {
            self.recorded.update_value(|r| r.push(shown.clone()));
            use_store::<Lab>().apply(Change::Run(Experiment::of(&shown)));
        }
    }
}
