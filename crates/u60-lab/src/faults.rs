//! U60 under faults: the servers are made to fail in the middle of a scenario by the script
//! that started them (`scripts/u60.sh fault kill-redis | restart-mariadb`), and the lab reports
//! what a client sees. A write counts as a success only once its transaction has committed
//! (InnoDB's default `innodb_flush_log_at_trx_commit=1`: committed is on disk), and every
//! reported success is checked again after the restart.

use crate::authority::GenerationStore;
use crate::resource::{Resource, Write, WriteOutcome};
use crate::{committed, outcome, publish, Error, Servers, LEASE_MS};
use std::process::Command;
use std::time::{Duration, Instant};

/// The fault injector: a program called as `PROGRAM fault WHAT`, returning once it is done.
pub struct Faults {
    pub program: String,
}

impl Faults {
    /// `what`: `kill-redis`, `restart-mariadb`, or `pause|resume|kill|start PORT` for a node of
    /// the failover lab.
    pub(crate) fn inject(&self, what: &[&str]) -> Result<(), Error> {
        let status = Command::new(&self.program).arg("fault").args(what).status()?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("故障注入 {} 失败（{status}）", what.join(" ")).into())
        }
    }
}

#[derive(Debug, serde::Serialize)]
pub struct DbRestart {
    pub fence: u64,
    pub first: WriteOutcome,
    /// Each failed try of the second write, in words (the connection the restart broke).
    pub failed_tries: Vec<String>,
    /// The second write's result: committed once (`Applied`, or `Duplicate` if a try whose
    /// answer was lost had committed), or the error that made it fail.
    pub second: Result<WriteOutcome, String>,
    /// The same write sent once more after it was reported: its idempotency key answers.
    pub resend: Result<WriteOutcome, String>,
    /// What the resource holds afterwards: each write's record, and the row.
    pub first_kept: bool,
    pub second_records: u64,
    pub committed: (Option<String>, u64, u64),
}

impl DbRestart {
    /// No write applied twice, none reported as success that is not there after the restart.
    pub fn holds(&self) -> bool {
        let once =
            self.second_records == 1 && matches!(self.resend, Ok(WriteOutcome::Duplicate { .. }));
        match &self.second {
            Ok(WriteOutcome::Applied | WriteOutcome::Duplicate { .. }) => {
                once && self.first_kept && self.committed.2 == 2
            }
            // Reported as failed: then it must not have happened either.
            Err(_) => self.second_records == 0 && self.first_kept,
            Ok(_) => false,
        }
    }

    pub fn report(&self) -> String {
        let second = match &self.second {
            Ok(o) => outcome(o),
            Err(e) => format!("失败（{e}），未报告成功"),
        };
        let tries = if self.failed_tries.is_empty() {
            "（连接未断：第一次尝试即成功）".to_string()
        } else {
            self.failed_tries.iter().map(|t| format!("\n   尝试失败：{t}")).collect()
        };
        format!(
            "5. 故障：MariaDB 在两次写之间重启（fence={}）\n   第一次写 ({},1)：\
             {}\n   MariaDB 重启（SIGTERM 后重新启动）{tries}\n   \
             重连后以同一幂等键重发第二次写 ({},2)：{second}\n   已报告后再发一次同键写：{}\n   \
             重启后核对：第一次写{}；第二次写的幂等记录 {} 条；资源最终：{}\n\n",
            self.fence,
            self.fence,
            outcome(&self.first),
            self.fence,
            self.resend.as_ref().map_or_else(|e| format!("失败（{e}）"), outcome),
            if self.first_kept { "仍在（已持久）" } else { "丢失" },
            self.second_records,
            committed(&self.committed),
        )
    }
}

/// Write once, restart the resource's server, then write again through a new connection,
/// retrying with the same idempotency key until the server answers (at most 10 s).
pub fn db_restart(s: &Servers, db: &mut Resource, faults: &Faults) -> Result<DbRestart, Error> {
    let id = "ledger";
    db.create(id)?;
    let fence = s
        .authority(id, GenerationStore::Durable)?
        .acquire("F", LEASE_MS * 10, "ledger-F-1")?
        .ok_or("acquire refused")?;
    let first = db.write(
        id,
        &Write { key: "ledger:op-1", digest: "entry=1", value: "记账 1", fence, seq: 1 },
    )?;
    faults.inject(&["restart-mariadb"])?;
    let second_write =
        Write { key: "ledger:op-2", digest: "entry=2", value: "记账 2", fence, seq: 2 };
    let mut failed_tries = Vec::new();
    let start = Instant::now();
    let second = loop {
        match db.write(id, &second_write) {
            Ok(o) => break Ok(o),
            Err(e) if start.elapsed() < Duration::from_secs(10) => {
                failed_tries.push(e.to_string());
                std::thread::sleep(Duration::from_millis(200));
                // A new connection; if the server is not up yet, the next try says so.
                if let Ok(conn) = s.mysql() {
                    db.reconnect(conn);
                }
            }
            Err(e) => break Err(e.to_string()),
        }
    };
    let resend = db.write(id, &second_write).map_err(|e| e.to_string());
    Ok(DbRestart {
        fence,
        first,
        failed_tries,
        second,
        resend,
        first_kept: db.records("ledger:op-1")? == 1,
        second_records: db.records("ledger:op-2")?,
        committed: db.state(id)?,
    })
}

