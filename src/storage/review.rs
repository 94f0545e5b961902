//! Spaced review by the Leitner system (Sebastian Leitner, *So lernt man lernen*, 1972): each
//! question sits in a box, and box `n` comes back after `2^(n-1)` days — 1, 2, 4, 8, 16, 32.
//! The self-test's three ratings move it as the three-answer variant of the system does:
//! 没想起来 sends it back to the first box (tomorrow), 部分答出 to at most the second (a short
//! interval), 完整答出 one box up (the interval doubles from the last one). A question never
//! rated starts in the first box. Pure: times come in as arguments (see `crate::clock`).

use super::progress::{Attempt, Millis, Rating};
use serde::{Deserialize, Serialize};

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
    pub fn replay(attempts: &[Attempt]) -> Option<Review> {
        attempts.iter().fold(None, |before, a| Some(Review::after(before, a.rating, a.at)))
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

#[cfg(test)]
mod tests {
    use super::*;

    const T: Millis = 1_764_600_000_000.0;

    fn rated(ratings: &[Rating]) -> Option<Review> {
        let attempts: Vec<Attempt> = ratings
            .iter()
            .enumerate()
            .map(|(i, &rating)| Attempt { answer: String::new(), ticked: vec![], rating, at: T + i as f64 * DAY_MS, wording: 2 })
            .collect();
        Review::replay(&attempts)
    }

    #[test]
    fn missed_comes_back_tomorrow_partial_soon_and_full_doubles() {
        use Rating::*;
        assert_eq!(rated(&[Missed]).map(|r| r.level), Some(1));
        assert_eq!(rated(&[Full]).unwrap().due, T + 2.0 * DAY_MS);
        let days = |ratings: &[Rating]| {
            let r = rated(ratings).unwrap();
            ((r.due - (T + (ratings.len() - 1) as f64 * DAY_MS)) / DAY_MS) as u32
        };
        assert_eq!([days(&[Full]), days(&[Full, Full]), days(&[Full, Full, Full])], [2, 4, 8]);
        assert_eq!(days(&[Full, Full, Full, Partial]), 2);
        assert_eq!(days(&[Full, Full, Full, Missed]), 1);
        assert_eq!(days(&[Partial]), 1);
        assert_eq!(days(&[Full; 9]), 32, "the last box keeps its interval");
        assert_eq!(rated(&[]), None);
    }

    #[test]
    fn due_means_due_on_the_learners_calendar_day() {
        let offset = 8.0 * 3_600_000.0; // UTC+8
                                        // Rated at 22:00 local time: due the next day, from its first hour.
        let at = (day(T, offset) as f64) * DAY_MS - offset + 22.0 * 3_600_000.0;
        let r = Review::after(None, Rating::Missed, at);
        assert!(!r.is_due(at + 3_600_000.0, offset), "23:00 the same day");
        assert!(r.is_due(at + 3.0 * 3_600_000.0, offset), "01:00 the next day");
        assert_eq!(r.days_left(at, offset), 1);
        assert_eq!(r.days_left(at + 10.0 * DAY_MS, offset), 0);
        let later = Review::after(Some(Review { level: 2, due: at }), Rating::Full, at);
        assert_eq!((later.level, later.days_left(at, offset), later.days_left(at + DAY_MS, offset)), (3, 4, 3));
    }
}
