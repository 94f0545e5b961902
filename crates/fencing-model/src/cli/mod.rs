//! The lab's command language (`fencing-lab fencing --variant … --case … --json`).
//!
//! Parsing lives here, not in the binary, because the page runs the very same command lines
//! in WASM: one parser, one help text, so a command means the same thing in both places.
//! The scenario's inputs are the codec's (`--<param> <value>`); this adds only the lab's name,
//! `--json` and `--help`. Too small to justify an argument-parsing crate in the WASM bundle.

use crate::codec::{encode, CodecError, Inputs, Param};
use crate::scenario::{Case, Scenario};
use crate::{render, report, scenario_file};
use std::fmt;

mod help;
pub use help::help;

/// How the lab is run from a checkout, before its own arguments: pasted into a shell at the
/// repository's root, it builds and runs `fencing-lab`.
pub const INVOCATION: &str = "cargo run -q -p fencing-model --";

/// The lab's arguments in a command line shown to the learner (`INVOCATION` then words with
/// no quoting), or `None` if it is not one.
pub fn args_of(command: &str) -> Option<Vec<&str>> {
    Some(command.strip_prefix(INVOCATION)?.split_whitespace().collect())
}

/// The command line that runs `s` from a checkout, its inputs quoted for a POSIX shell:
/// what the page shows next to a result, so any view can be reproduced with the CLI.
pub fn command_line(s: &Scenario) -> String {
    let command = Command::of(s.case);
    let mut cmd = format!("{INVOCATION} {}", command.name());
    // `explore` runs the model case without being told.
    for (p, v) in
        encode(s).into_iter().filter(|(p, _)| !(command == Command::Explore && *p == Param::Case))
    {
        cmd.push_str(&format!(" --{} {}", p.name(), shell_quote(&v)));
    }
    cmd
}

/// The command line that prints what the coach of 「你来调度」 says after `path` in `s`.
pub fn coach_line(s: &Scenario, path: &str) -> String {
    format!("{} --path {}", command_line(s), shell_quote(path))
}

/// A word as the shell reads it back: bare when it is plain, else in single quotes, with a
/// quote inside closed, escaped and reopened.
fn shell_quote(v: &str) -> String {
    let plain =
        !v.is_empty() && v.chars().all(|c| c.is_ascii_alphanumeric() || "-_.,=/:".contains(c));
    if plain {
        v.to_string()
    } else {
        format!("'{}'", v.replace('\'', r"'\''"))
    }
}

/// A parsed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invocation {
    Help,
    /// `path`: the coach of 「你来调度」 at the end of that path, instead of the report.
    Run {
        scenario: Scenario,
        json: bool,
        path: Option<String>,
    },
}

/// The lab's two commands: the lesson's lab, and the explorer's exhaustive search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// `fencing`: the lesson's cases, every interleaving reported.
    Fencing,
    /// `explore`: a scenario the learner builds (`case=model`), every state searched.
    Explore,
}

impl Command {
    pub const ALL: [Command; 2] = [Command::Fencing, Command::Explore];

    pub fn name(self) -> &'static str {
        match self {
            Command::Fencing => "fencing",
            Command::Explore => "explore",
        }
    }

    /// The command that runs a scenario of this case.
    pub fn of(case: Case) -> Command {
        if case == Case::Model {
            Command::Explore
        } else {
            Command::Fencing
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgError(pub String);

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "fencing-lab: {}\n用法见 fencing-lab --help", self.0)
    }
}

impl From<CodecError> for ArgError {
    fn from(e: CodecError) -> ArgError {
        ArgError(e.0)
    }
}

/// Every option, as the error for an unknown one lists them.
fn options() -> String {
    let params = Param::ALL.map(|p| format!("--{}", p.name())).join(", ");
    format!("{params}, --scenario, --path, --json, --help")
}

/// How a command line reads a scenario file (`--scenario FILE`): the binary reads the disk,
/// the page has no files.
pub type ReadFile<'a> = &'a dyn Fn(&str) -> Result<String, String>;

/// Where the page runs command lines: no files to read.
pub fn no_files(path: &str) -> Result<String, String> {
    Err(format!("这里不能读取文件「{path}」"))
}

