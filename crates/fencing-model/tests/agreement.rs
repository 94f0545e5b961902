//! The lab and the explorer run one machine: on the lesson's scenario (the lab's fixed
//! schedule, and the explorer's search of the same programs over every order), for every
//! defect combination, they agree on which properties break and on the reused fence.

use fencing_model::checker::{check, DEFAULT_CAP};
use fencing_model::machine::spec::Programs;
use fencing_model::{run, Case, CaseRun, Defects, Finding, Property, Scenario};

#[test]
fn the_lab_and_the_checker_agree_on_the_lesson_scenario_for_every_defect_combination() {
    for defects in Defects::all_for(Case::Fencing) {
        let CaseRun::Fencing(lab) = run(&Scenario::lesson(Case::Fencing, defects)).unwrap().case
        else {
            panic!()
        };
        let search = check(&Programs::default(), defects, 40, DEFAULT_CAP);
        assert!(search.complete);
        for f in [
            Finding::Broken(Property::RevokedGenerationOverwrite),
            Finding::Broken(Property::UnauthorizedAccept),
        ] {
            let in_lab = lab.hits(f).next().is_some();
            let in_search = search.finding(f).is_some_and(|r| r.path.is_some());
            assert_eq!(in_lab, in_search, "{} {}", defects.variant_name(), f.name());
        }
        let reused = search.finding(Finding::ReusedFence).is_some_and(|r| r.path.is_some());
        assert_eq!(
            !lab.reused_fences.is_empty(),
            reused,
            "{} reused fence",
            defects.variant_name()
        );
    }
}
