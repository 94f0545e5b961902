//! The scenario file: the codec's inputs as a JSON object, one key per input, so a file says
//! what a URL or a command line says (`"clients"` is `--clients`, `clients=`). What `explore
//! --scenario FILE` runs and how the repository ships its presets (`presets/*.json`).
//!
//! ```json
//! {
//!   "title": "三个持有者",
//!   "case": "model",
//!   "clients": ["acquire pause write:2:a", "acquire write:1:b", "acquire write:1:c"],
//!   "crash": false
//! }
//! ```
//!
//! `clients` is a list with one program per client (or the codec's one-line form), a switch
//! is `true`/`false`, a number a number, and `title` names the scenario. Every error names
//! the line it is about.

use crate::codec::{CodecError, Inputs, Param};
use crate::machine::spec::Programs;
use crate::scenario::{Case, Scenario};
use serde_json::value::RawValue;
use std::collections::BTreeMap;

/// Largest scenario file read, in bytes: a scenario is a few lines.
pub const MAX_FILE: usize = 64 * 1024;

/// A scenario file read: its title (if any) and the scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioFile {
    pub title: Option<String>,
    pub scenario: Scenario,
}

/// The line (from 1) that byte `offset` of `text` is on.
fn line_at(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

fn at(line: usize, why: impl std::fmt::Display) -> CodecError {
    CodecError(format!("场景文件第 {line} 行：{why}"))
}

/// Where a value borrowed from `text` starts in it.
fn offset(text: &str, raw: &RawValue) -> usize {
    raw.get().as_ptr() as usize - text.as_ptr() as usize
}

/// Read a scenario file; `case` defaults to `model` here (the explorer's case).
pub fn read(text: &str) -> Result<ScenarioFile, CodecError> {
    read_with(text, &[])
}

/// Read a scenario file, then apply `overrides` (a command line's own inputs) on top.
pub fn read_with(text: &str, overrides: &[(Param, String)]) -> Result<ScenarioFile, CodecError> {
    if text.len() > MAX_FILE {
        return Err(CodecError(format!("场景文件超过 {} KB", MAX_FILE / 1024)));
    }
    let fields: BTreeMap<String, &RawValue> = serde_json::from_str(text)
        .map_err(|e| at(e.line().max(1), format!("不是一个 JSON 对象（{e}）")))?;
    let mut fields: Vec<(String, &RawValue)> = fields.into_iter().collect();
    fields.sort_by_key(|(_, v)| offset(text, v));
    let mut inputs = Inputs::default();
    inputs.set(Param::Case, Case::Model.name())?;
    let mut title = None;
    let mut programs: Option<(String, Vec<usize>)> = None;
    for (name, raw) in fields {
        let line = line_at(text, offset(text, raw));
        if name == "title" {
            title = Some(
                serde_json::from_str::<String>(raw.get())
                    .map_err(|_| at(line, "title 须为字符串"))?,
            );
            continue;
        }
        let names = Param::ALL.map(|p| p.name()).join(", ");
        let param = Param::from_name(&name)
            .ok_or_else(|| at(line, format!("未知的键「{name}」，可用：title, {names}")))?;
        let value = if param == Param::Clients {
            let (text_form, lines) = clients(text, raw).map_err(|why| at(line, why))?;
            programs = Some((text_form.clone(), lines));
            text_form
        } else {
            scalar(raw).ok_or_else(|| at(line, format!("{name} 须为字符串、数字或 true/false")))?
        };
        inputs.set(param, &value).map_err(|e| at(line, e))?;
    }
    for (param, value) in overrides {
        inputs.set(*param, value)?;
    }
    // A program's mistake is reported at that client's line.
    if let Some((text_form, lines)) = &programs {
        if let Err(e) = Programs::parse(text_form, false, false) {
            let line = lines[e.client.unwrap_or(0).min(lines.len() - 1)];
            return Err(at(line, format!("clients：{e}")));
        }
    }
    Ok(ScenarioFile { title, scenario: inputs.scenario()? })
}

/// `clients` as the codec's one-line form, with the line each client's program is on.
fn clients(text: &str, raw: &RawValue) -> Result<(String, Vec<usize>), String> {
    if let Ok(line) = serde_json::from_str::<String>(raw.get()) {
        let n = line.split(';').count();
        return Ok((line, vec![line_at(text, offset(text, raw)); n]));
    }
    let list: Vec<&RawValue> = serde_json::from_str(raw.get())
        .map_err(|_| "clients 须为程序的列表（每个客户端一个字符串）".to_string())?;
    let mut programs = Vec::new();
    for item in &list {
        let program: String = serde_json::from_str(item.get())
            .map_err(|_| format!("第 {} 个程序须为字符串", programs.len() + 1))?;
        if program.contains(';') {
            return Err(format!(
                "第 {} 个程序含有「;」：列表里每个字符串只写一个客户端",
                programs.len() + 1
            ));
        }
        programs.push(program);
    }
    Ok((programs.join("; "), list.iter().map(|item| line_at(text, offset(text, item))).collect()))
}

/// A string, number or boolean as the codec's text.
fn scalar(raw: &RawValue) -> Option<String> {
    match serde_json::from_str::<serde_json::Value>(raw.get()).ok()? {
        serde_json::Value::String(s) => Some(s),
        serde_json::Value::Number(n) => Some(n.to_string()),
        serde_json::Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// A scenario as a file: its title and the inputs that differ from the lesson's.
pub fn write(title: Option<&str>, s: &Scenario) -> String {
    let mut object = serde_json::Map::new();
    if let Some(t) = title {
        object.insert("title".into(), t.into());
    }
    object.insert(Param::Case.name().into(), s.case.name().into());
    for (p, v) in crate::codec::encode(s) {
        let value = match p {
            Param::Clients => v.split(';').map(|c| serde_json::Value::from(c.trim())).collect(),
            Param::Crash | Param::Delay => serde_json::Value::Bool(v == "true"),
            Param::Issuer => v.parse::<u64>().map_or_else(|_| v.clone().into(), Into::into),
            _ => v.into(),
        };
        object.insert(p.name().into(), value);
    }
    let mut text = serde_json::to_string_pretty(&object).expect("a map of values serializes");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_reads_as_its_query_does() {
        let file = concat!(
            "{\n",
            "  \"title\": \"t\",\n",
            "  \"clients\": [\"acquire write:1:a\", \"acquire write:2:b\"],\n",
            "  \"crash\": false,\n",
            "  \"delay\": true\n",
            "}\n"
        );
        let read = read(file).unwrap();
        assert_eq!(read.title.as_deref(), Some("t"));
        let q = crate::codec::from_query(
            "case=model&clients=acquire+write:1:a;acquire+write:2:b&crash=false&delay=true",
        )
        .unwrap();
        assert_eq!(read.scenario, q);
        assert_eq!(super::read(&write(Some("t"), &q)).unwrap(), read);
    }

    #[test]
    fn each_mistake_names_its_line() {
        for (file, says) in [
            (
                "{\n  \"clients\": [\n    \"acquire write:1:a\",\n    \"acquire jump\"\n  ]\n}",
                "第 4 行：clients：客户端 B 的程序里有未知的一步「jump」",
            ),
            (
                "{\n  \"case\": \"model\",\n  \"crash\": \"maybe\"\n}",
                "第 3 行：crash 须为 true 或 false",
            ),
            ("{\n  \"clients\": [\"acquire\"],\n  \"speed\": 3\n}", "第 3 行：未知的键「speed」"),
            (
                "{\n  \"case\": \"model\",\n  \"variant\": \"nofence\"\n}",
                "第 3 行：未知的 variant「nofence」",
            ),
            ("{\n  \"case\": \"model\"\n  \"crash\": true\n}", "第 3 行：不是一个 JSON 对象"),
            (
                "{\n\n  \"clients\": [\"acquire write:1:a; acquire\", \"acquire\"]\n}",
                "第 3 行：第 1 个程序含有「;」",
            ),
        ] {
            let err = read(file).unwrap_err().to_string();
            assert!(err.contains(says), "{file}\n→ {err}");
        }
    }
}
