// Years of use: a heavy learner's document (2,000 attempts of 500 characters, every chapter,
// every run, 500 predictions, review schedules) loads, renders the progress page, takes a new
// draft and a new rating without dropping anything, says how much of the quota it uses, and its
// export re-imports. Speed is measured by tools/years-bench.mjs, not asserted here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { live, start } from './harness.mjs';
import { STORED, exported, seed } from './lesson.mjs';
import { heavyDocument } from './heavy.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

const attemptsIn = (doc) => Object.values(doc.questions).reduce((n, q) => n + q.attempts.length, 0);

test('a heavy document of years of use loads, renders, saves and re-imports whole', async () => {
  const doc = heavyDocument();
  const raw = JSON.stringify(doc);
  await seed(env, { [STORED.progress]: raw });

  const page = await env.page('progress');
  await page.waitForFunction(() => /\d/.test(document.querySelector('.question-status tbody td:nth-child(3)')?.textContent ?? ''));
  const counts = await page.locator('.question-status tbody td:nth-child(3)').allTextContents();
  assert.deepEqual(counts.map(Number), [500, 500, 500, 500]);
  assert.match(await page.locator('.prediction-summary').textContent(), /共预测 500 次，其中全部正确 250 次（50%）/);
  // How much of the quota the document takes, counted as localStorage counts (UTF-16 units;
  // the app writes numbers as 1.0 where JavaScript writes 1, so within a few percent).
  const [, millions, share] = (await page.locator('.quota').textContent()).match(/本机记录约 ([\d.]+) M 个字符，占 localStorage 常见上限（每个网站 5\.24 M 个字符.*）的 ([\d.]+)%/);
  assert.ok(Math.abs(millions * 1e6 - raw.length) / raw.length < 0.05, `${millions} M vs ${raw.length}`);
  assert.ok(Math.abs((millions * 1e6 * 100) / 5_242_880 - share) < 0.2, `${share}%`);

  // A new draft and a new rating: every earlier attempt is still there.
  await page.goto(env.url + 'self-test');
  await live(page);
  const q1 = page.locator('section.question#q1');
  await q1.locator('textarea').fill('多年以后的又一次回答');
  await q1.getByRole('button', { name: '展开参考答案与评分点' }).click();
  await q1.getByRole('button', { name: /完整答出/ }).click();
  const stored = await exported(page);
  assert.equal(attemptsIn(stored), 2001);
  assert.equal(stored.questions.q1.attempts.at(-1).answer, '多年以后的又一次回答');
  assert.deepEqual(stored.questions.q2.attempts, doc.questions.q2.attempts);

  // The export of this document re-imports to the same document.
  await page.goto(env.url + 'progress');
  await live(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出进度（JSON）' }).click()]);
  const file = await readFile(await download.path());
  await page.getByRole('button', { name: '清除全部记录…' }).click();
  await page.getByRole('button', { name: '确认清除' }).click();
  await page.locator('input[type=file]').setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: file });
  await page.locator('.import-preview').waitFor();
  assert.match(await page.locator('.import-preview').textContent(), /作答记录 2001 次/);
  await page.getByRole('button', { name: '替换' }).click();
  const back = await exported(page);
  assert.deepEqual(back, JSON.parse(file.toString('utf8')));
  assert.equal(attemptsIn(back), 2001);
  assert.deepEqual(page.problems, []);
});
