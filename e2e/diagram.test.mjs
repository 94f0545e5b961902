// The explorer's sequence diagram: every step of the model drawn, in order, with its outcome;
// the highlight follows stepping and "play"; reduced motion is respected; the step table's
// toggle lives in the URL; a broken property is marked where it broke.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { live, shown, start } from './harness.mjs';
import { fencingLab } from './cli.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

/** The diagram's name for a step's outcome, from the model's JSON (src/lab_views/sequence.rs). */
function kind(e) {
  switch (e.kind) {
    case 'minted': return e.grant === 0 ? 'minted-unbound' : 'minted';
    case 'recovered': return e['from_backup'] ? 'recovered-from-backup' : 'recovered';
    case 'checked': return e.passed ? 'check-passed' : 'check-failed';
    case 'renewed': return e.ok ? 'renewed' : 'renew-failed';
    default: return e.kind;
  }
}

const drawn = (page) => page.locator('g.sd-step').evaluateAll((gs) => gs.map((g) => [g.dataset.event, g.dataset.outcome]));

/** Labels of the picture that overlap another or fall outside it (in the SVG's own units). */
const crowded = (page) => page.evaluate(() => {
  const svg = document.querySelector('svg.diagram');
  const vb = svg.viewBox.baseVal;
  const boxes = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim()).map((t) => {
    const b = t.getBBox();
    return { text: t.textContent, x0: b.x, x1: b.x + b.width, y0: b.y, y1: b.y + b.height };
  });
  const out = boxes.filter((b) => b.x0 < vb.x - 0.5 || b.x1 > vb.x + vb.width + 0.5 || b.y0 < -0.5 || b.y1 > vb.height + 0.5).map((b) => `cut off: ${b.text}`);
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      if (Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 1 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 1) out.push(`${a.text} / ${b.text}`);
    }
  }
  return out;
});

/** What a step must draw, from the model's JSON alone: the mark's class and its words. */
function mark(s) {
  const e = s.event;
  const pair = ([f, q]) => `(${f},${q})`;
  const token = (fence, grant) => (grant === 0 ? `${fence}（未绑定）` : `${fence}（授予#${grant}）`);
  switch (e.kind) {
    case 'granted': return ['.sd-grant', e.fence ? `(${e.client}, ${e.fence}, 授予#${e.grant})` : `(${e.client}, 授予#${e.grant})`];
    case 'minted': return [e.grant === 0 ? '.sd-unbound' : '.sd-grant', token(e.fence, e.grant)];
    case 'paused': return ['.sd-pause', e.fence ? `暂停，仍持 ${e.fence}` : '暂停（未持 token）'];
    case 'resumed': return ['.sd-mark', '恢复'];
    case 'expired': return ['.sd-mark', `判 ${e.client} 到期`];
    case 'recovered': return ['.sd-mark', e.from_backup ? `旧备份恢复：发号器 ${e.issuer}` : `持久恢复：${e.issuer}`];
    case 'checked': return ['.sd-check', e.compared ? `单独比较 ${pair(e.current)} ${e.passed ? '<' : '≥'} ${pair([e.fence, e.seq])} ${e.passed ? '✓' : '✗'}` : '比较已关闭'];
    case 'accepted': return ['.sd-write', pair([e.fence, e.seq])];
    case 'rejected': return ['.sd-reject-text', `${pair(e.current)} ≥ ${pair([e.fence, e.seq])}`];
    default: return ['.sd-mark', null];
  }
}

test('for each of the lesson\'s commands the picture draws every step of every interleaving, with its outcome', async () => {
  const page = await env.page(null);
  // The lesson's four fencing commands, and precheck (its separate check step).
  for (const variant of ['correct', 'no-fence', 'split-authority', 'rollback-issuer', 'precheck']) {
    const report = JSON.parse(fencingLab(['fencing', '--variant', variant, '--json']).output);
    for (const [i, trace] of report.traces.entries()) {
      await page.goto(env.url + `explore?variant=${variant}&i=${i + 1}`);
      await live(page);
      assert.deepEqual(await drawn(page), trace.steps.map((s) => [s.action, kind(s.event)]), `${variant} #${i + 1}`);
      // Each step's column draws its event's mark with the model's words (not just a label).
      for (const [n, s] of trace.steps.entries()) {
        const [selector, words] = mark(s);
        const text = await page.locator(`g.sd-step[data-step="${n + 1}"] ${selector}`).first().textContent();
        if (words !== null) assert.ok(text.includes(words), `${variant} #${i + 1} step ${n + 1}: ${selector} says "${text}", not "${words}"`);
      }
      assert.deepEqual(await crowded(page), [], `${variant} #${i + 1}: labels overlap or are cut off`);
    }
  }
  const ops = JSON.parse(fencingLab(['fencing', '--case', 'operations', '--json']).output);
  await page.goto(env.url + 'explore?case=operations');
  await shown(page);
  const outcomes = await page.locator('g.sd-step').evaluateAll((gs) => gs.map((g) => g.dataset.outcome));
  assert.deepEqual(outcomes, ops.operations.map((o) => o.outcome));
  assert.match(await page.locator('.sd-effects').textContent(), /效果数：2/);
  assert.deepEqual(await crowded(page), []);
  assert.deepEqual(page.problems, []);
});

