//! How the model words each fact, in one place: the lab's and the explorer's text reports and
//! the page's tables, diagrams and announcements all call these, so a fact reads the same
//! wherever it is shown.

use crate::findings::Finding;
use crate::lab::{FencingRun, Hit, Note, ReusedFence};
use crate::machine::state::Lease;
use crate::machine::Event;
use crate::operations::{OpOutcome, OpResult};
use crate::path::Token;
use crate::properties::Property;
use crate::scenario::{Defect, Defects};

/// An optional value, `-` when absent.
pub fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map_or_else(|| "-".to_string(), T::to_string)
}

/// The authority's lease state.
pub fn lease(l: Lease) -> &'static str {
    match l {
        Lease::None => "-",
        Lease::Valid => "valid",
        Lease::Expired => "expired",
    }
}

/// `(fence,seq)` as the resource compares it.
pub fn pair((f, s): (u64, u64)) -> String {
    format!("({f},{s})")
}

/// A grant by its number in true order.
pub fn grant(n: u8) -> String {
    format!("授予#{n}")
}

/// A token with the grant it came from, which only the checker knows: `41（授予#1）`, or
/// `43（未绑定）` for a number no grant minted.
pub fn token(t: Token) -> String {
    match t.grant {
        Some(g) => format!("{}（{}）", t.fence, grant(g)),
        None => format!("{}（未绑定）", t.fence),
    }
}

/// The token an event carries (fence 0: none).
fn held(fence: u64, g: u8) -> Option<String> {
    (fence != 0).then(|| token(Token { fence, grant: (g != 0).then_some(g) }))
}

/// One Chinese phrase for what a transition did. `keys` names the business operations
/// (the lab's have no names, and none is shown).
pub fn event(e: &Event<u64, char>, keys: &[String], defects: Defects) -> String {
    let key = |k: u8| keys.get(k as usize).filter(|k| !k.is_empty()).map_or(String::new(), |k| format!(" key={k}"));
    let t = |fence, g| held(fence, g).unwrap_or_default();
    match *e {
        Event::Granted { client, fence: 0, grant: g } => format!("{} 给 owner={client}（不发 token）", grant(g)),
        Event::Granted { client, fence, grant: g } => format!("原子授予 owner={client}，token {}", t(fence, g)),
        Event::Holds { client } => format!("{client} 已持有有效租约"),
        Event::Minted { client, fence, grant: g } => format!("{client} 向独立计数器取号：{}", t(fence, g)),
        Event::Paused { client, fence, grant: g } => match held(fence, g) {
            Some(tok) => format!("{client} 暂停，持 {tok}"),
            None => format!("{client} 暂停（未持 token）"),
        },
        Event::Resumed { client, fence, grant: g } => match held(fence, g) {
            Some(tok) => format!("{client} 恢复，手里仍是 {tok}"),
            None => format!("{client} 恢复（未持 token）"),
        },
        Event::Released { client } => format!("{client} 的程序走完，释放租约"),
        Event::Renewed { client, ok: true } => format!("{client} 续租成功"),
        Event::Renewed { client, ok: false } => format!("{client} 续租失败，停止工作"),
        Event::Expired { client } => format!("授权权威判 {client} 的租约到期"),
        Event::Crashed => "授权权威崩溃".into(),
        Event::Recovered { issuer, from_backup } => {
            let what = if defects.split_authority { "独立计数器" } else { "发号器" };
            if from_backup {
                format!("从旧备份恢复：{what}回到 {issuer}")
            } else {
                format!("持久恢复：{what}仍为 {issuer}")
            }
        }
        Event::Checked { compared: false, .. } => "写入前的单独比较已关闭：不比较 token".into(),
        Event::Checked { fence, seq, current, passed, .. } => {
            let (sign, verdict) = if passed { ("<", "通过") } else { ("≥", "不通过") };
            format!("资源在写入前单独比较：{} {sign} {}，{verdict}", pair(current), pair((fence, seq)))
        }
        Event::Skipped { client, .. } => format!("比较未通过：{client} 不写入"),
        Event::Sent { client, fence, grant: g, seq, key: k } => {
            format!("{client} 发出写入 {} seq={seq}{}（在网络中）", t(fence, g), key(k))
        }
        Event::Accepted { client, fence, grant: g, seq, key: k, previous, unconditional } => {
            let what = format!("{client} 的 {} seq={seq}{}", t(fence, g), key(k));
            match (unconditional, defects.no_fence) {
                (false, _) => format!("资源接受 {what}：{} < {}", pair(previous), pair((fence, seq))),
                (true, true) => format!("资源接受 {what}：不比较 token，覆盖 {}", pair(previous)),
                (true, false) => format!("资源无条件写入 {what}，覆盖 {}（比较在前一步）", pair(previous)),
            }
        }
        Event::Rejected { client, fence, grant: g, seq, key: k, current } => format!(
            "资源拒绝 {client} 的 {} seq={seq}{}：(max_fence,last_seq)={} ≥ (fence,seq)={}，影响 0 行",
            t(fence, g),
            key(k),
            pair(current),
            pair((fence, seq))
        ),
        Event::Duplicate { client, key: k } => format!("{} 已执行过：返回原结果给 {client}，不重复效果", key(k).trim_start()),
    }
}

