//! Spaced review by the Leitner system (Sebastian Leitner, *So lernt man lernen*, 1972): each
//! question sits in a box, and box `n` comes back after `2^(n-1)` days — 1, 2, 4, 8, 16, 32.
//! The self-test's three ratings move it as the three-answer variant of the system does:
//! 没想起来 sends it back to the first box (tomorrow), 部分答出 to at most the second (a short
//! interval), 完整答出 one box up (the interval doubles from the last one). A question never
//! rated starts in the first box. A schedule is what a question's ratings lead to, so it is
//! never stored apart from them. Pure: times come in as arguments (see `crate::clock`).

use super::Millis;
use serde::{Deserialize, Serialize};

/// The three self-rating levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rating {
    Missed,
    Partial,
    Full,
}

impl Rating {
    pub const ALL: [Rating; 3] = [Rating::Missed, Rating::Partial, Rating::Full];

    /// The rating the page suggests from the lesson's scoring points ticked (this app's own
    /// points do not count): at least nine in ten 完整答出 (all of them on a question of up to
    /// nine points; one may be missed from ten on, so that 11 of 12 and 5 of 12 differ), at
    /// least half 部分答出, fewer 没想起来. The learner's choice stands; the page states this
    /// rule beside it.
    pub fn suggested(ticked: usize, of: usize) -> Rating {
        match ticked {
            t if 10 * t >= 9 * of => Rating::Full,
            t if 2 * t >= of => Rating::Partial,
            _ => Rating::Missed,
        }
    }
}

/// Days until a question in box `n` (1-based) is due again.
pub const INTERVAL_DAYS: [u32; 6] = [1, 2, 4, 8, 16, 32];

pub const DAY_MS: f64 = 86_400_000.0;

/// Where a question stands in the schedule: its box, and when it is due.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Review {
    #[serde(rename = "box")]
    pub level: u8,
    pub due: Millis,
}

impl Review {
    /// The schedule after a rating at `at`, from where the question stood before.
    pub fn after(before: Option<Review>, rating: Rating, at: Millis) -> Review {
        let from = before.map_or(1, |r| r.level);
        let level = match rating {
            Rating::Missed => 1,
            Rating::Partial => from.min(2),
            Rating::Full => (from + 1).min(INTERVAL_DAYS.len() as u8),
        };
        Review { level, due: at + f64::from(INTERVAL_DAYS[level as usize - 1]) * DAY_MS }
    }

    /// The schedule that a question's ratings, in order, lead to (`None` if never rated).
    pub fn replay(ratings: impl IntoIterator<Item = (Rating, Millis)>) -> Option<Review> {
        ratings
            .into_iter()
            .fold(None, |before, (rating, at)| Some(Review::after(before, rating, at)))
    }

    /// Whether the question is due on the learner's calendar day of `now` (`offset`: the local
    /// time zone's distance from UTC, in milliseconds, as `clock::offset` gives it).
    pub fn is_due(&self, now: Millis, offset: f64) -> bool {
        day(self.due, offset) <= day(now, offset)
    }

    /// Calendar days from `now`'s day to the due day (0: today or overdue).
    pub fn days_left(&self, now: Millis, offset: f64) -> i64 {
        (day(self.due, offset) - day(now, offset)).max(0)
    }
}

/// The local calendar day a moment falls on, counted from the epoch.
pub fn day(at: Millis, offset: f64) -> i64 {
    ((at + offset) / DAY_MS).floor() as i64
}
