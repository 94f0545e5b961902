//! Stepping through a sequence of steps — an interleaving, or a counterexample's path: back,
//! forward, play (one step a second, from the start when at the end), the arrow keys and
//! `k`/`j`, and a pick from the picture. Any manual move stops playing.

use super::state::View;
use leptos::prelude::*;
use std::time::Duration;

/// The pace of "play": one step a second.
const PLAY_STEP: Duration = Duration::from_secs(1);

#[derive(Clone, Copy)]
pub struct Player {
    total: Signal<usize>,
    /// The step on view (1-based).
    pub step: Signal<usize>,
    step_to: Callback<usize>,
    /// Whether the step table is shown, and how to show or hide it.
    pub table: Signal<bool>,
    on_table: Callback<bool>,
    playing: RwSignal<bool>,
    timer: StoredValue<Option<IntervalHandle>>,
}

impl Player {
    /// A path's player in the explorer over steps `1..=total`, at `step`, where the address
    /// holds the view: a step, or the table shown, is a new view (`go`), and the current
    /// step's row is kept in sight. Listens to the keyboard while the calling component lives.
    pub fn of_view(
        total: Signal<usize>,
        step: Signal<usize>,
        view: Memo<View>,
        go: Callback<View>,
    ) -> Player {
        follow_current_step(move || view.track());
        let p = Player {
            total,
            step,
            step_to: Callback::new(move |n| go.run(View { step: Some(n), ..view.get_untracked() })),
            table: Signal::derive(move || view.get().table),
            on_table: Callback::new(move |t| go.run(View { table: t, ..view.get_untracked() })),
            playing: RwSignal::new(false),
            timer: StoredValue::new(None),
        };
        on_cleanup(move || p.stop());
        let handle = window_event_listener(leptos::ev::keydown, move |ev| {
            if crate::ui::keys::for_text_field(&ev) {
                return;
            }
            let delta = match ev.key().as_str() {
                "ArrowLeft" | "k" => -1,
                "ArrowRight" | "j" => 1,
                _ => return,
            };
            ev.prevent_default();
            p.by(delta);
        });
        on_cleanup(move || handle.remove());
        p
    }

    pub fn stop(self) {
        self.playing.set(false);
        if let Some(t) = self.timer.try_update_value(Option::take).flatten() {
            t.clear();
        }
    }

    /// Go to step `n` (kept within the steps), as the learner asked: playing stops.
    pub fn pick(self, n: usize) {
        self.stop();
        self.go(n);
    }

    fn go(self, n: usize) {
        self.step_to.run(n.clamp(1, self.total.get_untracked().max(1)));
    }

    fn by(self, delta: isize) {
        self.pick((self.step.get_untracked() as isize + delta).max(1) as usize);
    }

    fn toggle(self) {
        if self.playing.get_untracked() {
            return self.stop();
        }
        if self.step.get_untracked() >= self.total.get_untracked() {
            self.go(1);
        }
        self.playing.set(true);
        let handle = set_interval_with_handle(
            move || {
                let (step, total) = (self.step.get_untracked(), self.total.get_untracked());
                if step >= total {
                    self.stop();
                } else {
                    self.go(step + 1);
                }
            },
            PLAY_STEP,
        );
        self.timer.set_value(handle.ok());
    }

    /// The buttons, the table switch and the keyboard hint.
    pub fn controls(self) -> impl IntoView {
        let Player { table, on_table, .. } = self;
        view! {
            <div class="stepper" role="group" aria-label="逐步查看">
                <button type="button" class="tool-btn" on:click=move |_| self.by(-1)>
                    "← 上一步"
                </button>
                <button
                    type="button"
                    class="tool-btn play-btn"
                    aria-pressed=move || self.playing.get().to_string()
                    on:click=move |_| self.toggle()
                >
                    {move || if self.playing.get() { "⏸ 暂停" } else { "▶ 播放" }}
                </button>
                <button type="button" class="tool-btn" on:click=move |_| self.by(1)>
                    "下一步 →"
                </button>
                <label class="check table-toggle">
                    <input
                        type="checkbox"
                        prop:checked=table
                        on:change=move |ev| on_table.run(event_target_checked(&ev))
                    />
                    <span>"显示步骤表"</span>
                </label>
                <span class="hint">
                    <span class="key-hint">"键盘：← / → 或 k / j；"</span>
                    "点图中的一步可直接跳到那一步"
                </span>
            </div>
        }
    }
}

/// Keep the current step's row in sight as the learner steps (not when the view opens: the
/// page stays where the learner is reading).
fn follow_current_step(track: impl Fn() + 'static) {
    Effect::new(move |opened: Option<()>| {
        track();
        if opened.is_none() {
            return;
        }
        request_animation_frame(|| {
            let band = document().query_selector(".sd-band.current").ok().flatten();
            if let Some(b) = band.map(|b| b.get_bounding_client_rect()) {
                let height = window().inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
                // Below the sticky bar and the lanes' names (about 6rem), or under the fold.
                let by =
                    if b.top() < 96.0 { b.top() - 96.0 } else { (b.bottom() - height).max(0.0) };
                if by != 0.0 {
                    window().scroll_by_with_x_and_y(0.0, by);
                }
            }
        });
    });
}
