//! The machine's programs: two to four clients, each with its own program, and what the
//! authority and the network may do. A learner-built scenario is plain data with one text
//! form, which the scenario codec uses for the URL, the CLI and scenario files alike; the
//! lab builds the lesson's programs directly (`lab::machine`).

use serde::{Deserialize, Serialize};
use std::fmt;

/// Most clients a scenario may have.
pub const MAX_CLIENTS: usize = 4;
/// Longest program.
pub const MAX_OPS: usize = 6;
/// Most writes a scenario may have in all (they can all be in flight at once).
pub const MAX_WRITES: usize = 6;
// Keys are named by writes, so a scenario has at most MAX_WRITES of them; the state keeps a
// key in 3 bits of a message and one bit of a byte (the keys applied).
const _: () = assert!(MAX_WRITES <= 8);

/// One step of a client's program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Op {
    /// Ask the authority for the lease; waits while another client holds a valid one.
    Acquire,
    /// split-authority: take a number from the independent counter now (the lab's A does,
    /// before pausing and again after resuming). A learner's program has no such step: its
    /// write takes a number first when it has none.
    Mint,
    /// Stop for a while (a GC pause, a slow disk): the lease may expire meanwhile.
    Pause,
    /// Write to the resource as the business operation `key` (a retry repeats its key), with
    /// the op_seq of this rank (`Programs::seqs`: only the order of op_seqs matters).
    Write { seq: u8, key: u8 },
    /// Renew the lease: only the matching owner may; a client whose renewal fails stops.
    Renew,
}

/// The learner-built part of a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Programs {
    /// Each client's program, in order (client A first).
    pub clients: Vec<Vec<Op>>,
    /// The authority may crash once and recover (from its durable state, or — with the
    /// rollback-issuer defect — from an old backup).
    pub crash: bool,
    /// The network may delay writes: each is sent, then delivered later, in any order.
    pub delay: bool,
    /// The keys' names, by index (the lab's are empty: its writes are not business operations).
    pub keys: Vec<String>,
    /// The op_seq values in increasing order: `Op::Write`'s seq is a 1-based rank into them.
    #[serde(default)]
    pub seqs: Vec<u64>,
}

impl Default for Programs {
    /// The lesson's lab as a program: A acquires, pauses (its lease may expire) and writes
    /// with op_seq 2; B acquires and writes with op_seq 1; the authority may crash and recover.
    fn default() -> Programs {
        Programs::parse("acquire pause write:2:a; acquire write:1:b", true, false)
            .expect("the lesson's programs parse")
    }
}

/// Why programs cannot be run, and which client's program it is about (for a scenario
/// file to point at its line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramError {
    pub client: Option<usize>,
    pub why: String,
}

impl fmt::Display for ProgramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.why)
    }
}

fn about(client: usize, why: String) -> ProgramError {
    ProgramError { client: Some(client), why }
}

fn overall(why: String) -> ProgramError {
    ProgramError { client: None, why }
}

pub use super::client_name;

/// Distinct op_seq values in increasing order.
pub fn ranks(values: impl IntoIterator<Item = u64>) -> Vec<u64> {
    // A handful of values: kept in order as they come (a sort would cost the page its code).
    let mut seqs: Vec<u64> = Vec::new();
    for v in values {
        if let Err(at) = seqs.binary_search(&v) {
            seqs.insert(at, v);
        }
    }
    seqs
}

/// The 1-based rank of `value` among `seqs`.
pub fn rank(seqs: &[u64], value: u64) -> u8 {
    seqs.iter().position(|v| *v == value).map_or(0, |i| i as u8 + 1)
}

