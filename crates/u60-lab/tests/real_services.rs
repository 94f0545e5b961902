//! Runs only against real servers (scripts/u60.sh sets U60_REDIS_URL, U60_MYSQL_URL and
//! U60_FAULTS, the fault injector, and passes `--ignored`); plain `cargo test` skips it.

use u60_lab::faults::{Asked, Faults};
use u60_lab::resource::WriteOutcome;

#[test]
#[ignore = "needs the throwaway Redis and MariaDB servers started by scripts/u60.sh"]
fn the_u60_scenarios_behave_as_the_lesson_reports_also_under_faults() {
    let url = |k: &str| {
        std::env::var(k).unwrap_or_else(|_| panic!("{k} must be set (run scripts/u60.sh)"))
    };
    let servers =
        u60_lab::Servers { redis_url: url("U60_REDIS_URL"), mysql_url: url("U60_MYSQL_URL") };
    let faults = Faults { program: url("U60_FAULTS") };
    let run = u60_lab::run_all(&servers, Some(&faults)).expect("the scenarios run");
    let d = &run.durable;
    assert_eq!((d.fence_a, d.fence_b), (1, 2), "fresh authority: A gets 1, B gets 2");
    assert!(!d.a_renewed_after_expiry);
    assert_eq!(d.b_write, WriteOutcome::Applied);
    assert_eq!(d.a_write, WriteOutcome::Stale);
    assert_eq!(d.committed, (Some("B 的结果".into()), 2, 1));
    assert_eq!(run.seq.late_seq1, WriteOutcome::Stale);
    assert_eq!(run.idem.effects, 1);
    assert_eq!(run.idem.other_params, WriteOutcome::Conflict);
    let l = &run.in_lease_key;
    assert_eq!((l.fence_a, l.fence_b), (1, 1), "the generation vanished with the lease");
    assert_eq!(l.committed.0.as_deref(), Some("A 的结果"), "old A overwrote B");
    let (restart, down) = run.faults.as_ref().expect("faults were injected");
    // The restart broke the connection: the second write failed at least once, then
    // committed exactly once through a new connection; resending it is a duplicate.
    assert!(!restart.failed_tries.is_empty(), "the restart was noticed");
    assert_eq!(restart.first, WriteOutcome::Applied);
    assert_eq!(restart.second, Ok(WriteOutcome::Applied));
    assert!(matches!(restart.resend, Ok(WriteOutcome::Duplicate { .. })));
    assert!(restart.first_kept, "the write reported before the restart survived it");
    assert_eq!(restart.second_records, 1);
    assert_eq!(restart.committed, (Some("记账 2".into()), 1, 2));
    // The authority died: A cannot renew, B is granted nothing, the resource keeps A's write.
    assert!(down.a_renew.is_err());
    assert_eq!(down.b_acquire.len(), 3);
    assert!(
        down.b_acquire.iter().all(|a| matches!(a, Asked::Unavailable(_))),
        "{:?}",
        down.b_acquire
    );
    assert_eq!(down.committed, (Some("A 的结果".into()), down.fence_a, 1));
    assert_eq!(run.verdicts().len(), 6);
    assert!(run.verdicts().iter().all(|(_, ok)| *ok));
}
