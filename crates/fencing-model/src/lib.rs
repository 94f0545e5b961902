//! The fencing event model of the lesson 租约和 fencing：把旧持有者挡在资源提交处.
//!
//! Scenario in, report out: `scenario` says what runs (and `codec` reads and writes it in
//! every form: CLI flags, URL query, the page's editor), `world` holds the authority, the
//! resource and the clients and applies the lesson's events as indivisible transitions,
//! `explore` enumerates every interleaving of the lab's partial order, `properties` judges
//! each trace and `checks` reports what lies beside the two properties, `operations` runs a
//! stream of business writes, `report` gathers the result, `words` words each fact once and
//! `render` prints the report — the same bytes for the CLI and the page. No web dependency.

pub mod bench;
pub mod checker;
pub mod checks;
pub mod cli;
pub mod codec;
pub mod explore;
pub mod operations;
pub mod prediction;
pub mod presets;
pub mod properties;
pub mod render;
pub mod report;
pub mod scenario;
pub mod scenario_file;
pub mod words;
pub mod world;

pub use explore::{explore, Program, Step, Trace};
pub use operations::{OpOutcome, OpResult};
pub use properties::Property;
pub use report::{run, CaseRun, FencingRun, OperationsRun, Report, Violation};
pub use scenario::{Case, Client, Defect, Defects, Experiment, Operation, Scenario, ScenarioError, MAX_OPERATIONS};
pub use checks::{Note, ReusedFence};
pub use world::{Event, Guard, Lease, Outcome, Token, World};
