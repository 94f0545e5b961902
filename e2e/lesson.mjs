// What the tests know about the lesson: its chapters, in order, as the seed text titles them.
export const CHAPTERS = [
  ['intro', '租约和 fencing：把旧持有者挡在资源提交处'],
  ['owner-lease', 'owner、租期与资源授权是三件事'],
  ['timeline', '41、42、41：提交时间线'],
  ['grant-and-mint', '发号必须与授予同属一个原子权威'],
  ['many-writes', '一个任期多次写：fence、op_seq 与业务身份'],
  ['resource-participation', '资源参与方式与不能保护的效果'],
  ['lab', '可运行实验：事件模型与三种故意缺陷'],
  ['u60', 'U60：真实 Redis 授权权威 + 真实 MySQL 资源的验证'],
  ['follow-ups', '三轮追问与条件变化'],
  ['closed-book', '闭卷验收'],
  ['sources', '来源与验证边界'],
];

/**
 * The app's saved progress document, as the page stored it: the head, with each question's
 * finished attempts read from their own key (src/storage/layout.rs) — the document's shape.
 */
export async function storedProgress(page) {
  return page.evaluate(() => {
    const head = JSON.parse(localStorage.getItem('fencing-study.progress') ?? 'null');
    for (const [id, q] of Object.entries(head?.questions ?? {})) {
      delete q.attempts_digest;
      q.attempts = JSON.parse(localStorage.getItem(`fencing-study.progress.attempts.${id}`) ?? '[]');
    }
    return head;
  });
}
