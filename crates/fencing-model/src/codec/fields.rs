//! A scenario's inputs as an editor holds them while the learner types (the explorer's form):
//! text per field, read through the codec like the URL and the CLI's flags, and the edits the
//! form offers, each keeping the draft within the model's limits.

use super::ops::{ops_line, ops_rows};
use super::{CodecError, Inputs, Param};
use crate::machine::client_name;
use crate::machine::spec::MAX_CLIENTS;
use crate::scenario::{Case, Defect, Defects, Scenario, MAX_OPERATIONS};

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

    /// A scenario the model accepts, or what is wrong, in Chinese. Inputs the case does not
    /// take stay in the draft (switching back finds them) but are not given.
    pub fn scenario(&self) -> Result<Scenario, String> {
        let mut inputs = Inputs::default();
        let read = |inputs: &mut Inputs| -> Result<(), CodecError> {
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

    /// Case `c`, with the defects it does not take turned off.
    pub fn choose_case(&mut self, c: Case) {
        self.case = c;
        for x in Defect::ALL.into_iter().filter(|x| !x.applies_to(c)) {
            self.defects = self.defects.with(x, false);
        }
    }

    /// A preset's inputs, the defects switched on kept.
    pub fn load_preset(&mut self, preset: &Scenario) {
        *self = Fields { defects: self.defects, ..Fields::of(preset) };
    }

    /// One more client (up to the model's limit), whose program acquires and writes once.
    pub fn add_client(&mut self) {
        if self.clients.len() < MAX_CLIENTS {
            let key = client_name(self.clients.len()).to_ascii_lowercase();
            self.clients.push(format!("acquire write:1:{key}"));
        }
    }

    /// Without client `i`; two clients at least stay.
    pub fn remove_client(&mut self, i: usize) {
        if self.clients.len() > 2 && i < self.clients.len() {
            self.clients.remove(i);
        }
    }

    /// One more operation (up to the model's limit), fenced after the issuer.
    pub fn add_operation(&mut self) {
        if self.ops.len() < MAX_OPERATIONS {
            let fence = self.issuer.trim().parse::<u64>().map_or(1, |v| v + 1);
            let key = format!("order-{}", self.ops.len() + 1);
            self.ops.push([key, "amount=1".into(), fence.to_string(), "1".into()]);
        }
    }

    /// Without operation `i`.
    pub fn remove_operation(&mut self, i: usize) {
        if i < self.ops.len() {
            self.ops.remove(i);
        }
    }
}
