//! The records natively: the self-test's recall → reveal → rate, the Leitner schedule, limits,
//! and two copies of each record joined.

mod draft;
mod lab;
mod review;
mod study;

use super::study::QuestionRef;

pub const Q1: QuestionRef = QuestionRef { id: "q1", wording: 2, tab: "tab-1" };
pub const Q2: QuestionRef = QuestionRef { id: "q2", wording: 2, tab: "tab-1" };
