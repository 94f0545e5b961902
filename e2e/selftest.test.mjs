// The closed-book self-test in a real browser: recall, reveal, tick, rate, reload; two tabs;
// learner text stays text. The progress page and export → import: progress.test.mjs.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { arrive, live, start } from './harness.mjs';
import { STORED, exported, exportedOnce, seed, selfTest } from './lesson.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });
beforeEach(() => env.clearStorage());

const card = (page, id) => page.locator(`section.question#${id}`);

test('recall, reveal, tick, rate — and all of it survives a reload', async () => {
  const page = await env.page('self-test');
  const q1 = card(page, 'q1');
  assert.equal(await q1.locator('.q-state').textContent(), '未作答');
  assert.equal(await q1.locator('.q-reference').count(), 0, 'the reference answer is hidden at first');
  await q1.locator('textarea').fill('owner 只防误删误续；检查放在资源提交处');
  assert.equal(await q1.locator('.q-state').textContent(), '作答中');
  await page.reload();
  await live(page);
  assert.equal(await q1.locator('textarea').inputValue(), 'owner 只防误删误续；检查放在资源提交处');

  await q1.getByRole('button', { name: '展开参考答案与评分点' }).click();
  assert.equal(await q1.locator('.q-state').textContent(), '已对照');
  assert.match(await q1.locator('.q-reference > p').first().textContent(), /^设计一的问题在授权权威的跨故障单调性/);
  const { points, point } = selfTest(page).question('q1');
  assert.equal(await points.count(), 11);
  // The suggestion follows the points ticked, by the rule the page states; the choice stays the learner's.
  const suggestion = q1.locator('.suggested-rating');
  // Before a point is ticked, the rule alone: no level is marked as suggested yet.
  assert.match(await suggestion.textContent(), /^先对照参考答案，勾出你答对的评分点（提到了但用错的不算）.*规则：勾到九成及以上为完整答出（课文评分点满 10 个的题可漏一个，不满 10 个须全勾），一半及以上为部分答出，不到一半为没想起来。$/);
  assert.equal(await q1.locator('.suggested-tag').count(), 0, 'no level suggested before a point is ticked');
  await point(/设计一：第 8 步/).check();
  await point(/设计一的修复在授权权威/).check();
  assert.match(await suggestion.textContent(), /（2\/11），建议：没想起来/);
  assert.match(await q1.locator('button.rate.suggested').textContent(), /^没想起来/);
  assert.equal(await q1.locator('.suggested-tag').count(), 1);
  assert.equal(await q1.locator('button.rate.suggested .suggested-tag').textContent(), '建议');
  await q1.getByRole('button', { name: /部分答出/ }).click();
  assert.match(await q1.locator('.q-state').textContent(), /^已自评 · 当前：部分答出 · 上次勾了 2\/11 个评分点 · 下次复习：/);
  // The attempt just rated stays in view, read-only: nothing looks lost.
  const rated = q1.locator('.q-just-rated');
  assert.match(await rated.locator('.q-rated-line').textContent(), /^已保存这次作答 · 部分答出 · 勾了 2\/11 个评分点 · 下次复习：/);
  assert.equal(await rated.locator('.past-answer').textContent(), 'owner 只防误删误续；检查放在资源提交处');
  assert.equal(await rated.locator('li.ticked').count(), 2);
  assert.equal(await q1.locator('textarea').isVisible(), false);
  assert.equal(await page.evaluate(() => document.activeElement.textContent), '重新作答');

  // On a later visit: the rating, the points ticked and the next review; the answer waits for the reveal.
  await page.reload();
  await live(page);
  assert.match(await q1.locator('.q-state').textContent(), /^已自评 · 当前：部分答出 · 上次勾了 2\/11 个评分点 · 下次复习：/);
  assert.equal(await q1.locator('.q-just-rated').count(), 0);
  // Recall comes first: the history waits for the next reveal.
  assert.match(await q1.locator('.history-later').textContent(), /之前的 1 次作答记录/);
  const doc = await exported(page);
  assert.equal(doc.version, 10);
  assert.deepEqual(doc.questions.q1.attempts.map((a) => [a.rating, a.ticked, a.answer, a.wording]), [['partial', [1, 3], 'owner 只防误删误续；检查放在资源提交处', 8]]);

  // A retake keeps the history; the latest rating is the current level.
  await q1.locator('textarea').fill('第二次');
  await q1.getByRole('button', { name: '展开参考答案与评分点' }).click();
  await q1.getByRole('button', { name: /完整答出/ }).click();
  assert.match(await q1.locator('.q-state').textContent(), /^已自评 · 当前：完整答出 · 上次勾了 0\/11 个评分点 · 下次复习：/);
  await q1.getByRole('button', { name: '重新作答' }).click();
  assert.equal(await q1.locator('textarea').inputValue(), '', 'a new attempt starts empty');
  assert.match(await q1.locator('.history-later').textContent(), /之前的 2 次作答记录/);
  assert.deepEqual(page.problems, []);
});

