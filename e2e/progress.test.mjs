// The progress page in a real browser: what was read, run and rated, what its numbers count,
// where to go on, what an export saved; export → import is the identity, a bad file changes
// nothing.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { arrive, live, start } from './harness.mjs';
import { exported, exportedOnce } from './lesson.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });
beforeEach(() => env.clearStorage());

const card = (page, id) => page.locator(`section.question#${id}`);

test('the progress page shows what was read, run and rated', async () => {
  const page = await env.page('timeline');
  await page.goto(env.url + 'explore');
  await live(page);
  // Switching a defect on is a run, once its result has been on screen for a moment.
  await page.getByLabel(/^no-fence/).check();
  await exportedOnce(page, (doc) => doc.runs['fencing/no-fence']);
  await page.goto(env.url + 'self-test');
  await live(page);
  const q4 = card(page, 'q4');
  await q4.locator('textarea').fill('op_seq 字典序');
  await q4.getByRole('button', { name: '展开参考答案与评分点' }).click();
  await q4.getByRole('button', { name: /部分答出/ }).click();
  // Written and compared but not yet rated, and only written: both said, not shown as nothing.
  const q1 = card(page, 'q1');
  await q1.locator('textarea').fill('资源在提交处检查 fence');
  await q1.getByRole('button', { name: '展开参考答案与评分点' }).click();
  await card(page, 'q2').locator('textarea').fill('发号与授予在同一原子步骤');
  await exportedOnce(page, (doc) => JSON.stringify(doc).includes('同一原子步骤'));
  await page.goto(env.url + 'progress');
  await live(page);
  const standing = await page.locator('tbody td.standing').allTextContents();
  assert.deepEqual(standing, ['已对照，待自评', '作答中，草稿已存', '未作答', '部分答出']);
  // …and named first among the next steps, each a way back to its question.
  const next = page.locator('.next-list a');
  assert.deepEqual((await next.allTextContents()).slice(0, 2), ['回到第 1 题（已对照，待自评）', '回到第 2 题（作答中，草稿已存）']);
  assert.match(await next.first().getAttribute('href'), /\/self-test#q1-state$/);
  // It lands at the answer in progress, past the question's tables: the locked answer follows.
  const there = await env.page(null);
  await there.setViewportSize({ width: 390, height: 844 });
  await there.goto(await next.first().evaluate((a) => a.href));
  await live(there);
  await there.waitForFunction(() => {
    const r = document.getElementById('q1-state').getBoundingClientRect();
    return r.top >= document.querySelector('.topbar').getBoundingClientRect().bottom && r.top < innerHeight / 2;
  });
  assert.equal(await card(there, 'q1').getByText('你的回答（已锁定，对照参考答案）').isVisible(), true);
  await there.close();
  const summary = await page.locator('.summary figcaption').textContent();
  assert.match(summary, /自测已自评 1\/4/);
  assert.match(summary, /课程实验已运行 1\/5/);
  // Each bar's count is explained under the picture.
  assert.match(await page.getByText(/^「自测已自评」/).textContent(), /至少自评过一次的题数；「完整答出」：其中最近一次自评为「完整答出」的题数/);
  const row = page.locator('tbody tr', { hasText: '第 4 题' });
  assert.match(await row.textContent(), /部分答出.*1/);
  assert.match(await page.locator('.chapter-status li', { hasText: '41、42、41' }).textContent(), /已(打开|读完)/);
  assert.match(await page.locator('.run-list li', { hasText: 'fencing · no-fence' }).first().textContent(), /运行 1 次/);
  // Every experiment the model can run is listed: 16 fencing combinations, operations with and without no-fence.
  assert.equal(await page.locator('.run-list li').count(), 18);
  assert.match(await page.locator('.run-list li', { hasText: 'operations · no-fence' }).textContent(), /未运行/);
  // The lesson's five commands first, titled and linked to their views; the rest folded.
  const lesson = page.locator('.lesson-runs li');
  assert.deepEqual(await lesson.locator('a').allTextContents(), ['正确版本', '关闭资源检查', '拆开发号与授予', '恢复旧 issuer', '多次写与业务身份']);
  assert.equal(await lesson.getByRole('link', { name: '关闭资源检查' }).getAttribute('href'), '/explore?variant=no-fence');
  assert.equal(await page.locator('.other-runs li').count(), 13);
  assert.equal(await page.locator('.other-runs li').first().isVisible(), false, 'folded');
  // Backup comes right after the overview; where the data lives, last.
  assert.deepEqual(await page.locator('.progress-page section > h2').allTextContents(), ['接下来', '备份与迁移', '今天的复习', '闭卷自测', '三轮追问', '实验', '挑战（你来调度，本学习台补充）', '章节', '预测', '记录存在哪里']);
  assert.deepEqual(page.problems, []);
});

test('the progress page says what its numbers count, where to go on, and what an export saved', async () => {
  const page = await env.page('progress');
  assert.equal(await page.locator('.runs-denominator').textContent(), '「课程实验」数的是第 7 章五条命令的五种开关组合：在第 7 章点「运行」，或在实验台用同一组合运行（改过数值也算），都计入。缺陷开关共有 18 种组合（fencing 16 种、operations 2 种），其余组合运行过的在括号里另计；自建场景（model）的运行不计入。');
  await page.locator('.next-list').waitFor();
  const next = await page.locator('.next-list a').allTextContents();
  assert.equal(next[0], '从第 1 章读起 · 引言');
  assert.ok(next.includes('闭卷自测还有 4 道题尚未开始'), next.join());
  assert.ok(next.some((t) => t.startsWith('挑战：')), next.join());
  await page.locator('.next-list a').first().click();
  await arrive(page, /\/intro$/);
  // Onward after the furthest chapter read, not back to the first one left unread; a chapter
  // only opened (the lab chapter, to run a command) does not move it.
  await page.clock.install();
  await page.goto(env.url + 'timeline');
  await live(page);
  await page.clock.runFor(120_000);
  await page.keyboard.press('End');
  await exportedOnce(page, (doc) => doc.chapters.timeline?.read_at > 0);
  await page.goto(env.url + 'lab');
  await live(page);
  await page.goto(env.url + 'progress');
  await live(page);
  assert.equal(await page.locator('.next-list a').first().textContent(), '接着读第 4 章 · 发号与授予同属一个原子权威');
  // …and the chapters left unread on the way are named, not passed over in silence (chapter 1
  // was opened a moment ago: read or not, depending on its reading time).
  assert.match(await page.locator('.next-list a').nth(1).textContent(), /^回头补读第 (1 章 · 引言（共 2 章待补）|2 章 · owner、租期与资源授权)$/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出进度（JSON）' }).click()]);
  const name = download.suggestedFilename();
  assert.match(await page.locator('.exported').textContent(), new RegExp(`^已导出 ${name.replace(/\./g, '\\.')}（\\d+\\.\\d KB）：打开过的章节 3 章（其中读完 \\d 章）、已自评的作答 0 次、写下但未自评的回答 0 份`));
  assert.deepEqual(page.problems, []);
});

test('export then import is the identity; a bad file changes nothing', async () => {
  const page = await env.page('self-test');
  await card(page, 'q1').locator('textarea').fill('导出前的回答');
  await card(page, 'q1').getByRole('button', { name: '展开参考答案与评分点' }).click();
  await card(page, 'q1').getByRole('button', { name: /完整答出/ }).click();
  await page.goto(env.url + 'progress');
  await live(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出进度（JSON）' }).click()]);
  const file = await readFile(await download.path(), 'utf8');
  const before = await exported(page);
  assert.deepEqual(JSON.parse(file), before);
  assert.equal(before.questions.q1.attempts.length, 1);

  // A malformed file: a clear error, and nothing changes.
  const input = page.locator('input[type=file]');
  await input.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"version": 2, "questions": 5}') });
  await page.locator('.transfer [role=alert]:not([hidden])').waitFor();
  assert.match(await page.locator('.transfer [role=alert]').textContent(), /未导入：无法作为进度文件导入/);
  assert.deepEqual(await exported(page), before);

  // Reset (behind a confirmation), then import the export back with "replace".
  await page.getByRole('button', { name: '清除全部记录…' }).click();
  assert.ok(await page.locator('dialog[open]').isVisible());
  await page.getByRole('button', { name: '确认清除' }).click();
  assert.deepEqual((await exported(page)).questions, {});
  await input.setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  await page.locator('.import-preview').waitFor();
  assert.match(await page.locator('.import-preview').textContent(), /作答记录 1 次/);
  assert.equal(Object.keys((await exported(page)).questions).length, 0, 'nothing changes before confirming');
  await page.getByRole('button', { name: '替换' }).click();
  assert.deepEqual(await exported(page), JSON.parse(file));
  assert.deepEqual(page.problems, []);
});
