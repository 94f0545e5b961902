//! The scenario editor's fields as typed, and the number field every case's editor uses: a leaf,
//! so the editor and its case panels (model, operations) all build on it.

use fencing_model::codec::{ops_line, ops_rows, Inputs, Param};
use fencing_model::{Case, Defects, Scenario};
use leptos::prelude::*;

/// The editor's fields as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct Fields {
    pub case: Case,
    pub defects: Defects,
    pub issuer: String,
    pub seq_a: String,
    pub seq_b: String,
    pub ops: Vec<[String; 4]>,
    /// The model case: each client's program as typed, and the environment.
    pub clients: Vec<String>,
    pub crash: bool,
    pub delay: bool,
}

impl Fields {
    pub fn of(s: &Scenario) -> Fields {
        Fields {
            case: s.case,
            defects: s.defects,
            issuer: s.issuer.to_string(),
            seq_a: s.op_seq_a.to_string(),
            seq_b: s.op_seq_b.to_string(),
            ops: ops_rows(&s.operations),
            clients: s.model.program_texts(),
            crash: s.model.crash,
            delay: s.model.delay,
        }
    }

    /// A scenario the model accepts, or what is wrong, in Chinese: the fields go through the
    /// model's codec, as the URL and the CLI's flags do. Inputs the case does not take stay
    /// in the draft (switching back finds them) but are not given.
    pub fn scenario(&self) -> Result<Scenario, String> {
        let mut inputs = Inputs::default();
        let read = |inputs: &mut Inputs| -> Result<(), fencing_model::codec::CodecError> {
            inputs
                .set(Param::Case, self.case.name())?
                .set(Param::Variant, &self.defects.variant_name())?
                .set(Param::Issuer, &self.issuer)?;
            match self.case {
                Case::Fencing => inputs
                    .set(Param::OpSeq, &format!("{},{}", self.seq_a.trim(), self.seq_b.trim()))?,
                Case::Operations => inputs.set(Param::Ops, &ops_line(&self.ops))?,
                Case::Model => inputs
                    .set(
                        Param::Clients,
                        &self.clients.iter().map(|c| c.trim()).collect::<Vec<_>>().join("; "),
                    )?
                    .set(Param::Crash, &self.crash.to_string())?
                    .set(Param::Delay, &self.delay.to_string())?,
            };
            Ok(())
        };
        read(&mut inputs).and_then(|()| inputs.scenario()).map_err(|e| e.to_string())
    }
}

pub(super) fn number_field(
    label: &'static str,
    id: &'static str,
    draft: RwSignal<Fields>,
    field: fn(&mut Fields) -> &mut String,
) -> impl IntoView {
    view! {
        <label class="field" for=id>
            <span>{label}</span>
            <input
                id=id
                type="text"
                inputmode="numeric"
                autocomplete="off"
                prop:value=move || {
                    let mut d = draft.get();
                    field(&mut d).clone()
                }
                on:input=move |ev| draft.update(|d| *field(d) = event_target_value(&ev))
            />
        </label>
    }
}