/// What the resource did with one operation, and why.
pub fn op_note(r: &OpResult) -> String {
    let effect = r.effect.unwrap_or(0);
    match r.outcome {
        OpOutcome::Applied => format!("执行效果 #{effect}，提交 {}", pair((r.op.fence, r.op.seq))),
        OpOutcome::Duplicate => format!("同键同摘要：返回原结果 #{effect}，不重复副作用，不推进 fence"),
        OpOutcome::Conflict => "同键异参：报参数冲突，不返回别人的成功".to_string(),
        OpOutcome::Stale => format!("{} ≥ {}，影响 0 行，不写业务", pair(r.before), pair((r.op.fence, r.op.seq))),
    }
}

/// What a token's “授予#n” and “未绑定” are: not something the resource sees.
pub const GRANT_NOTE: &str = "“授予#n”“未绑定”是检查器的全局知识（本学习台补充）：资源只看到 fence 与 seq 数字。";

/// Why the lab's scenario gives A the larger op_seq.
pub const OP_SEQ_WHY: &str = "（A 的 op_seq 较大：资源按 (fence, op_seq) 的字典序比较，fence 较小时较大的 op_seq 无害，fence 被重用时就可能有害——覆盖新结果，或挡住新持有者。）";

/// Why split authority leaves two interleavings.
pub const SPLIT_ORDER: &str = "（A 恢复后的 mint 排在 B 的写入之后：课程反例的次序）";

/// The model's assumptions, in the report's head.
pub fn assumptions(delay: bool) -> String {
    let network =
        if delay { "写入在网络中可任意延迟、任意次序送达（不丢失、不重复）" } else { "写入即时送达" };
    format!(
        "模型假设（本学习台补充）：租约只在持有者暂停时到期；恢复从持久状态读回发号器（rollback-issuer 则从旧备份读回初始值）；{network}；授权权威宕机期间，授予、续租、释放与到期判定都要等它恢复后才能进行。"
    )
}

/// The short tag an interleaving carries for a note or a finding.
pub fn tag(name: &str) -> &'static str {
    match name {
        "key-caveat" => "关键限定",
        "seq-decided" => "op_seq 定胜负",
        "locked_out" => "持有者被挡",
        "lost_operation" => "操作丢失",
        _ => "",
    }
}

/// A note's kind, as `tag` takes it.
pub fn note_kind(n: &Note) -> &'static str {
    match n {
        Note::KeyCaveat { .. } => "key-caveat",
        Note::SeqDecided { .. } => "seq-decided",
    }
}

/// A note in one sentence.
pub fn note(n: &Note) -> String {
    match *n {
        Note::KeyCaveat { grant: g, newer, .. } => format!(
            "关键限定：{}的写入在资源持久接受{}的新状态之前提交，资源接受了它。这不违反 fence 性质：fencing 保证新代际业务写入已被资源持久接受后，旧代际不能再覆盖它，不按租约墙钟倒推此前写入非法。",
            grant(g),
            grant(newer)
        ),
        Note::SeqDecided { grant: g, over, accepted: true, .. } => format!(
            "{}的写入与{}已提交的结果 fence 相同，资源按 op_seq 接受了它：这次成功靠的是 op_seq 较大，而不是授予较新。",
            grant(g),
            grant(over)
        ),
        Note::SeqDecided { grant: g, over, accepted: false, .. } => format!(
            "{}的写入与{}已提交的结果 fence 相同，资源按 op_seq 拒绝了它：挡住它的只是 op_seq 较小，fence 已被重用，资源分不清任期。",
            grant(g),
            grant(over)
        ),
    }
}

