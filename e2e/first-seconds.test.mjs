// The first seconds, on a phone's network and CPU with the cache off: what a learner types,
// ticks or presses before the page is live (js/islands.js) is there after it is live and after
// a reload, beside any draft saved before; and no stored record, however damaged, keeps a page
// from going live (src/storage/store.rs: records are read only once every island is hydrated).
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { live, start } from './harness.mjs';
import { STORED, seed } from './lesson.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });
beforeEach(() => env.clearStorage());

/** A tab on the phone profile of tools/perf-report.mjs, caches off, at `path`, not yet live. */
async function slow(path) {
  const page = await env.page(null);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // A first visit: not from the offline copy an earlier test's page installed.
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(env.url + path, { waitUntil: 'commit' });
  return page;
}
const isLive = (page) => page.evaluate(() => document.documentElement.hasAttribute('data-live'));
/** What happened before live, checked: a test that typed after live proves nothing. */
async function beforeLive(page, act) {
  await act();
  assert.equal(await isLive(page), false, 'the action came before the page was live');
}

test('text typed into an answer box before live stays, with the focus, beside the draft saved before', async () => {
  // A draft of q2 saved on an earlier visit.
  const earlier = await env.page('self-test');
  await earlier.locator('#q2-answer').fill('上次保存的草稿');
  await earlier.waitForFunction((k) => localStorage.getItem(k)?.includes('上次保存的草稿'), STORED.drafts);
  await earlier.close();

  const page = await slow('self-test');
  const q1 = page.locator('#q1-answer'), q2 = page.locator('#q2-answer');
  await q2.waitFor();
  // Until the record is read, a box says its draft is being read, so it never just looks empty.
  assert.match(await q2.getAttribute('placeholder'), /正在读取本浏览器保存的草稿/);
  await beforeLive(page, async () => {
    await q2.fill('页面就绪前写的第二题');
    await q1.fill('页面就绪前写的第一题');
  });
  await live(page);
  assert.equal(await q1.inputValue(), '页面就绪前写的第一题');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'q1-answer');
  assert.equal(await q2.inputValue(), '页面就绪前写的第二题');
  // The draft saved before is not lost: it is kept beside, to pick or drop.
  const kept = page.locator('section.question#q2 .draft-conflict');
  assert.match(await kept.textContent(), /另一份草稿.*上次保存的草稿/);
  assert.equal(await q1.getAttribute('placeholder'), null);
  await page.reload();
  await live(page);
  assert.equal(await q1.inputValue(), '页面就绪前写的第一题');
  assert.equal(await q2.inputValue(), '页面就绪前写的第二题');
  assert.match(await kept.textContent(), /上次保存的草稿/);
  assert.deepEqual(page.problems, []);
});

test('a press before live is held, marked, and done once the page is live: reveal, run, the lab chapter', async () => {
  const page = await slow('self-test');
  const reveal = page.locator('section.question#q3').getByRole('button', { name: '展开参考答案与评分点' });
  await reveal.waitFor();
  await beforeLive(page, () => reveal.click());
  assert.equal(await reveal.getAttribute('data-pending'), '');
  await live(page);
  await page.locator('section.question#q3 .q-reference').waitFor();
  assert.equal(await page.locator('[data-pending]').count(), 0);
  await page.reload();
  await live(page);
  // The reference is a piece of its own, fetched once the record says the question is revealed.
  const saved = await page.locator('section.question#q3 .q-reference').waitFor().then(() => true, () => false);
  assert.ok(saved, 'the reveal was saved');

  const lab = await slow('lab');
  const run = lab.locator('.lab-command').first().locator('.run-btn');
  await run.waitFor();
  await beforeLive(lab, () => run.click());
  await live(lab);
  await lab.locator('.lab-command').first().locator('.lab-result .lab-headline').waitFor();
  assert.match(await lab.locator('.lab-command').first().locator('pre.lab-output').textContent(), /交错数：3/);
  assert.deepEqual([...page.problems, ...lab.problems], []);
});

