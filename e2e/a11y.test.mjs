// Accessibility with axe (WCAG 2.0/2.1/2.2 A and AA) on every page, in both themes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { live, shown, start } from './harness.mjs';
import { CHAPTERS, STORED, seed } from './lesson.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

const PAGES = [...CHAPTERS.map(([slug]) => slug), 'all', 'explore?variant=no-fence', 'explore?case=operations', 'explore?case=model&variant=rollback-issuer', 'self-test', 'progress', 'glossary'];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const scheme of ['light', 'dark']) {
  test(`axe finds no violation on any page (${scheme})`, async () => {
    const page = await env.page(null);
    await page.emulateMedia({ colorScheme: scheme });
    const found = [];
    for (const path of PAGES) {
      await page.goto(env.url + path);
      await shown(page);
      // Open what a learner can open, so hidden content is checked too.
      await page.locator('details').evaluateAll((ds) => ds.forEach((d) => { d.open = true; }));
      // The self-test with a reference answer open, the rating buttons showing.
      if (path === 'self-test') await page.getByRole('button', { name: '展开参考答案与评分点' }).first().click();
      // A term's definition open (the first term on the page, focused).
      if (await page.locator('main .term').count()) await page.locator('main .term').first().focus();
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      for (const v of violations) found.push(`${path}: ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
    }
    assert.deepEqual(found, []);
    assert.deepEqual(page.problems, []);
  });
}

test('axe finds no violation at phone width, with the chapter menu open', async () => {
  const page = await env.page(null);
  await page.setViewportSize({ width: 390, height: 844 });
  const found = [];
  for (const path of ['timeline', 'lab', 'explore?variant=split-authority', 'explore?case=operations', 'self-test', 'progress']) {
    await page.goto(env.url + path);
    await shown(page);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    for (const v of violations) found.push(`${path}: ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  }
  await page.getByRole('button', { name: '章节目录' }).click();
  assert.ok(await page.locator('#sidebar').isVisible());
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  for (const v of violations) found.push(`menu: ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  assert.deepEqual(found, []);
  assert.deepEqual(page.problems, []);
});

test('axe finds no violation with reviews due and predictions made, at both widths and in both themes', async () => {
  // A record with a review long due, two predictions (one missed) and a parallel draft.
  const v5 = await readFile(new URL('../src/storage/fixtures/progress-v5.json', import.meta.url), 'utf8');
  // Alone: what the tests before wrote would join it (as another tab's work would).
  await env.clearStorage();
  await seed(env, { [STORED.progress]: v5 });
  const found = [];
  for (const width of [1280, 390]) {
    for (const scheme of ['light', 'dark']) {
      const page = await env.page(null);
      await page.setViewportSize({ width, height: 844 });
      await page.emulateMedia({ colorScheme: scheme });
      const check = async (what) => {
        const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        for (const v of violations) found.push(`${what} ${width} ${scheme}: ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
      };
      for (const path of ['progress', 'self-test']) {
        await page.goto(env.url + path);
        await live(page);
        await page.waitForFunction(() => !/读取本机记录后/.test(document.querySelector('.review-plan, .due-today')?.textContent ?? ''));
        await check(path);
      }
      assert.equal(await page.locator('.draft-conflict').count(), 1, 'the parallel draft is on the page axe checked');
      // A question after reveal (its points and rating), and the timeline's other order.
      // (Revealed once, it stays revealed for the later widths and themes.)
      const reveal = page.locator('section.question#q3').getByRole('button', { name: '展开参考答案与评分点' });
      if (await reveal.count()) await reveal.click();
      await page.locator('section.question#q3 .q-reference').waitFor();
      await check('self-test, revealed');
      // A follow-up card written, its answer unfolded beside the learner's (written once, kept).
      await page.goto(env.url + 'follow-ups');
      await live(page);
      const card = page.locator('section.recall').first();
      if (await card.getByRole('textbox').count()) {
        await card.getByRole('textbox').fill('owner 与 fence 各管一个操作域');
        await card.getByRole('button', { name: '写好了，展开课文的答案' }).click();
      }
      await card.locator('.recall-mine').waitFor();
      await check('follow-ups, written');
      await page.goto(env.url + 'timeline');
      await live(page);
      await page.getByRole('radio', { name: 'A 的 41 先提交（关键限定）' }).check();
      await check('timeline, the key caveat order');
      await page.goto(env.url + 'lab');
      await live(page);
      const row = page.locator('li.lab-command').first();
      await row.getByRole('button', { name: '先预测' }).click();
      await check('lab, predicting');
      await row.getByLabel('两条性质都守住').check();
      for (const li of await row.locator('.predict-orders > li').all()) await li.getByLabel('B 的结果').check();
      await row.getByRole('button', { name: '提交预测并运行' }).click();
      await check('lab, predicted');
      await page.goto(env.url + 'explore?case=operations');
      await live(page);
      await page.getByRole('button', { name: '先预测，再看结果' }).click();
      await page.locator('form.predict').waitFor();
      await check('explore, predicting');
      await page.close();
    }
  }
  assert.deepEqual(found, []);
});
