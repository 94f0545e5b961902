//! The model's inputs at their edges: which experiments exist and how they are spelled (the
//! stored progress keys them by that spelling), the largest numbers and files accepted.

use fencing_model::codec;
use fencing_model::scenario::{Case, Defect, Defects, Scenario, MAX_NUMBER};
use fencing_model::scenario_file::{self, MAX_FILE};
use fencing_model::Experiment;

#[test]
fn every_lab_experiment_is_listed_once_and_spelled_one_way() {
    let all = Experiment::all();
    // 16 combinations of the four defects for the fencing case; operations with and without
    // no-fence.
    assert_eq!(all.len(), 18);
    assert_eq!(all[0].to_string(), "fencing/correct");
    assert_eq!(
        all.iter()
            .filter(|e| e.case == Case::Operations)
            .map(|e| e.to_string())
            .collect::<Vec<_>>(),
        ["operations/correct", "operations/no-fence"]
    );
    let mut seen: Vec<String> = all.iter().map(|e| e.to_string()).collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 18);
    for e in &all {
        assert_eq!(e.to_string().parse::<Experiment>(), Ok(*e));
    }
    assert!(all
        .iter()
        .any(|e| e.to_string() == "fencing/no-fence,split-authority,rollback-issuer,precheck"));
    // Another order, a defect that does not apply, or a malformed name are not experiments.
    for bad in [
        "fencing/precheck,no-fence",
        "operations/split-authority",
        "fencing",
        "fencing/",
        "fencing/bogus",
        "bogus/correct",
    ] {
        assert!(bad.parse::<Experiment>().is_err(), "{bad}");
    }
    assert_eq!(Defects::all_for(Case::Operations).len(), 2);
    assert!(
        Defects::all_for(Case::Fencing).contains(&Defects::default().with(Defect::Precheck, true))
    );
}

#[test]
fn numbers_are_accepted_up_to_the_largest_and_defects_only_where_they_apply() {
    let mut s = Scenario::lesson(Case::Fencing, Defects::default());
    s.issuer = MAX_NUMBER;
    assert_eq!(s.validate(), Ok(()));
    s.issuer = MAX_NUMBER + 1;
    assert!(s.validate().is_err());
    s.issuer = 40;
    s.op_seq_a = 0;
    assert!(s.validate().is_err(), "op_seq starts at 1");
    let ops =
        Scenario::lesson(Case::Operations, Defects::default().with(Defect::SplitAuthority, true));
    assert!(ops.validate().unwrap_err().to_string().contains("split-authority"));
    assert_eq!(
        Scenario::lesson(Case::Operations, Defects::default().with(Defect::NoFence, true))
            .validate(),
        Ok(())
    );
}

/// A scenario deserialized whole (not parsed from programs) still has its model checked, and
/// only when it is the model case.
#[test]
fn a_model_is_checked_only_in_the_model_case() {
    let mut s = Scenario::lesson(Case::Model, Defects::default());
    s.model.clients.truncate(1);
    assert!(s.validate().unwrap_err().to_string().contains("需要 2 到"), "{:?}", s.validate());
    s.case = Case::Fencing;
    assert_eq!(s.validate(), Ok(()), "the fencing case does not run the model");
}

#[test]
fn a_scenario_file_may_be_as_large_as_the_limit() {
    let file = |len: usize| {
        let body = "{\"case\": \"model\", \"title\": \"padded\"}";
        format!("{body}{}", " ".repeat(len - body.len()))
    };
    let read = scenario_file::read(&file(MAX_FILE)).expect("a file of exactly the limit reads");
    assert_eq!(codec::to_query(&read.scenario), "case=model");
    assert_eq!(scenario_file::read(&file(MAX_FILE + 1)).unwrap_err().0, "场景文件超过 64 KB");
}

#[test]
fn a_scenario_is_written_as_a_file_with_json_types_and_reads_back() {
    let read = scenario_file::read(concat!(
        "{\"issuer\": 100, \"clients\": \"acquire write:1:a; acquire write:2:b\", ",
        "\"crash\": false, \"delay\": true}"
    ))
    .unwrap();
    assert_eq!(read.scenario.issuer, 100, "a number is read as a number");
    let text = scenario_file::write(Some("两人"), &read.scenario);
    // Keys in name order; the programs a list, switches booleans, the issuer a number.
    let expected = concat!(
        "{\n",
        "  \"case\": \"model\",\n",
        "  \"clients\": [\n",
        "    \"acquire write:1:a\",\n",
        "    \"acquire write:2:b\"\n",
        "  ],\n",
        "  \"crash\": false,\n",
        "  \"delay\": true,\n",
        "  \"issuer\": 100,\n",
        "  \"title\": \"两人\"\n",
        "}\n"
    );
    assert_eq!(text, expected);
    let again = scenario_file::read(&text).unwrap();
    assert_eq!((again.title.as_deref(), again.scenario), (Some("两人"), read.scenario));
}

#[test]
fn properties_print_as_the_lesson_names_them() {
    use fencing_model::Property;
    let names: Vec<String> = Property::ALL.iter().map(ToString::to_string).collect();
    assert_eq!(names, ["revoked_generation_overwrite", "unauthorized_accept"]);
}

#[test]
fn an_equal_fence_and_op_seq_is_refused_strictly() {
    // Rolled back, both hold 41; with equal op_seq the comparison (41,1) < (41,1) fails:
    // whichever writes second is refused — by the resource, and by precheck's own check.
    let s = codec::from_query("variant=precheck,rollback-issuer&op-seq=1,1").unwrap();
    let text = fencing_model::render::text(&fencing_model::run(&s).unwrap());
    assert!(text.contains("资源在写入前单独比较：(41,1) ≥ (41,1)，不通过"), "{text}");
    assert!(!text.contains("(41,1) < (41,1)"));
}
