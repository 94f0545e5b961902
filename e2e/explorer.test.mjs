// The explorer: the model in WASM with every interleaving, defects as switches, an editable
// scenario, stepping, and the whole view in the URL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { live, shown, start } from './harness.mjs';
import { fencingLab } from './cli.mjs';
import { exported, exportedOnce } from './lesson.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

// The lesson's two properties, each held (✓ or ∅: by construction) or broken, as the model judged.
const verdicts = (page) =>
  page.locator('section[data-part=properties] li.verdict').evaluateAll((ls) => ls.map((l) => `${l.dataset.finding}:${['holds', 'by-construction'].includes(l.dataset.kind) ? 'ok' : 'bad'}`));
/** The four defect switches, in the order of the model's variant names. */
const DEFECTS = ['no-fence', 'split-authority', 'rollback-issuer', 'precheck'];
/** A defect switch, by its label (which starts with the switch's name). */
const defect = (page, name) => page.getByRole('checkbox', { name: new RegExp(`^${name}`) });

test('each defect switch changes the verdict as the lesson says', async () => {
  const page = await env.page('explore');
  assert.deepEqual(await verdicts(page), ['revoked_generation_overwrite:ok', 'unauthorized_accept:ok']);
  assert.equal(await page.locator('.interleaving').count(), 3);
  const box = (name) => defect(page, name);
  for (const [name, want, count] of [
    ['no-fence', ['revoked_generation_overwrite:bad', 'unauthorized_accept:ok'], 3],
    ['split-authority', ['revoked_generation_overwrite:ok', 'unauthorized_accept:bad'], 2],
    ['rollback-issuer', ['revoked_generation_overwrite:bad', 'unauthorized_accept:ok'], 3],
    ['precheck', ['revoked_generation_overwrite:bad', 'unauthorized_accept:ok'], 10],
  ]) {
    await box(name).check();
    await page.waitForURL(new RegExp(`variant=${name}`));
    assert.deepEqual(await verdicts(page), want, name);
    assert.equal(await page.locator('.interleaving').count(), count, name);
    await box(name).uncheck();
    await page.waitForURL((u) => !u.search.includes(name));
  }
  assert.deepEqual(await verdicts(page), ['revoked_generation_overwrite:ok', 'unauthorized_accept:ok']);
  assert.deepEqual(page.problems, []);
});

test('a violated property jumps to its shortest counterexample', async () => {
  const page = await env.page('explore?variant=split-authority&i=2&step=3');
  await page.getByRole('button', { name: '查看：交错 1 第 11 步' }).click();
  await page.waitForURL(/step=11/);
  assert.equal(await page.locator('.interleaving.bad[aria-pressed="true"] > span').textContent(), '交错 1');
  assert.equal(await page.locator('.steps tr.current').getAttribute('data-step'), '11');
  assert.match(await page.locator('.steps tr.current').textContent(), /✗ unauthorized_accept/);
  assert.deepEqual(page.problems, []);
});