test('the revealed part is fetched while the learner writes, so the reveal shows it at once', async () => {
  const page = await env.page('self-test');
  const q3 = card(page, 'q3');
  await q3.locator('textarea').fill('先写下记得的内容');
  await page.waitForLoadState('networkidle');
  // Any loading line the reveal puts up in the question's place is seen, however brief.
  await page.evaluate(() => {
    window.loadingSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('section.question#q3 [data-piece=loading]')) window.loadingSeen = true;
    }).observe(document.querySelector('section.question#q3'), { childList: true, subtree: true });
  });
  await q3.getByRole('button', { name: '展开参考答案与评分点' }).click();
  await q3.locator('.q-reference').waitFor();
  assert.equal(await page.evaluate(() => window.loadingSeen), false);
  assert.deepEqual(page.problems, []);
});

test('typing is saved in batches, not on every keystroke', async () => {
  const page = await env.page(null);
  await page.addInitScript((drafts) => {
    window.draftWrites = 0;
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (k === drafts) window.draftWrites++;
      return set.call(this, k, v);
    };
  }, STORED.drafts);
  await page.goto(env.url + 'self-test');
  await live(page);
  await card(page, 'q2').locator('textarea').pressSequentially('资源保存 max_fence 并在提交处比较', { delay: 20 });
  assert.equal(await card(page, 'q2').locator('.q-state').textContent(), '作答中', 'the page follows the typing at once');
  await page.waitForFunction((k) => JSON.parse(localStorage.getItem(k) ?? '{}').questions?.q2?.current.answer === '资源保存 max_fence 并在提交处比较', STORED.drafts);
  assert.ok(await page.evaluate(() => window.draftWrites) <= 2, `${await page.evaluate(() => window.draftWrites)} writes for 21 keystrokes`);
  assert.deepEqual(page.problems, []);
});

test('an answer typed and the tab closed at once is not lost', async () => {
  const page = await env.page('self-test');
  await card(page, 'q3').locator('textarea').fill('刚写完就关掉标签页');
  await page.close();
  const again = await env.page('self-test');
  assert.equal(await card(again, 'q3').locator('textarea').inputValue(), '刚写完就关掉标签页');
  assert.deepEqual(again.problems, []);
});

test('leaving the answer box saves at once', async () => {
  const page = await env.page('self-test');
  await card(page, 'q4').locator('textarea').fill('失焦即保存');
  await page.getByRole('heading', { level: 1 }).click();
  assert.equal((await exported(page)).questions.q4.current.answer, '失焦即保存');
});

