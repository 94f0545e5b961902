//! The command language's own tests: `--json` refused without the `json` feature, and the
//! shown command line (run from a checkout, quoted for the shell, read back).

use super::*;
use crate::scenario::{Case, Defect, Defects};

/// The page's build (no `json`) refuses the flag and says where to get it.
#[cfg(not(feature = "json"))]
#[test]
fn without_json_the_flag_is_refused_with_the_way_to_get_it() {
    let (out, code) = execute(&["fencing", "--json"]);
    assert_eq!(code, 2);
    assert!(out.contains("--json 的输出只在命令行提供") && out.contains("cargo run"), "{out}");
}

#[test]
fn the_shown_command_line_runs_from_a_checkout_and_quotes_for_the_shell() {
    assert_eq!(
        command_line(&Scenario::lesson(Case::Fencing, Defects::default())),
        "cargo run -q -p fencing-model -- fencing"
    );
    let mut s =
        Scenario::lesson(Case::Fencing, Defects::default().with(Defect::RollbackIssuer, true));
    (s.issuer, s.op_seq_a, s.op_seq_b) = (100, 3, 1);
    let s = crate::codec::canonical(&s);
    assert_eq!(
        command_line(&s),
        "cargo run -q -p fencing-model -- fencing --variant rollback-issuer --issuer \
         100 --op-seq 3,1"
    );
    let mut ops = Scenario::lesson(Case::Operations, Defects::default());
    ops.operations.truncate(2);
    ops.operations[1].digest = "it's".into();
    assert_eq!(
        command_line(&ops),
        concat!(
            r"cargo run -q -p fencing-model -- fencing --case operations ",
            r"--ops 'order-1 amount=10 41 1;order-2 it'\''s 41 2'"
        )
    );
    assert_eq!(
        args_of("cargo run -q -p fencing-model -- fencing --case operations"),
        Some(vec!["fencing", "--case", "operations"])
    );
    assert_eq!(args_of("fencing-lab fencing"), None);
}
