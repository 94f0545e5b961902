//! The explorer's view in the URL, so a link or a reload opens the same view: the scenario
//! through the model's one codec, plus the page's own choice of interleaving and step.

use crate::route::Route;
use fencing_model::verdicts::Place;
use fencing_model::{codec, Scenario};

/// What the explorer shows.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    pub scenario: Scenario,
    /// 0-based interleaving.
    pub interleaving: usize,
    /// 1-based step; `None` means the first: a path is told from its start.
    pub step: Option<usize>,
    /// Whether the step table is shown beside the picture.
    pub table: bool,
    /// 「你来调度」: the learner's moves so far (`path::path_text`), checked against the
    /// machine where it is shown; `None` for the lab's and the checker's own paths.
    pub play: Option<String>,
    /// The challenge taken on in 「你来调度」 (`fencing_model::challenges`), by id.
    pub challenge: Option<String>,
}

impl View {
    /// A scenario's first interleaving, at its first step.
    pub fn of(scenario: Scenario) -> View {
        View { scenario, interleaving: 0, step: None, table: true, play: None, challenge: None }
    }

    /// The query string (without `?`): the scenario's inputs, then `i`, `step`, `table` and
    /// `play` when not the defaults.
    pub fn to_query(&self) -> String {
        let mut q = form_urlencoded::Serializer::new(codec::to_query(&self.scenario));
        if self.interleaving > 0 {
            q.append_pair("i", &(self.interleaving + 1).to_string());
        }
        if let Some(step) = self.step {
            q.append_pair("step", &step.to_string());
        }
        if !self.table {
            q.append_pair("table", "0");
        }
        // A path's tokens (`A`, `resume-A`, `deliver-1`, joined by `.`) stay as they are.
        if let Some(path) = &self.play {
            q.append_pair("play", path);
        }
        if let Some(id) = &self.challenge {
            q.append_pair("challenge", id);
        }
        q.finish()
    }

    /// This view at a place the report points to: a path and its step.
    pub fn at(self, place: Place) -> View {
        View { interleaving: place.path, step: Some(place.step), ..self }
    }

    /// This view in 「你来调度」, on `path` (`path::path_text`), told from its start.
    pub fn playing(self, path: String) -> View {
        View { play: Some(path), step: None, ..self }
    }

    /// A link to the explorer at this view.
    pub fn href(&self) -> String {
        Route::Explore.href_with(&self.to_query())
    }

    /// The link that opens this view at its interleaving's steps (`#steps`), as a chapter's
    /// 「在实验台逐步看」 does: the browser lands there, the explorer keeps it in view once live.
    pub fn steps_href(&self) -> String {
        format!("{}#steps", self.href())
    }

    /// Read a view back; anything missing takes the lesson's value (`table=0` hides the table).
    /// A parameter that cannot be read is dropped alone and named with why, so a link half bad
    /// keeps its good half (a path, `play`, is checked where it is shown).
    pub fn read(query: &str) -> (View, Vec<String>) {
        let pairs: Vec<(String, String)> =
            form_urlencoded::parse(query.trim_start_matches('?').as_bytes()).into_owned().collect();
        let own = |k: &str| matches!(k, "i" | "step" | "table" | "play" | "challenge");
        let mut bad = Vec::new();
        // The scenario's inputs whole, else each added in turn and kept if it still reads.
        let scenario = match codec::from_query(query) {
            Ok(s) => s,
            Err(_) => {
                let mut scenario = codec::from_query("").expect("the lesson's scenario reads");
                let mut kept: Vec<&(String, String)> = Vec::new();
                for pair @ (k, v) in pairs.iter().filter(|(k, _)| !own(k)) {
                    let trial = form_urlencoded::Serializer::new(String::new())
                        .extend_pairs(kept.iter().copied().chain([pair]))
                        .finish();
                    match codec::from_query(&trial) {
                        Ok(s) => {
                            scenario = s;
                            kept.push(pair);
                        }
                        Err(e) => bad.push(format!("{k}={v}（{e}）")),
                    }
                }
                scenario
            }
        };
        let mut view = View::of(scenario);
        for (k, v) in pairs.iter().filter(|(k, _)| own(k)) {
            let number = v.trim().parse::<usize>();
            match (k.as_str(), number) {
                ("i", Ok(n)) => view.interleaving = n.saturating_sub(1),
                ("step", Ok(n)) => view.step = Some(n),
                ("table", Ok(n)) => view.table = n != 0,
                ("play", _) => view.play = Some(v.clone()),
                ("challenge", _) => view.challenge = Some(v.clone()),
                _ => bad.push(format!("{k}={v}（须为非负整数）")),
            }
        }
        (view, bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fencing_model::{Case, Defect, Defects};

    #[test]
    fn a_view_round_trips_through_its_query() {
        let mut s =
            Scenario::lesson(Case::Fencing, Defects::default().with(Defect::RollbackIssuer, true));
        (s.op_seq_a, s.op_seq_b) = (3, 1);
        let v = View {
            scenario: s,
            interleaving: 1,
            step: Some(6),
            table: false,
            play: Some("A.A.expire".into()),
            challenge: None,
        };
        assert_eq!(
            v.to_query(),
            "variant=rollback-issuer&op-seq=3%2C1&i=2&step=6&table=0&play=A.A.expire"
        );
        assert_eq!(View::read(&format!("?{}", v.to_query())), (v, vec![]));
        assert_eq!(View::of(Scenario::lesson(Case::Fencing, Defects::default())).to_query(), "");
        // A challenge on the lesson's scenario, with no path: no leading `&`.
        let lesson = Scenario::lesson(Case::Fencing, Defects::default());
        let c = View { challenge: Some("key-caveat".into()), ..View::of(lesson) };
        assert_eq!(c.to_query(), "challenge=key-caveat");
        // A challenge's link (written by the model) opens that challenge.
        for c in &fencing_model::challenges::CHALLENGES {
            let (v, bad) = View::read(&c.query());
            assert!(bad.is_empty(), "{bad:?}");
            assert_eq!(
                (v.scenario, v.play.as_deref(), v.challenge.as_deref()),
                (c.scenario(), Some(""), Some(c.id))
            );
        }
        assert_eq!(View::read("step=x").1, ["step=x（须为非负整数）"]);
        assert!(View::read("issuer=-1").1[0].starts_with("issuer=-1（"));
    }

    /// A link half bad keeps its good half: each bad parameter is dropped alone and named.
    #[test]
    fn a_bad_parameter_is_dropped_alone() {
        let (v, bad) = View::read("variant=no-fence&step=abc&play=A.A.expire");
        assert_eq!(bad, ["step=abc（须为非负整数）"]);
        assert_eq!((v.scenario.defects.no_fence, v.play.as_deref()), (true, Some("A.A.expire")));
        let (v, bad) = View::read("variant=bogus&op-seq=3,1&play=A");
        assert_eq!(bad.len(), 1, "{bad:?}");
        assert!(bad[0].starts_with("variant=bogus（"), "{bad:?}");
        assert_eq!((v.scenario.op_seq_a, v.play.as_deref()), (3, Some("A")));
    }
}