/// Why a finding matters, in one sentence.
pub fn why(f: Finding) -> &'static str {
    match f {
        Finding::Broken(p) => p.why(),
        Finding::UnboundOverwrite => "（本学习台补充）unauthorized_accept 的一种：未绑定授予的 token 的写入覆盖了某次授予已提交的结果（课程：「会接受未绑定有效授予的 43」）。",
        Finding::ReusedFence => "同一个 fence 发给了第二次授予：资源只看数字，分不清这个号属于哪个任期。",
        Finding::LockedOut => {
            "当前授予的持有者在资源处被拒：资源保存着较早的授予或未绑定 token 写下的结果，持有者凭自己的 fence 无法覆盖它，被挡在门外。"
        }
        Finding::LostOperation => {
            "一次在持有有效租约时发出的写入被拒，同键也再没有写入生效；所有程序已结束、网络中也没有待送达的写入，它再也不会生效：调用方必须按失败处理，不能把它叫成功（课程在多次写一节说「不能把丢失 seq1 叫成功」）。"
        }
        Finding::Stuck => "有客户端的程序没走完，却没有任何事件能发生。",
    }
}

/// Why this violation happened, from its step and what the resource held before it; `None`
/// where the property's sentence says it all.
pub fn cause(p: Property, e: &Event<u64, char>, overwritten: Option<Token>, defects: Defects) -> Option<String> {
    let Event::Accepted { fence, previous, unconditional, .. } = *e else { return None };
    match p {
        Property::RevokedGenerationOverwrite if unconditional && defects.no_fence => Some("资源不比较 token：旧持有者的写入照样落地。".into()),
        Property::RevokedGenerationOverwrite if unconditional => {
            Some("比较是写入之前单独的一步（先检查后写入）：比较通过之后资源已经变了，写入本身却不再比较。".into())
        }
        Property::RevokedGenerationOverwrite => {
            let older = overwritten.and_then(|t| t.grant).map_or(String::new(), grant);
            let this = match *e {
                Event::Accepted { grant: g, .. } => grant(g),
                _ => String::new(),
            };
            (previous.0 == fence).then(|| {
                format!(
                    "在资源看来 {} → {} 是前进；倒退的是授予次序（{older} → {this}）：发号器回退后不记得 {fence} 已经发出过，只有检查器的全局视角分得清。",
                    pair(previous),
                    pair((fence, match *e { Event::Accepted { seq, .. } => seq, _ => 0 }))
                )
            })
        }
        Property::UnauthorizedAccept => Some(match overwritten {
            Some(t) if t.grant.is_some() => format!(
                "它覆盖了 {} 已提交的结果，实际危害与越代覆盖相同；但未绑定的 token 不属于任何授予，在授予次序里没有位置，无法判定「后退」，所以记在 unauthorized_accept 下，而不是 revoked_generation_overwrite。",
                token(t)
            ),
            _ => "这条路径里没有新持有者的结果被覆盖：在资源看来，这与正确协议下旧持有者带着到期前取得的号写入无异；判为违例只因这个号是在它的授予到期之后才取得的，不绑定任何授予——这是检查器的判定，资源无从分辨。".into(),
        }),
    }
}

/// A defect that never fired, in one sentence: `defects` are all those on, `crash` whether the
/// authority may crash.
pub fn unfired(d: Defect, defects: Defects, crash: bool) -> String {
    let what = match d {
        Defect::RollbackIssuer if !crash => "本场景 crash=false，授权权威不会崩溃、恢复不可达",
        Defect::RollbackIssuer => "没有一次恢复让发号器回退",
        Defect::SplitAuthority => "没有谁在失去租约之后向计数器取号",
        Defect::NoFence => "没有哪次比较本会拒绝的写入被资源接受",
        Defect::Precheck if defects.no_fence => "与 no-fence 同开时，写入前那一步不比较任何东西，照单全收是 no-fence 的作用",
        Defect::Precheck => "没有哪次写入在比较通过之后、资源已变时被无条件写入",
    };
    format!("{}：{what}，本缺陷从未触发——这里的结论与它无关，不说明它无害。", d.name())
}

