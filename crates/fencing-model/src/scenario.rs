//! What a run is given: the case, the defect switches (in `defects.rs`) and the inputs the
//! lesson names. A scenario is plain data; `validate` turns a bad one into an error value,
//! never a panic.

use serde::{Deserialize, Serialize};
use std::fmt;

pub use crate::defects::{Defect, Defects};

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
