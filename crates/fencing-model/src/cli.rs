//! The lab's command language (`fencing-lab fencing --variant … --case … --json`).
//!
//! Parsing lives here, not in the binary, because the page runs the very same command lines
//! in WASM: one parser, one help text, so a command means the same thing in both places.
//! The scenario's inputs are the codec's (`--<param> <value>`); this adds only the lab's name,
//! `--json` and `--help`. Too small to justify an argument-parsing crate in the WASM bundle.

use crate::codec::{encode, CodecError, Inputs, Param};
use crate::scenario::{Case, Defect, Scenario};
use crate::{render, report};
use std::fmt;

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
    let mut cmd = format!("{INVOCATION} fencing");
    for (p, v) in encode(s) {
        cmd.push_str(&format!(" --{} {}", p.name(), shell_quote(&v)));
    }
    cmd
}

/// A word as the shell reads it back: bare when it is plain, else in single quotes, with a
/// quote inside closed, escaped and reopened.
fn shell_quote(v: &str) -> String {
    let plain = !v.is_empty() && v.chars().all(|c| c.is_ascii_alphanumeric() || "-_.,=/:".contains(c));
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
    Run { scenario: Scenario, json: bool },
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
    format!("{params}, --json, --help")
}

/// Parse the arguments after the program name.
pub fn parse<S: AsRef<str>>(args: &[S]) -> Result<Invocation, ArgError> {
    let mut args = args.iter().map(AsRef::as_ref);
    let mut lab_seen = false;
    let mut json = false;
    let mut inputs = Inputs::default();
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v)),
            _ => (arg, None),
        };
        match flag {
            "-h" | "--help" => return Ok(Invocation::Help),
            "--json" => json = true,
            "fencing" if !lab_seen => lab_seen = true,
            _ => match flag.strip_prefix("--").and_then(Param::from_name) {
                Some(param) => {
                    let value = inline.or_else(|| args.next()).ok_or_else(|| ArgError(format!("{flag} 需要一个值")))?;
                    inputs.set(param, value)?;
                }
                None if flag.starts_with('-') => return Err(ArgError(format!("未知选项「{flag}」，可选：{}", options()))),
                None => return Err(ArgError(format!("未知的实验「{flag}」，可选：fencing"))),
            },
        }
    }
    if !lab_seen {
        return Err(ArgError("缺少实验名，可选：fencing".to_string()));
    }
    Ok(Invocation::Run { scenario: inputs.scenario()?, json })
}

/// The help text: lab, cases, variants and options, one line each.
pub fn help() -> String {
    let mut s = String::from(
        "fencing-lab —— 租约与 fencing 的事件模型（课程「可运行实验」的本仓库版本）\n\n\
         用法：fencing-lab fencing [选项]\n\ncase：\n",
    );
    for c in Case::ALL {
        s.push_str(&format!("  {:<16} {}\n", c.name(), c.summary()));
    }
    s.push_str("\nvariant（可用逗号组合；operations 案例只适用 no-fence）：\n");
    s.push_str(&format!("  {:<16} {}\n", "correct", "正确协议（默认）"));
    for d in Defect::ALL {
        s.push_str(&format!("  {:<16} {}\n", d.name(), d.summary()));
    }
    s.push_str("\n选项：\n");
    for p in Param::ALL {
        let flag = format!("--{} {}", p.name(), p.value_form());
        s.push_str(&format!("  {flag:<22} {}\n", param_help(p)));
    }
    s.push_str(&format!("  {:<22} 输出 JSON 报告\n  {:<22} 显示本帮助\n", "--json", "-h, --help"));
    s.push_str("\n退出码：0 运行完成（包括找到缺陷的反例）；2 参数错误\n");
    s
}

fn param_help(p: Param) -> &'static str {
    match p {
        Param::Case => "案例（默认 fencing）",
        Param::Variant => "缺陷开关（默认 correct）",
        Param::Issuer => "初始 issuer（默认 40；operations 的课程输入随之从 issuer+1 起）",
        Param::OpSeq => "fencing：A 与 B 写入时的 op_seq（默认 2,1）",
        Param::Ops => "operations：每项「key digest fence seq」，以 ; 分隔",
    }
}

/// What a command line prints and its exit code: shared by the binary and the page.
pub fn execute<S: AsRef<str>>(args: &[S]) -> (String, i32) {
    let printed = parse(args).and_then(|inv| match inv {
        Invocation::Help => Ok(help()),
        Invocation::Run { scenario, json } => {
            let r = report::run(&scenario).map_err(|e| ArgError(e.to_string()))?;
            Ok(if json { render::json(&r) } else { render::text(&r) })
        }
    });
    match printed {
        Ok(out) => (out, 0),
        Err(e) => (format!("{e}\n"), 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Case, Defect, Defects};

    #[test]
    fn the_shown_command_line_runs_from_a_checkout_and_quotes_for_the_shell() {
        assert_eq!(command_line(&Scenario::lesson(Case::Fencing, Defects::default())), "cargo run -q -p fencing-model -- fencing");
        let mut s = Scenario::lesson(Case::Fencing, Defects::default().with(Defect::RollbackIssuer, true));
        (s.issuer, s.op_seq_a, s.op_seq_b) = (100, 3, 1);
        let s = crate::codec::canonical(&s);
        assert_eq!(command_line(&s), "cargo run -q -p fencing-model -- fencing --variant rollback-issuer --issuer 100 --op-seq 3,1");
        let mut ops = Scenario::lesson(Case::Operations, Defects::default());
        ops.operations.truncate(2);
        ops.operations[1].digest = "it's".into();
        assert_eq!(
            command_line(&ops),
            r"cargo run -q -p fencing-model -- fencing --case operations --ops 'order-1 amount=10 41 1;order-2 it'\''s 41 2'"
        );
        assert_eq!(args_of("cargo run -q -p fencing-model -- fencing --case operations"), Some(vec!["fencing", "--case", "operations"]));
        assert_eq!(args_of("fencing-lab fencing"), None);
    }
}
