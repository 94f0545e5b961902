// Storage faults, injected before the app starts: corrupted data, a newer schema, storage
// that throws on access, a full quota. The app keeps working and says so; nothing is lost.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { arrive, live, start } from './harness.mjs';
import { STORED, seed } from './lesson.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });
beforeEach(() => env.clearStorage());

const notice = (page) => page.locator('.storage-notice');

/** A page whose storage holds `items` (key → text) when the app starts. */
async function withStored(items, path = 'self-test') {
  await seed(env, items);
  return env.page(path);
}

test('corrupted data is quarantined, never deleted silently, and can be exported or dropped', async () => {
  // Where versions 1–6 kept everything.
  const page = await withStored({ [STORED.progress]: '{"version": 2, "questions": oops' });
  assert.match(await notice(page).textContent(), /本地记录中有无法读取的内容.*原始内容已原样另存到 fencing-study\.quarantine\.progress；读不出的项改用本页现有的记录（打开页面时就读不出的，从空白开始），其余记录照常使用/);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), STORED.quarantine(STORED.progress)), '{"version": 2, "questions": oops');
  // Work goes on and is saved.
  await page.locator('#q1-answer').fill('照常作答');
  await page.waitForFunction((k) => localStorage.getItem(k)?.includes('"answer":"照常作答"'), STORED.drafts);
  await notice(page).getByRole('link').click();
  await arrive(page, /\/progress$/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出原始内容' }).click()]);
  assert.ok(download.suggestedFilename().startsWith('fencing-study-unreadable'));
  await page.getByRole('button', { name: '丢弃' }).click();
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), STORED.quarantine(STORED.progress)), null);
  assert.ok(await notice(page).isHidden());
});

test('an unreadable attempts list of the version-6 layout is kept aside; the other questions keep their attempts', async () => {
  const attempt = (answer) => ({ answer, ticked: [], rating: 'full', at: 1764600000000, wording: 2 });
  const head = JSON.stringify({ version: 6, questions: { q1: { current: { answer: '', revealed: false, ticked: [], updated_at: 1 } }, q2: { current: { answer: '', revealed: false, ticked: [], updated_at: 1 } } } });
  const broken = '[{"answer": 7}]';
  const page = await withStored({ [STORED.progress]: head, [STORED.oldAttempts('q1')]: JSON.stringify([attempt('保住的回答')]), [STORED.oldAttempts('q2')]: broken }, 'progress');
  await page.waitForFunction(() => document.querySelector('.storage-notice')?.textContent.includes('题目 q2'));
  assert.match(await notice(page).textContent(), /本地记录中有无法读取的内容——题目 q2 的历次作答：不符合第 6 版格式（invalid type: integer `7`, expected a string/);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), STORED.quarantine(STORED.oldAttempts('q2'))), broken);
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
  const lists = await page.evaluate((keys) => keys.map((k) => JSON.parse(localStorage.getItem(k)).attempts.map((a) => a.answer)), [STORED.attempts('q1'), STORED.attempts('q2')]);
  assert.deepEqual(lists, [['保住的回答'], ['重新作答']]);
});

test('an unreadable text another tab writes while a page is open is kept aside before that page saves over it', async () => {
  const page = await env.page('self-test');
  const other = await env.page(null);
  await other.goto(env.url + 'intro', { waitUntil: 'commit' });
  await other.evaluate((k) => localStorage.setItem(k, '{"version": 10, "questions": 写坏了'), STORED.drafts);
  await other.close();
  await page.locator('#q1-answer').fill('照常作答');
  await page.waitForFunction((k) => localStorage.getItem(k)?.includes('"answer":"照常作答"'), STORED.drafts);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), STORED.quarantine(STORED.drafts)), '{"version": 10, "questions": 写坏了');
  assert.match(await notice(page).textContent(), /本地记录中有无法读取的内容——自测草稿：.*fencing-study\.quarantine\.drafts/);
  assert.deepEqual(page.problems, []);
});

test('data from a newer schema puts the app in read-only mode and is never overwritten', async () => {
  const newer = { [STORED.progress]: '{"version":99}', [STORED.drafts]: JSON.stringify({ version: 99, questions: { q1: { current: { answer: '来自未来', revealed: false, ticked: [], updated_at: 1 } } }, future_field: true }) };
  const page = await withStored(newer);
  assert.match(await notice(page).textContent(), /自测记录中有更新版本学习台写入的内容（第 99 版格式），本页可能显示不全。本页不会改写它，对这部分的改动也不会保存/);
  assert.equal(await page.locator('#q1-answer').inputValue(), '来自未来');
  await page.locator('#q2-answer').fill('在内存里');
  await page.goto(page.url().replace('self-test', 'timeline'));
  await live(page);
  assert.deepEqual(await page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])), Object.keys(newer)), newer);
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
  await page.addInitScript((drafts) => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (k === drafts && String(v).includes('写不进去')) throw new DOMException('full', 'QuotaExceededError');
      return set.call(this, k, v);
    };
  }, STORED.drafts);
  await page.goto(env.url + 'self-test');
  await live(page);
  await page.locator('#q1-answer').fill('写不进去的回答');
  await notice(page).filter({ hasText: '本地存储已满' }).waitFor();
  assert.equal(await page.locator('#q1-answer').inputValue(), '写不进去的回答');
  await page.locator('#q1-answer').fill('短');
  await notice(page).waitFor({ state: 'hidden' });
});
