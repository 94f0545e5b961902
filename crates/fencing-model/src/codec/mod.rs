//! The one codec for a scenario's inputs: the CLI's flags, the page's URL query and the
//! explorer's editor all read and write a scenario through it, so a name means the same thing
//! everywhere (`--op-seq 3,1` on the command line is `op-seq=3,1` in a URL).
//!
//! What is not given keeps the lesson's value. The one rule that links two inputs: in the
//! operations case the lesson's operation list follows the issuer (its first term is
//! `issuer + 1`) unless `ops` gives the list itself.
//!
//! Here: the inputs and their names, reading (`Inputs`, `decode`) and writing (`encode`);
//! `query.rs` the URL form, `ops.rs` the operations list's one-line form, `fields.rs` the
//! inputs as an editor holds them while typed.

use crate::experiment::Experiment;
use crate::machine::spec::Programs;
use crate::scenario::{lesson_operations, Case, Defects, Operation, Scenario};
use std::fmt;

mod fields;
mod ops;
mod query;
#[cfg(test)]
mod tests;

pub use fields::Fields;
pub use ops::{format_ops, parse_ops};
pub use query::{experiment_query, from_query, to_query};

/// A scenario input, by the name it has in every form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    Case,
    Variant,
    Issuer,
    OpSeq,
    Ops,
    Clients,
    Crash,
    Delay,
}

impl Param {
    pub const ALL: [Param; 8] = [
        Param::Case,
        Param::Variant,
        Param::Issuer,
        Param::OpSeq,
        Param::Ops,
        Param::Clients,
        Param::Crash,
        Param::Delay,
    ];

    /// The name: `--name` on the command line, `name=` in a query string.
    pub fn name(self) -> &'static str {
        match self {
            Param::Case => "case",
            Param::Variant => "variant",
            Param::Issuer => "issuer",
            Param::OpSeq => "op-seq",
            Param::Ops => "ops",
            Param::Clients => "clients",
            Param::Crash => "crash",
            Param::Delay => "delay",
        }
    }

    pub fn from_name(name: &str) -> Option<Param> {
        Param::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The value's form, for help texts.
    pub fn value_form(self) -> &'static str {
        match self {
            Param::Case => "<case>",
            Param::Variant => "<variant,…>",
            Param::Issuer => "<n>",
            Param::OpSeq => "<a,b>",
            Param::Ops => "<list>",
            Param::Clients => "<programs>",
            Param::Crash | Param::Delay => "<true|false>",
        }
    }

    /// Whether the input means anything for `case`.
    fn applies_to(self, case: Case) -> bool {
        match self {
            Param::OpSeq => case == Case::Fencing,
            Param::Ops => case == Case::Operations,
            Param::Clients | Param::Crash | Param::Delay => case == Case::Model,
            Param::Case | Param::Variant | Param::Issuer => true,
        }
    }
}

/// Why a scenario's inputs cannot be read, in Chinese, naming the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodecError(pub String);

impl fmt::Display for CodecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CodecError {}

/// Inputs as given, before the lesson's values fill the rest.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Inputs {
    case: Option<Case>,
    defects: Defects,
    issuer: Option<u64>,
    op_seq: Option<(u64, u64)>,
    ops: Option<Vec<Operation>>,
    clients: Option<String>,
    crash: Option<bool>,
    delay: Option<bool>,
}

fn switch(text: &str, what: &str) -> Result<bool, CodecError> {
    match text.trim() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(CodecError(format!("{what} 须为 true 或 false，收到「{text}」"))),
    }
}

fn number(text: &str, what: &str) -> Result<u64, CodecError> {
    text.trim().parse().map_err(|_| CodecError(format!("{what} 须为非负整数，收到「{text}」")))
}

impl Inputs {
    /// Read one input's text. Variants add up (`variant=no-fence&variant=precheck` is both).
    pub fn set(&mut self, param: Param, value: &str) -> Result<&mut Inputs, CodecError> {
        match param {
            Param::Case => {
                let names = Case::ALL.map(Case::name).join(", ");
                self.case =
                    Some(Case::from_name(value.trim()).ok_or_else(|| {
                        CodecError(format!("未知的 case「{value}」，可选：{names}"))
                    })?);
            }
            Param::Variant => {
                let names =
                    crate::defects::Defect::ALL.map(crate::defects::Defect::name).join(", ");
                let more = Defects::from_variant(value).map_err(|name| {
                    CodecError(format!(
                        "未知的 variant「{name}」，可选：correct, {names}（可用逗号组合）"
                    ))
                })?;
                self.defects = more.iter().fold(self.defects, |set, d| set.with(d, true));
            }
            Param::Issuer => self.issuer = Some(number(value, "issuer")?),
            Param::OpSeq => {
                let bad = || {
                    CodecError(format!(
                        "op-seq 应为「A,B」：A 与 B 写入时的 op_seq，收到「{value}」"
                    ))
                };
                let (a, b) = value.split_once(',').ok_or_else(bad)?;
                self.op_seq = Some((number(a, "A 的 op_seq")?, number(b, "B 的 op_seq")?));
            }
            Param::Ops => self.ops = Some(parse_ops(value)?),
            Param::Clients => self.clients = Some(value.to_string()),
            Param::Crash => self.crash = Some(switch(value, "crash")?),
            Param::Delay => self.delay = Some(switch(value, "delay")?),
        }
        Ok(self)
    }

