//! The lab's command language (`fencing-lab fencing --variant … --case … --json`).
//!
//! Parsing lives here, not in the binary, because the page runs the very same command lines
//! in WASM: one parser, one help text, so a command means the same thing in both places.
//! It is a handful of flags, too small to justify an argument-parsing crate in the WASM bundle.

use crate::render;
use crate::report;
use crate::scenario::{Case, Defect, Defects, Operation, Scenario};
use std::fmt;

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

fn choices<T>(items: &[T], name: impl Fn(&T) -> &'static str) -> String {
    items.iter().map(name).collect::<Vec<_>>().join(", ")
}

/// Parse the arguments after the program name.
pub fn parse<S: AsRef<str>>(args: &[S]) -> Result<Invocation, ArgError> {
    let mut args = args.iter().map(AsRef::as_ref);
    let mut lab_seen = false;
    let mut case = Case::Fencing;
    let mut defects = Defects::default();
    let mut json = false;
    // Scenario inputs; what is not given keeps the lesson's value.
    let (mut issuer, mut op_seq, mut ops) = (None, None, None);
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v)),
            _ => (arg, None),
        };
        let mut value = |flag: &str| {
            inline
                .map(str::to_string)
                .or_else(|| args.next().map(str::to_string))
                .ok_or_else(|| ArgError(format!("{flag} 需要一个值")))
        };
        match flag {
            "-h" | "--help" => return Ok(Invocation::Help),
            "--json" => json = true,
            "--case" => {
                let v = value(flag)?;
                case = Case::ALL.into_iter().find(|c| c.name() == v).ok_or_else(|| {
                    ArgError(format!("未知的 case「{v}」，可选：{}", choices(&Case::ALL, |c| c.name())))
                })?;
            }
            "--issuer" => issuer = Some(number(&value(flag)?, "--issuer")?),
            "--op-seq" => {
                let v = value(flag)?;
                let (a, b) = v.split_once(',').ok_or_else(|| ArgError(format!("--op-seq 应为 A,B 两个数，收到「{v}」")))?;
                op_seq = Some((number(a, "--op-seq")?, number(b, "--op-seq")?));
            }
            "--ops" => ops = Some(Operation::parse_list(&value(flag)?).map_err(ArgError)?),
            "--variant" => {
                for name in value(flag)?.split(',').map(str::trim) {
                    defects = match name {
                        "correct" => defects,
                        _ => match Defect::from_name(name) {
                            Some(d) => defects.with(d, true),
                            None => {
                                return Err(ArgError(format!(
                                    "未知的 variant「{name}」，可选：correct, {}（可用逗号组合）",
                                    choices(&Defect::ALL, |d| d.name())
                                )))
                            }
                        },
                    };
                }
            }
            "fencing" if !lab_seen => lab_seen = true,
            other if other.starts_with('-') => {
                return Err(ArgError(format!(
                    "未知选项「{other}」，可选：--variant, --case, --issuer, --op-seq, --ops, --json, --help"
                )))
            }
            other => return Err(ArgError(format!("未知的实验「{other}」，可选：fencing"))),
        }
    }
    if !lab_seen {
        return Err(ArgError("缺少实验名，可选：fencing".to_string()));
    }
    let mut scenario = Scenario::lesson(case, defects);
    if let Some(i) = issuer {
        // The lesson's operations follow the issuer (first term = issuer + 1) unless given.
        scenario.issuer = i;
        scenario.operations = crate::scenario::lesson_operations(i);
    }
    if let Some((a, b)) = op_seq {
        (scenario.op_seq_a, scenario.op_seq_b) = (a, b);
    }
    if let Some(list) = ops {
        scenario.operations = list;
    }
    scenario.validate().map_err(|e| ArgError(e.to_string()))?;
    Ok(Invocation::Run { scenario, json })
}

fn number(v: &str, flag: &str) -> Result<u64, ArgError> {
    v.trim().parse().map_err(|_| ArgError(format!("{flag} 需要非负整数，收到「{v}」")))
}

