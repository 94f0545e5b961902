//! The operations list's one-line text form (`key digest fence seq` per operation, `;`
//! between), as the `ops` input and the editor's table read and write it.

use super::{number, CodecError};
use crate::scenario::Operation;

/// The operations list as one line: `key digest fence seq` per operation, `;` between.
pub fn format_ops(ops: &[Operation]) -> String {
    ops_line(&ops_rows(ops))
}

/// Each operation's four fields as text, as a table shows them.
pub fn ops_rows(ops: &[Operation]) -> Vec<[String; 4]> {
    ops.iter()
        .map(|o| [o.key.clone(), o.digest.clone(), o.fence.to_string(), o.seq.to_string()])
        .collect()
}

/// Rows of an operations table, as typed, in the one-line form `parse_ops` reads.
pub fn ops_line(rows: &[[String; 4]]) -> String {
    rows.iter()
        .map(|row| row.iter().map(|c| c.trim()).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join(";")
}

/// Read the one-line operations list; `n` in messages counts from 1.
pub fn parse_ops(text: &str) -> Result<Vec<Operation>, CodecError> {
    text.split(';')
        .enumerate()
        .map(|(i, op)| {
            let n = i + 1;
            let f: Vec<&str> = op.split_whitespace().collect();
            let [key, digest, fence, seq] = f[..] else {
                return Err(CodecError(format!(
                    "ops 第 {n} 项应为「key digest fence seq」，收到「{}」",
                    op.trim()
                )));
            };
            Ok(Operation {
                key: key.into(),
                digest: digest.into(),
                fence: number(fence, &format!("ops 第 {n} 项的 fence"))?,
                seq: number(seq, &format!("ops 第 {n} 项的 seq"))?,
            })
        })
        .collect()
}
