//! The fencing event model of the lesson 租约和 fencing：把旧持有者挡在资源提交处.
//!
//! Scenario in, report out. `scenario` says what runs (and `codec` reads and writes it in
//! every form: CLI flags, URL query, the page's editor); `machine` is the protocol, written
//! once, each event one indivisible transition; `findings` judges its transitions and states
//! (the lesson's two properties and what lies beside them); `lab` runs the machine under the
//! lesson's schedule (every interleaving after a fixed prefix), `search` over every reachable
//! state (`checker` for the explorer's own scenarios); `path` replays a path into the steps
//! a report shows; `operations` runs a stream of business writes; `report` gathers the
//! result, `words` words each fact once and `render` prints the report — the same bytes for
//! the CLI and the page. No web dependency.

// First, so that every module below can write `app_note!`.
#[macro_use]
mod note;

pub mod bench;
pub mod challenges;
pub mod checker;
pub mod cli;
pub mod coach;
pub mod codec;
mod defects;
pub mod experiment;
pub mod findings;
pub mod lab;
mod lab_notes;
pub mod machine;
pub mod operations;
pub mod path;
pub mod presets;
pub mod properties;
pub mod render;
pub mod report;
pub mod scenario;
pub mod scenario_file;
pub mod search;
pub mod verdicts;
pub mod words;

pub use experiment::Experiment;
pub use findings::Finding;
pub use lab::{FencingRun, Hit, Note, ReusedFence, Trace};
pub use machine::state::Lease;
pub use machine::Event;
pub use note::APP_NOTE;
pub use operations::{OpOutcome, OpResult};
pub use path::{Snapshot, Step, Token};
pub use properties::Property;
pub use report::{run, CaseRun, OperationsRun, Report};
pub use scenario::{Case, Defect, Defects, Operation, Scenario, ScenarioError, MAX_OPERATIONS};
