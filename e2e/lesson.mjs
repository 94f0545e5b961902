import { readFile } from 'node:fs/promises';

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
 * What the app exports of the learner's saved data — its progress page's 导出 button, in a tab
 * of its own — parsed. The tests read saved data this way, not from storage. `page` is left
 * first, as a learner leaves it, so that a draft still waiting to be written is written.
 */
export async function exported(page) {
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  const tab = await page.context().newPage();
  await tab.goto(new URL('progress', page.url()).href);
  await tab.locator('html[data-live]').waitFor({ state: 'attached' });
  const [download] = await Promise.all([tab.waitForEvent('download'), tab.getByRole('button', { name: '导出进度（JSON）' }).click()]);
  const doc = JSON.parse(await readFile(await download.path(), 'utf8'));
  await tab.close();
  return doc;
}

/**
 * The export, once `ready(export)` holds (a run is counted a moment after the learner acts).
 * No pause between tries: each one loads the progress page, which takes longer than that moment.
 */
export async function exportedOnce(page, ready) {
  for (let i = 0; i < 20; i++) {
    const doc = await exported(page);
    if (ready(doc)) return doc;
  }
  throw new Error('the export never showed what was expected');
}

/**
 * How the app lays out what it stores (src/storage: one key per owner). Only tests whose
 * subject is stored data itself — old, corrupt, newer, unreadable — name keys, and only here.
 */
export const STORED = {
  /** Versions 1–6 kept everything here; from version 7 on it holds only the version. */
  progress: 'fencing-study.progress',
  drafts: 'fencing-study.drafts',
  chapters: 'fencing-study.chapters',
  lab: 'fencing-study.lab',
  attempts: (q) => `fencing-study.attempts.${q}`,
  recall: 'fencing-study.recall',
  /** Where the unreadable text found under the full key `key` is kept, as it was. */
  quarantine: (key) => key.replace(/^fencing-study\./, 'fencing-study.quarantine.'),
  /** Version 6 kept each question's finished attempts here. */
  oldAttempts: (q) => `fencing-study.progress.attempts.${q}`,
};

/** Store `items` (key → text) before the app starts, from a page of `env` closed at once. */
export async function seed(env, items) {
  const page = await env.page('intro');
  await page.evaluate((all) => { for (const [k, v] of all) localStorage.setItem(k, v); }, Object.entries(items));
  await page.close();
}

/**
 * The self-test page as a learner finds its parts: each question by its anchor, then by role
 * and label — the answer box, the reveal button, a scoring point by its words, a rating.
 */
export function selfTest(page) {
  return {
    question(id) {
      const section = page.locator(`section.question#${id}`);
      return {
        section,
        answer: section.getByRole('textbox'),
        state: section.locator('.q-state'),
        points: section.locator('.points').getByRole('checkbox'),
        /** The scoring point whose words match `words`. */
        point: (words) => section.locator('.points').getByRole('checkbox', { name: words }),
        /** This app's 没把握 mark, beside the rating. */
        unsure: section.getByRole('checkbox', { name: /^没把握/ }),
        reveal: () => section.getByRole('button', { name: '展开参考答案与评分点' }).click(),
        rate: (level) => section.getByRole('button', { name: new RegExp(level) }).click(),
      };
    },
  };
}
