//! What a run of the scenarios says: each scenario's verdict against the lesson, the report
//! `u60-lab` prints, and the words for a write's outcome and a committed row.

use crate::resource::WriteOutcome;
use crate::Run;

/// The resource's row as committed: `(value, max_fence, last_seq)`.
pub(crate) fn committed((v, f, s): &(Option<String>, u64, u64)) -> String {
    format!("value={}，max_fence={f}，last_seq={s}", v.as_deref().unwrap_or("-"))
}

pub(crate) fn outcome(o: &WriteOutcome) -> String {
    match o {
        WriteOutcome::Applied => "applied（影响 1 行）".into(),
        WriteOutcome::Duplicate { original } => {
            format!("duplicate（返回原结果 {original}，无第二次效果）")
        }
        WriteOutcome::Conflict => "conflict（同键异参）".into(),
        WriteOutcome::Stale => "rejected（条件不成立，影响 0 行，回滚）".into(),
    }
}

impl Run {
    /// Each scenario's verdict: did the real services behave as the lesson reports?
    pub fn verdicts(&self) -> Vec<(&'static str, bool)> {
        let d = &self.durable;
        let l = &self.in_lease_key;
        let mut v = vec![
            (
                "41/42/41 时间线：过期 fence 在资源提交处被拒",
                d.fence_b > d.fence_a
                    && d.b_write == WriteOutcome::Applied
                    && d.a_write == WriteOutcome::Stale
                    && !d.a_renewed_after_expiry,
            ),
            (
                "同任期 seq2 先到，迟到的 seq1 被拒",
                self.seq.seq2 == WriteOutcome::Applied && self.seq.late_seq1 == WriteOutcome::Stale,
            ),
            (
                "同键同摘要返回原结果、同键异参报冲突，只有一个效果",
                self.idem.first == WriteOutcome::Applied
                    && matches!(self.idem.retry_same, WriteOutcome::Duplicate { .. })
                    && self.idem.other_params == WriteOutcome::Conflict
                    && self.idem.effects == 1,
            ),
            (
                "generation 放进会过期的租约键：B 拿到与 A 相同的 fence（按预期复现该缺陷）",
                l.fence_a == l.fence_b && l.a_write == WriteOutcome::Applied,
            ),
        ];
        if let Some((restart, down)) = &self.faults {
            v.push((
                "MariaDB 在两次写之间重启：第二次写恰好生效一次，已报成功的写重启后仍在",
                restart.holds(),
            ));
            v.push((
                "Redis 在场景中途被杀：授权权威不可用，不授予任何租约（活性边界）",
                down.holds(),
            ));
        }
        v
    }

    pub fn report(&self, versions: &(String, String)) -> String {
        let d = &self.durable;
        let l = &self.in_lease_key;
        let mut out = format!(
            "U60 真实服务验证\n授权权威：Redis {} standalone（Lua 原子授予：generation 独立持久键 \
             INCR、租期 PEXPIRE、owner 校验续租、request_id 幂等）\n\
             资源：MariaDB {}（Debian 的 MySQL 兼容服务器，代替课程中的 MySQL 8.4.7；\
             (max_fence,last_seq) 字典序条件更新与业务写同事务）\n\n",
            versions.0, versions.1
        );
        out += &format!(
            "1. 41/42/41 时间线\n   A acquire → fence={}；A 暂停 {} ms，租约由服务器过期；A 续租：\
             {}\n   B acquire → fence={}；B 带 ({},1) 提交：{}\n   A 恢复，带过期的 ({},2) 提交：\
             {}\n   资源最终：{}\n\n",
            d.fence_a,
            d.paused_ms,
            if d.a_renewed_after_expiry {
                "成功（不应发生）"
            } else {
                "失败（租约已由服务器过期，不存在 owner=A 的租约）"
            },
            d.fence_b,
            d.fence_b,
            outcome(&d.b_write),
            d.fence_a,
            outcome(&d.a_write),
            committed(&d.committed)
        );
        out += &format!(
            "2. 同任期多次写（fence={}）\n   seq2 先到：{}\n   迟到的 seq1：{}\n   资源最终：{}\n\n",
            self.seq.fence,
            outcome(&self.seq.seq2),
            outcome(&self.seq.late_seq1),
            committed(&self.seq.committed)
        );
        out += &format!(
            "3. 业务幂等（同一键 order-1，跨任期 fence={} → {}）\n   首次 amount=10：\
             {}\n   跨任期重试，同键同摘要：{}\n   同键异参 amount=99：{}\n   效果数：{}\n\n",
            self.idem.fences.0,
            self.idem.fences.1,
            outcome(&self.idem.first),
            outcome(&self.idem.retry_same),
            outcome(&self.idem.other_params),
            self.idem.effects
        );
        out += &format!(
            "4. 实现缺陷复现：generation 存进会过期的租约哈希\n   A acquire → fence={}；\
             租约过期后哈希消失；B acquire → fence={}（与 A 相同）\n   B 带 ({},1) 提交：\
             {}\n   旧 A 带 ({},2) 提交：{} —— 资源分不清两个 {}，旧 A 覆盖了 B\n   资\
             源最终：{}\n\n",
            l.fence_a,
            l.fence_b,
            l.fence_b,
            outcome(&l.b_write),
            l.fence_a,
            outcome(&l.a_write),
            l.fence_a,
            committed(&l.committed)
        );
        if let Some((restart, down)) = &self.faults {
            out += &restart.report();
            out += &down.report();
        }
        out += "结论：\n";
        for (name, ok) in self.verdicts() {
            out += &format!("   [{}] {name}\n", if ok { "符合课程所述" } else { "与课程所述不符" });
        }
        out += "\n边界：单机 Redis 是唯一权威，其自身故障即权威不可用（活性边界）；未运行跨主机网络故障、多权威共识与时钟注入。\n";
        if self.faults.is_none() {
            out += "（未注入故障：故障场景由 scripts/u60.sh 传入 --faults 时运行。）\n";
        }
        out
    }
}
