//! The path the learner is making in 「你来调度」, as every part of the board reads it: the moves
//! from the address, replayed, the step on view, and the moves that change it.

use crate::lab_views::state::View;
use fencing_model::machine::state::{Action, State};
use fencing_model::machine::Machine;
use fencing_model::path::{path_text, read_path, replay, steps, Move, Step};
use fencing_model::verdicts::{of_path, Marks};
use fencing_model::words::next_move;
use fencing_model::Token;
use leptos::prelude::*;

/// The path and the step on view. Copy: each closure of the board holds it whole.
#[derive(Clone, Copy)]
pub(super) struct Walk {
    pub machine: StoredValue<Machine>,
    /// The path in the address, as far as it can be walked, and why the rest was refused.
    pub read: Memo<(Vec<Action>, Option<String>)>,
    /// The path replayed: its moves, its steps as the report shows them, and its marks.
    pub walked: Memo<(Vec<Move>, Vec<Step>, Marks)>,
    pub total: Signal<usize>,
    /// The step on view: the end unless the learner stepped back to look.
    pub at: Signal<usize>,
    /// How many of the path's first moves came with the address (a link or a reload), not by
    /// moves made here: a challenge is earned only by a path of the learner's own moves.
    pub linked: RwSignal<usize>,
    pub view: Memo<View>,
    pub go: Callback<View>,
}

impl Walk {
    pub fn new(machine: Machine, view: Memo<View>, go: Callback<View>) -> Walk {
        let machine = StoredValue::new(machine);
        let read = Memo::new(move |_| {
            view.with(|v| machine.with_value(|m| read_path(m, v.play.as_deref().unwrap_or(""))))
        });
        let walked = Memo::new(move |_| {
            machine.with_value(|m| {
                let moves = read.with(|(p, _)| replay(m, p));
                let steps = steps(m, &moves);
                let marks = of_path(m, &moves, &steps);
                (moves, steps, marks)
            })
        });
        let total = Signal::derive(move || walked.with(|w| w.0.len()));
        let at =
            Signal::derive(move || view.with(|v| v.step.unwrap_or(usize::MAX)).min(total.get()));
        let linked = RwSignal::new(read.with_untracked(|(p, _)| p.len()));
        Effect::new(move |_| {
            let n = total.get();
            if n < linked.get_untracked() {
                linked.set(n);
            }
        });
        Walk { machine, read, walked, total, at, linked, view, go }
    }

    fn path(self) -> Vec<Action> {
        self.read.with_untracked(|(p, _)| p.clone())
    }

    /// A new path: a history entry of its own, at its end.
    pub fn set_path(self, p: &[Action]) {
        self.go.run(self.view.get_untracked().playing(path_text(p)));
    }

    /// Make move `a`; from an earlier step it forks there: the moves after it are dropped.
    pub fn choose(self, a: Action) {
        let mut p = self.path();
        p.truncate(self.at.get_untracked());
        self.linked.set(self.linked.get_untracked().min(p.len()));
        p.push(a);
        self.set_path(&p);
    }

    pub fn undo(self) {
        let mut p = self.path();
        p.pop();
        self.set_path(&p);
    }

    /// The state on view, and the result committed by then (which the path knows, not the
    /// state).
    pub fn now(self) -> (State, Option<(char, Token)>) {
        self.walked.with(|(moves, steps, _)| match self.at.get() {
            0 => (State::default(), None),
            n => (moves[n - 1].after, steps[n - 1].after.writer.zip(steps[n - 1].after.token)),
        })
    }

    /// Every move enabled in `s`, in the machine's order, with its words.
    pub fn enabled(self, s: &State) -> Vec<(Action, String)> {
        self.machine.with_value(|m| {
            let mut out = Vec::new();
            m.successors(s, &mut out);
            out.into_iter().map(|(a, _, _)| (a, next_move(m, s, a))).collect()
        })
    }

    /// Make the `i`-th move enabled where the learner stands (0-based), if there is one.
    pub fn take(self, i: usize) {
        if let Some((a, _)) = self.enabled(&untrack(|| self.now()).0).get(i) {
            self.choose(*a);
        }
    }

    /// The keys while the board is open: 1–9 choose the first nine moves, 0 the tenth, `u`
    /// and Backspace undo; the rest by Tab and Enter.
    pub fn keys(self) {
        let keys = window_event_listener(leptos::ev::keydown, move |ev| {
            if crate::ui::keys::for_text_field(&ev) {
                return;
            }
            let key = ev.key();
            match key.parse::<usize>() {
                _ if key == "u" || key == "Backspace" => self.undo(),
                Ok(n) => self.take((n + 9) % 10),
                Err(_) => return,
            }
            ev.prevent_default();
        });
        on_cleanup(move || keys.remove());
    }
}
