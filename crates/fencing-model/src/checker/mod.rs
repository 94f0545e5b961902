//! A small model checker of the lesson's protocol for scenarios the learner builds: two to
//! four clients with programs of their own, an authority that may expire leases, crash and
//! recover, a network that may delay writes, and the four defect switches. It searches every
//! reachable state breadth-first (`search`), so each finding comes with a shortest path, and
//! words that path step by step. `spec` is the scenario, `state` the transitions.

pub mod search;
pub mod spec;
pub mod state;

use crate::scenario::Defects;
use crate::words::{grant, lease, pair};
use search::{Finding, Search};
use serde::{Deserialize, Serialize};
use spec::{client_name, Model};
use state::{Action, Event, Machine, State};

/// The most states a search keeps: at about 64 bytes each (states, links and the visited
/// set), under 200 MB, so the page's worker stays well within 256 MB even while the visited
/// set grows (old and new tables both held for a moment).
pub const DEFAULT_CAP: usize = 3_000_000;

/// One step of a path, as the report shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PathStep {
    /// The transition (`acquire A`, `deliver write B`, `expire`).
    pub action: String,
    /// What it did, in words.
    pub what: String,
    /// The resource and the authority after it.
    pub max_fence: u64,
    pub last_seq: u64,
    pub owner: Option<char>,
    pub lease: &'static str,
    /// The event, for drawing the path.
    #[serde(skip)]
    pub event: Event,
}

/// One finding's result: holds, or the shortest path found to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FindingResult {
    pub name: &'static str,
    pub path: Option<Vec<PathStep>>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ModelRun {
    /// Distinct states visited.
    pub states: usize,
    pub transitions: u64,
    /// Every reachable state was visited (false when the cap stopped the search).
    pub complete: bool,
    pub cap: usize,
    pub findings: Vec<FindingResult>,
}

impl Finding {
    pub fn name(self) -> &'static str {
        match self {
            Finding::Broken(p) => p.name(),
            Finding::ReusedFence => "reused_fence",
            Finding::Stuck => "stuck",
        }
    }
}

/// Start a search (the page's worker drives it in slices; `check` runs it to the end).
pub fn search(model: &Model, defects: Defects, cap: usize) -> Search {
    Search::new(Machine::new(model, defects), cap)
}

/// Run a search to the end and gather what it found.
pub fn check(model: &Model, defects: Defects, issuer: u64, cap: usize) -> ModelRun {
    let mut s = search(model, defects, cap);
    while !s.run(100_000) {}
    result(&s.summary(), model, defects, issuer)
}

/// Where a search stands, in a few numbers and the packed actions of each finding's path so
/// far: what the page's worker sends (as JSON) while it searches and when it is done.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    pub states: usize,
    pub transitions: u64,
    pub queued: usize,
    pub complete: bool,
    pub cap: usize,
    /// Per finding, in `Finding::ALL` order: the shortest path found, as packed actions.
    pub paths: Vec<Option<Vec<u8>>>,
}

impl Search {
    pub fn summary(&self) -> Summary {
        let found = self.findings();
        Summary {
            states: self.states(),
            transitions: self.transitions,
            queued: self.queued(),
            complete: self.complete(),
            cap: self.cap,
            paths: Finding::ALL.iter().map(|f| found.iter().find(|(g, _)| g == f).map(|(_, p)| p.iter().map(|a| a.pack()).collect())).collect(),
        }
    }
}

/// A search's summary as the report shows it: every path replayed from the initial state and
/// worded step by step.
pub fn result(summary: &Summary, model: &Model, defects: Defects, issuer: u64) -> ModelRun {
    let machine = Machine::new(model, defects);
    let findings = Finding::ALL
        .iter()
        .zip(summary.paths.iter().chain(std::iter::repeat(&None)))
        .map(|(f, path)| {
            let path = path.as_ref().map(|p| p.iter().map(|&b| Action::unpack(b)).collect::<Vec<_>>());
            FindingResult { name: f.name(), path: path.map(|p| words(&machine, model, issuer, &p)) }
        })
        .collect();
    ModelRun { states: summary.states, transitions: summary.transitions, complete: summary.complete, cap: summary.cap, findings }
}

/// A fence as the lesson numbers it (0 means none).
pub fn fence(issuer: u64, rel: u8) -> u64 {
    if rel == 0 {
        0
    } else {
        issuer + rel as u64
    }
}

