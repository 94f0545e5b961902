//! The explorer's presets: scenario files shipped in `presets/`, the same files the CLI runs
//! (`fencing-lab explore --scenario crates/fencing-model/presets/scaled.json`), built in so
//! the page offers them too.

use crate::scenario_file::{self, ScenarioFile};

/// One preset: its name (the file's stem), the file, and an example path that tells the
/// story its title promises under the correct protocol (in `path::path_text`'s form), with a
/// caption (this app's).
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    pub name: &'static str,
    pub file: &'static str,
    pub story: Option<(&'static str, &'static str)>,
}

pub const PRESETS: [Preset; 4] = [
    Preset {
        name: "lesson",
        file: include_str!("../presets/lesson.json"),
        story: Some((
            "课程的时间线：A 取 41 后暂停、到期；B 取 42 并提交；A 恢复后带 41 写入，被资源拒绝。",
            "A.A.expire.B.B.resume-A.A",
        )),
    },
    Preset {
        name: "three-holders",
        file: include_str!("../presets/three-holders.json"),
        story: Some((
            "A 取 41 后暂停、到期；B 取 42 后也暂停、到期；C 取 43 并提交；A 与 B 恢复后的写入都被拒绝。",
            "A.A.expire.B.B.expire.C.C.resume-A.A.resume-B.B",
        )),
    },
    Preset {
        name: "retry-after-failover",
        file: include_str!("../presets/retry-after-failover.json"),
        story: Some((
            "A 取 41 发出 pay 后暂停、到期；B 取 42，它的 ship (42,1) 先提交；\
             A 迟到的 pay (41,1) 被拒；B 释放，A 向授权权威重新 acquire，原子取得 43（授予#3），\
             同一个 pay 以 (43,1) 重试并生效。若重试先到，迟到的那次按业务身份先查，\
             得到原结果（duplicate），不会重复执行。",
            "A.A.A.expire.B.B.deliver-2.deliver-1.release-B.resume-A.A.A.deliver-1",
        )),
    },
    Preset { name: "scaled", file: include_str!("../presets/scaled.json"), story: None },
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
