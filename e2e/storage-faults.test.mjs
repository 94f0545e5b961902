// Storage faults, injected before the app starts: corrupted data, a newer schema, storage
// that throws on access, a full quota. The app keeps working and says so; nothing is lost.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { arrive, live, start } from './harness.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });
beforeEach(() => env.clearStorage());

const KEY = 'fencing-study.progress';
const notice = (page) => page.locator('.storage-notice');

/** A page whose storage holds `raw` under the progress key (and `more`) when the app starts. */
async function withStored(raw, path = 'self-test', more = {}) {
  const seed = await env.page('intro');
  await seed.evaluate((items) => { for (const [k, v] of items) localStorage.setItem(k, v); }, [[KEY, raw], ...Object.entries(more)]);
  await seed.close();
  return env.page(path);
}

test('corrupted data is quarantined, never deleted silently, and can be exported or dropped', async () => {
  const page = await withStored('{"version": 2, "questions": oops');
  assert.match(await notice(page).textContent(), /本地记录中有无法读取的内容.*原始内容已另存，未删除；其余记录照常使用/);
  assert.equal(await page.evaluate(() => localStorage.getItem('fencing-study.progress.quarantine')), '{"version": 2, "questions": oops');
  // Work goes on and is saved.
  await page.locator('#q1-answer').fill('照常作答');
  await page.waitForFunction((k) => localStorage.getItem(k).includes('"answer":"照常作答"'), KEY);
  await notice(page).getByRole('link').click();
  await arrive(page, /\/progress$/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出原始内容' }).click()]);
  assert.ok(download.suggestedFilename().startsWith('fencing-study-unreadable'));
  await page.getByRole('button', { name: '丢弃' }).click();
  assert.equal(await page.evaluate(() => localStorage.getItem('fencing-study.progress.quarantine')), null);
  assert.ok(await notice(page).isHidden());
});

test('an unreadable attempts list is kept aside; the other questions keep their attempts', async () => {
  const attempt = (answer) => ({ answer, ticked: [], rating: 'full', at: 1764600000000, wording: 2 });
  const head = JSON.stringify({ version: 6, questions: { q1: { current: { answer: '', revealed: false, ticked: [], updated_at: 1 } }, q2: { current: { answer: '', revealed: false, ticked: [], updated_at: 1 } } } });
  const broken = '[{"answer": 7}]';
  const page = await withStored(head, 'progress', { [`${KEY}.attempts.q1`]: JSON.stringify([attempt('保住的回答')]), [`${KEY}.attempts.q2`]: broken });
  await page.waitForFunction(() => document.querySelector('.storage-notice')?.textContent.includes('题目 q2'));
  assert.match(await notice(page).textContent(), /本地记录中有无法读取的内容（题目 q2 的历次作答无法读取：invalid type: integer `7`, expected a string/);
  assert.equal(await page.evaluate(() => localStorage.getItem('fencing-study.progress.quarantine')), broken);
  // The notice may come from the page's other module first: wait for the table to fill.
  await page.waitForFunction(() => document.querySelector('.question-status tbody td:nth-child(3)')?.textContent === '1');
  const counts = await page.locator('.question-status tbody td:nth-child(3)').allTextContents();
  assert.deepEqual(counts.slice(0, 2).map(Number), [1, 0]);
  // The next rating of q2 writes a readable list again; q1's attempt stays.
  await page.goto(env.url + 'self-test');
  await live(page);
  await page.locator('#q2-answer').fill('重新作答');
  await page.locator('section.question#q2').getByRole('button', { name: '展开参考答案与评分点' }).click();
  await page.locator('section.question#q2').getByRole('button', { name: /完整答出/ }).click();
  const lists = await page.evaluate((k) => [1, 2].map((q) => JSON.parse(localStorage.getItem(`${k}.attempts.q${q}`)).map((a) => a.answer)), KEY);
  assert.deepEqual(lists, [['保住的回答'], ['重新作答']]);
});

test('data from a newer schema puts the app in read-only mode and is never overwritten', async () => {
  const newer = JSON.stringify({ version: 99, chapters: {}, questions: { q1: { current: { answer: '来自未来', revealed: false, ticked: [], updated_at: 1 }, attempts: [] } }, future_field: true });
  const page = await withStored(newer);
  assert.match(await notice(page).textContent(), /更新版本.*只读/);
  assert.equal(await page.locator('#q1-answer').inputValue(), '来自未来');
  await page.locator('#q2-answer').fill('在内存里');
  await page.goto(page.url().replace('self-test', 'timeline'));
  await live(page);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), KEY), newer);
});

test('storage that throws on access: the app runs in memory and says so', async () => {
  const page = await env.page(null);
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('blocked', 'SecurityError'); } });
  });
  await page.goto(env.url + 'self-test');
  await live(page);
  assert.match(await notice(page).textContent(), /禁止本站使用本地存储.*内存/);
  await page.locator('#q1-answer').fill('只在内存里');
  await page.getByRole('button', { name: '展开参考答案与评分点' }).first().click();
  assert.equal(await page.locator('#q1-answer').inputValue(), '只在内存里');
  // Each page is its own document: leaving it loses what only lived in memory, as the notice said.
  assert.match(await notice(page).textContent(), /离开或刷新本页后就会丢失/);
});

test('a full quota on write: the app keeps the text in memory and says so', async () => {
  const page = await env.page(null);
  await page.addInitScript(() => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (k === 'fencing-study.progress' && String(v).includes('写不进去')) throw new DOMException('full', 'QuotaExceededError');
      return set.call(this, k, v);
    };
  });
  await page.goto(env.url + 'self-test');
  await live(page);
  await page.locator('#q1-answer').fill('写不进去的回答');
  await notice(page).filter({ hasText: '本地存储已满' }).waitFor();
  assert.equal(await page.locator('#q1-answer').inputValue(), '写不进去的回答');
  await page.locator('#q1-answer').fill('短');
  await notice(page).waitFor({ state: 'hidden' });
});
