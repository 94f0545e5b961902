//! The glossary (术语表, this app's addition): the lesson's terms as they relate, each in a
//! sentence or two consistent with the lesson. Rendered at build time only — its own page, and
//! on every reading page the first use of each term carries its definition, shown on hover,
//! focus or tap by the stylesheet alone — so none of this text is in the WASM. Its aliases
//! (令牌, lease, 栅栏 …) also reach search, through the index file.

use leptos::prelude::*;
use std::sync::{Arc, Mutex};

pub struct Term {
    /// The anchor on the glossary page.
    pub id: &'static str,
    pub name: &'static str,
    /// How the lesson writes it: its first use of any of these is marked.
    pub forms: &'static [&'static str],
    /// Other words a learner may search for.
    pub aliases: &'static [&'static str],
    pub what: &'static str,
}

pub const TERMS: [Term; 12] = [
    Term {
        id: "owner",
        name: "owner（持有者标识）",
        forms: &["owner"],
        aliases: &["持有者"],
        what: "一次申请的随机标识。授权服务在续租、释放时原子比较 owner，防止 A 删除或延长 B 的锁；它挡不住旧 A 写资源，那要靠参与验证的资源在提交点检查 fence。",
    },
    Term {
        id: "lease",
        name: "租约 / 租期",
        forms: &["租约", "租期"],
        // 锁 is related, not the same: chapter 2 keeps owner, 租期 and 授权 apart.
        aliases: &["lease"],
        what: "授权服务上有期限的锁持有状态，不等于资源授权（课文：owner、租期与资源授权是三件事）。期限依赖服务端过期、时钟/漂移界限、续租与故障检测规则；\
               租约失效只改变授权服务的状态，不撤销已发出的请求，也不停止旧进程。",
    },
    Term {
        id: "fence",
        name: "fence（fencing token 的数值）",
        forms: &["fence"],
        aliases: &["fencing", "栅栏", "max_fence"],
        what: "token 的数值，在课文的伪代码里就是 acquire 递增后的 generation。资源持久记住已接受的最大值 max_fence，在提交点比较：\
               严格的 max_fence < fence 每任期只放行第一次写（改成 <= 会放行重复执行），多次写要比较 (fence, op_seq)。\
               新代际的写入被资源持久接受后，旧代际不能再覆盖它；此前的写入不按租约墙钟判为非法。",
    },
    Term {
        id: "token",
        name: "token（令牌）",
        forms: &["token"],
        aliases: &["令牌"],
        what: "acquire 返回、绑定本次授予的号，持有者写资源时带上它；fence 就是它的数值（本学习台的读法）。号必须来自有效授予，\
               独立服务发出的更大整数也不行（见 split-authority）。它不是防恶意伪造的凭据：资源还需认证调用者与授权域。",
    },
    Term {
        id: "generation",
        name: "generation（代际）",
        forms: &["generation", "代际"],
        aliases: &[],
        what: "授权域持久保存的计数。成功的 acquire 在同一串行裁决中把它加一、写入新 owner/expiry，所得值就是本次授予的 fence。它必须跨故障不回退、\
               不重用（从旧备份恢复发号器就会破坏这一点，见 rollback-issuer），也不能放进会过期的租约状态里（U60 的反例）。",
    },
    Term {
        id: "term",
        name: "任期",
        forms: &["任期"],
        aliases: &[],
        what: "一次授予所代表的持有，由它的 fence 标识。资源只凭 fence 认任期，不知道租约何时到期：旧持有者在租约失效后发出的写入仍带着本任期的 fence。\
               同一任期内的多次写用 op_seq 区分先后；发号器回退时两次授予可能拿到同一个 fence，资源就分不清两个任期。",
    },
    Term {
        id: "epoch",
        name: "epoch",
        forms: &["epoch"],
        aliases: &["纪元"],
        what: "课文给出的跨故障方案之一：token 由保证不重用的新 epoch 加计数器组成。epoch 自身也必须有不回退的来源与可比较规则。",
    },
    Term {
        id: "issuer",
        name: "issuer（发号器）",
        forms: &["issuer", "发号"],
        aliases: &["发号器"],
        what: "产生 fence 数字的部件（实验的初始 issuer=40）。它必须与授予同属一个原子权威，且跨故障不回退：拆成独立自增服务（split-authority），\
               号就不再绑定有效授予，旧 A 能取得更大的 43；从旧备份恢复（rollback-issuer），同一个 41 可能发给两次授予。",
    },
    Term {
        id: "grant-n",
        name: "授予#n（本学习台的标注）",
        forms: &["授予#n"],
        aliases: &["授予"],
        what: "本学习台实验输出里 token 后的「授予#n」表示第 n 次授予，「未绑定」表示这个号不属于任何授予；这是检查器的全局知识，用来分开两个数值相同的 41。\
               资源只看得到 fence 与 seq 数字。",
    },
    Term {
        id: "op-seq",
        name: "op_seq",
        forms: &["op_seq"],
        aliases: &["seq", "序号"],
        what: "同一任期内为串行发布流分配的递增序号。资源原子比较 (fence, op_seq) 的字典序：seq2 先到时，迟到的 seq1 会被拒。它适合“新状态覆盖旧状态”，\
               不保证每个增量都执行。",
    },
    Term {
        id: "idempotency-key",
        name: "幂等键（业务身份）",
        forms: &["幂等键"],
        aliases: &["业务身份", "请求摘要", "idempotency"],
        what: "每个逻辑业务操作的稳定键，配合请求摘要：跨任期重试仍用同一键，同键同摘要返回原结果，同键异参报冲突。attempt、owner、token 都不能代替它。",
    },
    Term {
        id: "commit-point",
        name: "提交点（原子边界）",
        forms: &["提交点", "原子边界"],
        aliases: &["提交处", "commit"],
        what: "资源上真正修改业务状态、并在同一原子步骤里裁决能否修改的那一处：数据库里是一个事务（检查代际/序号、检查业务身份、业务效果、记录结果都在其中），\
               大对象发布时是带 fence/seq 的指针 CAS。不能 SELECT 检查后离开事务再 UPDATE；不理解 token 的外部 API 不会检查 fence，\
               不能声称受 fence 保护。本学习台的读法：最直接的做法是把比较写成这次写入自身的条件（条件 UPDATE 并检查影响行数）。",
    },
];

