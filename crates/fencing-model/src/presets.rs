//! The explorer's presets: scenario files shipped in `presets/`, the same files the CLI runs
//! (`fencing-lab explore --scenario crates/fencing-model/presets/scaled.json`), built in so
//! the page offers them too.

use crate::scenario_file::{self, ScenarioFile};

/// One preset: its name (the file's stem) and the file.
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    pub name: &'static str,
    pub file: &'static str,
}

pub const PRESETS: [Preset; 4] = [
    Preset { name: "lesson", file: include_str!("../presets/lesson.json") },
    Preset { name: "three-holders", file: include_str!("../presets/three-holders.json") },
    Preset { name: "retry-after-failover", file: include_str!("../presets/retry-after-failover.json") },
    Preset { name: "scaled", file: include_str!("../presets/scaled.json") },
];

impl Preset {
    /// The file read (every preset reads: tested).
    pub fn read(self) -> ScenarioFile {
        scenario_file::read(self.file).unwrap_or_else(|e| panic!("preset {}: {e}", self.name))
    }

    /// The file's path from the repository's root, as a command line names it.
    pub fn path(self) -> String {
        format!("crates/fencing-model/presets/{}.json", self.name)
    }
}