test('both grants\' 41s are told apart, and the step where the property broke is marked with its name', async () => {
  const page = await env.page('explore?variant=rollback-issuer');
  const labels = await page.locator('.sd-grant .sd-label').allTextContents();
  assert.deepEqual(labels, ['(A, 41, 授予#1)', '(B, 41, 授予#2)']);
  const broken = page.locator('.sd-band.broken');
  assert.equal(await broken.count(), 1);
  assert.match(await page.locator('g.sd-step[data-step="8"] .sd-broken').textContent(), /revoked_generation_overwrite/);
  assert.match(await page.locator('g.sd-step[data-step="8"] .sd-state').textContent(), /max_fence=41.*41（授予#1）/);
  assert.deepEqual(page.problems, []);
});

test('stepping moves the highlight; clicking a step jumps to it; the table toggle stays in the URL', async () => {
  const page = await env.page('explore?variant=no-fence');
  const current = () => page.locator('.sd-band.current').evaluate((r) => r.getAttribute('y'));
  const future = () => page.locator('g.sd-step.future').count();
  // An interleaving opens at its first step: the story before its end.
  assert.equal(await future(), 7);
  const first = await current();
  await page.getByRole('heading', { level: 1 }).click();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(key);
  assert.equal(await future(), 4);
  assert.notEqual(await current(), first);
  await page.locator('g.sd-step[data-step="3"] .sd-event').click();
  await page.waitForURL(/step=3/);
  assert.equal(await future(), 5);
  assert.equal(await page.locator('.steps tr.current').getAttribute('data-step'), '3');
  await page.getByLabel('显示步骤表').uncheck();
  await page.waitForURL(/table=0/);
  assert.equal(await page.locator('.steps').count(), 0);
  await page.reload();
  await live(page);
  assert.equal(await page.locator('.steps').count(), 0);
  assert.equal(await future(), 5);
  assert.deepEqual(page.problems, []);
});

test('play steps once a second, pauses, and under reduced motion steps without transitions', async () => {
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const page = await env.page(null);
    await page.emulateMedia({ reducedMotion });
    await page.goto(env.url + 'explore?variant=no-fence&step=8');
    await live(page);
    const transition = await page.locator('g.sd-step').first().evaluate((g) => getComputedStyle(g).transitionDuration);
    assert.equal(transition === '0s', reducedMotion === 'reduce', `${reducedMotion}: ${transition}`);
    const play = page.locator('.play-btn');
    await play.click(); // at the end: plays from the start
    await page.waitForURL(/step=1(&|$)/);
    const from = Date.now();
    await page.waitForURL(/step=3(&|$)/, { timeout: 5000 });
    // Two steps at one a second (a busy machine may only make it later, never sooner).
    assert.ok(Date.now() - from >= 1800, `two steps in ${Date.now() - from} ms`);
    await play.click();
    assert.equal(await play.getAttribute('aria-pressed'), 'false');
    const paused = new URL(page.url()).searchParams.get('step');
    // Real time, the one fixed wait in the tests: that nothing happens cannot be waited for, and
    // Playwright's clock cannot stand in — its timer ids (from 10^12) do not fit the i32 that
    // leptos' interval handle keeps, so under it a pause could never clear its timer.
    await page.waitForTimeout(1300);
    assert.equal(new URL(page.url()).searchParams.get('step'), paused, 'paused');
    assert.deepEqual(page.problems, []);
    await page.close();
  }
});

test('the picture has a text alternative: the same steps in words, in order', async () => {
  const page = await env.page('explore?variant=split-authority');
  const svg = page.locator('svg.diagram');
  assert.equal(await svg.getAttribute('role'), 'img');
  assert.equal(await svg.getAttribute('aria-describedby'), 'explorer-steps');
  const words = await page.locator('#explorer-steps li').allTextContents();
  assert.equal(words.length, 11);
  assert.match(words[9], /^第 10\/11 步：mint A —— A 向独立计数器取号：43（未绑定）$/);
  assert.deepEqual(page.problems, []);
});
