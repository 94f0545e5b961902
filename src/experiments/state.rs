//! The explorer's view as URL query parameters, so a link or a reload opens the same view:
//! case, defect switches, the scenario's inputs, the interleaving and the step.

use fencing_model::{Case, Defect, Defects, Operation, Scenario};

/// What the explorer shows.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub scenario: Scenario,
    /// 0-based interleaving.
    pub interleaving: usize,
    /// 1-based step; `None` means "the last step".
    pub step: Option<usize>,
}

impl View {
    pub fn lesson(case: Case, defects: Defects) -> View {
        View { scenario: Scenario::lesson(case, defects), interleaving: 0, step: None }
    }

    /// The query string (without `?`), values URI-encoded.
    pub fn to_query(&self) -> String {
        let s = &self.scenario;
        let mut q = vec![("case", s.case.name().to_string())];
        let variant = s.defects.variant_name();
        q.push(("variant", variant));
        let lesson = Scenario::lesson(s.case, s.defects);
        if s.issuer != lesson.issuer {
            q.push(("issuer", s.issuer.to_string()));
        }
        if (s.op_seq_a, s.op_seq_b) != (lesson.op_seq_a, lesson.op_seq_b) {
            q.push(("seq", format!("{},{}", s.op_seq_a, s.op_seq_b)));
        }
        if s.case == Case::Operations && s.operations != lesson.operations {
            q.push(("ops", Operation::format_list(&s.operations)));
        }
        if self.interleaving > 0 {
            q.push(("i", (self.interleaving + 1).to_string()));
        }
        if let Some(step) = self.step {
            q.push(("step", step.to_string()));
        }
        q.iter()
            .map(|(k, v)| format!("{k}={}", String::from(js_sys::encode_uri_component(v))))
            .collect::<Vec<_>>()
            .join("&")
    }

    /// Read a view back; anything missing takes the lesson's value.
    pub fn from_query(get: impl Fn(&str) -> Option<String>) -> Result<View, String> {
        let case = match get("case").as_deref() {
            None | Some("fencing") => Case::Fencing,
            Some("operations") => Case::Operations,
            Some(other) => return Err(format!("未知的 case「{other}」")),
        };
        let mut defects = Defects::default();
        for name in get("variant").unwrap_or_default().split(',').filter(|n| !n.is_empty() && *n != "correct") {
            let d = Defect::from_name(name).ok_or_else(|| format!("未知的 variant「{name}」"))?;
            defects = defects.with(d, true);
        }
        let mut view = View::lesson(case, defects);
        let number = |v: &str, what: &str| v.trim().parse::<u64>().map_err(|_| format!("{what} 不是数字：{v}"));
        if let Some(v) = get("issuer") {
            view.scenario.issuer = number(&v, "issuer")?;
        }
        if let Some(v) = get("seq") {
            let (a, b) = v.split_once(',').ok_or("seq 应为 A,B 两个数")?;
            view.scenario.op_seq_a = number(a, "A.op_seq")?;
            view.scenario.op_seq_b = number(b, "B.op_seq")?;
        }
        if let Some(v) = get("ops") {
            view.scenario.operations = Operation::parse_list(&v)?;
        }
        if let Some(v) = get("i") {
            view.interleaving = (number(&v, "i")? as usize).saturating_sub(1);
        }
        if let Some(v) = get("step") {
            view.step = Some(number(&v, "step")? as usize);
        }
        view.scenario.validate().map_err(|e| e.to_string())?;
        Ok(view)
    }
}
