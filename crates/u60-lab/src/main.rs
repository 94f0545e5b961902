//! `u60-lab --redis URL --mysql URL`: run the four U60 scenarios and print the report.
//! Exit 0 when every scenario behaved as the lesson reports, 1 otherwise, 2 on bad usage.
//! scripts/u60.sh starts throwaway servers and calls this.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let (Some(redis_url), Some(mysql_url)) = (value("--redis"), value("--mysql")) else {
        eprintln!("用法：u60-lab --redis redis://127.0.0.1:PORT/ --mysql mysql://USER@127.0.0.1:PORT/DB\n（scripts/u60.sh 会启动临时服务并传入这两个地址）");
        return ExitCode::from(2);
    };
    let servers = u60_lab::Servers { redis_url, mysql_url };
    let result = servers.versions().and_then(|v| u60_lab::run_all(&servers).map(|r| (v, r)));
    match result {
        Ok((versions, run)) => {
            print!("{}", run.report(&versions));
            if run.verdicts().iter().all(|(_, ok)| *ok) { ExitCode::SUCCESS } else { ExitCode::from(1) }
        }
        Err(e) => {
            eprintln!("u60-lab：无法完成实验：{e}");
            ExitCode::from(1)
        }
    }
}