/// Replay a path from the initial state, wording each step.
fn words(machine: &Machine, model: &Model, issuer: u64, path: &[Action]) -> Vec<PathStep> {
    let mut s = State::default();
    let mut out = Vec::new();
    let mut next = Vec::new();
    for &action in path {
        machine.successors(&s, &mut next);
        let Some(&(_, after, event)) = next.iter().find(|(a, _, _)| *a == action) else { break };
        out.push(PathStep {
            action: action_name(machine, model, &s, action),
            what: describe(model, issuer, event),
            max_fence: fence(issuer, after.max_fence),
            last_seq: after.last_seq as u64,
            owner: (after.owner > 0).then(|| client_name(after.owner as usize - 1)),
            lease: lease(after.lease_state()),
            event,
        });
        s = after;
    }
    out
}

fn action_name(machine: &Machine, model: &Model, s: &State, action: Action) -> String {
    match action {
        Action::Step(c) => {
            let me = s.clients[c as usize];
            let op = machine.programs[c as usize][me.pc as usize];
            format!("{} {}", model.op_text(op), client_name(c as usize))
        }
        Action::Resume(c) => format!("resume {}", client_name(c as usize)),
        Action::Release(c) => format!("release {}", client_name(c as usize)),
        Action::Expire => "expire".into(),
        Action::Crash => "crash".into(),
        Action::Recover => "recover".into(),
        Action::Deliver(i) => format!("deliver {}", client_name(s.in_flight[i as usize].0[0] as usize & 3)),
    }
}

/// A token in the lesson's numbers, with the grant it came from.
pub fn token(issuer: u64, rel: u8, g: u8) -> String {
    let f = fence(issuer, rel);
    if g == 0 {
        format!("{f}（未绑定）")
    } else {
        format!("{f}（{}）", grant(g as usize))
    }
}

/// One event in a Chinese phrase.
fn describe(model: &Model, issuer: u64, e: Event) -> String {
    let f = |rel: u8| fence(issuer, rel);
    let who = |c: usize| client_name(c);
    let key = |k: u8| model.keys.get(k as usize).cloned().unwrap_or_default();
    match e {
        Event::Granted { client, fence: 0, grant: g } => format!("{} 给 {}（不发 token）", grant(g as usize), who(client)),
        Event::Granted { client, fence: r, grant: g } => format!("原子授予 {}，token {}", who(client), token(issuer, r, g)),
        Event::Holds { client } => format!("{} 已持有有效租约", who(client)),
        Event::Minted { client, fence: r, grant: g } => format!("{} 从独立计数器取得 {}", who(client), token(issuer, r, g)),
        Event::Paused { client } => format!("{} 暂停", who(client)),
        Event::Resumed { client } => format!("{} 恢复，仍持旧 token", who(client)),
        Event::Released { client } => format!("{} 完成并释放租约", who(client)),
        Event::Renewed { client, ok: true } => format!("{} 续租成功", who(client)),
        Event::Renewed { client, ok: false } => format!("{} 续租失败，停止工作", who(client)),
        Event::Expired { client } => format!("授权权威判 {} 的租约到期", who(client)),
        Event::Crashed => "授权权威崩溃".into(),
        Event::Recovered { issuer: r, from_backup: false } => format!("持久恢复：发号器为 {}", issuer + r as u64),
        Event::Recovered { issuer: r, from_backup: true } => format!("从旧备份恢复：发号器回到 {}", issuer + r as u64),
        Event::Checked { client, compared: false, .. } => format!("{} 自查：不比较 token", who(client)),
        Event::Checked { client, fence: r, seq, current, passed, .. } => format!(
            "{} 事务外自查{}：({},{}) {} {}",
            who(client),
            if passed { "通过" } else { "未通过" },
            f(current.0),
            current.1,
            if passed { "<" } else { "≥" },
            pair((f(r), seq as u64))
        ),
        Event::Skipped { client } => format!("{} 自查未通过，不写", who(client)),
        Event::Sent { client, fence: r, grant: g, seq, key: k } => format!("{} 发出写入 {} seq={seq} key={}（在网络中）", who(client), token(issuer, r, g), key(k)),
        Event::Accepted { client, fence: r, grant: g, seq, key: k, previous, unconditional } => format!(
            "资源接受 {} 的 {} seq={seq} key={}：{}",
            who(client),
            token(issuer, r, g),
            key(k),
            if unconditional { format!("覆盖 ({},{})，不比较", f(previous.0), previous.1) } else { format!("({},{}) < {}", f(previous.0), previous.1, pair((f(r), seq as u64))) }
        ),
        Event::Rejected { client, fence: r, grant: g, seq, current } => {
            format!("资源拒绝 {} 的 {} seq={seq}：({},{}) ≥ {}，影响 0 行", who(client), token(issuer, r, g), f(current.0), current.1, pair((f(r), seq as u64)))
        }
        Event::Duplicate { client, key: k } => format!("key={} 已执行过：返回原结果给 {}，不重复效果", key(k), who(client)),
    }
}
