//! The judgment's sentences, each written once: what a finding means, why it happened in the
//! run at hand, what qualifies it, what its absence means, and the notes beside them. Here:
//! what a finding means and why it happened (the readings of a refused write among them);
//! `absent.rs` what an absence means, `issuer.rs` the issuer check, `notes.rs` the notes and
//! marks, `coach.rs` the coach.

use super::Kind;
use crate::defects::Defects;
use crate::findings::Finding;
use crate::machine::Event;
use crate::note::APP_NOTE;
use crate::path::{Step, Token};
use crate::properties::Property;
use crate::words::{grant, pair, token};

mod absent;
mod coach;
mod issuer;
mod never;
mod notes;

pub use absent::{by_construction, none_of, stale_in_lab, stale_in_search, unfired};
pub use coach::{closed, coach_name, made, reach, says, Row, Says};
pub use issuer::{harm, reused_fence, HARMLESS_BY_LUCK};
pub use never::never;
pub use notes::{chain, chip_kind, note, note_tag, tag};

/// What the marks on a path's steps are, said once where they appear.
pub const KEY_STEPS: &str = app_note!(
    "关键步骤（*、◆）：产生被比较或被覆盖的值的步骤，\
                             以及决定取号时租约是否有效的授予或到期；使能步骤（○）：\
                             使关键步骤得以发生的暂停、到期、客户端恢复（resume）、释放、\
                             崩溃等事件（程序中必经的其余步骤不标）。"
);

/// Said of the first property where split authority is on: what it does not count.
pub const UNBOUND_NOT_COUNTED: &str = app_note!(
    "本性质只按授予次序判定绑定授予的写入；\
                                       未绑定 token 的写入不计入，即使它覆盖了某次授予已提交的结果\
                                       （见 unauthorized_accept）。"
);

/// The label before a finding's meaning, where an occurrence is told.
pub const WHY: &str = concat!("原因", app_note!(), "：");

/// Said of a lost operation whose shortest path is an expected failure where a holder can
/// also be locked out.
pub const LOST_ALSO_LOCKED: &str = app_note!(
    "最短路径上的这次丢失是协议预期的失败；\
                                    但本场景里 locked_out 也可达（见上），被挡住的持有者的写入同样\
                                    可能丢失，那是危害。"
);

/// When the progress findings are judged.
pub const PROGRESS_WHEN: &str =
    "locked_out 在持有者被拒的那一步判定；lost_operation 在一次运行结束时判定——模型里没有环，每次运行都会结束，「最终」即「到结束时」。";

/// What a finding means, in one sentence.
pub fn why(f: Finding) -> &'static str {
    match f {
        Finding::Broken(p) => p.why(),
        Finding::UnboundOverwrite => "unauthorized_accept 的一种：最新一次授予的写入已被资源提交\
                                      后，又有未绑定授予的 token 的写入被接受（课程的反例里，\
                                      未绑定的 43 覆盖了 B 的 42）。",
        Finding::ReusedFence => "同一个 fence 发给了第二次授予：资源只看数字，分不清这个号属于哪个任期。",
        Finding::LockedOut => "当前授予的持有者在资源处被拒：资源保存着较早的授予或未绑定 token 写下的结果。",
        Finding::LostOperation => "一次在持有有效租约时发出的写入被拒，同键也再没有写入生效；\
                                   所有程序已结束、网络中也没有待送达的写入，它再也不会生效：\
                                   调用方必须按失败处理，不能把它叫成功（课程在多次写一节说「不能把\
                                   丢失 seq1 叫成功」）。",
        Finding::Stuck => "有客户端的程序没走完，却没有任何事件能发生。",
        Finding::StaleRefused => "较早授予的写入在较新授予的结果提交之后到达资源，被拒绝。",
        Finding::KeyCaveat => "较新授予已经发出、但它的新状态还没被资源持久接受时，较早授予的写入提交，资源接受了它：课程的关键限定，不违反课程的两条性质。",
        Finding::CheckRaced => "写入通过了资源单独的比较，落地时资源已经变到这次比较本会拒绝的值：先检查后写入的竞态。",
    }
}

/// Why a property broke at its step, from the step and the token the resource held before
/// it; `None` where the property's sentence says it all.
pub fn cause(
    p: Property,
    e: &Event<u64, char>,
    overwritten: Option<Token>,
    defects: Defects,
) -> Option<String> {
    let Event::Accepted { fence, seq, grant: g, previous, unconditional, .. } = *e else {
        return None;
    };
    match p {
        Property::RevokedGenerationOverwrite if unconditional && defects.no_fence => {
            Some("资源不比较 token：旧持有者的写入照样落地。".into())
        }
        Property::RevokedGenerationOverwrite if unconditional => {
            Some("比较是写入之前单独的一步（先检查后写入）：比较通过之后资源已经变了，写入本身却不再比较。".into())
        }
        Property::RevokedGenerationOverwrite => {
            let older = overwritten.and_then(|t| t.grant).map_or(String::new(), grant);
            (previous.0 == fence).then(|| {
                format!(
                    "在资源看来 {} → {} 是前进；倒退的是授予次序（{older} → {}）：\
                     发号器回退后不记得 {fence} 已经发出过，只有检查器的全局视角分得清。",
                    pair(previous),
                    pair((fence, seq)),
                    grant(g)
                )
            })
        }
        Property::UnauthorizedAccept => Some(match overwritten {
            Some(t) if t.grant.is_some() => format!(
                "它覆盖了 {} 已提交的结果，实际危害与越代覆盖相同；但未绑定的 token 不属于任何授\
                 予，在授予次序里没有位置，无法判定「后退」，所以记在 unauthorized_accept 下，\
                 而不是 revoked_generation_overwrite。",
                token(t)
            ),
            _ => "这条路径里没有新持有者的结果被覆盖：在资源看来，这与正确协议下旧持有者带着到期前\
                  取得的号写入无异；判为违例只因这个号是在它的授予到期之后才取得的，\
                  不绑定任何授予——这是检查器的判定，资源无从分辨。".into(),
        }),
    }
}

