//! The lesson's claims as challenges for 「你来调度」: on the lesson's scenario under one
//! protocol, a goal the checker judges on the learner's path (a finding its transition
//! makes), with the lesson's sentence the goal tests. The first cannot be done: the learner
//! beats it by saying so, and the coach (a complete search) confirms it.

use crate::findings::Finding;
use crate::machine::Machine;
use crate::path::Move;
use crate::properties::Property;
use crate::scenario::{Case, Defect, Defects, Scenario};

#[derive(PartialEq)]
pub struct Challenge {
    /// Stable: progress is kept under it.
    pub id: &'static str,
    pub defects: &'static [Defect],
    pub goal: Finding,
    /// What the learner is asked to make happen.
    pub task: &'static str,
    /// The sentence it tests: the lesson's words (this app's are marked in it).
    pub claim: &'static str,
    /// The challenge is this app's addition (its goal or its defect is).
    pub ours: bool,
}

const REVOKED: Finding = Finding::Broken(Property::RevokedGenerationOverwrite);

pub const CHALLENGES: [Challenge; 7] = [
    Challenge {
        id: "stale-after-commit",
        defects: &[],
        goal: REVOKED,
        task: "正确协议：B 的结果已提交后，让 A 带 41 的写入被资源接受。",
        claim: "「fencing 保证新代际业务写入已被资源持久接受后，旧代际不能再覆盖它」",
        ours: false,
    },
    Challenge {
        id: "key-caveat",
        defects: &[],
        goal: Finding::KeyCaveat,
        task: "正确协议：B 拿到 42 之后，让 A 带 41 的写入被资源接受。",
        claim: "「若 A 的 41 在资源持久接受 B 的 42 新状态前提交，资源仍可能接受」",
        ours: false,
    },
    Challenge {
        id: "no-fence",
        defects: &[Defect::NoFence],
        goal: REVOKED,
        task: "no-fence（资源不比较 token）：让旧持有者 A 覆盖新持有者 B 已提交的结果。",
        claim: "「资源在真正修改业务状态的原子边界拒绝它」（本学习台补充：关掉这道检查，旧 A 的写入照样落地）",
        ours: false,
    },
    Challenge {
        id: "split-authority",
        defects: &[Defect::SplitAuthority],
        goal: Finding::UnboundOverwrite,
        task: "split-authority（拆开发号与授予）：让 A 在租约到期后取得的未绑定 token 写入成功，覆盖 B（最新一次授予）已提交的结果。",
        claim: "「资源即使正确拒绝小 token，也会接受未绑定有效授予的 43。问题是授予协议，换成更大的整数不能修复」",
        ours: false,
    },
    Challenge {
        id: "rollback-overwrite",
        defects: &[Defect::RollbackIssuer],
        goal: REVOKED,
        task: "rollback-issuer（从旧备份恢复发号器）：让旧持有者 A 覆盖 B 已提交的结果。",
        claim: "「资源无法区分两个 41 所属的任期，旧 A 的较大 op_seq 甚至可能覆盖 B」",
        ours: false,
    },
    Challenge {
        id: "rollback-lockout",
        defects: &[Defect::RollbackIssuer],
        goal: Finding::LockedOut,
        task: "rollback-issuer：让租约仍有效的当前 owner 的写入被资源拒绝。",
        claim: app_note!("发号器回退后，两次授予可能拿到同一 fence；fence 相同时资源只比 op_seq，分不清两个任期。"),
        ours: true,
    },
    Challenge {
        id: "precheck",
        defects: &[Defect::Precheck],
        goal: Finding::CheckRaced,
        task: "precheck（本学习台补充：资源先单独比较，再无条件写入）：让旧持有者 A 覆盖 B 已提交的结果。",
        claim: "「不能 SELECT 检查后离开事务再 UPDATE」（本学习台补充：本变体把资源的比较与写入拆成两步，检验的正是这句）",
        ours: true,
    },
];

impl Challenge {
    pub fn by_id(id: &str) -> Option<&'static Challenge> {
        CHALLENGES.iter().find(|c| c.id == id)
    }

    pub fn variant(&self) -> Defects {
        self.defects.iter().fold(Defects::default(), |d, x| d.with(*x, true))
    }

    /// The lesson's scenario under this challenge's protocol.
    pub fn scenario(&self) -> Scenario {
        Scenario::lesson(Case::Fencing, self.variant())
    }

    /// The explorer's query that opens this challenge: its scenario, 「你来调度」 from the start
    /// (`play=`), and its id (`challenge=`).
    pub fn query(&self) -> String {
        form_urlencoded::Serializer::new(crate::codec::to_query(&self.scenario()))
            .append_pair("play", "")
            .append_pair("challenge", self.id)
            .finish()
    }

    /// Said where a link names this challenge on another scenario: the challenge is off, the
    /// coach on.
    pub fn elsewhere(&self) -> String {
        format!(
            "挑战「{}」只在它自己的场景里进行：fencing 案例、{} 变体、其余输入取课程默认值。\
             当前场景与之不符，挑战未启用；教练照常显示。",
            self.task.trim_end_matches('。'),
            self.variant().variant_name(),
        )
    }

    /// Whether `scenario` is this challenge's.
    pub fn is_for(&self, scenario: &Scenario) -> bool {
        *scenario == self.scenario()
    }

    /// The step (1-based) at which `moves` first makes the goal.
    pub fn made_at(&self, machine: &Machine, moves: &[Move]) -> Option<usize> {
        moves
            .iter()
            .position(|m| self.goal.made_under(machine.defects, &m.before, &m.event))
            .map(|i| i + 1)
    }
}

