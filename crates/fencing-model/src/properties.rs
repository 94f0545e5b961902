//! The lesson's two safety properties, named and worded; `findings` defines when a transition
//! breaks one, with the checker's knowledge of which grant each token came from — knowledge
//! the resource does not have: it sees only fence numbers.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Property {
    /// The committed resource generation never goes backward.
    RevokedGenerationOverwrite,
    /// A token not bound to a grant never produces an effect.
    UnauthorizedAccept,
}

/// What "bound to a grant" means, in one sentence, where a verdict is shown.
pub const BOUND_TO_A_GRANT: &str = app_note!(
    "「绑定授予」指 token 是在某次授予的有效期内、\
                                    为该授予取得的号：正确协议里它由 acquire 在同一个原子的串行裁决\
                                    中递增 generation 铸出，拆开发号时则是持有者在自己的授予仍有效\
                                    时向独立计数器取得的号，此后租期是否到期不影响绑定。"
);

/// Which violation breaks which property, and why an unbound token's write is not counted as
/// going backward: the lab chapter names the properties and the violations apart.
const NO_GENERATION: &str = "未绑定授予的 token（如 split-authority 里 A 在租约到期后取到的号）\
                             不属于任何一次授予，在授予次序里没有位置（资源照样只看到它的数字）：\
                             它的写入即使覆盖了某次授予已提交的结果，在课程的两条性质里也只记为 \
                             unauthorized_accept，不算“代际后退”；explore（实验台的 model 案例）\
                             另列一行 ⚠ unbound_overwrite。";

/// The legend's line: each violation's name with the promise it breaks, then `NO_GENERATION`.
pub fn legend() -> String {
    let pairs: Vec<String> =
        Property::ALL.iter().map(|p| format!("{} 违反「{}」", p.name(), p.promise())).collect();
    format!(concat!(app_note!(), "违例与性质：{}。{}"), pairs.join("；"), NO_GENERATION)
}

impl Property {
    pub const ALL: [Property; 2] =
        [Property::RevokedGenerationOverwrite, Property::UnauthorizedAccept];

    pub fn name(self) -> &'static str {
        match self {
            Property::RevokedGenerationOverwrite => "revoked_generation_overwrite",
            Property::UnauthorizedAccept => "unauthorized_accept",
        }
    }

    /// The violation in a few words, where findings are named side by side (the coach's chips
    /// and lines; the name stays in the report and in the chip's tooltip).
    pub fn short(self) -> &'static str {
        match self {
            Property::RevokedGenerationOverwrite => "已提交代际后退",
            Property::UnauthorizedAccept => "未绑定 token 生效",
        }
    }

    /// The promise a violation breaks, in the lab section's words.
    pub fn promise(self) -> &'static str {
        match self {
            Property::RevokedGenerationOverwrite => "已提交资源代际不后退",
            Property::UnauthorizedAccept => "未绑定授予的 token 不可产生效果",
        }
    }

    /// One sentence on why a violation breaks that promise.
    pub fn why(self) -> &'static str {
        match self {
            Property::RevokedGenerationOverwrite => {
                "较新授予的业务写入已被资源持久接受，较早授予的写入随后又覆盖了它：旧持有者覆盖了较新任期的结果。"
            }
            Property::UnauthorizedAccept => {
                "资源接受了一个未绑定授予的 token：这个号不是在某次授予的有效期内、为该授予取得的，它的写入却产生了效果。"
            }
        }
    }
}

impl fmt::Display for Property {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
