//! The app's one clock: every time stamp and every "is it due today" reads it. In the browser
//! it is the page's `Date` (which a test replaces with Playwright's clock to move days
//! forward); the stored document and the schedule take times as arguments, so native tests
//! pass their own. Natively (the build-time renderer) it is the system clock in UTC.

/// Milliseconds since the epoch, as JavaScript counts.
#[cfg(target_arch = "wasm32")]
pub fn now() -> f64 {
    js_sys::Date::now()
}

/// The local time zone's distance from UTC at `at`, in milliseconds (UTC+8 is `8 h`).
#[cfg(target_arch = "wasm32")]
pub fn offset(at: f64) -> f64 {
    -js_sys::Date::new(&at.into()).get_timezone_offset() * 60_000.0
}

#[cfg(not(target_arch = "wasm32"))]
pub fn now() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_millis() as f64)
}

#[cfg(not(target_arch = "wasm32"))]
pub fn offset(_at: f64) -> f64 {
    0.0
}

/// The local calendar month (1–12) and day of `at`.
#[cfg(target_arch = "wasm32")]
pub fn month_day(at: f64) -> (u32, u32) {
    let d = js_sys::Date::new(&at.into());
    (d.get_month() + 1, d.get_date())
}

/// The calendar month and day of `at` in UTC (Hinnant's `civil_from_days`).
#[cfg(not(target_arch = "wasm32"))]
pub fn month_day(at: f64) -> (u32, u32) {
    let z = (at / 86_400_000.0).floor() as i64 + 719_468;
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (month, day)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    #[test]
    fn calendar_days_are_counted_as_the_browser_does() {
        assert_eq!(super::month_day(0.0), (1, 1));
        assert_eq!(super::month_day(1_764_460_800_000.0), (11, 30)); // 2025-11-30T00:00Z
        assert_eq!(super::month_day(1_709_164_800_000.0), (2, 29)); // 2024-02-29T00:00Z
    }
}
