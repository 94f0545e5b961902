//! U60 for real: the lesson's validation replayed against a Redis lease authority and a
//! MySQL-compatible resource. Each scenario returns what happened as data; `report` prints it.
//! With a fault injector (`scripts/u60.sh fault …`) two more scenarios run: the authority
//! killed mid-scenario, and the resource restarted between two writes.

pub mod authority;
pub mod etcd;
mod evidence;
pub mod failover;
pub mod faults;
pub mod raft;
mod report;
pub mod resource;
pub mod sentinel;

use authority::{Authority, GenerationStore};
use faults::{AuthorityDown, DbRestart, Faults};
use resource::{Resource, Write, WriteOutcome};
use std::time::{Duration, Instant};

pub(crate) use report::{committed, outcome};

/// Lease time used by the scenarios: short, so "A pauses past its lease" takes a moment.
pub const LEASE_MS: u64 = 300;

pub struct Servers {
    pub redis_url: String,
    pub mysql_url: String,
}

pub type Error = Box<dyn std::error::Error>;

impl Servers {
    pub(crate) fn authority(
        &self,
        resource: &str,
        store: GenerationStore,
    ) -> Result<Authority, Error> {
        Ok(Authority::new(
            redis::Client::open(self.redis_url.as_str())?.get_connection()?,
            resource,
            store,
        ))
    }

    pub(crate) fn mysql(&self) -> Result<mysql::Conn, Error> {
        Ok(mysql::Conn::new(mysql::Opts::from_url(&self.mysql_url)?)?)
    }

    /// Server versions, for the report's header.
    pub fn versions(&self) -> Result<(String, String), Error> {
        Ok((redis_version(self.redis_url.as_str())?, mysql_version(&mut self.mysql()?)?))
    }
}

/// The version a Redis server (or sentinel) reports.
pub(crate) fn redis_version(url: &str) -> Result<String, Error> {
    let info: String =
        redis::cmd("INFO").arg("server").query(&mut redis::Client::open(url)?.get_connection()?)?;
    Ok(info
        .lines()
        .find_map(|l| l.strip_prefix("redis_version:"))
        .unwrap_or("?")
        .trim()
        .to_string())
}

/// The version the MySQL-compatible server reports.
pub(crate) fn mysql_version(conn: &mut mysql::Conn) -> Result<String, Error> {
    Ok(mysql::prelude::Queryable::query_first(conn, "SELECT VERSION()")?.unwrap_or_default())
}

/// A's or B's result at the resource, as in the 41/42/41 timeline.
pub(crate) fn publish(
    db: &mut Resource,
    id: &str,
    who: char,
    fence: u64,
    seq: u64,
) -> Result<WriteOutcome, Error> {
    let (key, digest, value) =
        (format!("{id}:publish-{who}"), format!("result={who}"), format!("{who} 的结果"));
    Ok(db.write(id, &Write { key: &key, digest: &digest, value: &value, fence, seq })?)
}

