//! Runs only against real servers (scripts/u60.sh sets U60_REDIS_URL and U60_MYSQL_URL and
//! passes `--ignored`); plain `cargo test` skips it.

#[test]
#[ignore = "needs the throwaway Redis and MariaDB servers started by scripts/u60.sh"]
fn the_four_u60_scenarios_behave_as_the_lesson_reports() {
    let url = |k: &str| std::env::var(k).unwrap_or_else(|_| panic!("{k} must be set (run scripts/u60.sh)"));
    let servers = u60_lab::Servers { redis_url: url("U60_REDIS_URL"), mysql_url: url("U60_MYSQL_URL") };
    let run = u60_lab::run_all(&servers).expect("the scenarios run");
    let d = &run.durable;
    assert_eq!((d.fence_a, d.fence_b), (1, 2), "fresh authority: A gets 1, B gets 2");
    assert!(!d.a_renewed_after_expiry);
    assert_eq!(d.b_write, u60_lab::resource::WriteOutcome::Applied);
    assert_eq!(d.a_write, u60_lab::resource::WriteOutcome::Stale);
    assert_eq!(d.committed, (Some("B 的结果".into()), 2, 1));
    assert_eq!(run.seq.late_seq1, u60_lab::resource::WriteOutcome::Stale);
    assert_eq!(run.idem.effects, 1);
    assert_eq!(run.idem.other_params, u60_lab::resource::WriteOutcome::Conflict);
    let l = &run.in_lease_key;
    assert_eq!((l.fence_a, l.fence_b), (1, 1), "the generation vanished with the lease");
    assert_eq!(l.committed.0.as_deref(), Some("A 的结果"), "old A overwrote B");
    assert!(run.verdicts().iter().all(|(_, ok)| *ok));
}
