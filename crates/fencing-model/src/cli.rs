//! The lab's command language (`fencing-lab fencing --variant … --case … --json`).
//!
//! Parsing lives here, not in the binary, because the page runs the very same command lines
//! in WASM: one parser, one help text, so a command means the same thing in both places.
//! It is a handful of flags, too small to justify an argument-parsing crate in the WASM bundle.

use crate::render;
use crate::report;
use crate::scenario::{Case, Defect, Defects, Scenario};
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
                return Err(ArgError(format!("未知选项「{other}」，可选：--variant, --case, --json, --help")))
            }
            other => return Err(ArgError(format!("未知的实验「{other}」，可选：fencing"))),
        }
    }
    if !lab_seen {
        return Err(ArgError("缺少实验名，可选：fencing".to_string()));
    }
    let scenario = Scenario::lesson(case, defects);
    scenario.validate().map_err(|e| ArgError(e.to_string()))?;
    Ok(Invocation::Run { scenario, json })
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
        "\n选项：\n  --json           输出 JSON 报告\n  -h, --help       显示本帮助\n\n\
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
