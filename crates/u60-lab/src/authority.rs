//! The lease authority on Redis: one Lua script per decision, so each grant is atomic.
//!
//! The lease key holds owner and expiry (PEXPIRE); the generation lives in its own persistent
//! key (INCR) that never expires; request ids make acquire idempotent. The deliberately
//! broken variant keeps the generation inside the expiring lease hash — the first version the
//! lesson reports, where B got the same fence as A after A's lease expired.

use redis::{Commands, Connection, Script};

/// Where the generation is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenerationStore {
    /// Its own persistent key, apart from the lease (the correct design).
    Durable,
    /// Inside the lease hash, which expires with the lease (the reported first version).
    InLeaseKey,
}

/// The acquire script; `{next}` is the one line where the two designs differ.
/// KEYS: lease, generation, request record. ARGV: owner, ttl_ms, request_id.
const ACQUIRE: &str = r#"
local done = redis.call('GET', KEYS[3])
if done then return {1, tonumber(done)} end
if redis.call('EXISTS', KEYS[1]) == 1 then return {0, 0} end
local gen = {next}
redis.call('HSET', KEYS[1], 'owner', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('SET', KEYS[3], gen)
return {1, gen}
"#;

impl GenerationStore {
    fn next_generation(self) -> &'static str {
        match self {
            // Its own key, never expiring: survives every lease.
            GenerationStore::Durable => "redis.call('INCR', KEYS[2])",
            // The reported bug: inside the lease hash, gone when the lease expires.
            GenerationStore::InLeaseKey => "redis.call('HINCRBY', KEYS[1], 'generation', 1)",
        }
    }
}

const RENEW: &str = r#"
-- Renew only for the owner that still holds the lease.
if redis.call('HGET', KEYS[1], 'owner') == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
"#;

pub struct Authority {
    conn: Connection,
    resource: String,
    store: GenerationStore,
}

impl Authority {
    pub fn new(conn: Connection, resource: &str, store: GenerationStore) -> Authority {
        Authority { conn, resource: resource.to_string(), store }
    }

    fn lease_key(&self) -> String {
        format!("lease:{}", self.resource)
    }

    /// Grant the lease and its fence atomically, or `None` while another lease is valid.
    pub fn acquire(
        &mut self,
        owner: &str,
        ttl_ms: u64,
        request_id: &str,
    ) -> redis::RedisResult<Option<u64>> {
        let script = Script::new(&ACQUIRE.replace("{next}", self.store.next_generation()));
        let (granted, fence): (u8, u64) = script
            .key(self.lease_key())
            .key(format!("generation:{}", self.resource))
            .key(format!("request:{}:{request_id}", self.resource))
            .arg(owner)
            .arg(ttl_ms)
            .invoke(&mut self.conn)?;
        Ok((granted == 1).then_some(fence))
    }

    /// Extend the lease if `owner` still holds it.
    pub fn renew(&mut self, owner: &str, ttl_ms: u64) -> redis::RedisResult<bool> {
        let n: u8 = Script::new(RENEW)
            .key(self.lease_key())
            .arg(owner)
            .arg(ttl_ms)
            .invoke(&mut self.conn)?;
        Ok(n == 1)
    }

    /// `WAIT n timeout` on the grant's connection: how many replicas acknowledged every write
    /// this connection made. (Redis refuses `WAIT` inside a script, so it follows the script.)
    pub fn wait_replicas(&mut self, n: u32, timeout_ms: u64) -> redis::RedisResult<i64> {
        redis::cmd("WAIT").arg(n).arg(timeout_ms).query(&mut self.conn)
    }

    /// Remaining lease time as the server sees it (-2: no lease).
    pub fn lease_pttl(&mut self) -> redis::RedisResult<i64> {
        self.conn.pttl(self.lease_key())
    }
}
