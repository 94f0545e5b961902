//! A move as a learner chooses it, before it happens: what is done, never what comes of it
//! (`words::event` says that afterwards — 「资源拒绝……」 — and would give the outcome away).

use super::spec::Op;
use super::state::{Action, State, CHECKED, FAILED_CHECK, MINTED};
use super::{client_name, Machine};
use crate::words::pair;

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
                    Some(Op::Write { .. }) if self.defects.split_authority && me.flags & MINTED == 0 => {
                        format!("{name} 写入前向独立计数器取号")
                    }
                    Some(Op::Write { seq, .. }) if self.defects.precheck && me.flags & (CHECKED | FAILED_CHECK) == 0 => {
                        format!("资源先单独比较 {name} 的 {}", pair((self.fence(me.fence), self.seq(*seq))))
                    }
                    Some(Op::Write { .. }) if me.flags & FAILED_CHECK != 0 => format!("{name} 按比较结果决定是否写入"),
                    Some(Op::Write { seq, .. }) => {
                        let verb = if self.delay { "发出写入" } else { "写入" };
                        format!("{name} {verb} {}", pair((self.fence(me.fence), self.seq(*seq))))
                    }
                    None => format!("{name} 的下一步"),
                }
            }
            Action::Resume(c) => format!("{} 恢复", who(c)),
            Action::Release(c) => format!("{} 释放租约", who(c)),
            Action::Expire => format!("授权权威判 {} 的租约到期", client_name((s.owner as usize).saturating_sub(1))),
            Action::Crash => "授权权威崩溃".into(),
            Action::Recover => "授权权威恢复".into(),
            Action::Deliver(i) => {
                let m = s.in_flight[i as usize];
                format!("送达 {} 的 {}", client_name(m.client()), pair((self.fence(m.0[1]), self.seq(m.0[3]))))
            }
        }
    }
}