/// Parse the arguments after the program name (`--scenario` files are read by `read`).
pub fn parse_with<S: AsRef<str>>(args: &[S], read: ReadFile) -> Result<Invocation, ArgError> {
    let mut args = args.iter().map(AsRef::as_ref);
    let mut command = None;
    let mut json = false;
    let mut file = None;
    let mut path = None;
    let mut given: Vec<(Param, String)> = Vec::new();
    let commands = Command::ALL.map(Command::name).join(", ");
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v)),
            _ => (arg, None),
        };
        let mut value =
            || inline.or_else(|| args.next()).ok_or_else(|| ArgError(format!("{flag} 需要一个值")));
        match flag {
            "-h" | "--help" => return Ok(Invocation::Help),
            "--json" => json = true,
            "--scenario" => file = Some(value()?.to_string()),
            "--path" => path = Some(value()?.to_string()),
            _ if command.is_none() && !flag.starts_with('-') => {
                command =
                    Some(Command::ALL.into_iter().find(|c| c.name() == flag).ok_or_else(|| {
                        ArgError(format!("未知的实验「{flag}」，可选：{commands}"))
                    })?);
            }
            _ => match flag.strip_prefix("--").and_then(Param::from_name) {
                Some(param) => given.push((param, value()?.to_string())),
                None if flag.starts_with('-') => {
                    return Err(ArgError(format!("未知选项「{flag}」，可选：{}", options())))
                }
                None => return Err(ArgError(format!("多余的参数「{flag}」"))),
            },
        }
    }
    let command = command.ok_or_else(|| ArgError(format!("缺少实验名，可选：{commands}")))?;
    let scenario = match (command, file) {
        (Command::Fencing, Some(_)) => {
            return Err(ArgError("--scenario 属于 explore：fencing 只运行课程的案例".into()))
        }
        (Command::Explore, Some(path)) => {
            let text = read(&path).map_err(|why| ArgError(format!("读不了场景文件：{why}")))?;
            scenario_file::read_with(&text, &given)
                .map_err(|e| ArgError(format!("{path}: {e}")))?
                .scenario
        }
        (_, None) => {
            let mut inputs = Inputs::default();
            if command == Command::Explore {
                inputs.set(Param::Case, Case::Model.name())?;
            }
            for (p, v) in &given {
                inputs.set(*p, v)?;
            }
            inputs.scenario()?
        }
    };
    if Command::of(scenario.case) != command {
        let right = Command::of(scenario.case).name();
        return Err(ArgError(format!(
            "{} 案例由 {right} 运行，不属于 {}",
            scenario.case.name(),
            command.name()
        )));
    }
    Ok(Invocation::Run { scenario, json, path })
}

/// Parse a command line that reads no files (the page's).
pub fn parse<S: AsRef<str>>(args: &[S]) -> Result<Invocation, ArgError> {
    parse_with(args, &no_files)
}

/// What a command line prints and its exit code: shared by the binary and the page.
pub fn execute<S: AsRef<str>>(args: &[S]) -> (String, i32) {
    execute_with(args, &no_files)
}

/// `execute`, reading `--scenario` files with `read`.
pub fn execute_with<S: AsRef<str>>(args: &[S], read: ReadFile) -> (String, i32) {
    let printed = parse_with(args, read).and_then(|inv| match inv {
        Invocation::Help => Ok(help()),
        Invocation::Run { path: Some(path), scenario, .. } => coach_at(&scenario, &path),
        Invocation::Run { scenario, json, path: None } => {
            let r = report::run(&scenario).map_err(|e| ArgError(e.to_string()))?;
            Ok(if json { as_json(&r)? } else { render::text(&r) })
        }
    });
    match printed {
        Ok(out) => (out, 0),
        Err(e) => (format!("{e}\n"), 2),
    }
}

/// What the coach of 「你来调度」 says at the end of `path` (its text form) in `s`: the machine the
/// page drives (the lesson's cases with the lab's `mint` step), searched whole, as the page's
/// worker does; one line each, as the page shows them.
#[cfg(feature = "search")]
fn coach_at(s: &Scenario, path: &str) -> Result<String, ArgError> {
    use crate::coach::{locate, Coach, UNREACHABLE};
    use crate::findings::Finding;
    use crate::path::{parse_path, replay, steps};
    use crate::search::Search;
    let machine = crate::lab::driven(s).ok_or_else(|| {
        ArgError("operations 案例没有可调度的步骤：--path 用于 fencing 与 model".into())
    })?;
    let actions = parse_path(path).map_err(ArgError)?;
    let mut search = Search::new(machine.clone(), crate::coach::MAX_STATES + 1);
    while !search.run(1 << 16) {}
    let coach = Coach::new(&search).map_err(|e| ArgError(e.to_string()))?;
    let along = (0..=actions.len())
        .map(|k| {
            let i = locate(&search, &actions[..k])
                .ok_or_else(|| ArgError(format!("--path 的第 {k} 步走不通：{path}")))?;
            let row = Finding::COACHED.map(|f| Some(coach.distance(i, f)));
            Ok(row.map(|d| d.filter(|d| *d != UNREACHABLE)))
        })
        .collect::<Result<Vec<_>, ArgError>>()?;
    let moves = replay(&machine, &actions);
    let steps = steps(&machine, &moves);
    let marks = crate::verdicts::of_path(&machine, &moves, &steps);
    let states = search.states().to_string();
    let said = crate::verdicts::says(
        &along,
        (&moves, &steps, &marks),
        machine.defects,
        machine.crash,
        Some(&states),
    );
    Ok(said.lines().join("\n") + "\n")
}

/// Built without `search` (the page), `--path` is refused with the way to get it.
#[cfg(not(feature = "search"))]
fn coach_at(_: &Scenario, _: &str) -> Result<String, ArgError> {
    Err(ArgError(format!("--path 的教练只在命令行提供：在仓库根目录运行 {INVOCATION} … --path")))
}

#[cfg(feature = "json")]
fn as_json(r: &report::Report) -> Result<String, ArgError> {
    Ok(render::json(r))
}

/// Built without `json` (the page), `--json` is refused with the way to get it.
#[cfg(not(feature = "json"))]
fn as_json(_: &report::Report) -> Result<String, ArgError> {
    Err(ArgError(format!("--json 的输出只在命令行提供：在仓库根目录运行 {INVOCATION} … --json")))
}

#[cfg(test)]
mod tests;