test('the correct protocol shows A committing before B as safe (the key caveat)', async () => {
  const page = await env.page('explore?i=3');
  const rows = page.locator('.steps tbody tr');
  assert.match(await rows.nth(6).textContent(), /write A.*资源接受 A 的 41（授予#1） seq=2：\(0,0\) < \(41,2\)/);
  assert.match(await rows.nth(7).textContent(), /write B.*资源接受 B 的 42（授予#2） seq=1：\(41,2\) < \(42,1\)/);
  assert.equal(await page.locator('.steps tr.violating').count(), 0);
  // Named as the lesson names it, on the interleaving and at its step.
  assert.equal(await page.locator('.interleaving[aria-pressed="true"] .interleaving-tag').textContent(), '关键限定');
  assert.match(await rows.nth(6).locator('.note-tag').textContent(), /^关键限定：授予#1的写入在资源持久接受授予#2的新状态之前提交/);
  assert.match(await page.locator('section[data-part=properties] .remark').first().textContent(), /「绑定授予」指 token 是在某次授予的有效期内、为该授予取得的号/);
  await page.goto(env.url + 'explore?i=1');
  await live(page);
  assert.match(await page.locator('.steps tbody tr').nth(7).textContent(), /write A.*资源拒绝 A 的 41（授予#1） seq=2：\(max_fence,last_seq\)=\(42,1\) ≥ \(fence,seq\)=\(41,2\)/);
});

test('stepping by keyboard and buttons; a live region says the step', async () => {
  const page = await env.page('explore?variant=no-fence');
  const current = () => page.locator('.steps tr.current').getAttribute('data-step');
  // An interleaving opens at its first step.
  assert.equal(await current(), '1');
  assert.match(await page.locator('.announce').textContent(), /^第 1\/8 步：acquire A/);
  const region = await page.locator('.announce').elementHandle();
  await page.getByRole('heading', { level: 1 }).click();
  for (const key of ['ArrowRight', 'j', 'j', 'j', 'j', 'j']) await page.keyboard.press(key);
  assert.equal(await current(), '7');
  await page.keyboard.press('k');
  assert.equal(await current(), '6');
  await page.getByRole('button', { name: '下一步 →' }).click();
  await page.getByRole('button', { name: '下一步 →' }).click();
  assert.equal(await current(), '8');
  assert.match(await page.locator('.steps tr.current').textContent(), /✗ /);
  assert.match(await page.locator('.announce').textContent(), /^第 8\/8 步：write A/);
  assert.equal(await page.locator('.announce').getAttribute('aria-live'), 'polite');
  // The same live region announced every step (a replaced one may go unannounced).
  assert.ok(await region.evaluate((e) => e.isConnected));
  assert.deepEqual(page.problems, []);
});

test('a shared URL restores case, switches, scenario, interleaving and step', async () => {
  const page = await env.page('explore?case=fencing&variant=rollback-issuer&op-seq=3%2C1&i=2&step=6');
  const check = async () => {
    assert.equal(await page.locator('.interleaving.bad[aria-pressed="true"] > span').textContent(), '交错 2');
    assert.equal(await page.locator('.steps tr.current').getAttribute('data-step'), '6');
    assert.equal(await page.locator('#in-seq-a').inputValue(), '3');
    assert.ok(await defect(page, 'rollback-issuer').isChecked());
  };
  await check();
  await page.reload();
  await live(page);
  await check();
  assert.deepEqual(page.problems, []);
});

test('bad input is explained inline and the last good result stays', async () => {
  const page = await env.page('explore?variant=no-fence');
  const title = await page.locator('#result-title').textContent();
  await page.locator('#in-issuer').fill('四十');
  assert.match(await page.locator('#editor-error').textContent(), /issuer 须为非负整数/);
  assert.equal(await page.locator('#result-title').textContent(), title);
  assert.equal(await page.locator('.steps tbody tr').count(), 8);
  await page.locator('#in-seq-b').fill('0');
  await page.locator('#in-issuer').fill('40');
  assert.match(await page.locator('#editor-error').textContent(), /B\.op_seq 应在 1 到/);
  await page.locator('#in-seq-b').fill('1');
  assert.ok(await page.locator('#editor-error').isHidden());
  await page.locator('#in-issuer').fill('100');
  await page.waitForURL(/issuer=100/);
  assert.match(await page.locator('.steps tbody tr').first().textContent(), /token 101（授予#1）/);
  assert.deepEqual(page.problems, []);
});

test('the operations case lists each outcome and two effects', async () => {
  const page = await env.page('explore?case=operations');
  await shown(page);
  const outcomes = await page.locator('table.ops .outcome').allTextContents();
  assert.deepEqual(outcomes, ['applied', 'applied', 'duplicate', 'conflict', 'stale']);
  assert.equal(await page.locator('.effect-count').textContent(), '2');
  assert.ok(await defect(page, 'split-authority').isDisabled());
  assert.deepEqual(page.problems, []);
});

test('a run is counted when the learner acts: not on opening a link, stepping, choosing an interleaving or each keystroke', async () => {
  await env.clearStorage();
  const page = await env.page(null);
  // A run is recorded once the scenario settles (700 ms): the page's clock runs past that at
  // once instead of the test waiting.
  await page.clock.install();
  await page.goto(env.url + 'explore?variant=no-fence');
  await live(page);
  const settle = () => page.clock.runFor(1500);
  const runs = async () => (await exported(page)).runs;
  // Opening a link (and reloading it) shows a result but is not a run.
  await settle();
  await page.reload();
  await live(page);
  await settle();
  assert.deepEqual(await runs(), {});
  // Stepping and choosing interleavings change the view, not the scenario.
  await page.getByRole('heading', { level: 1 }).click();
  for (const key of ['ArrowRight', 'ArrowRight', 'k', 'j', 'ArrowLeft']) await page.keyboard.press(key);
  await page.locator('.interleaving').nth(1).click();
  await page.locator('.interleaving').nth(2).click();
  await page.getByRole('button', { name: '下一步 →' }).click();
  await settle();
  assert.deepEqual(await runs(), {});
  // Typing 100 passes through 1 and 10: only the settled 100 is a run.
  await page.locator('#in-issuer').fill('');
  await page.locator('#in-issuer').pressSequentially('100', { delay: 30 });
  await page.waitForURL(/issuer=100/);
  await settle();
  assert.equal((await runs())['fencing/no-fence'].count, 1);
  // Back to the linked scenario: the learner made it, so it is a run too; then once a visit.
  await page.locator('#in-issuer').fill('40');
  await page.waitForURL((u) => !u.search.includes('issuer'));
  await settle();
  const counted = await runs();
  assert.deepEqual(Object.keys(counted), ['fencing/no-fence']);
  assert.equal(counted['fencing/no-fence'].count, 2);
  // The operations case with no-fence is an experiment of its own, recorded under its name.
  await page.goto(env.url + 'explore?case=operations');
  await live(page);
  await page.getByLabel(/^no-fence/).check();
  await exportedOnce(page, (doc) => doc.runs['operations/no-fence']);
  assert.equal((await runs())['operations/no-fence'].count, 1);
  assert.equal((await runs())['operations/correct'], undefined, 'opened, not run');
  assert.deepEqual(page.problems, []);
});

test('an edited scenario shows the CLI command that reproduces it, with the same output', async () => {
  const page = await env.page('explore?variant=rollback-issuer&issuer=100&op-seq=3%2C1');
  assert.equal(await page.locator('.command code').textContent(), 'cargo run -q -p fencing-model -- fencing --variant rollback-issuer --issuer 100 --op-seq 3,1');
  const cli = fencingLab(['fencing', '--variant', 'rollback-issuer', '--issuer', '100', '--op-seq', '3,1']);
  assert.equal(await page.locator('.text-report pre').textContent(), cli.output);
  await page.goto(env.url + 'explore?case=operations&ops=' + encodeURIComponent('k1 d1 5 1;k1 d2 6 1;k2 d3 5 1'));
  await shown(page);
  assert.equal(await page.locator('.command code').textContent(), "cargo run -q -p fencing-model -- fencing --case operations --ops 'k1 d1 5 1;k1 d2 6 1;k2 d3 5 1'");
  const ops = fencingLab(['fencing', '--case', 'operations', '--ops', 'k1 d1 5 1;k1 d2 6 1;k2 d3 5 1']);
  assert.equal(await page.locator('.text-report pre').textContent(), ops.output);
  assert.deepEqual(await page.locator('table.ops .outcome').allTextContents(), ['applied', 'conflict', 'stale']);
  assert.deepEqual(page.problems, []);
});

test('the text report equals the CLI for all 16 fencing combinations and each operations variant', async () => {
  const page = await env.page(null);
  const names = DEFECTS;
  const runs = [];
  for (let bits = 0; bits < 16; bits++) {
    const set = names.filter((_, i) => bits & (1 << i));
    runs.push(['fencing', set.length ? set.join(',') : 'correct']);
  }
  runs.push(['operations', 'correct'], ['operations', 'no-fence']);
  for (const [c, variant] of runs) {
    await page.goto(env.url + `explore?case=${c}&variant=${encodeURIComponent(variant)}`);
    await live(page);
    const shown = await page.locator('.text-report pre').textContent();
    assert.equal(shown, fencingLab(['fencing', '--case', c, '--variant', variant]).output, `${c} ${variant}`);
  }
  assert.deepEqual(page.problems, []);
});

test('grant labels tell the two 41s apart, and the issuer check reports a fence issued twice', async () => {
  const page = await env.page('explore?variant=rollback-issuer');
  const rows = page.locator('.steps tbody tr');
  // Interleaving 1: grant #1's 41 overwrites grant #2's 41 while max_fence stays 41.
  assert.match(await rows.nth(5).textContent(), /接受 B 的 41（授予#2）/);
  assert.match(await rows.nth(7).textContent(), /接受 A 的 41（授予#1） seq=2：\(41,1\) < \(41,2\)/);
  assert.match(await rows.nth(7).locator('.state').first().textContent(), /max_fence=41.*token=41（授予#1）/);
  assert.match(await page.locator('section[data-part=issuer]').textContent(), /同一 fence 发给了两次授予：fence=41，授予#1（A，第 1 步）与授予#2（B，第 5 步）/);
  // With old A's op_seq smaller, no property is broken, but the issuer's fault is still shown.
  await page.goto(env.url + 'explore?variant=rollback-issuer&op-seq=1%2C2');
  await live(page);
  assert.deepEqual(await verdicts(page), ['revoked_generation_overwrite:ok', 'unauthorized_accept:ok']);
  assert.ok(await page.locator('section[data-part=issuer] li[data-kind=harm]').isVisible());
  assert.match(await page.locator('section[data-part=issuer]').textContent(), /交错 1 无害；交错 2 无害；交错 3 无害/);
  assert.match(await page.locator('section[data-part=issuer]').textContent(), /每条交错都无害，只因本场景 A 的 op_seq 小于 B/);
  // Split authority: the counter is its own value, and old A's 43 is bound to no grant.
  await page.goto(env.url + 'explore?variant=split-authority');
  await live(page);
  assert.match(await page.locator('.steps thead').textContent(), /独立计数器/);
  assert.match(await page.locator('.steps tbody tr').last().textContent(), /接受 A 的 43（未绑定）.*counter=43/);
  assert.deepEqual(page.problems, []);
});

test('what only the checker knows is shown where it happens: key steps, a holder locked out, a defect that never fired', async () => {
  // rollback-issuer, interleaving 1: the causal chain 41 to A → issuer back to 40 → 41 to B → B commits → A overwrites.
  const page = await env.page('explore?variant=rollback-issuer');
  const keyed = () => page.locator('g.sd-step.key').evaluateAll((gs) => gs.map((g) => Number(g.dataset.step)));
  assert.deepEqual(await keyed(), [1, 4, 5, 6, 8]);
  assert.deepEqual(await page.locator('.steps tr.key').evaluateAll((rs) => rs.map((r) => Number(r.dataset.step))), [1, 4, 5, 6, 8]);
  // Interleaving 3 is no key caveat: B, the holder in force, is locked out, and its write is lost.
  const liveness = page.locator('section[data-part=progress]');
  assert.match(await liveness.locator('li[data-finding="locked_out"]').textContent(), /交错 3 第 8 步.*当前授予的持有者在资源处被拒/);
  assert.match(await liveness.locator('li[data-finding="lost_operation"]').textContent(), /交错 3 第 8 步/);
  await liveness.getByRole('button', { name: '查看：交错 3 第 8 步' }).first().click();
  await page.waitForURL(/i=3/);
  assert.doesNotMatch(await page.locator('.interleaving[aria-pressed="true"]').textContent(), /关键限定/);
  assert.match(await page.locator('.steps tr[data-step="8"]').textContent(), /当前授予的持有者在资源处被拒/);
  assert.match(await page.locator('section[data-part=issuer]').textContent(), /交错 3 有害（第 8 步：当前持有者被拒，资源保留着较早授予的结果）/);
  // Why the overwrite happened, and what the model assumes, beside the verdicts.
  assert.match(await page.locator('.verdicts .cause').first().textContent(), /在资源看来 \(41,1\) → \(41,2\) 是前进；倒退的是授予次序（授予#2 → 授予#1）/);
  assert.match(await page.locator('section[data-part=assumptions] .remark').first().textContent(), /^模型假设（本学习台补充）：租约只在持有者暂停时到期/);
  // A switch whose defective step never happens says so instead of a bare 成立.
  await page.goto(env.url + 'explore?case=model&variant=rollback-issuer&clients=' + encodeURIComponent('acquire pause write:2:a; acquire pause write:1:b; acquire write:1:c') + '&crash=false');
  await live(page);
  await page.locator('.search-extent').waitFor({ timeout: 60_000 });
  assert.match(await page.locator('section[data-part=properties] .remark').filter({ hasText: '本缺陷从未触发' }).textContent(), /rollback-issuer：本场景 crash=false，授权权威不会崩溃、恢复不可达，本缺陷从未触发——这里的结论与它无关，不说明它无害。/);
  assert.deepEqual(page.problems, []);
});

test('precheck is marked as this app\'s addition, only for the fencing case, and breaks the first property', async () => {
  const page = await env.page('explore?variant=precheck');
  const box = page.locator('label', { has: defect(page, 'precheck') });
  assert.match(await box.textContent(), /precheck.*本学习台补充.*不用于 operations 案例/);
  await page.getByRole('button', { name: /查看：交错 3 第 10 步/ }).click();
  const current = page.locator('.steps tr.current');
  assert.match(await current.textContent(), /write A.*资源无条件写入 A 的 41（授予#1） seq=2，覆盖 \(42,1\).*✗ revoked_generation_overwrite/);
  assert.match(await page.locator('.steps tbody tr').nth(7).textContent(), /check A.*资源在写入前单独比较：\(0,0\) < \(41,2\)，通过/);
  await page.getByRole('radio', { name: /^operations/ }).check();
  await page.waitForURL(/case=operations/);
  assert.ok(await box.locator('input').isDisabled());
  assert.deepEqual(page.problems, []);
});

test('predicting first says it does not apply to the model case, instead of silently skipping it', async () => {
  const page = await env.page('explore');
  await page.getByRole('button', { name: '先预测，再看结果' }).click();
  assert.match(await page.locator('.verdict-line').textContent(), /^先预测模式：每个新场景的结果在你预测之后显示/);
  await page.locator('fieldset.choice label', { hasText: 'model' }).locator('input').check();
  await page.waitForFunction(() => /^先预测模式不用于 model 案例，结果照常显示。/.test(document.querySelector('.verdict-line')?.textContent ?? ''));
  assert.deepEqual(page.problems, []);
});

test('the model case\'s verdict line says what the search found once it has ended, and a tap on it leads down', async () => {
  const page = await env.page('explore?case=model');
  await page.locator('.search-extent').waitFor();
  const line = page.locator('.verdict-line');
  // The search has ended: the line no longer says that it runs, but what it found.
  await page.waitForFunction(() => /已提交资源代际不后退/.test(document.querySelector('.verdict-line')?.textContent ?? ''));
  assert.doesNotMatch(await line.textContent(), /后台线程中搜索/);
  // Words, not a control over the controls (axe's target-size), yet a tap leads down.
  await line.getByText('进度与结果在下方 ↓').click();
  await page.waitForFunction(() => {
    const top = document.getElementById('result-title').getBoundingClientRect().top;
    return top >= 0 && top < innerHeight / 2;
  });
  assert.deepEqual(page.problems, []);
});

test('a chapter\'s 「在实验台逐步看」 link lands at the interleavings\' steps, not at the form', async () => {
  const page = await env.page(null);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(env.url + 'timeline');
  await live(page);
  await page.getByRole('link', { name: /在实验台逐步看 B 先提交的次序/ }).click();
  await page.waitForURL(/\/explore#steps$/);
  await live(page);
  const heading = page.getByRole('heading', { name: /条交错（固定前缀之后）/ });
  await page.waitForFunction(() => {
    const h = [...document.querySelectorAll('h3')].find((e) => e.textContent.includes('条交错'));
    const top = h?.getBoundingClientRect().top ?? -1;
    return top >= 0 && top < innerHeight / 2;
  });
  assert.ok(await heading.isVisible());
  assert.deepEqual(page.problems, []);
});