// The four questions cover the lesson's core: each is recalled, revealed, scored point by
// point and rated; the attempt records the wording it answered.
test('each question tests its part of the core and is scored point by point', async () => {
  const page = await env.page('self-test');
  const wants = {
    q1: [11, /设计二：第 11 步 A 带 43 覆盖了第 8 步已提交的 B 的结果/, /43 不属于任何授予、没有代际，只答“代际后退”不得分/, /generation 放在不随租约过期的单独键里/, /同一 request_id 重试：授权权威返回原结果/],
    q2: [10, /随机 owner 加原子比较只防 A 删除或延长 B 的锁/, /fence 不是防伪造的凭据/, /并且要证明它依赖的时钟与通信前提（这两件都要答出/, /这不违反任何一条性质：资源只知道已持久接受的最大代际/, /最小修改：让比较与写入落在同一个原子步骤/, /“本地还剩 5 秒”不是跨进程事实/],
    q3: [11, /第 7 条 duplicate，不是 stale/, /须「检测缺口并排序\/重试」（答出这两点即得分/, /第 5 条 applied：第 3 条（重复，只读）与第 4 条（冲突）都没有把 fence 推进到 42/, /去重记录被删后，第 3 条被当成新操作/, /去重记录的寿命须覆盖/, /这次合法的重试被误判为冲突/],
    q4: [12, /推荐只靠存储的条件写（方案 A）：资源自身已有串行裁决/, /这次没拿到提交权：放弃这次结果，不为它发邮件/, /两封：按关键限定/, /邮件按报表的业务身份去重，键如报表 ID \+ 周期/, /Kafka 事务的原子域不包含外部邮件 API/],
  };
  // The second scoring point of each, by its words.
  const second = { q1: /设计一：第 8 步/, q2: /A 的自查只对第 8 步那一刻成立/, q3: /第 3 条 duplicate/, q4: /旧 worker 可能留下未被指针引用的对象/ };
  for (const [id, [count, ...points]] of Object.entries(wants)) {
    const q = card(page, id);
    await q.locator('textarea').fill(`${id} 的回忆`);
    await q.getByRole('button', { name: '展开参考答案与评分点' }).click();
    // The revealed part is a piece of its own, fetched at the first reveal.
    await q.locator('.points label').first().waitFor();
    const labels = await q.locator('.points label').allTextContents();
    // Points marked as this app's are said not to count toward the suggestion, where there are any.
    assert.equal(/不计入/.test(await q.locator('.suggested-rating').textContent()), labels.some((l) => l.startsWith('（本学习台补充）')), id);
    assert.equal(labels.length, count, id);
    for (const p of points) assert.ok(labels.some((l) => p.test(l)), `${id}: ${p}`);
    await selfTest(page).question(id).point(second[id]).check();
    await q.getByRole('button', { name: /部分答出/ }).click();
    assert.match(await q.locator('.q-state').textContent(), /^已自评 · 当前：部分答出/);
  }
  // The trace of q1's second design and q3's six operations are what the learner reads first.
  assert.equal(await card(page, 'q1').getByRole('table').filter({ hasText: 'A 取号：43' }).count(), 1);
  assert.equal(await card(page, 'q3').locator('tbody tr').count(), 7);
  const doc = await exported(page);
  assert.deepEqual(Object.fromEntries(['q1', 'q2', 'q3', 'q4'].map((id) => [id, doc.questions[id].attempts.map((a) => [a.answer, a.ticked, a.wording])])), {
    q1: [['q1 的回忆', [1], 8]], q2: [['q2 的回忆', [1], 7]], q3: [['q3 的回忆', [1], 6]], q4: [['q4 的回忆', [1], 7]],
  });
  assert.deepEqual(page.problems, []);
});

test('attempts saved against the earlier wording are kept and shown as such', async () => {
  const v2 = await readFile(new URL('../src/storage/fixtures/progress-v2.json', import.meta.url), 'utf8');
  await seed(env, { [STORED.progress]: v2 });
  const page = await env.page('self-test');
  const q2 = card(page, 'q2');
  await q2.getByRole('button', { name: '展开参考答案与评分点' }).click();
  await q2.locator('.history summary').click();
  assert.match(await q2.locator('.history li').textContent(), /部分答出 · 答的是本题改写前的旧版（勾了 2 个评分点）/);
  assert.match(await q2.locator('.past-answer').textContent(), /资源保存 max_fence，提交处比较/);
  // The old draft of q1 is still there, marked as written for the earlier wording.
  assert.equal(await card(page, 'q1').locator('textarea').inputValue(), 'owner 只防误删误续');
  assert.match(await card(page, 'q1').locator('.q-mine').textContent(), /这份草稿写于本题改写之前/);
  // Not recalled: the question points back to its chapter.
  const q4 = card(page, 'q4');
  await q4.getByRole('button', { name: '展开参考答案与评分点' }).click();
  await q4.getByRole('button', { name: /没想起来/ }).click();
  await q4.locator('.reread a').first().click();
  await arrive(page, /\/resource-participation$/);
  assert.deepEqual(page.problems, []);
});