/// The terms as search knows them: searching for one of a term's names finds the others, and
/// the term itself.
pub fn search_terms() -> Vec<super::search::Term> {
    let term = |t: &Term| {
        super::search::Term::new(
            t.id,
            t.name,
            t.forms.iter().chain(t.aliases).map(|a| a.to_string()),
        )
    };
    TERMS.iter().map(term).collect()
}

/// The terms already marked on the page being rendered (a page marks each term's first use).
pub struct Seen(Mutex<Vec<&'static str>>);

impl Seen {
    /// A page's record, for its components to share.
    pub fn provide() {
        provide_context(Arc::new(Seen(Mutex::new(Vec::new()))));
    }

    fn has(&self, id: &str) -> bool {
        self.0.lock().is_ok_and(|s| s.contains(&id))
    }
}

/// Where in `text` the first not-yet-seen term is used, as (start, end, term); the term is
/// then seen. An ASCII form counts only as a whole word (not `fence` in `max_fence`).
fn first_use(text: &str, seen: &Seen) -> Option<(usize, usize, &'static Term)> {
    let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
    let found = TERMS
        .iter()
        .filter(|t| !seen.has(t.id))
        .flat_map(|t| t.forms.iter().map(move |f| (t, *f)))
        .filter_map(|(t, f)| {
            text.match_indices(f)
                .find(|(at, _)| {
                    !f.is_ascii()
                        || (!word(text[..*at].chars().last())
                            && !word(text[at + f.len()..].chars().next()))
                })
                .map(|(at, _)| (at, at + f.len(), t))
        })
        .min_by_key(|(at, _, _)| *at);
    if let (Some((_, _, t)), Ok(mut s)) = (found, seen.0.lock()) {
        s.push(t.id);
    }
    found
}

/// `text` with the first use on this page of each term marked: the term, and its definition
/// beside it for hover, focus and tap. Without a page's `Seen` (outside the lesson), plain.
pub fn with_terms(text: &'static str) -> AnyView {
    let Some(seen) = use_context::<Arc<Seen>>() else { return text.into_any() };
    let mut out = Vec::new();
    let mut rest = text;
    while let Some((at, end, t)) = first_use(rest, &seen) {
        out.push(rest[..at].into_any());
        let (tip, described) = (format!("term-{}", t.id), format!("term-{}", t.id));
        out.push(
            view! {
                <span class="term" tabindex="0" aria-describedby=described>
                    {&rest[at..end]}
                    <span class="term-tip" role="tooltip" id=tip>
                        <strong>{t.name}</strong>
                        "："
                        {t.what}
                        <span class="addition-tag">"本学习台补充"</span>
                    </span>
                </span>
            }
            .into_any(),
        );
        rest = &rest[end..];
    }
    out.push(rest.into_any());
    out.into_any()
}

/// The glossary page.
#[component]
pub fn GlossaryPage() -> impl IntoView {
    view! {
        <article class="chapter glossary" aria-labelledby="glossary-title">
            <h1 id="glossary-title">"术语表"</h1>
            <aside class="addition" aria-label="本学习台补充">
                <span class="addition-tag">"本学习台补充"</span>
                <p>
                    "课文用到的主要术语（另加本学习台实验输出里的「授予#n」标注），每条两三句，由本学习台依据课文编写；正文里每个术语在每页第一次出现处，悬停、\
                     聚焦或轻触它也能看到这里的解释。"
                </p>
            </aside>
            <dl class="terms">
                {TERMS
                    .iter()
                    .map(|t| {
                        view! {
                            <div id=t.id>
                                <dt>{t.name}</dt>
                                <dd>{t.what}</dd>
                            </div>
                        }
                    })
                    .collect_view()}
            </dl>
        </article>
    }
}
