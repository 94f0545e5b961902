//! What this app adds to the lesson, marked where it is read: `app_note!("…")` is the literal
//! `"（本学习台补充）…"`, so it serves `const` items and format strings alike; `app_note!()` is
//! the mark alone. The page's own additions use it too (src/content.rs).

#[macro_export]
macro_rules! app_note {
    () => {
        "（本学习台补充）"
    };
    ($s:literal) => {
        concat!("（本学习台补充）", $s)
    };
}

/// The mark alone, for format strings (`"{APP_NOTE}…"`: a macro cannot carry inline arguments).
pub const APP_NOTE: &str = app_note!();