/// Why a lost operation's write was refused, from the refusing step: refused while its
/// client held the lease in force because of an older grant's or an unbound result (the
/// holder locked out), delayed past a newer grant's result, or behind its own term's larger
/// op_seq.
pub fn lost_why(refusal: &crate::path::Step) -> &'static str {
    let v = &refusal.after;
    let locked_out = match refusal.event {
        Event::Rejected { client, grant: g, .. } | Event::Checked { client, grant: g, .. } => {
            g != 0 && v.owner == Some(client) && v.lease == Lease::Valid && v.token.is_none_or(|t| t.grant.is_none_or(|c| c < g))
        }
        _ => false,
    };
    let same_term = match refusal.event {
        Event::Rejected { grant: g, .. } | Event::Checked { grant: g, .. } => v.token.is_some_and(|t| t.grant == Some(g)),
        _ => false,
    };
    if locked_out {
        "本例中被拒的是当前持有者（见 locked_out）：它的 fence 不大于资源已保存的结果，这只在 fence 被重用或未绑定 token 写入时才会发生。"
    } else if same_term {
        "本例中它被同一任期里 op_seq 不小于它的已提交写入挡下（课程：「若 seq2 先到，seq1 后到应被拒」）：这是活性问题，不是安全违例，正确协议下也会发生。"
    } else {
        "本例中写入在网络中迟到，被较新授予已提交的结果挡下：这是活性问题，不是安全违例，正确协议下也会发生——fence 按设计拒绝它。"
    }
}

/// What a liveness finding not found means, over `n` interleavings or every reachable state.
/// Whether property `p` held in every interleaving of the run, or in how many it broke.
pub fn verdict(run: &FencingRun, p: Property) -> String {
    match run.hits(Finding::Broken(p)).count() {
        0 => format!("成立（{} 条交错均满足）", run.interleavings),
        broken => format!("违反（{}/{} 条交错）", broken, run.interleavings),
    }
}

pub fn none_of(f: Finding, n: usize) -> String {
    let over = if n == 0 { "全部可达状态".to_string() } else { format!("{n} 条交错") };
    match f {
        Finding::LockedOut => format!("未发生（{over}）：当前授予的持有者从未因较早授予的结果被拒"),
        Finding::LostOperation => format!("未发生（{over}）：持有有效租约时发出的写入，最终都有同键的写入生效"),
        Finding::ReusedFence => format!("未发生（{over}）：每个 fence 只发给了一次授予"),
        Finding::Stuck => format!("未发生（{over}）：没有卡住的状态"),
        _ => format!("未发生（{over}）"),
    }
}

/// The issuer-side finding in one sentence.
pub fn reused_fence(r: &ReusedFence) -> String {
    format!(
        "同一 fence 发给了两次授予：fence={}，{}（{}，第 {} 步）与{}（{}，第 {} 步）；资源分不清这两个 {} 属于哪个任期",
        r.fence,
        grant(r.first.grant),
        r.first.owner,
        r.first.step,
        grant(r.second.grant),
        r.second.owner,
        r.second.step,
        r.fence
    )
}

/// Said when a reused fence did no harm in any interleaving: only the op_seq order stopped it.
pub const HARMLESS_BY_LUCK: &str = "每条交错都无害，只因本场景 A 的 op_seq 小于 B：fence 已被重用，两个任期的写入只靠 op_seq 分先后；换成课程所说「旧 A 的较大 op_seq」（A.op_seq=2、B.op_seq=1），就会出现越代覆盖或挡住当前持有者。";

/// Whether the reused fence's harm reached the resource, interleaving by interleaving.
pub fn harm(r: &ReusedFence) -> String {
    let each: Vec<String> = r
        .harm
        .iter()
        .enumerate()
        .map(|(i, h)| match h {
            Some(Hit { finding: "locked_out", step, .. }) => {
                format!("交错 {} 有害（第 {step} 步：当前持有者被拒，资源保留着较早授予的结果）", i + 1)
            }
            Some(Hit { step, .. }) => format!("交错 {} 有害（第 {step} 步：较早授予的写入覆盖了较新授予的结果）", i + 1),
            None => format!("交错 {} 无害", i + 1),
        })
        .collect();
    format!("这次重用是否造成危害：{}", each.join("；"))
}

/// Key steps as a chain: 第 1 步 acquire A → 第 4 步 recover → ….
pub fn chain(key_steps: &[usize], names: &[String]) -> String {
    key_steps.iter().map(|&k| format!("第 {k} 步 {}", names.get(k - 1).map_or("", String::as_str))).collect::<Vec<_>>().join(" → ")
}
