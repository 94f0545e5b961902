//! A move as a learner chooses it, before it happens: what is done, never what comes of it
//! (`words::event` says that afterwards — 「资源拒绝……」 — and would give the outcome away);
//! and the state the learner chooses in.

use super::spec::Op;
use super::state::{Action, Lease, State, CHECKED, DOWN, FAILED_CHECK, MINTED, RECOVERED, STOPPED};
use super::{client_name, Machine};
use crate::path::Token;
use crate::words::{pair, token};

impl Machine {
    /// The move `a` in state `s`, in words that do not tell its outcome.
    pub fn move_words(&self, s: &State, a: Action) -> String {
        let who = |c: u8| client_name(c as usize);
        match a {
            Action::Step(c) => {
                let me = s.clients[c as usize];
                let name = who(c);
                match self.programs[c as usize].get(me.pc as usize) {
                    Some(Op::Acquire) => format!("{name} 申请租约"),
                    Some(Op::Mint) => format!("{name} 向独立计数器取号"),
                    Some(Op::Pause) => format!("{name} 暂停"),
                    Some(Op::Renew) => format!("{name} 续租"),
                    Some(Op::Write { .. })
                        if self.defects.split_authority && me.flags & MINTED == 0 =>
                    {
                        format!("{name} 写入前向独立计数器取号")
                    }
                    Some(Op::Write { seq, .. })
                        if self.defects.precheck && me.flags & (CHECKED | FAILED_CHECK) == 0 =>
                    {
                        format!(
                            "资源先单独把 {name} 的 {} 与当前值比较",
                            pair((self.fence(me.fence), self.seq(*seq)))
                        )
                    }
                    Some(Op::Write { .. }) if me.flags & FAILED_CHECK != 0 => {
                        format!("{name} 按比较结果决定是否写入")
                    }
                    Some(Op::Write { seq, .. }) => {
                        let verb = if self.delay { "发出写入" } else { "写入" };
                        format!("{name} {verb} {}", pair((self.fence(me.fence), self.seq(*seq))))
                    }
                    None => format!("{name} 的下一步"),
                }
            }
            Action::Resume(c) => format!("{} 恢复", who(c)),
            Action::Release(c) => format!("{} 释放租约", who(c)),
            Action::Expire => format!(
                "授权权威判 {} 的租约到期",
                client_name((s.owner as usize).saturating_sub(1))
            ),
            Action::Crash => "授权权威崩溃".into(),
            Action::Recover => "授权权威恢复".into(),
            Action::Deliver(i) => {
                let m = s.in_flight[i as usize];
                format!(
                    "送达 {} 的 {}",
                    client_name(m.client()),
                    pair((self.fence(m.0[1]), self.seq(m.0[3])))
                )
            }
        }
    }
}

/// One line of the state a learner stands in: what it is about (`A`, `授权权威`, …) and what
/// holds there now.
pub type Line = (String, String);

impl Machine {
    /// State `s` for a learner choosing the next move: each client (its next step, paused or
    /// not, its token and the grant it came from), the authority, the resource (with the
    /// result committed last, `committed`, which the path knows and the state does not), the
    /// writes in flight.
    pub fn situation(&self, s: &State, committed: Option<(char, Token)>) -> Vec<Line> {
        let mut out = Vec::new();
        for c in 0..self.programs.len() {
            let me = s.clients[c];
            let next = if me.flags & STOPPED != 0 {
                "续租失败，已停止".to_string()
            } else if me.pc as usize >= self.programs[c].len() {
                "程序已走完".to_string()
            } else {
                format!("下一步：{}", self.move_words(s, Action::Step(c as u8)))
            };
            let paused = if s.paused(c) { "，暂停中（恢复前不能行动）" } else { "" };
            let held = match me.fence {
                0 => "未持有 token".to_string(),
                f => format!(
                    "持有 token {}",
                    token(Token {
                        fence: self.fence(f),
                        grant: (me.grant != 0).then_some(me.grant)
                    })
                ),
            };
            out.push((client_name(c).to_string(), format!("{next}{paused}；{held}")));
        }
        let owner = match s.owner {
            0 => "无 owner".to_string(),
            o => format!("owner {}", client_name(o as usize - 1)),
        };
        let lease = match s.lease_state() {
            Lease::None => "无租约",
            Lease::Valid => "租约有效",
            Lease::Expired => "租约已到期",
        };
        let number = if self.defects.split_authority {
            format!("独立计数器已发到 {}", self.issuer + s.counter as u64)
        } else {
            format!("generation {}", self.issuer + s.generation as u64)
        };
        let up = match s.crash {
            DOWN => "，已崩溃（恢复前不处理请求）",
            RECOVERED if self.defects.rollback_issuer => "，已从旧备份恢复（发号器回到初始值）",
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
                pair((self.fence(s.max_fence), self.seq(s.last_seq)))
            ),
        ));
        if self.delay {
            let flying: Vec<String> = s.in_flight[..s.flying()]
                .iter()
                .map(|m| {
                    format!(
                        "{} 的 {}",
                        client_name(m.client()),
                        pair((self.fence(m.0[1]), self.seq(m.0[3])))
                    )
                })
                .collect();
            out.push((
                "网络中".into(),
                if flying.is_empty() { "没有在途的写入".into() } else { flying.join("、") },
            ));
        }
        out
    }
}

impl Machine {
    /// A learner's path from its text form (`path::path_text`, as a link carries it): the
    /// longest prefix of moves each enabled where it stands, and, if the text goes on, why
    /// the rest was refused.
    pub fn read_path(&self, text: &str) -> (Vec<Action>, Option<String>) {
        let mut s = State::default();
        let mut path = Vec::new();
        for (i, t) in text.split('.').filter(|t| !t.is_empty()).enumerate() {
            let why = match crate::path::parse_path(t) {
                Err(_) => "不是一步动作",
                Ok(a) => match self.apply(&s, a[0]) {
                    Some((next, _)) => {
                        s = next;
                        path.push(a[0]);
                        continue;
                    }
                    None => "在那时不可选",
                },
            };
            return (path, Some(format!("第 {} 步「{t}」{why}，只保留了它之前的 {i} 步", i + 1)));
        }
        (path, None)
    }
}