/// How an authority request ended.
#[derive(Debug, PartialEq, Eq, serde::Serialize)]
pub enum Asked {
    Granted(u64),
    Refused,
    /// The authority did not answer: nothing was granted.
    Unavailable(String),
}

#[derive(Debug, serde::Serialize)]
pub struct AuthorityDown {
    pub fence_a: u64,
    pub a_write: WriteOutcome,
    /// A renews after the authority died.
    pub a_renew: Result<bool, String>,
    /// B asks, three times, 200 ms apart.
    pub b_acquire: Vec<Asked>,
    pub committed: (Option<String>, u64, u64),
}

impl AuthorityDown {
    /// Unavailable, and so nothing granted: no renewal, no new fence, the resource unchanged.
    pub fn holds(&self) -> bool {
        self.a_renew.is_err()
            && !self.b_acquire.is_empty()
            && self.b_acquire.iter().all(|a| matches!(a, Asked::Unavailable(_)))
            && self.committed.1 == self.fence_a
    }

    pub fn report(&self) -> String {
        let asked = |a: &Asked| match a {
            Asked::Granted(f) => format!("授予 fence={f}（不应发生）"),
            Asked::Refused => "拒绝（租约仍有效）".into(),
            Asked::Unavailable(e) => format!("授权权威不可用（{e}）"),
        };
        let renew = match &self.a_renew {
            Ok(true) => "成功（不应发生）".to_string(),
            Ok(false) => "被拒".to_string(),
            Err(e) => format!("授权权威不可用（{e}）"),
        };
        let b: Vec<String> = self
            .b_acquire
            .iter()
            .enumerate()
            .map(|(i, a)| format!("\n   B 第 {} 次 acquire：{}", i + 1, asked(a)))
            .collect();
        format!(
            "6. 故障：Redis 在场景中途被杀\n   A acquire → fence={}；A 带 ({},1) 提交：\
             {}\n   Redis 进程被杀（SIGKILL）\n   A 续租：{renew}{}\n   \
             结果：不授予任何租约或 fence——单机 Redis 是唯一权威，其自身故障即权威不可用（活性边\
             界）\n   资源最终：{}\n\n",
            self.fence_a,
            self.fence_a,
            outcome(&self.a_write),
            b.concat(),
            committed(&self.committed),
        )
    }
}

/// A holds the lease and writes; the authority is killed; A renews and B asks for the lease.
pub fn authority_down(
    s: &Servers,
    db: &mut Resource,
    faults: &Faults,
) -> Result<AuthorityDown, Error> {
    let id = "job-44";
    db.create(id)?;
    let mut auth = s.authority(id, GenerationStore::Durable)?;
    let fence_a =
        auth.acquire("A", LEASE_MS * 10, "job-44-A-1")?.ok_or("A's acquire was refused")?;
    let a_write = publish(db, id, 'A', fence_a, 1)?;
    faults.inject(&["kill-redis"])?;
    let a_renew = auth.renew("A", LEASE_MS * 10).map_err(|e| e.to_string());
    let mut b_acquire = Vec::new();
    for i in 0..3 {
        if i > 0 {
            std::thread::sleep(Duration::from_millis(200));
        }
        // A new client each time, as a fresh process would be.
        let asked = match s.authority(id, GenerationStore::Durable) {
            Err(e) => Asked::Unavailable(e.to_string()),
            Ok(mut b) => match b.acquire("B", LEASE_MS * 10, "job-44-B-1") {
                Ok(Some(f)) => Asked::Granted(f),
                Ok(None) => Asked::Refused,
                Err(e) => Asked::Unavailable(e.to_string()),
            },
        };
        b_acquire.push(asked);
    }
    Ok(AuthorityDown { fence_a, a_write, a_renew, b_acquire, committed: db.state(id)? })
}
