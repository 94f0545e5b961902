//! The resource on a MySQL-compatible server: one transaction checks business identity
//! (idempotency key + request digest), applies the lexicographic `(max_fence, last_seq)`
//! condition together with the business write, checks affected rows, records the result.

use mysql::prelude::Queryable;
use mysql::{params, Conn, TxOpts};

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum WriteOutcome {
    Applied,
    /// Same key, same digest: the original result, no second effect.
    Duplicate {
        original: String,
    },
    /// Same key, other parameters.
    Conflict,
    /// `(max_fence, last_seq) < (fence, seq)` was false: zero rows affected.
    Stale,
}

pub struct Write<'a> {
    pub key: &'a str,
    pub digest: &'a str,
    pub value: &'a str,
    pub fence: u64,
    pub seq: u64,
}

pub struct Resource {
    conn: Conn,
}

impl Resource {
    /// Fresh tables for one run.
    pub fn setup(mut conn: Conn) -> mysql::Result<Resource> {
        conn.query_drop("DROP TABLE IF EXISTS resource, idempotency")?;
        conn.query_drop(
            "CREATE TABLE resource (id VARCHAR(64) PRIMARY KEY, value TEXT, max_fence BIGINT \
             UNSIGNED NOT NULL, last_seq BIGINT UNSIGNED NOT NULL) ENGINE=InnoDB DEFAULT \
             CHARSET=utf8mb4",
        )?;
        conn.query_drop(
            "CREATE TABLE idempotency (op_key VARCHAR(64) PRIMARY KEY, digest VARCHAR(128) NOT \
             NULL, result TEXT NOT NULL) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
        )?;
        Ok(Resource { conn })
    }

    pub fn create(&mut self, id: &str) -> mysql::Result<()> {
        self.conn.exec_drop(
            "INSERT INTO resource (id, value, max_fence, last_seq) VALUES (?, NULL, 0, 0)",
            (id,),
        )
    }

    /// `(value, max_fence, last_seq)` as committed.
    pub fn state(&mut self, id: &str) -> mysql::Result<(Option<String>, u64, u64)> {
        Ok(self
            .conn
            .exec_first("SELECT value, max_fence, last_seq FROM resource WHERE id = ?", (id,))?
            .unwrap_or((None, 0, 0)))
    }

    /// Continue on a new connection (after the server restarted).
    pub fn reconnect(&mut self, conn: Conn) {
        self.conn = conn;
    }

    /// How many results are recorded under an idempotency key (0 or 1: it is the primary key).
    pub fn records(&mut self, key: &str) -> mysql::Result<u64> {
        Ok(self
            .conn
            .exec_first("SELECT COUNT(*) FROM idempotency WHERE op_key = ?", (key,))?
            .unwrap_or(0))
    }

    /// Number of business effects recorded.
    pub fn effects(&mut self) -> mysql::Result<u64> {
        Ok(self.conn.query_first("SELECT COUNT(*) FROM idempotency")?.unwrap_or(0))
    }

    /// The lesson's transaction: identity, condition and business write, result — atomically.
    pub fn write(&mut self, id: &str, w: &Write) -> mysql::Result<WriteOutcome> {
        let mut tx = self.conn.start_transaction(TxOpts::default())?;
        // Lock the key's record (or its gap) so a concurrent same-key write waits for us.
        let seen: Option<(String, String)> = tx.exec_first(
            "SELECT digest, result FROM idempotency WHERE op_key = ? FOR UPDATE",
            (w.key,),
        )?;
        if let Some((digest, result)) = seen {
            tx.commit()?;
            return Ok(if digest == w.digest {
                WriteOutcome::Duplicate { original: result }
            } else {
                WriteOutcome::Conflict
            });
        }
        tx.exec_drop(
            "UPDATE resource SET value = :value, max_fence = :fence, last_seq = :seq
              WHERE id = :id AND (max_fence < :fence OR (max_fence = :fence AND last_seq < :seq))",
            params! { "value" => w.value, "fence" => w.fence, "seq" => w.seq, "id" => id },
        )?;
        if tx.affected_rows() == 0 {
            tx.rollback()?;
            return Ok(WriteOutcome::Stale);
        }
        let result = format!("{id}@({},{})={}", w.fence, w.seq, w.value);
        tx.exec_drop(
            "INSERT INTO idempotency (op_key, digest, result) VALUES (?, ?, ?)",
            (w.key, w.digest, &result),
        )?;
        tx.commit()?;
        Ok(WriteOutcome::Applied)
    }
}
