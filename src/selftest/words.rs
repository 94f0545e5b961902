//! The words a learner reads about the self-test — ratings, a question's state, dates, when
//! a question comes back — and the order of review; none of them is in the stored document.

use crate::clock;
use crate::content::{Question, QUESTIONS};
use crate::record::review::Rating;
use crate::record::study::{QuestionRecord, QuestionState, Study};

/// How an attempt marked unsure says so, after its rating.
pub const UNSURE: &str = "（没把握）";

pub fn rating_label(r: Rating) -> &'static str {
    match r {
        Rating::Missed => "没想起来",
        Rating::Partial => "部分答出",
        Rating::Full => "完整答出",
    }
}

pub(super) fn rating_meaning(r: Rating) -> &'static str {
    match r {
        Rating::Missed => "要点大多没想起来，或想起了原则却用错了地方：需要重读相关章节",
        Rating::Partial => "答到至少一半评分点，但有的遗漏、含糊或答错",
        Rating::Full => "评分点都答到（课文评分点满 10 个的题可漏一个），并能说清为什么",
    }
}

/// The rating the points ticked suggest: by the lesson's points only (`Rating::suggested`).
pub(super) fn suggested(q: &Question, ticked: &[usize]) -> Rating {
    let lesson: Vec<usize> = q.lesson_points().collect();
    Rating::suggested(lesson.iter().filter(|k| ticked.contains(k)).count(), lesson.len())
}

/// When a point counts as answered, as the learner reads it above the points: the explanation a
/// point gives is part of it unless the point itself says otherwise (learner rounds 6–8 each
/// found a point whose explanation read as optional to one reader and required to another).
pub(super) const POINT_RULE: &str = "每个评分点要整条答到才勾，包括它给出的理由；\
    括号里另有评分说明的（哪些不必答、答出哪些即可、哪些答法也算或不得分），以括号为准。";

/// The rule by which the ticks suggest a level, as the learner reads it beside the levels.
const RULE: &str =
    "规则：勾到九成及以上为完整答出（课文评分点满 10 个的题可漏一个，不满 10 个须全勾），\
                    一半及以上为部分答出，不到一半为没想起来";

/// The suggestion and its rule, as the learner reads them beside the three levels; before any
/// point is ticked, the rule alone (no level is suggested until the learner has checked).
pub(super) fn suggestion(q: &Question, ticked: &[usize]) -> String {
    let lesson = q.lesson_points().count();
    let on = q.lesson_points().filter(|k| ticked.contains(k)).count();
    let extra = if lesson < q.points {
        concat!("；以“", fencing_model::app_note!(), "”开头的点不计入")
    } else {
        ""
    };
    if ticked.is_empty() {
        return format!(
            "先对照参考答案，勾出你答对的评分点（提到了但用错的不算），这里会按勾的数目给出建议；\
             一个都没答到，就选“没想起来”。{RULE}{extra}。"
        );
    }
    format!(
        "按你勾的课文评分点（{on}/{lesson}），建议：{}。{RULE}{extra}。以你的选择为准。",
        rating_label(suggested(q, ticked))
    )
}

/// Whether a level is to be marked as the suggestion: not before any point is ticked.
pub(super) fn marked_suggestion(q: &Question, ticked: &[usize]) -> Option<Rating> {
    (!ticked.is_empty()).then(|| suggested(q, ticked))
}

/// The stylesheet's name for a rating.
pub(super) fn rating_class(r: Rating) -> &'static str {
    match r {
        Rating::Missed => "rate-missed",
        Rating::Partial => "rate-partial",
        Rating::Full => "rate-full",
    }
}

pub(super) fn state_label(s: QuestionState) -> &'static str {
    match s {
        QuestionState::NotStarted => "未作答",
        QuestionState::Recalling => "作答中",
        QuestionState::Revealed => "已对照",
        QuestionState::Rated => "已自评",
    }
}

/// The stylesheet's name for a question's state.
pub(super) fn state_class(s: QuestionState) -> &'static str {
    match s {
        QuestionState::NotStarted => "state-new",
        QuestionState::Recalling => "state-recalling",
        QuestionState::Revealed => "state-revealed",
        QuestionState::Rated => "state-rated",
    }
}

/// A date and time in the learner's locale, for attempt history.
pub fn when(ms: f64) -> String {
    js_sys::Date::new(&ms.into())
        .to_locale_string("zh-CN", &wasm_bindgen::JsValue::UNDEFINED)
        .into()
}

/// When a question comes back, in words, and whether that is today: `今天到期`,
/// `明天（12月1日）`, `3 天后（12月3日）`. `None` before its first rating.
pub fn next_review(record: &QuestionRecord, now: f64) -> Option<(bool, String)> {
    let r = record.review?;
    let offset = clock::offset(now);
    if r.is_due(now, offset) {
        return Some((true, "今天到期".to_string()));
    }
    let (month, day) = clock::month_day(r.due);
    let date = format!("{month}月{day}日");
    Some((
        false,
        match r.days_left(now, offset) {
            1 => format!("明天（{date}）"),
            n => format!("{n} 天后（{date}）"),
        },
    ))
}

/// The questions in review order: due today first, then those never rated, then the rest by
/// when they come back (each group in the lesson's order).
pub fn review_order(p: &Study, now: f64) -> Vec<&'static Question> {
    let offset = clock::offset(now);
    let mut all: Vec<&'static Question> = QUESTIONS.iter().collect();
    all.sort_by(|a, b| {
        let key = |q: &Question| match p.question(q.id).review {
            Some(r) if r.is_due(now, offset) => (0, 0.0),
            None => (1, 0.0),
            Some(r) => (2, r.due),
        };
        let (ka, kb) = (key(a), key(b));
        ka.0.cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
    });
    all
}

/// The questions due for review today, in review order.
pub fn due_today(p: &Study, now: f64) -> Vec<&'static Question> {
    review_order(p, now)
        .into_iter()
        .filter(|q| next_review(&p.question(q.id), now).is_some_and(|(due, _)| due))
        .collect()
}

/// The question's number in the lesson's order ("第 2 题").
pub(super) fn number(q: &Question) -> String {
    format!("第 {} 题", QUESTIONS.iter().position(|x| x.id == q.id).map_or(0, |i| i + 1))
}
