//! How the model words each fact, in one place: the lab's and the explorer's text reports and
//! the page's tables, diagrams and announcements all call these, so a fact reads the same
//! wherever it is shown.

use crate::defects::Defects;
use crate::machine::state::Lease;
use crate::machine::Event;
use crate::operations::{OpOutcome, OpResult};
use crate::path::Token;

mod moves;

pub use moves::{next_move, situation, Line};

/// An optional value, `-` when absent.
pub fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map_or_else(|| "-".to_string(), T::to_string)
}

/// The authority's lease state: as the step table's `lease` column writes it, and in words.
pub fn lease(l: Lease) -> (&'static str, &'static str) {
    match l {
        Lease::None => ("-", "无租约"),
        Lease::Valid => ("valid", "租约有效"),
        Lease::Expired => ("expired", "租约已到期"),
    }
}

/// A count with its thousands grouped (`1,438,029`).
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// `(fence,seq)` as the resource compares it.
pub fn pair((f, s): (u64, u64)) -> String {
    format!("({f},{s})")
}

/// An interleaving as the reports name it, by its index (`交错 1` is the first).
pub fn interleaving_name(i: usize) -> String {
    format!("交错 {}", i + 1)
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
    let key = |k: u8| {
        keys.get(k as usize)
            .filter(|k| !k.is_empty())
            .map_or(String::new(), |k| format!(" key={k}"))
    };
    let t = |fence, g| held(fence, g).unwrap_or_default();
    match *e {
        Event::Granted { client, fence: 0, grant: g } => {
            format!("{} 给 owner={client}（不发 token）", grant(g))
        }
        Event::Granted { client, fence, grant: g } => {
            format!("原子授予 owner={client}，token {}", t(fence, g))
        }
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
        Event::Duplicate { client, key: k } => {
            format!("{} 已执行过：返回原结果给 {client}，不重复效果", key(k).trim_start())
        }
    }
}

/// What the resource did with one operation, and why.
pub fn op_note(r: &OpResult) -> String {
    let effect = r.effect.unwrap_or(0);
    match r.outcome {
        OpOutcome::Applied => format!("执行效果 #{effect}，提交 {}", pair((r.op.fence, r.op.seq))),
        OpOutcome::Duplicate => {
            format!("同键同摘要：返回原结果 #{effect}，不重复副作用，不推进 fence")
        }
        OpOutcome::Conflict => "同键异参：报参数冲突，不返回别人的成功".to_string(),
        OpOutcome::Stale => {
            format!("{} ≥ {}，影响 0 行，不写业务", pair(r.before), pair((r.op.fence, r.op.seq)))
        }
    }
}

/// What a token's “授予#n” and “未绑定” are: not something the resource sees.
pub const GRANT_NOTE: &str =
    concat!("“授予#n”“未绑定”是检查器的全局知识", app_note!(), "：资源只看到 fence 与 seq 数字。");

/// Why the lab's scenario gives A the larger op_seq.
pub const OP_SEQ_WHY: &str = "（本学习台补充：A 的 op_seq 较大：资源按 (fence, op_seq) 的字典序比\
                              较，fence 较小时较大的 op_seq 无害，fence 被重用时就可能有害——覆盖新\
                              结果，或挡住新持有者。）";

/// Why split authority leaves two interleavings.
pub const SPLIT_ORDER: &str =
    "（本学习台补充：交错只有两条，是因为 A 恢复后的 mint 固定排在 B 的写入之后，即课程反例的次序）";

/// What the orders split authority's schedule leaves out would do (the lesson counts two).
pub const SPLIT_OTHER_ORDERS: &str = app_note!(
    "课程只数这两条交错。它略去的次序里：\
                                      A 恢复后若先取号并先写入，B 带较小的号随后被拒，\
                                      当前持有者被挡在门外；A 若先取号、在 B 之后写入，仍会覆盖 B。\
                                      用 explore（实验台的 model 案例）可穷举全部次序；\
                                      那里客户端在写入前才取号，号码与这里不同。"
);

/// The lesson's threat model, beside the model's assumptions.
pub const THREATS: &str = concat!(
    "威胁模型（课程的前提）：worker 非恶意；「资源还需认证调用者与授权域；\
     fence 不是防恶意伪造的凭据」。",
    app_note!(
        "本模型不含认证，\
                           「未绑定授予的 token 不可产生效果」只针对非恶意的旧持有者，\
         不是防伪造的承诺。"
    )
);

/// The model's assumptions, in the report's head.
pub fn assumptions(delay: bool) -> String {
    let network = if delay {
        "写入在网络中可任意延迟、任意次序送达（不丢失、不重复）"
    } else {
        "写入即时送达"
    };
    format!(
        concat!(
            "模型假设",
            app_note!(),
            "：租约只在持有者暂停时到期；恢复从持久状态读回发号器\
             （rollback-issuer 则从旧备份读回初始值）；{}；授权权威宕机期间，授予、续租、\
             释放与到期判定都要等它恢复后才能进行。"
        ),
        network
    )
}

/// What the lab chapter's picture shows: interleaving `i` (1-based) in `order`, with the
/// property broken there and its step, if any.
pub fn shown(i: usize, order: &str, broken: Option<(&str, usize)>) -> String {
    match broken {
        Some((name, step)) => format!("下图：交错 {i}（{order}）——{name} 在第 {step} 步被违反"),
        None => format!("下图：与课文时间线同序的交错 {i}（{order}）"),
    }
}
