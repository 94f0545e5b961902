// The explorer's model case: scenarios the learner builds, searched exhaustively in a Web
// Worker. The page and the CLI print the same report for every preset; the search can be
// cancelled and restarted; the main thread is never blocked while it runs; the hard cap says
// so; the form explains bad programs inline; the URL keeps the scenario.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { live, start } from './harness.mjs';
import { fencingLab } from './cli.mjs';

const PRESETS = resolve(import.meta.dirname, '..', 'crates/fencing-model/presets');

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

/** Open the explorer on the model case and wait for the search to finish. */
async function explore(page, query) {
  await page.goto(env.url + `explore?case=model${query ? `&${query}` : ''}`);
  await live(page);
  await done(page);
}

/** Wait for the result of the scenario in the address (not an earlier one) to be complete. */
async function done(page) {
  await page.waitForFunction(() => {
    // The same inputs, however the address spells them; the view's own keys are not inputs.
    const inputs = (q) => [...new URLSearchParams(q)].filter(([k]) => !['i', 'step', 'table'].includes(k)).map(String).sort().join('&');
    const result = document.querySelector('.model-result');
    return result && inputs(result.dataset.query) === inputs(location.search) && result.querySelector('.search-extent');
  }, null, { timeout: 60_000 });
}

const report = (page) => page.locator('.model-result .text-report pre').textContent();

test('each preset, picked in the form, reports exactly what `fencing-lab explore --scenario` prints', async () => {
  const page = await env.page('explore?case=model');
  for (const [name, variant] of [['lesson', 'correct'], ['three-holders', 'split-authority'], ['retry-after-failover', 'rollback-issuer'], ['scaled', 'correct']]) {
    await page.goto(env.url + `explore?case=model${variant === 'correct' ? '' : `&variant=${variant}`}`);
    await live(page);
    await page.locator(`button.preset[data-preset="${name}"]`).click();
    await done(page);
    const cli = fencingLab(['explore', '--scenario', `${PRESETS}/${name}.json`, '--variant', variant]);
    assert.equal(cli.code, 0);
    assert.equal(await report(page), cli.output, `${name} ${variant}`);
  }
});

test('the scaled preset reaches over a million states and its counterexample is drawn step by step', async () => {
  const page = await env.page(null);
  // The correct protocol: no property breaks, but a write made under a valid lease can still be lost.
  await explore(page, 'clients=' + encodeURIComponent('acquire pause write:1:a renew pause write:2:a2; acquire pause write:1:b renew pause write:2:b2; acquire pause write:1:c; acquire write:1:d') + '&delay=true');
  const states = Number(await page.locator('.search-extent').getAttribute('data-states'));
  assert.ok(states >= 1_000_000, `${states} states`);
  assert.equal(await page.locator('.search-extent').getAttribute('data-complete'), 'true');
  const json = JSON.parse(fencingLab(['explore', '--scenario', `${PRESETS}/scaled.json`, '--json']).output);
  const found = json.findings.find((f) => f.path);
  assert.equal(found.name, 'lost_operation');
  const path = found.path;
  // Every step of the shortest path drawn, in order; the last one marked with the finding, its key steps with ◆.
  assert.deepEqual(await page.locator('g.sd-step').evaluateAll((gs) => gs.map((g) => g.dataset.event)), path.map((s) => s.action));
  assert.match(await page.locator('g.sd-step').last().textContent(), /⊘ 操作丢失（预期内）/);
  assert.deepEqual(await page.locator('g.sd-step.key').evaluateAll((gs) => gs.map((g) => Number(g.dataset.step))), found.key_steps);
  // The path is told from its start.
  assert.match(await page.locator('.announce').textContent(), new RegExp(`^第 1/${path.length} 步`));
  await page.keyboard.press('ArrowRight');
  assert.match(page.url(), /step=2(&|$)/);
  assert.match(await page.locator('.announce').textContent(), new RegExp(`第 2/${path.length} 步`));
});

