//! etcd's v3 API through its JSON gateway (`/v3/...` on each member's client URL), with a
//! blocking HTTP client: the few calls the failover lab makes, no gRPC stack.
//!
//! The grant: a lease (`LeaseGrant`), then one transaction that puts the owner key with that
//! lease only if the key does not exist (`create_revision == 0`); on failure the unused lease is
//! revoked. The fence is the owner key's `create_revision`, the transaction's revision: etcd's
//! revision belongs to the Raft-replicated store and the reply comes only after the write is
//! committed and applied, so no later grant, on any leader, can be given a smaller one. (A
//! separate counter key would need a second compare and says nothing more.)

use base64::{engine::general_purpose::STANDARD, Engine};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::time::Duration;

pub type Error = Box<dyn std::error::Error>;

/// One member, by its client URL.
#[derive(Clone, Debug)]
pub struct Member {
    pub url: String,
    pub port: u16,
}

impl Member {
    pub fn new(url: &str) -> Result<Member, Error> {
        let port = url.rsplit(':').next().and_then(|p| p.trim_end_matches('/').parse().ok());
        Ok(Member {
            url: url.trim_end_matches('/').to_string(),
            port: port.ok_or("an etcd URL without a port")?,
        })
    }

    fn post(&self, path: &str, body: Value, timeout: Duration) -> Result<Value, Error> {
        let agent = ureq::AgentBuilder::new().timeout(timeout).build();
        Ok(agent.post(&format!("{}/v3/{path}", self.url)).send_json(body)?.into_json()?)
    }

    /// This member's id and its leader's id.
    pub fn status(&self) -> Result<(String, String), Error> {
        let v = self.post("maintenance/status", json!({}), Duration::from_secs(2))?;
        Ok((text(&v["header"]["member_id"]), text(&v["leader"])))
    }

    /// The server's version.
    pub fn version(&self) -> Result<String, Error> {
        Ok(text(&self.post("maintenance/status", json!({}), Duration::from_secs(2))?["version"]))
    }

    /// Whether the member answers and has a leader (`/health` asks for a quorum read).
    pub fn healthy(&self) -> bool {
        let agent = ureq::AgentBuilder::new().timeout(Duration::from_secs(2)).build();
        let v: Option<Value> =
            agent.get(&format!("{}/health", self.url)).call().ok().and_then(|r| r.into_json().ok());
        v.is_some_and(|v| v["health"] == "true")
    }

    /// Grant the lease on `key` to `owner` for `ttl_s`: its fence, or `None` while the key is
    /// held. An error (a timeout included) grants nothing the caller may use.
    pub fn acquire(
        &self,
        key: &str,
        owner: &str,
        ttl_s: u64,
        timeout: Duration,
    ) -> Result<Option<(u64, String)>, Error> {
        let lease = text(&self.post("lease/grant", json!({ "TTL": ttl_s }), timeout)?["ID"]);
        let k = STANDARD.encode(key);
        let txn = json!({
            "compare": [
                { "key": k, "target": "CREATE", "result": "EQUAL", "create_revision": "0" }
            ],
            "success": [
                { "request_put": { "key": k, "value": STANDARD.encode(owner), "lease": lease } }
            ],
        });
        let v = self.post("kv/txn", txn, timeout)?;
        if v["succeeded"] == true {
            return Ok(Some((number(&v["header"]["revision"])?, lease)));
        }
        self.post("lease/revoke", json!({ "ID": lease }), timeout)?;
        Ok(None)
    }

    /// The lease's remaining time as the cluster sees it (-1: expired or unknown).
    pub fn lease_ttl(&self, lease: &str) -> Result<i64, Error> {
        let v = self.post("lease/timetolive", json!({ "ID": lease }), Duration::from_secs(5))?;
        Ok(text(&v["TTL"]).parse()?)
    }

    /// Watch `key` from revision `from` until it is deleted; the deletion's revision. A watch
    /// from a past revision also reports a deletion that happened before it was opened.
    pub fn wait_deleted(&self, key: &str, from: u64, timeout: Duration) -> Result<u64, Error> {
        let body = json!({
            "create_request": {
                "key": STANDARD.encode(key),
                "start_revision": from.to_string(),
                "filters": ["NOPUT"]
            }
        });
        let agent = ureq::AgentBuilder::new().timeout(timeout).build();
        let reply = agent.post(&format!("{}/v3/watch", self.url)).send_json(body)?;
        // The gateway streams one JSON document per line: first `created`, then events.
        for line in BufReader::new(reply.into_reader()).lines() {
            let v: Value = serde_json::from_str(&line?)?;
            let events = v["result"]["events"].as_array().cloned().unwrap_or_default();
            if let Some(e) = events.iter().find(|e| e["type"] == "DELETE") {
                return number(&e["kv"]["mod_revision"]);
            }
        }
        Err("the watch ended before the key was deleted".into())
    }
}

/// The gateway writes 64-bit numbers as strings.
fn text(v: &Value) -> String {
    v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())
}

fn number(v: &Value) -> Result<u64, Error> {
    Ok(text(v).parse()?)
}