/// The command line that runs `scenario`: what the page shows next to its result, so any view
/// of the explorer can be reproduced with the CLI. Inputs equal to the lesson's are left out.
pub fn command_line(s: &Scenario) -> String {
    let mut cmd = String::from("fencing-lab fencing");
    if s.case != Case::Fencing {
        cmd += &format!(" --case {}", s.case.name());
    }
    if s.defects != Defects::default() {
        cmd += &format!(" --variant {}", s.defects.variant_name());
    }
    let lesson = Scenario::lesson(s.case, s.defects);
    match s.case {
        Case::Fencing => {
            if s.issuer != lesson.issuer {
                cmd += &format!(" --issuer {}", s.issuer);
            }
            if (s.op_seq_a, s.op_seq_b) != (lesson.op_seq_a, lesson.op_seq_b) {
                cmd += &format!(" --op-seq {},{}", s.op_seq_a, s.op_seq_b);
            }
        }
        Case::Operations => {
            if s.operations != lesson.operations {
                // Single quotes for the shell; a quote inside is closed, escaped and reopened.
                cmd += &format!(" --ops '{}'", Operation::format_list(&s.operations).replace('\'', r"'\''"));
            }
        }
    }
    cmd
}

/// The help text: lab, cases and variants, one line each.
pub fn help() -> String {
    let mut s = String::from(
        "fencing-lab —— 租约与 fencing 的事件模型（课程「可运行实验」的本仓库版本）\n\n\
         用法：fencing-lab fencing [--case <case>] [--variant <variant>[,<variant>…]] [--json]\n\n\
         case：\n",
    );
    for c in Case::ALL {
        s.push_str(&format!("  {:<16} {}\n", c.name(), c.summary()));
    }
    s.push_str("\nvariant（可用逗号组合，8 种组合均可运行）：\n");
    s.push_str(&format!("  {:<16} {}\n", "correct", "正确协议（默认）"));
    for d in Defect::ALL {
        s.push_str(&format!("  {:<16} {}\n", d.name(), d.summary()));
    }
    s.push_str(
        "\n选项：\n  --issuer <n>     初始 issuer（默认 40）\n  --op-seq <a,b>   A 与 B 写入时的 op_seq（默认 2,1）\n  --ops <列表>     operations 输入：每项「key digest fence seq」，以 ; 分隔\n  --json           输出 JSON 报告\n  -h, --help       显示本帮助\n\n\
         退出码：0 运行完成（包括找到缺陷的反例）；2 参数错误\n",
    );
    s
}

/// What a command line prints and its exit code: shared by the binary and the page.
pub fn execute<S: AsRef<str>>(args: &[S]) -> (String, i32) {
    match parse(args) {
        Ok(Invocation::Help) => (help(), 0),
        Ok(Invocation::Run { scenario, json }) => match report::run(&scenario) {
            Ok(r) if json => (render::json(&r), 0),
            Ok(r) => (render::text(&r), 0),
            Err(e) => (format!("{}\n", ArgError(e.to_string())), 2),
        },
        Err(e) => (format!("{e}\n"), 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_of(args: &[&str]) -> Scenario {
        match parse(args) {
            Ok(Invocation::Run { scenario, .. }) => scenario,
            other => panic!("{args:?}: {other:?}"),
        }
    }

    #[test]
    fn the_shown_command_line_reproduces_a_fencing_scenario() {
        let mut s = Scenario::lesson(Case::Fencing, Defects::default().with(Defect::RollbackIssuer, true));
        (s.issuer, s.op_seq_a, s.op_seq_b) = (100, 3, 1);
        let cmd = command_line(&s);
        assert_eq!(cmd, "fencing-lab fencing --variant rollback-issuer --issuer 100 --op-seq 3,1");
        let args: Vec<&str> = cmd.split_whitespace().skip(1).collect();
        assert_eq!(run_of(&args), Scenario { operations: crate::scenario::lesson_operations(100), ..s });
    }

    #[test]
    fn the_shown_command_line_reproduces_an_operations_scenario() {
        let mut s = Scenario::lesson(Case::Operations, Defects::default());
        s.operations.truncate(2);
        s.operations[1].digest = "it's".into();
        let cmd = command_line(&s);
        assert_eq!(cmd, r"fencing-lab fencing --case operations --ops 'order-1 amount=10 41 1;order-2 it'\''s 41 2'");
        assert_eq!(run_of(&["fencing", "--case", "operations", "--ops", &Operation::format_list(&s.operations)]), s);
        assert_eq!(command_line(&Scenario::lesson(Case::Fencing, Defects::default())), "fencing-lab fencing");
    }

    #[test]
    fn bad_scenario_flags_are_argument_errors() {
        for args in [&["fencing", "--issuer", "x"][..], &["fencing", "--op-seq", "3"], &["fencing", "--op-seq", "0,1"], &["fencing", "--case", "operations", "--ops", "a b c"]] {
            assert!(parse(args).is_err(), "{args:?}");
        }
    }
}