impl Programs {
    /// Read programs from their text form: clients separated by `;`, ops by spaces —
    /// `acquire`, `pause`, `renew`, `write:<seq>:<key>`.
    pub fn parse(text: &str, crash: bool, delay: bool) -> Result<Programs, ProgramError> {
        let mut keys: Vec<String> = Vec::new();
        let clients = text
            .split(';')
            .enumerate()
            .map(|(i, program)| {
                let name = client_name(i);
                program
                    .split_whitespace()
                    .map(|op| match op.split(':').collect::<Vec<_>>()[..] {
                        ["acquire"] => Ok(Op::Acquire),
                        ["pause"] => Ok(Op::Pause),
                        ["renew"] => Ok(Op::Renew),
                        ["write", seq, key] => {
                            let seq: u8 =
                                seq.parse().ok().filter(|s| (1..=99).contains(s)).ok_or_else(
                                    || {
                                        about(
                                            i,
                                            format!(
                                                "客户端 {name} 的「{op}」：\
                                                 op_seq 须为 1 到 99 的整数"
                                            ),
                                        )
                                    },
                                )?;
                            let valid = !key.is_empty()
                                && key.len() <= 16
                                && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
                            if !valid {
                                return Err(about(
                                    i,
                                    format!(
                                        "客户端 {name} 的「{op}」：\
                                         key 须为 1 到 16 个字母、数字或 -"
                                    ),
                                ));
                            }
                            let k = keys.iter().position(|k| k == key).unwrap_or_else(|| {
                                keys.push(key.to_string());
                                keys.len() - 1
                            });
                            Ok(Op::Write { seq, key: k as u8 })
                        }
                        _ => Err(about(
                            i,
                            format!(
                                "客户端 {name} 的程序里有未知的一步「{op}」，可用：acquire、pause、\
                                 write:<op_seq>:<key>、renew"
                            ),
                        )),
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect::<Result<Vec<_>, _>>()?;
        let model = Programs::ranked(clients, crash, delay, keys);
        model.validate()?;
        Ok(model)
    }

    /// Programs whose writes carry op_seq values (at most 99), with the values replaced by
    /// their ranks.
    fn ranked(mut clients: Vec<Vec<Op>>, crash: bool, delay: bool, keys: Vec<String>) -> Programs {
        let values = clients.iter().flatten().filter_map(|op| {
            if let Op::Write { seq, .. } = op {
                Some(*seq as u64)
            } else {
                None
            }
        });
        let seqs = ranks(values);
        for op in clients.iter_mut().flatten() {
            if let Op::Write { seq, .. } = op {
                *seq = rank(&seqs, *seq as u64);
            }
        }
        Programs { clients, crash, delay, keys, seqs }
    }

    /// The limits that keep a scenario's state space finite and its state small.
    pub fn validate(&self) -> Result<(), ProgramError> {
        if !(2..=MAX_CLIENTS).contains(&self.clients.len()) {
            return Err(overall(format!(
                "需要 2 到 {MAX_CLIENTS} 个客户端，收到 {} 个",
                self.clients.len()
            )));
        }
        for (i, program) in self.clients.iter().enumerate() {
            let name = client_name(i);
            if program.is_empty() || program.len() > MAX_OPS {
                return Err(about(i, format!("客户端 {name} 的程序须有 1 到 {MAX_OPS} 步")));
            }
            let mut before_acquire = program.iter().take_while(|op| **op != Op::Acquire);
            if before_acquire.any(|op| matches!(op, Op::Write { .. } | Op::Renew)) {
                return Err(about(i, format!("客户端 {name} 在 acquire 之前就要写入或续租")));
            }
        }
        let writes =
            self.clients.iter().flatten().filter(|op| matches!(op, Op::Write { .. })).count();
        if writes > MAX_WRITES {
            return Err(overall(format!(
                "所有客户端合计最多 {MAX_WRITES} 次写入，收到 {writes} 次"
            )));
        }
        Ok(())
    }

    /// The programs' text form (the inverse of `parse`).
    pub fn programs(&self) -> String {
        self.program_texts().join("; ")
    }

    /// Each client's program in the text form.
    pub fn program_texts(&self) -> Vec<String> {
        self.clients
            .iter()
            .map(|p| p.iter().map(|op| self.op_text(*op)).collect::<Vec<_>>().join(" "))
            .collect()
    }

    /// One op as the text form writes it.
    pub fn op_text(&self, op: Op) -> String {
        match op {
            Op::Acquire => "acquire".into(),
            Op::Pause => "pause".into(),
            Op::Renew => "renew".into(),
            Op::Mint => "mint".into(),
            Op::Write { seq, key } => {
                format!("write:{}:{}", self.seqs[seq as usize - 1], self.keys[key as usize])
            }
        }
    }
}
