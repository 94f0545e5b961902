//! `u60-lab --redis URL --mysql URL [--faults PROGRAM] [--json]`: run the U60 scenarios and
//! print the report; with a fault injector (`PROGRAM fault kill-redis|restart-mariadb`), the
//! two fault scenarios too.
//! `u60-lab failover --redis-nodes P,R --sentinels S1,S2,S3 --etcd URL,URL,URL --mysql URL
//! --faults PROGRAM [--json]`: the authority under real failover (Redis Sentinel, etcd).
//! Exit 0 when every scenario behaved as the lesson says, 1 otherwise, 2 on bad usage.
//! scripts/u60.sh starts throwaway servers and calls this.

use serde_json::json;
use std::process::ExitCode;
use u60_lab::faults::Faults;

const USAGE: &str = "用法：u60-lab --redis redis://127.0.0.1:PORT/ --mysql \
                     mysql://USER@127.0.0.1:PORT/DB [--faults scripts/u60.sh] [--json]\n\
    \x20     u60-lab failover --redis-nodes PORT,PORT --sentinels PORT,PORT,PORT --etcd \
                     URL,URL,URL --mysql URL --faults scripts/u60.sh [--json]\n\
    （scripts/u60.sh 会启动临时服务并传入这些参数）";

/// A finished lab: its text, its data and whether every verdict holds.
type Done = Result<(String, serde_json::Value, bool), u60_lab::Error>;

fn u60(value: impl Fn(&str) -> Option<String>) -> Option<Done> {
    let servers = u60_lab::Servers { redis_url: value("--redis")?, mysql_url: value("--mysql")? };
    let faults = value("--faults").map(|program| Faults { program });
    Some((|| {
        let versions = servers.versions()?;
        let run = u60_lab::run_all(&servers, faults.as_ref())?;
        let verdicts = run.verdicts();
        let ok = verdicts.iter().all(|(_, ok)| *ok);
        Ok((
            run.report(&versions),
            json!({ "versions": versions, "run": run, "verdicts": verdicts }),
            ok,
        ))
    })())
}

fn failover(value: impl Fn(&str) -> Option<String>) -> Option<Done> {
    let ports = |flag: &str| -> Option<Vec<u16>> {
        value(flag)?.split(',').map(|p| p.trim().parse().ok()).collect()
    };
    let nodes = ports("--redis-nodes")?;
    let etcd: Vec<_> = value("--etcd")?
        .split(',')
        .map(u60_lab::etcd::Member::new)
        .collect::<Result<_, _>>()
        .ok()?;
    let servers = u60_lab::failover::FailoverServers {
        redis: u60_lab::sentinel::Replicated {
            nodes: [*nodes.first()?, *nodes.get(1)?],
            sentinels: ports("--sentinels")?,
        },
        etcd,
        mysql_url: value("--mysql")?,
    };
    let faults = Faults { program: value("--faults")? };
    Some(u60_lab::failover::run(&servers, &faults).map(|run| {
        let verdicts = run.verdicts();
        let ok = verdicts.iter().all(|(_, ok)| *ok);
        (run.report(), json!({ "run": run, "verdicts": verdicts }), ok)
    }))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value =
        |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let done =
        if args.first().is_some_and(|a| a == "failover") { failover(value) } else { u60(value) };
    let Some(done) = done else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    match done {
        Ok((report, data, ok)) => {
            if args.iter().any(|a| a == "--json") {
                println!("{data}");
            } else {
                print!("{report}");
            }
            ExitCode::from(if ok { 0 } else { 1 })
        }
        Err(e) => {
            eprintln!("u60-lab：无法完成实验：{e}");
            ExitCode::from(1)
        }
    }
}
