//! A move as a learner chooses it, before it happens: what is done, never what comes of it
//! (`event` says that afterwards — 「资源拒绝……」 — and would give the outcome away); and the
//! state the learner chooses in.

use super::{lease, pair, token};
use crate::machine::spec::Op;
use crate::machine::state::{
    Action, State, CHECKED, DOWN, FAILED_CHECK, MINTED, RECOVERED, STOPPED,
};
use crate::machine::{client_name, Machine};
use crate::path::Token;

/// The move `a` in state `s` of machine `m`, in words that do not tell its outcome.
pub fn next_move(m: &Machine, s: &State, a: Action) -> String {
    let who = |c: u8| client_name(c as usize);
    match a {
        Action::Step(c) => {
            let me = s.clients[c as usize];
            let name = who(c);
            match m.programs[c as usize].get(me.pc as usize) {
                Some(Op::Acquire) => format!("{name} 申请租约"),
                Some(Op::Mint) => format!("{name} 向独立计数器取号"),
                Some(Op::Pause) => format!("{name} 暂停"),
                Some(Op::Renew) => format!("{name} 续租"),
                Some(Op::Write { .. }) if m.defects.split_authority && me.flags & MINTED == 0 => {
                    format!("{name} 写入前向独立计数器取号")
                }
                Some(Op::Write { seq, .. })
                    if m.defects.precheck && me.flags & (CHECKED | FAILED_CHECK) == 0 =>
                {
                    format!(
                        "资源先单独把 {name} 的 {} 与当前值比较",
                        pair((m.fence(me.fence), m.seq(*seq)))
                    )
                }
                Some(Op::Write { .. }) if me.flags & FAILED_CHECK != 0 => {
                    format!("{name} 按比较结果决定是否写入")
                }
                Some(Op::Write { seq, .. }) => {
                    let verb = if m.delay { "发出写入" } else { "写入" };
                    format!("{name} {verb} {}", pair((m.fence(me.fence), m.seq(*seq))))
                }
                None => format!("{name} 的下一步"),
            }
        }
        Action::Resume(c) => format!("{} 恢复", who(c)),
        Action::Release(c) => format!("{} 释放租约", who(c)),
        Action::Expire => {
            format!("授权权威判 {} 的租约到期", client_name((s.owner as usize).saturating_sub(1)))
        }
        Action::Crash => "授权权威崩溃".into(),
        Action::Recover => "授权权威恢复".into(),
        Action::Deliver(i) => {
            let w = s.in_flight[i as usize];
            format!(
                "送达 {} 的 {}",
                client_name(w.client()),
                pair((m.fence(w.0[1]), m.seq(w.0[3])))
            )
        }
    }
}

/// One line of the state a learner stands in: what it is about (`A`, `授权权威`, …) and what
/// holds there now.
pub type Line = (String, String);

/// State `s` of machine `m` for a learner choosing the next move: each client (its next
/// step, paused or not, its token and the grant it came from), the authority, the resource
/// (with the result committed last, `committed`, which the path knows and the state does
/// not), the writes in flight.
pub fn situation(m: &Machine, s: &State, committed: Option<(char, Token)>) -> Vec<Line> {
    let mut out = Vec::new();
    for c in 0..m.programs.len() {
        let me = s.clients[c];
        let next = if me.flags & STOPPED != 0 {
            "续租失败，已停止".to_string()
        } else if me.pc as usize >= m.programs[c].len() {
            "程序已走完".to_string()
        } else {
            format!("下一步：{}", next_move(m, s, Action::Step(c as u8)))
        };
        let paused = if s.paused(c) { "，暂停中（恢复前不能行动）" } else { "" };
        let held = match me.fence {
            0 => "未持有 token".to_string(),
            f => format!(
                "持有 token {}",
                token(Token { fence: m.fence(f), grant: (me.grant != 0).then_some(me.grant) })
            ),
        };
        out.push((client_name(c).to_string(), format!("{next}{paused}；{held}")));
    }
    let owner = match s.owner {
        0 => "无 owner".to_string(),
        o => format!("owner {}", client_name(o as usize - 1)),
    };
    let lease = lease(s.lease_state()).1;
    let number = if m.defects.split_authority {
        format!("独立计数器已发到 {}", m.issuer + s.counter as u64)
    } else {
        format!("generation {}", m.issuer + s.generation as u64)
    };
    let up = match s.crash {
        DOWN => "，已崩溃（恢复前不处理请求）",
        RECOVERED if m.defects.rollback_issuer => "，已从旧备份恢复（发号器回到初始值）",
        RECOVERED => "，已从持久状态恢复",
        _ => "",
    };
    out.push(("授权权威".into(), format!("{owner}，{lease}，{number}{up}")));
    let value = match committed {
        Some((c, t)) => format!("，值 result-{c}（{c} 以 token {} 写入）", token(t)),
        None => "，尚无提交".into(),
    };
    out.push((
        "资源".into(),
        format!(
            "(max_fence, last_seq) = {}{value}",
            pair((m.fence(s.max_fence), m.seq(s.last_seq)))
        ),
    ));
    if m.delay {
        let flying: Vec<String> = s.in_flight[..s.flying()]
            .iter()
            .map(|w| {
                format!("{} 的 {}", client_name(w.client()), pair((m.fence(w.0[1]), m.seq(w.0[3]))))
            })
            .collect();
        out.push((
            "网络中".into(),
            if flying.is_empty() { "没有在途的写入".into() } else { flying.join("、") },
        ));
    }
    out
}