    /// The scenario these inputs describe, validated.
    pub fn scenario(&self) -> Result<Scenario, CodecError> {
        let case = self.case.unwrap_or(Case::Fencing);
        let given = [
            (Param::OpSeq, self.op_seq.is_some()),
            (Param::Ops, self.ops.is_some()),
            (Param::Clients, self.clients.is_some()),
            (Param::Crash, self.crash.is_some()),
            (Param::Delay, self.delay.is_some()),
        ];
        if let Some((p, _)) = given.iter().find(|(p, set)| *set && !p.applies_to(case)) {
            return Err(CodecError(format!("{} 不适用于 {} 案例", p.name(), case.name())));
        }
        let mut s = Scenario::lesson(case, self.defects);
        if let Some(issuer) = self.issuer {
            s.issuer = issuer;
            s.operations = lesson_operations(issuer);
        }
        if let Some((a, b)) = self.op_seq {
            (s.op_seq_a, s.op_seq_b) = (a, b);
        }
        if let Some(ops) = &self.ops {
            s.operations = ops.clone();
        }
        if case == Case::Model {
            let programs = self.clients.clone().unwrap_or_else(|| s.model.programs());
            let crash = self.crash.unwrap_or(s.model.crash);
            s.model = Programs::parse(&programs, crash, self.delay.unwrap_or(s.model.delay))
                .map_err(|e| CodecError(format!("clients：{e}")))?;
        }
        s.validate().map_err(|e| CodecError(e.to_string()))?;
        Ok(s)
    }
}

/// The inputs that differ from the lesson's, in `Param::ALL` order: the shortest description
/// of `s` that `decode` reads back to the same scenario. Inputs that mean nothing for the
/// case are left out (see `canonical`).
pub fn encode(s: &Scenario) -> Vec<(Param, String)> {
    let lesson = Scenario::lesson(s.case, s.defects);
    let mut out = named(Experiment::of(s));
    if s.issuer != lesson.issuer {
        out.push((Param::Issuer, s.issuer.to_string()));
    }
    match s.case {
        Case::Fencing if (s.op_seq_a, s.op_seq_b) != (lesson.op_seq_a, lesson.op_seq_b) => {
            out.push((Param::OpSeq, format!("{},{}", s.op_seq_a, s.op_seq_b)));
        }
        Case::Operations if s.operations != lesson_operations(s.issuer) => {
            out.push((Param::Ops, format_ops(&s.operations)))
        }
        Case::Model => {
            if s.model.programs() != lesson.model.programs() {
                out.push((Param::Clients, s.model.programs()));
            }
            if s.model.crash != lesson.model.crash {
                out.push((Param::Crash, s.model.crash.to_string()));
            }
            if s.model.delay != lesson.model.delay {
                out.push((Param::Delay, s.model.delay.to_string()));
            }
        }
        _ => {}
    }
    out
}

/// Read a scenario from named inputs; a name that is not an input is an error.
pub fn decode<'a>(
    pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Result<Scenario, CodecError> {
    let mut inputs = Inputs::default();
    for (name, value) in pairs {
        let param =
            Param::from_name(name).ok_or_else(|| CodecError(format!("未知的输入「{name}」")))?;
        inputs.set(param, value)?;
    }
    inputs.scenario()
}

/// `s` with the inputs its case does not use set to what `decode` gives them.
pub fn canonical(s: &Scenario) -> Scenario {
    let mut c = s.clone();
    let lesson = Scenario::lesson(s.case, s.defects);
    if s.case != Case::Fencing {
        (c.op_seq_a, c.op_seq_b) = (lesson.op_seq_a, lesson.op_seq_b);
    }
    if s.case != Case::Operations {
        c.operations = lesson_operations(s.issuer);
    }
    if s.case != Case::Model {
        c.model = lesson.model;
    } else {
        // Keys are numbered in order of first use: the text form numbers them again.
        c.model = Programs::parse(&s.model.programs(), s.model.crash, s.model.delay)
            .unwrap_or_else(|_| s.model.clone());
    }
    c
}

/// The case and the switches, where they are not the lesson's default: how every encoding of
/// a scenario starts, and all of it for an experiment on the lesson's inputs.
fn named(e: Experiment) -> Vec<(Param, String)> {
    let mut out = Vec::new();
    if e.case != Case::Fencing {
        out.push((Param::Case, e.case.name().to_string()));
    }
    if e.defects != Defects::default() {
        out.push((Param::Variant, e.defects.variant_name()));
    }
    out
}
