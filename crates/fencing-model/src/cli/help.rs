//! The lab's help text (`--help`): one line per case, variant and option, the same in the
//! terminal and the page.

use crate::codec::Param;
use crate::scenario::{Case, Defect};

/// The help text: commands, cases, variants and options, one line each.
pub fn help() -> String {
    let mut s = String::from(
        "fencing-lab —— 租约与 fencing 的事件模型（课程「可运行实验」的本仓库版本）\n\n\
         用法：fencing-lab fencing [选项]                   课程的案例：固定前缀之后枚举全部交错\n\
         \x20     fencing-lab explore [--scenario FILE] [选项]  自建场景：广度优先穷举全部状态\n\ncase：\n",
    );
    for c in Case::ALL {
        s.push_str(&format!("  {:<16} {}\n", c.name(), c.summary()));
    }
    s.push_str("\nvariant（可用逗号组合；operations 案例只适用 no-fence）：\n");
    s.push_str(&format!("  {:<16} {}\n", "correct", "正确协议（默认）"));
    for d in Defect::ALL {
        s.push_str(&format!("  {:<16} {}\n", d.name(), d.summary()));
    }
    s.push_str("\n选项：\n");
    for p in Param::ALL {
        let flag = format!("--{} {}", p.name(), p.value_form());
        s.push_str(&format!("  {flag:<22} {}\n", param_help(p)));
    }
    s.push_str(&format!(
        "  {:<22} explore：从 JSON 场景文件读入（键即上面的选项名，另可有 title；其后的选项覆盖文件）\n",
        "--scenario FILE"
    ));
    s.push_str(&format!(
        "  {:<22} fencing、explore：不出报告，改为网页「你来调度」的教练在走完路径 PATH 之后说的话（写法见下；'' 为初始状态）\n",
        "--path PATH"
    ));
    s.push_str(&format!("  {:<22} 输出 JSON 报告\n  {:<22} 显示本帮助\n", "--json", "-h, --help"));
    s.push_str("\nclients 的程序：每个客户端一段，以 ; 分隔；每步为 acquire、pause、renew 或 write:<op_seq>:<key>\n");
    s.push_str(
        "\npath：从初始状态起的一串动作，以 . 分隔，如 A.A.expire.B；每个动作为 A–D（该客户端走程序的下一步）、\
         resume-A（恢复暂停的 A）、release-A（A 释放租约）、expire（授权权威判当前租约到期）、crash、recover\
         （授权权威崩溃、恢复）或 deliver-<n>（送达第 n 个在途写入，需 --delay true）。fencing 案例里 A 的程序为 \
         acquire、pause、write，B 的为 acquire、write（split-authority 下每次 acquire 之后、A 恢复之后各多一步取号）；\
         路径不受报告固定前缀的约束，crash 与 recover 各算一步。教练说的「第 k 步」即路径的第 k 个动作。\n",
    );
    s.push_str("\n退出码：0 运行完成（包括找到缺陷的反例）；2 参数或场景文件错误\n");
    s
}

fn param_help(p: Param) -> &'static str {
    match p {
        Param::Case => "案例（默认 fencing）",
        Param::Variant => "缺陷开关（默认 correct）",
        Param::Issuer => "初始 issuer（默认 40；operations 的课程输入随之从 issuer+1 起）",
        Param::OpSeq => "fencing：A 与 B 写入时的 op_seq（默认 2,1）",
        Param::Ops => "operations：每项「key digest fence seq」，以 ; 分隔",
        Param::Clients => "model：2–4 个客户端的程序（默认课程的 A、B）",
        Param::Crash => "model：授权权威可崩溃一次并恢复（默认 true）",
        Param::Delay => "model：网络可延迟写入，送达次序任意（默认 false）",
    }
}