test('on /explore a field typed, a defect switch ticked and a prediction asked for before live all take effect', async () => {
  const page = await slow('explore');
  const noFence = page.getByRole('checkbox', { name: /^no-fence/ });
  const predict = page.getByRole('button', { name: '先预测，再看结果' });
  await predict.waitFor();
  await beforeLive(page, async () => {
    await page.locator('#in-issuer').fill('30');
    await noFence.click();
    await predict.click();
  });
  await live(page);
  await page.waitForURL((u) => u.searchParams.get('variant') === 'no-fence' && u.searchParams.get('issuer') === '30');
  assert.equal(await page.locator('#in-issuer').inputValue(), '30');
  assert.equal(await noFence.isChecked(), true);
  await page.waitForFunction(() => /^先预测模式/.test(document.querySelector('.verdict-line')?.textContent ?? ''));
  await page.reload();
  await live(page);
  assert.equal(await noFence.isChecked(), true, 'the switch, in the address, survives a reload');
  assert.deepEqual(page.problems, []);
});

test('a recall card typed into before live keeps the text through live and a reload', async () => {
  const page = await slow('follow-ups');
  const box = page.locator('.recall textarea').first();
  await box.waitFor();
  await beforeLive(page, () => box.fill('先写下的追问回答'));
  await live(page);
  assert.equal(await box.inputValue(), '先写下的追问回答');
  await page.reload();
  await live(page);
  assert.equal(await box.inputValue(), '先写下的追问回答');
  assert.deepEqual(page.problems, []);
});

// Every key a module reads, each kind of damage, one page of each module.
const KEYS = [STORED.chapters, STORED.lab, STORED.drafts, STORED.recall, STORED.attempts('q1')];
const DAMAGE = {
  truncated: '{"version": 9, "chapters": {"intro": ',
  'not JSON': '{corrupt: yes}',
  'an array': '[]',
  'another shape': '{"hello":1}',
  empty: '',
  'very large': `{"version": 9, "x": "${'坏'.repeat(400_000)}`,
};
const PAGES = ['timeline', 'lab', 'follow-ups', 'self-test', 'progress', 'explore'];

test('no damaged record keeps a page from going live; its bytes are kept under a name after its key', async () => {
  for (const [kind, text] of Object.entries(DAMAGE)) {
    await env.clearStorage();
    await seed(env, Object.fromEntries(KEYS.map((k) => [k, text])));
    for (const path of PAGES) {
      const page = await env.page(path);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.liveError), undefined, `${kind} on /${path}`);
      // The line that says so: read from the page, a notice or the theme toggle answering.
      await page.locator('.storage-notice:not([hidden])').waitFor()
        .catch((e) => { throw new Error(`${kind} on /${path}: no notice (${e.message.split('\n')[0]})`); });
      assert.match(await page.locator('.storage-notice').textContent(), /无法读取|本地存储已满|更新版本/, `${kind} on /${path}`);
      assert.deepEqual(page.problems, [], `${kind} on /${path}`);
      await page.close();
    }
    // Every damaged text is still there, as it was: in its key or under its quarantine name.
    const page = await env.page('intro');
    const kept = await page.evaluate((keys) => keys.map((k) => [localStorage.getItem(k), localStorage.getItem(k.replace(/^fencing-study\./, 'fencing-study.quarantine.'))]), KEYS);
    for (const [i, [own, quarantined]] of kept.entries()) {
      assert.ok(own === text || quarantined?.includes(text), `${kind}: ${KEYS[i]} kept`);
    }
    await page.close();
  }
});

test('a newer app\'s record, or a key the browser refuses to read, leaves every page live and says so', async () => {
  const newer = JSON.stringify({ version: 99, chapters: {} });
  for (const key of KEYS) {
    await env.clearStorage();
    await seed(env, { [key]: newer });
    for (const path of PAGES) {
      const page = await env.page(null);
      // The browser throws on reading this one key (a policy, an extension, a broken profile).
      await page.addInitScript((refused) => {
        const get = Storage.prototype.getItem;
        Storage.prototype.getItem = function (k) { if (k === refused) throw new DOMException('refused', 'SecurityError'); return get.call(this, k); };
      }, STORED.progress);
      await page.goto(env.url + path);
      await live(page);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.liveError), undefined, `${key} on /${path}`);
      assert.deepEqual(page.problems, [], `${key} on /${path}`);
      await page.close();
    }
    const page = await env.page('intro');
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), key), newer, `${key} never written over`);
    await page.close();
  }
});
