//! The Leitner schedule: intervals by rating, and due on the learner's calendar day.

use crate::record::review::*;
use crate::record::Millis;

const T: Millis = 1_764_600_000_000.0;

fn rated(ratings: &[Rating]) -> Option<Review> {
    Review::replay(ratings.iter().enumerate().map(|(i, &rating)| (rating, T + i as f64 * DAY_MS)))
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
                                    // Rated at 22:00 local time: due the next day, from its first
                                    // hour.
    let at = (day(T, offset) as f64) * DAY_MS - offset + 22.0 * 3_600_000.0;
    let r = Review::after(None, Rating::Missed, at);
    assert!(!r.is_due(at + 3_600_000.0, offset), "23:00 the same day");
    assert!(r.is_due(at + 3.0 * 3_600_000.0, offset), "01:00 the next day");
    assert_eq!(r.days_left(at, offset), 1);
    assert_eq!(r.days_left(at + 10.0 * DAY_MS, offset), 0);
    let later = Review::after(Some(Review { level: 2, due: at }), Rating::Full, at);
    assert_eq!(
        (later.level, later.days_left(at, offset), later.days_left(at + DAY_MS, offset)),
        (3, 4, 3)
    );
}

#[test]
fn the_suggested_rating_is_nine_in_ten_half_or_fewer_of_the_lessons_points() {
    use Rating::*;
    let suggested: Vec<_> = (0..=6).map(|t| Rating::suggested(t, 6)).collect();
    assert_eq!(suggested, [Missed, Missed, Missed, Partial, Partial, Partial, Full]);
    assert_eq!(
        [Rating::suggested(2, 5), Rating::suggested(3, 5)],
        [Missed, Partial],
        "half of an odd count rounds up"
    );
    // From ten points on, one may be missed: 11 of 12 is not 5 of 12.
    assert_eq!([12, 11, 6, 5].map(|t| Rating::suggested(t, 12)), [Full, Full, Partial, Missed]);
    assert_eq!([9, 8].map(|t| Rating::suggested(t, 9)), [Full, Partial]);
}
