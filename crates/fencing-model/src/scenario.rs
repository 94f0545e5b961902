//! What a run is given: the case, the defect switches and the inputs the lesson names.
//! A scenario is plain data; `validate` turns a bad one into an error value, never a panic.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Which experiment of the lesson runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Case {
    /// Two clients, one lease, the 41/42/41 timeline and its interleavings.
    Fencing,
    /// One term's stream of business operations with op_seq and idempotency keys.
    Operations,
    /// A scenario the learner builds (2–4 clients with programs), searched exhaustively.
    Model,
}

impl Case {
    /// The lesson lab's cases (the `fencing` command).
    pub const LAB: [Case; 2] = [Case::Fencing, Case::Operations];
    pub const ALL: [Case; 3] = [Case::Fencing, Case::Operations, Case::Model];

    pub fn name(self) -> &'static str {
        match self {
            Case::Fencing => "fencing",
            Case::Operations => "operations",
            Case::Model => "model",
        }
    }

    pub fn from_name(name: &str) -> Option<Case> {
        Case::ALL.into_iter().find(|c| c.name() == name)
    }

    pub fn summary(self) -> &'static str {
        match self {
            Case::Fencing => "A/B 两客户端、一个授权域、一个资源：枚举 41/42/41 的全部交错",
            Case::Operations => "多次写与业务身份：同任期 op_seq、跨任期同键重试、同键异参、新键旧序号",
            Case::Model => "自建场景：2–4 个客户端各有程序，授权权威可到期、崩溃与恢复，网络可延迟写入；穷举全部状态",
        }
    }
}

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
            Defect::SplitAuthority => "拆开发号与授予：授予时不发号，持有者另向独立自增服务取号，号与授予之间没有原子绑定",
            Defect::RollbackIssuer => "恢复旧 issuer：授权权威从旧备份恢复发号器到初始值",
            Defect::Precheck => {
                "先检查后写入（本学习台补充）：资源的比较 (max_fence, last_seq) < (fence, seq) 被拆成写入之前单独的一步，写入本身无条件"
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

/// One business operation of the operations case, as the resource receives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Operation {
    /// Stable idempotency key of the logical business operation.
    pub key: String,
    /// Digest of the request parameters.
    pub digest: String,
    pub fence: u64,
    pub seq: u64,
}

/// Everything a run depends on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scenario {
    pub case: Case,
    pub defects: Defects,
    /// The issuer's value before the first grant (the lesson: 40).
    pub issuer: u64,
    /// op_seq that A and B send with their write in the fencing case.
    pub op_seq_a: u64,
    pub op_seq_b: u64,
    /// The operations case's input stream, in arrival order.
    pub operations: Vec<Operation>,
    /// The model case's clients and environment.
    #[serde(default)]
    pub model: crate::machine::spec::Programs,
}

/// Largest number a scenario may hold: stays exact in JavaScript and leaves room to count up.
pub const MAX_NUMBER: u64 = 1_000_000_000_000;
/// Longest operations list the editor accepts.
pub const MAX_OPERATIONS: usize = 20;
/// Longest key or digest.
pub const MAX_TEXT: usize = 32;

impl Scenario {
    /// The lesson's lab: issuer 40, A's op_seq larger than B's (the rollback counterexample
    /// needs "旧 A 的较大 op_seq"), and the five operations of the operations case.
    pub fn lesson(case: Case, defects: Defects) -> Scenario {
        let issuer = 40;
        Scenario {
            case,
            defects,
            issuer,
            op_seq_a: 2,
            op_seq_b: 1,
            operations: lesson_operations(issuer),
            model: Default::default(),
        }
    }

    pub fn validate(&self) -> Result<(), ScenarioError> {
        let number = |field: &str, value: u64, min: u64| {
            if value < min || value > MAX_NUMBER {
                Err(ScenarioError::OutOfRange { field: field.to_string(), min, value })
            } else {
                Ok(())
            }
        };
        number("issuer", self.issuer, 0)?;
        number("A.op_seq", self.op_seq_a, 1)?;
        number("B.op_seq", self.op_seq_b, 1)?;
        if let Some(d) = self.defects.iter().find(|d| !d.applies_to(self.case)) {
            return Err(ScenarioError::DefectNotApplicable { defect: d, case: self.case });
        }
        if self.case == Case::Model {
            self.model.validate().map_err(|e| ScenarioError::Model(e.why))?;
        }
        if self.case == Case::Operations {
            if self.operations.is_empty() || self.operations.len() > MAX_OPERATIONS {
                return Err(ScenarioError::OperationCount(self.operations.len()));
            }
            for (i, op) in self.operations.iter().enumerate() {
                let at = |field: &str| format!("operations[{}].{}", i + 1, field);
                for (field, text) in [("key", &op.key), ("digest", &op.digest)] {
                    // `;` separates operations in the codec's one-line list form.
                    let ok = !text.is_empty()
                        && text.chars().count() <= MAX_TEXT
                        && !text.chars().any(|c| c.is_whitespace() || c == ';');
                    if !ok {
                        return Err(ScenarioError::BadText { field: at(field) });
                    }
                }
                number(&at("fence"), op.fence, 1)?;
                number(&at("seq"), op.seq, 1)?;
            }
        }
        Ok(())
    }
}

/// seq1, seq2, a cross-term retry with the same key and digest, the same key with other
/// parameters, a new key with an old seq — in the lesson's order.
pub fn lesson_operations(issuer: u64) -> Vec<Operation> {
    // Saturating: an issuer past `MAX_NUMBER` is refused by `validate`, which runs after.
    let term = issuer.saturating_add(1);
    let op = |key: &str, digest: &str, fence: u64, seq: u64| Operation {
        key: key.to_string(),
        digest: digest.to_string(),
        fence,
        seq,
    };
    vec![
        op("order-1", "amount=10", term, 1),
        op("order-2", "amount=20", term, 2),
        op("order-1", "amount=10", term.saturating_add(1), 1),
        op("order-2", "amount=99", term.saturating_add(1), 2),
        op("order-3", "amount=30", term, 1),
    ]
}

/// Why a scenario cannot run. Messages are for the learner, in Chinese.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScenarioError {
    OutOfRange { field: String, min: u64, value: u64 },
    DefectNotApplicable { defect: Defect, case: Case },
    OperationCount(usize),
    BadText { field: String },
    Model(String),
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScenarioError::OutOfRange { field, min, value } => {
                write!(f, "{field} 应在 {min} 到 {MAX_NUMBER} 之间，收到 {value}")
            }
            ScenarioError::DefectNotApplicable { defect, case } => {
                write!(
                    f,
                    "{} 作用于授权权威或写入前的自查，{} 案例只涉及资源，不适用",
                    defect.name(),
                    case.name()
                )
            }
            ScenarioError::OperationCount(n) => {
                write!(f, "operations 需要 1 到 {MAX_OPERATIONS} 条，收到 {n} 条")
            }
            ScenarioError::BadText { field } => {
                write!(f, "{field} 须为 1 到 {MAX_TEXT} 个字符，且不含空白与分号")
            }
            ScenarioError::Model(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ScenarioError {}
