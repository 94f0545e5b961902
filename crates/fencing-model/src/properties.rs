//! The two safety properties the lab checks, judged over a trace with the checker's
//! omniscient knowledge of the true grant order — knowledge the resource does not have.

use crate::explore::Trace;
use crate::world::Outcome;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Property {
    /// The committed resource generation never goes backward.
    RevokedGenerationOverwrite,
    /// A token not bound to a valid grant never produces an effect.
    UnauthorizedAccept,
}

impl Property {
    pub const ALL: [Property; 2] = [Property::RevokedGenerationOverwrite, Property::UnauthorizedAccept];

    pub fn name(self) -> &'static str {
        match self {
            Property::RevokedGenerationOverwrite => "revoked_generation_overwrite",
            Property::UnauthorizedAccept => "unauthorized_accept",
        }
    }

    /// The promise of the lesson that a violation breaks.
    pub fn promise(self) -> &'static str {
        match self {
            Property::RevokedGenerationOverwrite => "已提交的资源代际不后退",
            Property::UnauthorizedAccept => "未绑定有效授予的 token 不可产生效果",
        }
    }

    /// One sentence on why a violation breaks that promise.
    pub fn why(self) -> &'static str {
        match self {
            Property::RevokedGenerationOverwrite => {
                "较新授予（任期）的业务写入已被资源持久接受，较早授予的写入随后又覆盖了它：旧持有者覆盖了较新任期的结果。"
            }
            Property::UnauthorizedAccept => {
                "资源接受了一个没有绑定有效授予的 token：持有者从未获得这一代的授权，它的写入却产生了效果。"
            }
        }
    }

    /// The index of the first step of `trace` that violates this property.
    pub fn first_violation(self, trace: &Trace) -> Option<usize> {
        let mut committed: Option<usize> = None;
        for (i, step) in trace.steps.iter().enumerate() {
            if !matches!(step.outcome, Outcome::Accepted { .. }) {
                continue;
            }
            let token_grant = step.after.resource.committed_grant;
            let broken = match self {
                // Only bound tokens have a place in the grant order; unbound ones are the
                // other property's business.
                Property::RevokedGenerationOverwrite => {
                    matches!((committed, token_grant), (Some(prev), Some(new)) if new < prev)
                }
                Property::UnauthorizedAccept => token_grant.is_none(),
            };
            if broken {
                return Some(i);
            }
            committed = token_grant.or(committed);
        }
        None
    }
}

impl fmt::Display for Property {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
