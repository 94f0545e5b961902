// The lesson's three follow-up questions as recall cards (this app's addition): the lesson's
// answer stays folded until the learner has written one; what was written is kept over a
// reload, in the export, and through an import.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { live, start } from './harness.mjs';
import { exported } from './lesson.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });
beforeEach(() => env.clearStorage());

test('a follow-up card unfolds the lesson answer only once the learner has written one, and keeps it', async () => {
  const page = await env.page('follow-ups');
  const cards = page.locator('section.recall');
  assert.equal(await cards.count(), 3);
  const first = cards.first();
  assert.match(await first.locator('.qa-q').textContent(), /^第一问：既然能 fence，为何还要 owner？/);
  assert.doesNotMatch(await first.textContent(), /owner 防续租\/释放误操作/, 'the answer is folded');
  const write = first.getByRole('button', { name: '写好了，展开课文的答案' });
  assert.equal(await write.isDisabled(), true, 'nothing written, nothing to unfold');
  // Typed but not yet written: kept for this tab over a reload, still folded.
  await first.getByRole('textbox').fill('还没写完');
  await page.reload();
  await live(page);
  assert.equal(await first.getByRole('textbox').inputValue(), '还没写完');
  assert.doesNotMatch(await first.textContent(), /owner 防续租/);
  await first.getByRole('textbox').fill('owner 管锁本身，fence 管资源');
  await write.click();
  assert.match(await first.textContent(), /答：owner 防续租\/释放误操作，fence 保护参与的业务资源/);
  assert.equal(await first.locator('.past-answer').textContent(), 'owner 管锁本身，fence 管资源');

  await page.reload();
  await live(page);
  assert.match(await first.locator('.recall-mine').textContent(), /^你的回答（\d{4}\/\d{1,2}\/\d{1,2} \d{2}:\d{2}）：$/);
  assert.equal(await first.locator('.past-answer').textContent(), 'owner 管锁本身，fence 管资源');
  assert.doesNotMatch(await cards.nth(1).textContent(), /对上述 fence 性质不违规/, 'the others stay folded');

  // Writing again folds the answer until the new one is written; both are kept.
  await first.getByRole('button', { name: '再写一次' }).click();
  assert.doesNotMatch(await first.textContent(), /owner 防续租/);
  await first.getByRole('textbox').fill('第二次：两个操作域');
  await first.getByRole('button', { name: '写好了，展开课文的答案' }).click();
  assert.equal(await first.locator('> .past-answer').textContent(), '第二次：两个操作域');
  assert.match(await first.locator('.history summary').textContent(), /此前写过的回答（1 次）/);

  const doc = await exported(page);
  assert.deepEqual(Object.keys(doc.recall), ['follow-ups-b0']);
  assert.deepEqual(doc.recall['follow-ups-b0'].map((w) => w.answer), ['owner 管锁本身，fence 管资源', '第二次：两个操作域']);
  assert.deepEqual(page.problems, []);
});

test('the written answers come back through an export and import, and count on the progress page', async () => {
  const page = await env.page('follow-ups');
  await page.locator('section.recall').nth(2).getByRole('textbox').fill('商户业务键、可查询结果');
  await page.locator('section.recall').nth(2).getByRole('button', { name: '写好了，展开课文的答案' }).click();
  const doc = await exported(page);
  await env.clearStorage();
  const before = await env.page('progress');
  assert.match(await before.locator('.recall-count').textContent(), /已写下回答的追问：0\/3/);
  await before.close();
  const progress = await env.page('progress');
  await progress.locator('input[type=file]').setInputFiles({ name: 'p.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
  assert.match(await progress.locator('.import-preview').textContent(), /追问回答 1 份/);
  await progress.getByRole('button', { name: '替换' }).click();
  assert.match(await progress.locator('.recall-count').textContent(), /已写下回答的追问：1\/3/);
  const again = await env.page('follow-ups');
  assert.equal(await again.locator('section.recall').nth(2).locator('.past-answer').textContent(), '商户业务键、可查询结果');
  assert.deepEqual(again.problems, []);
});
