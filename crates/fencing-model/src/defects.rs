//! The deliberate defects: each switch, its name and words, the cases it applies to, and the
//! set of them switched on (a variant).

use crate::scenario::Case;
use serde::{Deserialize, Serialize};

/// The deliberate defects: the lesson's three, and `precheck`, this app's addition. Each is an
/// independent switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Defect {
    /// The resource stops checking tokens.
    NoFence,
    /// Tokens come from an independent counter, not bound to the grant.
    SplitAuthority,
    /// The authority recovers its issuer from an old backup.
    RollbackIssuer,
    /// The resource's comparison becomes a step of its own before an unconditional write
    /// (check-then-act: SELECT and compare, leave the transaction, then UPDATE).
    Precheck,
}

impl Defect {
    pub const ALL: [Defect; 4] =
        [Defect::NoFence, Defect::SplitAuthority, Defect::RollbackIssuer, Defect::Precheck];

    pub fn name(self) -> &'static str {
        match self {
            Defect::NoFence => "no-fence",
            Defect::SplitAuthority => "split-authority",
            Defect::RollbackIssuer => "rollback-issuer",
            Defect::Precheck => "precheck",
        }
    }

    /// Whether the lesson has this defect (the others are this app's additions).
    pub fn in_lesson(self) -> bool {
        self != Defect::Precheck
    }

    pub fn from_name(name: &str) -> Option<Defect> {
        Defect::ALL.into_iter().find(|d| d.name() == name)
    }

    pub fn summary(self) -> &'static str {
        match self {
            Defect::NoFence => "关闭资源检查：资源不比较 token，照单全收",
            Defect::SplitAuthority => {
                "拆开发号与授予：授予时不发号，持有者另向独立自增服务取号，号与授予之间没有原子绑定"
            }
            Defect::RollbackIssuer => "恢复旧 issuer：授权权威从旧备份恢复发号器到初始值",
            Defect::Precheck => {
                concat!(
                    "先检查后写入",
                    app_note!(),
                    "：资源的比较 (max_fence, last_seq) < (fence, seq) 被拆成写入之前单独的一步，\
                     写入本身无条件"
                )
            }
        }
    }

    /// The lesson's own words on why this defect breaks the protocol.
    pub fn lesson_words(self) -> &'static str {
        match self {
            Defect::NoFence => "「资源在真正修改业务状态的原子边界拒绝它」（本学习台补充：关掉这道检查，旧持有者的写入照样落地）",
            Defect::SplitAuthority => "「资源即使正确拒绝小 token，也会接受未绑定有效授予的 43。问题是授予协议，换成更大的整数不能修复。」",
            Defect::RollbackIssuer => "「资源无法区分两个 41 所属的任期，旧 A 的较大 op_seq 甚至可能覆盖 B。」",
            Defect::Precheck => "「调用前自查不能替代此处检查」；「原子边界包含“检查代际/序号、\
                                 检查业务身份、业务效果、记录结果”，不能 SELECT 检查后离开事务再 \
                                 UPDATE」。（本学习台补充：课程的“调用前自查”若指客户端自查、\
                                 资源不比较，在资源处就等于 no-fence；本变体是资源自己比较，\
                                 只是比较与写入不在同一原子步骤。）",
        }
    }

    /// Whether the defect changes anything in `case`: the operations case has no authority
    /// and no separate check step, only the resource's comparison to switch off.
    pub fn applies_to(self, case: Case) -> bool {
        case != Case::Operations || self == Defect::NoFence
    }
}

/// The set of defects switched on. Empty means the correct protocol.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Defects {
    pub no_fence: bool,
    pub split_authority: bool,
    pub rollback_issuer: bool,
    #[serde(default)]
    pub precheck: bool,
}

impl Defects {
    pub fn has(self, d: Defect) -> bool {
        match d {
            Defect::NoFence => self.no_fence,
            Defect::SplitAuthority => self.split_authority,
            Defect::RollbackIssuer => self.rollback_issuer,
            Defect::Precheck => self.precheck,
        }
    }

    pub fn with(mut self, d: Defect, on: bool) -> Defects {
        match d {
            Defect::NoFence => self.no_fence = on,
            Defect::SplitAuthority => self.split_authority = on,
            Defect::RollbackIssuer => self.rollback_issuer = on,
            Defect::Precheck => self.precheck = on,
        }
        self
    }

    pub fn iter(self) -> impl Iterator<Item = Defect> {
        Defect::ALL.into_iter().filter(move |d| self.has(*d))
    }

    /// Every combination of the defects that apply to `case`, the correct protocol first.
    pub fn all_for(case: Case) -> Vec<Defects> {
        let applicable: Vec<Defect> =
            Defect::ALL.into_iter().filter(|d| d.applies_to(case)).collect();
        (0..1u32 << applicable.len())
            .map(|bits| {
                applicable
                    .iter()
                    .enumerate()
                    .fold(Defects::default(), |set, (i, d)| set.with(*d, bits & (1 << i) != 0))
            })
            .collect()
    }

    /// Parse a variant: `correct` or defect names joined by commas, in any order.
    pub fn from_variant(text: &str) -> Result<Defects, String> {
        text.split(',').map(str::trim).filter(|n| !n.is_empty()).try_fold(
            Defects::default(),
            |set, name| match name {
                "correct" => Ok(set),
                _ => Defect::from_name(name)
                    .map(|d| set.with(d, true))
                    .ok_or_else(|| name.to_string()),
            },
        )
    }

    /// `correct`, or the switched-on defects joined by commas in canonical order.
    pub fn variant_name(self) -> String {
        let names: Vec<&str> = self.iter().map(Defect::name).collect();
        if names.is_empty() {
            "correct".to_string()
        } else {
            names.join(",")
        }
    }
}
