//! `u60-lab --redis URL --mysql URL [--faults PROGRAM]`: run the U60 scenarios and print the
//! report; with a fault injector (`PROGRAM fault kill-redis|restart-mariadb`), the two fault
//! scenarios too.
//! Exit 0 when every scenario behaved as the lesson reports, 1 otherwise, 2 on bad usage.
//! scripts/u60.sh starts throwaway servers and calls this.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let (Some(redis_url), Some(mysql_url)) = (value("--redis"), value("--mysql")) else {
        eprintln!("用法：u60-lab --redis redis://127.0.0.1:PORT/ --mysql mysql://USER@127.0.0.1:PORT/DB [--faults scripts/u60.sh]\n（scripts/u60.sh 会启动临时服务并传入这些参数）");
        return ExitCode::from(2);
    };
    let servers = u60_lab::Servers { redis_url, mysql_url };
    let faults = value("--faults").map(|program| u60_lab::faults::Faults { program });
    let result = servers.versions().and_then(|v| u60_lab::run_all(&servers, faults.as_ref()).map(|r| (v, r)));
    match result {
        Ok((versions, run)) => {
            print!("{}", run.report(&versions));
            if run.verdicts().iter().all(|(_, ok)| *ok) {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("u60-lab：无法完成实验：{e}");
            ExitCode::from(1)
        }
    }
}