/// Wait until the server itself has expired the lease: the pause outlives it.
pub(crate) fn pause_past_lease(auth: &mut Authority) -> Result<Duration, Error> {
    let start = Instant::now();
    while auth.lease_pttl()? != -2 {
        if start.elapsed() > Duration::from_secs(5) {
            return Err("the lease did not expire within 5 s".into());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(start.elapsed())
}

#[derive(Debug, serde::Serialize)]
pub struct Timeline {
    pub fence_a: u64,
    pub fence_b: u64,
    pub paused_ms: u128,
    pub a_renewed_after_expiry: bool,
    pub b_write: WriteOutcome,
    pub a_write: WriteOutcome,
    pub committed: (Option<String>, u64, u64),
}

/// 41/42/41 with real fences: A acquires, pauses past its lease, B acquires and commits,
/// A's stale write reaches the resource.
pub fn timeline(
    s: &Servers,
    db: &mut Resource,
    store: GenerationStore,
    resource_id: &str,
) -> Result<Timeline, Error> {
    let mut auth = s.authority(resource_id, store)?;
    db.create(resource_id)?;
    let fence_a = auth
        .acquire("A", LEASE_MS, &format!("{resource_id}-A-1"))?
        .ok_or("A's first acquire was refused")?;
    let paused = pause_past_lease(&mut auth)?;
    let a_renewed_after_expiry = auth.renew("A", LEASE_MS)?;
    let fence_b = auth
        .acquire("B", LEASE_MS * 10, &format!("{resource_id}-B-1"))?
        .ok_or("B's acquire was refused")?;
    let b_write = publish(db, resource_id, 'B', fence_b, 1)?;
    // A resumes and publishes with its old fence; its op_seq is larger, as in the lesson.
    let a_write = publish(db, resource_id, 'A', fence_a, 2)?;
    Ok(Timeline {
        fence_a,
        fence_b,
        paused_ms: paused.as_millis(),
        a_renewed_after_expiry,
        b_write,
        a_write,
        committed: db.state(resource_id)?,
    })
}

#[derive(Debug, serde::Serialize)]
pub struct SeqOrder {
    pub fence: u64,
    pub seq2: WriteOutcome,
    pub late_seq1: WriteOutcome,
    pub committed: (Option<String>, u64, u64),
}

/// One term, seq2 arrives before seq1.
pub fn seq_order(s: &Servers, db: &mut Resource) -> Result<SeqOrder, Error> {
    let id = "stream";
    db.create(id)?;
    let fence = s
        .authority(id, GenerationStore::Durable)?
        .acquire("C", LEASE_MS * 10, "stream-C-1")?
        .ok_or("acquire refused")?;
    let seq2 = db.write(
        id,
        &Write { key: "stream:op-2", digest: "state=2", value: "状态 2", fence, seq: 2 },
    )?;
    let late_seq1 = db.write(
        id,
        &Write { key: "stream:op-1", digest: "state=1", value: "状态 1", fence, seq: 1 },
    )?;
    Ok(SeqOrder { fence, seq2, late_seq1, committed: db.state(id)? })
}

#[derive(Debug, serde::Serialize)]
pub struct Idempotency {
    pub fences: (u64, u64),
    pub first: WriteOutcome,
    pub retry_same: WriteOutcome,
    pub other_params: WriteOutcome,
    pub effects: u64,
}

/// The same idempotency key across terms: same digest → the original result; other
/// parameters → conflict. Exactly one effect.
pub fn idempotency(s: &Servers, db: &mut Resource) -> Result<Idempotency, Error> {
    let id = "orders";
    db.create(id)?;
    let mut auth = s.authority(id, GenerationStore::Durable)?;
    let f1 = auth.acquire("D", LEASE_MS, "orders-D-1")?.ok_or("acquire refused")?;
    let before = db.effects()?;
    let first = db.write(
        id,
        &Write { key: "order-1", digest: "amount=10", value: "扣款 10", fence: f1, seq: 1 },
    )?;
    pause_past_lease(&mut auth)?;
    let f2 = auth.acquire("E", LEASE_MS * 10, "orders-E-1")?.ok_or("acquire refused")?;
    let retry_same = db.write(
        id,
        &Write { key: "order-1", digest: "amount=10", value: "扣款 10", fence: f2, seq: 1 },
    )?;
    let other_params = db.write(
        id,
        &Write { key: "order-1", digest: "amount=99", value: "扣款 99", fence: f2, seq: 2 },
    )?;
    Ok(Idempotency {
        fences: (f1, f2),
        first,
        retry_same,
        other_params,
        effects: db.effects()? - before,
    })
}

/// Every scenario, with whether it showed what the lesson reports.
#[derive(Debug, serde::Serialize)]
pub struct Run {
    pub durable: Timeline,
    pub seq: SeqOrder,
    pub idem: Idempotency,
    pub in_lease_key: Timeline,
    /// Run only with a fault injector: the resource restarted, then the authority killed.
    pub faults: Option<(DbRestart, AuthorityDown)>,
}

/// Run the scenarios; with `faults`, the fault scenarios last (the authority's stays down).
pub fn run_all(s: &Servers, faults: Option<&Faults>) -> Result<Run, Error> {
    let mut db = Resource::setup(s.mysql()?)?;
    let mut flush = redis::Client::open(s.redis_url.as_str())?.get_connection()?;
    redis::cmd("FLUSHDB").exec(&mut flush)?;
    Ok(Run {
        durable: timeline(s, &mut db, GenerationStore::Durable, "job-42")?,
        seq: seq_order(s, &mut db)?,
        idem: idempotency(s, &mut db)?,
        in_lease_key: timeline(s, &mut db, GenerationStore::InLeaseKey, "job-43")?,
        faults: match faults {
            Some(f) => {
                Some((faults::db_restart(s, &mut db, f)?, faults::authority_down(s, &mut db, f)?))
            }
            None => None,
        },
    })
}