/// The comparison that refused a write: its token, its `(fence, seq)`, what the resource held
/// and whether the check was precheck's separate step.
struct Refusal {
    own: Token,
    pair: (u64, u64),
    current: (u64, u64),
    stored: Option<Token>,
    separate: bool,
}

fn refusal(compared: &Step) -> Option<Refusal> {
    let (own, fence, seq, current, separate) = match compared.event {
        Event::Rejected { fence, grant: g, seq, current, .. } => (g, fence, seq, current, false),
        Event::Checked { fence, grant: g, seq, current, passed: false, .. } => {
            (g, fence, seq, current, true)
        }
        _ => return None,
    };
    let own = Token { fence, grant: (own != 0).then_some(own) };
    Some(Refusal { own, pair: (fence, seq), current, stored: compared.after.token, separate })
}

/// Where the refusal happened: precheck's separate comparison, or the commit point.
fn refused_at(r: &Refusal) -> &'static str {
    if r.separate {
        "（在写入前的单独比较中，它随后不再写入）"
    } else {
        "（在提交点）"
    }
}

/// Whether the holder refused by `compared` is shut out for its whole term, or only this once.
pub fn locked_reading(compared: &Step, split: bool) -> Option<String> {
    let r = refusal(compared)?;
    let by = r.stored.map_or("-".to_string(), token);
    Some(if r.current.0 > r.own.fence && split {
        format!(
            "{APP_NOTE}资源保存着 {by}写下的 {}，fence {} 大于持有者这次的 {}：它带着这个号的写入都会被拒；拆开发号时，它若再向计数器取号，仍可能通过。",
            pair(r.current),
            r.current.0,
            r.own.fence
        )
    } else if r.current.0 > r.own.fence {
        format!(
            "{APP_NOTE}资源保存着 {by}写下的 {}，fence {} 大于持有者的 {}：它这一任期的写入都会被拒，被挡在门外。",
            pair(r.current),
            r.current.0,
            r.own.fence
        )
    } else {
        format!(
            "{APP_NOTE}资源保存着 {by}写下的 {}，与持有者的 token 同为 fence {}（fence 被重\
             用）：这次挡住它的只是 op_seq（{} ≥ {}）；资源分不清两个 {}，它若以更大的 op_seq 再\
             写，资源会接受（模型未运行这一步）。",
            pair(r.current),
            r.own.fence,
            pair(r.current),
            pair(r.pair),
            r.own.fence
        )
    })
}

/// A lost operation's reading, from the comparison that refused its write (`compared`: the
/// refusal itself, or precheck's failed check before it): refused by a newer grant's result
/// or by its own term's larger op_seq, with no defect's step among its key steps, is what the
/// protocol in force does; refused because the resource holds an older grant's or an unbound
/// result, the holder was locked out — a harm.
pub fn lost_reading(compared: &Step, delivered: bool, defect_in_chain: bool) -> (Kind, String) {
    let Some(r) = refusal(compared) else { return (Kind::Harm, String::new()) };
    let stored = r.stored.and_then(|t| t.grant);
    let decided = if r.current.0 == r.own.fence {
        "资源按 (fence, op_seq) 比较，"
    } else {
        "资源按 fence 比较，"
    };
    let at = refused_at(&r);
    let expected = app_note!("这条路径上的丢失与缺陷无关，是协议预期的失败，不是性质违例");
    match (stored, r.own.grant) {
        (Some(s), Some(g)) if s >= g && defect_in_chain => (
            Kind::Harm,
            format!(
                "本例中资源保存着{}的结果 {}，它被拒绝{at}；但写下那个结果的路径上有缺陷触发的步骤\
                 （见关键步骤），不能算作正确协议的预期行为。",
                grant(s),
                pair(r.current)
            ),
        ),
        (Some(s), Some(g)) if s == g => (
            Kind::Expected,
            format!(
                "{expected}：本例中同一任期里 op_seq 不小于它的写入 {} 已经提交，\
                 资源按 op_seq 拒绝它{at}（课程：「若 seq2 先到，seq1 后到应被拒」）。",
                pair(r.current)
            ),
        ),
        (Some(s), Some(g)) if s > g => {
            let late = if delivered { "这次写入在网络中迟到，到达时" } else { "" };
            (
                Kind::Expected,
                format!(
                    "{expected}：本例中{late}较新授予（{}）的结果 {} 已经提交，\
                     {decided}按设计拒绝它{at}。",
                    grant(s),
                    pair(r.current)
                ),
            )
        }
        _ => {
            let what = r.stored.map_or("-".to_string(), token);
            (
                Kind::Harm,
                format!(
                    "{APP_NOTE}本例中被拒的是当前持有者（见 locked_out）：\
                     资源保存着 {what}写下的 {}，拒绝了它{at}。在本模型里，这只在 fence 被重用或未\
                     绑定 token 写入时才会发生。",
                    pair(r.current)
                ),
            )
        }
    }
}