test('on a phone the traces stay compact tables, and the answer box is within a screen of the question', async () => {
  const page = await env.page(null);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(env.url + 'self-test');
  await live(page);
  const q1 = card(page, 'q1');
  // Tables, not one card per step: the header row is shown and each row is one line.
  assert.equal(await q1.locator('.q-context thead').first().isVisible(), true);
  assert.equal(await q1.locator('.q-context tbody tr').first().evaluate((r) => getComputedStyle(r).display), 'table-row');
  const end = await q1.locator('h2').evaluate((e) => e.getBoundingClientRect().bottom);
  const box = await q1.locator('textarea').evaluate((e) => e.getBoundingClientRect().top);
  assert.ok(box - end < 844, `the answer box is ${Math.round(box - end)} px below the question`);
  // The columns past the edge are said in words; after the reveal the answer is at hand again by the points.
  assert.match(await q1.locator('.q-context .table-wrap').first().evaluate((e) => getComputedStyle(e, '::before').content), /左右滑动/);
  await q1.locator('textarea').fill('发号器回退');
  await q1.getByRole('button', { name: '展开参考答案与评分点' }).click();
  await q1.locator('.mine-again summary').click();
  assert.equal(await q1.locator('.mine-again blockquote').textContent(), '发号器回退');
  assert.deepEqual(page.problems, []);
});

test('the follow-up answers are not on the self-test page', async () => {
  const page = await env.page('self-test');
  assert.equal(await page.locator('.qa').count(), 0);
  assert.doesNotMatch(await page.locator('main').textContent(), /owner 防续租\/释放误操作/);
});

test('the whole flow works from the keyboard', async () => {
  const page = await env.page('self-test');
  const q2 = card(page, 'q2');
  await q2.locator('textarea').focus();
  await page.keyboard.type('max_fence');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  assert.equal(await q2.locator('.q-state').textContent(), '已对照');
  await q2.locator('.points input').first().focus();
  await page.keyboard.press('Space');
  assert.ok(await q2.locator('.points input').first().isChecked());
  await q2.getByRole('button', { name: /完整答出/ }).focus();
  await page.keyboard.press('Enter');
  assert.match(await q2.locator('.q-state').textContent(), /^已自评 · 当前：完整答出 · 上次勾了 1\/10 个评分点 · 下次复习：2 天后/);
  // Focus moved to 「重新作答」: Enter starts the next attempt, in the box.
  await page.keyboard.press('Enter');
  assert.equal(await q2.locator('textarea').isVisible(), true);
});

test('the first saved answer asks the browser to keep the data, and the progress page says what it answered', async () => {
  const page = await env.page('self-test');
  await card(page, 'q1').locator('textarea').fill('第一份回答');
  await page.getByRole('link', { name: '学习进度' }).click();
  await arrive(page, /\/progress$/);
  await page.locator('.keeping p', { hasText: '正在向浏览器查询' }).waitFor({ state: 'detached' });
  const said = page.locator('.keeping p', { hasText: /^浏览器(已为本站启用持久存储|按默认的“尽力保存”方式保存本站数据)/ });
  assert.equal(await said.count(), 1);
  assert.match(await page.locator('.keeping .hint').textContent(), /Safari 可能在你使用 Safari 的 7 天里都没有在本站上操作（点按、输入）时清除它；导出的 JSON 文件才是你的备份/);
  assert.deepEqual(page.problems, []);
});