/// How many times a hint showed the next move or a move was made with the coach shown, if any
/// (said alike when the goal is made and in the lists of challenges). Times, not steps: a hint
/// seen and then undone past still counts.
pub fn helped(hints: usize) -> Option<String> {
    (hints > 0).then(|| format!("借助提示或教练 {hints} 次"))
}

/// Said when the learner's path makes the goal: in how many moves against the fewest, then the
/// help it took.
pub fn solved(steps: usize, fewest: Option<u8>, hints: usize) -> String {
    let done = match fewest {
        Some(f) if steps == f as usize => format!("做到了：用了 {steps} 步，正是最少步数"),
        Some(f) => format!("做到了：用了 {steps} 步；最短的走法只要 {f} 步"),
        None => format!("做到了：用了 {steps} 步"),
    };
    match helped(hints) {
        Some(h) => format!("{done}；{h}。"),
        None => format!("{done}。"),
    }
}

/// The checker's answer to 「做不到」 on a challenge testing `claim`, from a search of `states`
/// states: `fewest` moves from the start, if any way exists. How many is told only when `tell`
/// (the learner has tried moves, or asks again), so that the answer costs a try.
pub fn impossible(fewest: Option<u8>, claim: &str, states: &str, tell: bool) -> String {
    match fewest {
        None => format!(
            "检查器同意：从初始状态出发，它查遍了本场景的全部 {states} 个可达状态，\
             没有哪条走法能做到。这与课程所说一致：{claim}。（这次检查只覆盖本场景：A、B \
             各按课程的流程写一次，只有 A 会暂停，授权权威至多崩溃一次（之后可恢复），写入即时送达；\
             不是对一般情形的证明。）"
        ),
        Some(f) if tell => format!(
            "检查器不同意：从初始状态出发最少 {f} 步就能做到。\
             若当前已走进死路，先撤销几步（「提示」会告诉你是否还走得通）。"
        ),
        Some(_) => "检查器不同意：从初始状态出发做得到。\
                    再答一次「做不到」，它会告诉你最少要几步。"
            .to_string(),
    }
}

/// Said while the coach is still searching.
pub const COMPUTING: &str = "教练还在计算，稍等再问。";
/// Said when the coach could not be built.
pub const NO_COACH: &str = "教练未能建立：无法核对「做不到」，也给不了提示。";

/// The hint, as shown: `hint` the first move of a shortest way on to the goal (outer `None`:
/// the coach has not answered yet), `never` whether the goal cannot be made from the start,
/// `presses` of 提示 on this challenge so far, `made` the step that made the goal, if any.
pub fn hint_words(
    hint: Option<Option<String>>,
    never: bool,
    presses: u32,
    made: Option<usize>,
) -> String {
    match (hint, made) {
        (None, _) => COMPUTING.to_string(),
        (Some(Some(h)), _) => format!("提示：下一步选「{h}」。"),
        (Some(None), Some(k)) => format!("目标已在第 {k} 步做到；从这里不能再做到一次。"),
        // Impossible from the start: the first press nudges, the next says so.
        (Some(None), None) if never && presses < 2 => {
            "提示：先读它检验的那句话，想想这个目标与它是什么关系，\
             再决定是去找走法，还是答「做不到」。"
                .to_string()
        }
        (Some(None), None) if never => {
            "从初始状态起就做不到，与走到哪一步无关：可以答「做不到」。".to_string()
        }
        (Some(None), None) => "从这里已经做不到了：撤销几步再试。".to_string(),
    }
}

/// Said of a path that makes the goal with `linked` of its moves from the address.
pub fn not_earned(linked: usize, solved_before: bool) -> String {
    if solved_before {
        format!("这条路径的前 {linked} 步来自链接或重新加载，不另计；这一挑战此前已记为完成。")
    } else {
        format!(
            "这条路径做到了目标，但它的前 {linked} 步来自链接或重新加载，这次不计入完成。\
             要计入，请撤销到初始状态，每一步都自己走。"
        )
    }
}