test('a search can be cancelled at once and run again', async () => {
  const page = await env.page(null);
  const workerGone = new Promise((resolve) => page.once('worker', (w) => w.once('close', resolve)));
  await page.goto(env.url + 'explore?case=model&variant=split-authority&clients=' + encodeURIComponent('acquire pause write:1:a renew pause write:2:a2; acquire pause write:1:b renew pause write:2:b2; acquire pause write:1:c; acquire pause write:1:d') + '&delay=true');
  await live(page);
  await page.locator('.checker-progress[data-status="running"] .states').waitFor();
  await page.locator('button.cancel-check').click();
  await page.locator('.checker-progress[data-status="cancelled"]').waitFor({ timeout: 100 });
  const said = await page.locator('.checker-progress').textContent();
  assert.match(said, /已取消：探索了 [\d,]+ 个不同状态/);
  // The worker is gone (terminated, not asked to stop): nothing changes any more.
  await workerGone;
  assert.equal(await page.locator('.checker-progress').textContent(), said);
  await page.getByRole('button', { name: '重新运行' }).click();
  await page.locator('.checker-progress[data-status="running"]').waitFor();
  await page.locator('button.cancel-check').click();
  await page.locator('.checker-progress[data-status="cancelled"]').waitFor({ timeout: 100 });
});

test('the hard cap stops the search with a clear message and the findings so far', async () => {
  const page = await env.page(null);
  await explore(page, 'variant=split-authority&clients=' + encodeURIComponent('acquire pause write:1:a renew pause write:2:a2; acquire pause write:1:b renew pause write:2:b2; acquire pause write:1:c; acquire pause write:1:d') + '&delay=true');
  const extent = page.locator('.search-extent');
  assert.equal(await extent.getAttribute('data-complete'), 'false');
  assert.match(await extent.textContent(), /^搜索：在上限 3,000,000 个状态处停止，未穷尽（已转移 [\d,]+ 次）/);
  assert.match(await page.locator('li[data-finding="unauthorized_accept"]').textContent(), /违反，最短反例 7 步/);
  assert.match(await page.locator('li[data-finding="revoked_generation_overwrite"]').textContent(), /未发现违例（未穷尽）/);
});

test('while a million-state search runs, the page has no task over 50 ms and its progress keeps moving', async () => {
  const page = await env.page(null);
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration }))))
      .observe({ type: 'longtask', buffered: true });
    // The last progress report drawn: tasks that start after it are the result's drawing,
    // after the search.
    new MutationObserver(() => {
      if (document.querySelector('.checker-progress[data-status="running"]')) window.lastProgressAt = performance.now();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto(env.url + 'explore?case=model&clients=' + encodeURIComponent('acquire pause write:1:a renew pause write:2:a2; acquire pause write:1:b renew pause write:2:b2; acquire pause write:1:c; acquire write:1:d') + '&delay=true');
  await live(page);
  await page.locator('.checker-progress[data-status="running"] .states').waitFor();
  // The window opens once the search runs and this test's probes are in place: Playwright
  // evaluates its helper script in the page's main world the first time a wait needs it, a
  // task of about 20 ms here, more on a loaded machine, that is not the app's.
  await page.waitForFunction(() => true);
  const from = await page.evaluate(() => performance.now());
  // Its progress keeps moving.
  const first = Number((await page.locator('.checker-progress .states').textContent()).replaceAll(',', ''));
  await page.waitForFunction((n) => Number(document.querySelector('.checker-progress .states')?.textContent.replaceAll(',', '') ?? 0) > n, first);
  await done(page);
  const to = await page.evaluate(() => window.lastProgressAt);
  assert.ok(to > from, 'the search reported progress after the window opened');
  const long = await page.evaluate(([a, b]) => window.longTasks.filter((t) => t.start >= a && t.start < b), [from, to]);
  assert.deepEqual(long, [], 'long tasks while the search ran');
  assert.ok(Number(await page.locator('.search-extent').getAttribute('data-states')) >= 1_000_000);
});

test('bad programs are explained inline, the last result stays, and the URL keeps a good scenario', async () => {
  const page = await env.page('explore?case=model');
  await done(page);
  const before = await report(page);
  const b = page.locator('#in-client-1');
  await b.fill('acquire fly');
  await page.locator('#editor-error').waitFor({ state: 'visible' });
  assert.match(await page.locator('#editor-error').textContent(), /客户端 B 的程序里有未知的一步「fly」/);
  assert.equal(await report(page), before);
  await b.fill('acquire write:1:b');
  await page.getByRole('button', { name: '添加客户端' }).click();
  await page.locator('#in-client-2').fill('acquire pause write:3:c');
  await page.waitForURL((u) => decodeURIComponent(u.search.replaceAll('+', ' ')).includes('acquire pause write:3:c'));
  await done(page);
  const shown = await report(page);
  assert.match(shown, /  C  acquire pause write:3:c/);
  await page.reload();
  await live(page);
  await done(page);
  assert.equal(await report(page), shown);
  assert.equal(await page.locator('#in-client-2').inputValue(), 'acquire pause write:3:c');
  assert.deepEqual(page.problems, []);
});