test('an answer with HTML in it is shown as text and runs nothing', async () => {
  const page = await env.page('self-test');
  let dialogs = 0;
  page.on('dialog', async (d) => { dialogs++; await d.dismiss(); });
  const xss = '<img src=x onerror=alert(1)>';
  const q3 = card(page, 'q3');
  await q3.locator('textarea').fill(xss);
  await q3.getByRole('button', { name: '展开参考答案与评分点' }).click();
  await q3.getByRole('button', { name: /没想起来/ }).click();
  assert.equal(await q3.locator('.q-just-rated .past-answer').textContent(), xss);
  await q3.getByRole('button', { name: '重新作答' }).click();
  await q3.getByRole('button', { name: '展开参考答案与评分点' }).click();
  await q3.locator('.history summary').click();
  assert.equal(await q3.locator('.past-answer').textContent(), xss);
  assert.equal(await page.locator('img').count(), 0);
  await page.reload();
  // Live: the saved answers are on the page, so markup in them would have run by now.
  await live(page);
  assert.equal(dialogs, 0);
  assert.equal(await page.locator('img').count(), 0);
});

test('two tabs answering different questions lose nothing', async () => {
  const a = await env.page('self-test');
  const b = await env.page('self-test');
  await card(a, 'q1').locator('textarea').fill('tab A 的回答');
  await card(b, 'q2').locator('textarea').fill('tab B 的回答');
  await card(a, 'q1').locator('textarea').fill('tab A 的回答，补充');
  // What one tab saves appears in the other.
  await b.waitForFunction(() => document.querySelector('#q1-answer').value === 'tab A 的回答，补充');
  await a.waitForFunction(() => document.querySelector('#q2-answer').value === 'tab B 的回答');
  const doc = await exported(a);
  assert.equal(doc.questions.q1.current.answer, 'tab A 的回答，补充');
  assert.equal(doc.questions.q2.current.answer, 'tab B 的回答');
  assert.deepEqual([...a.problems, ...b.problems], []);
});

test('two tabs typing the same answer at once keep both texts, and the learner picks', async () => {
  const a = await env.page('self-test');
  const b = await env.page('self-test');
  const [first, second] = ['甲：owner 防误删误续', '乙：fence 在资源提交处比较'];
  // Both type before either has saved (a draft waits 400 ms): neither has seen the other's text.
  await card(a, 'q1').locator('textarea').fill(first);
  await card(b, 'q1').locator('textarea').fill(second);
  // Both tabs end with the later text in the box and the other kept beside it, in words.
  for (const page of [a, b]) {
    await page.waitForFunction((text) => document.querySelector('#q1-answer').value === text && document.querySelector('#q1 .draft-conflict'), second);
    assert.match(await card(page, 'q1').locator('.draft-conflict').textContent(), new RegExp(`另一份草稿.*${first}`));
  }
  const doc = await exported(a);
  assert.equal(doc.questions.q1.current.answer, second);
  assert.deepEqual(doc.questions.q1.current.conflicts.map((c) => c.answer), [first]);
  // Picking swaps the two; the other tab follows; dropping removes it everywhere; a reload keeps that.
  await card(a, 'q1').getByRole('button', { name: '换用这份草稿' }).click();
  assert.equal(await card(a, 'q1').locator('textarea').inputValue(), first);
  await b.waitForFunction((text) => document.querySelector('#q1-answer').value === text, first);
  assert.equal(await card(b, 'q1').locator('.draft-conflict blockquote').textContent(), second);
  await card(b, 'q1').getByRole('button', { name: '丢弃这份' }).click();
  await a.waitForFunction(() => !document.querySelector('#q1 .draft-conflict'));
  await a.reload();
  await live(a);
  assert.equal(await card(a, 'q1').locator('textarea').inputValue(), first);
  assert.equal(await card(a, 'q1').locator('.draft-conflict').count(), 0);
  assert.deepEqual([...a.problems, ...b.problems], []);
});
