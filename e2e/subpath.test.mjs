// Deployed under a sub-path (trunk build --public-url /sub/): links, assets and deep links
// stay under it, also after a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { start } from './harness.mjs';

let env;
before(async () => { env = await start({ base: '/sub/', dist: resolve(import.meta.dirname, '../target/dist-sub') }); });
after(async () => { await env?.stop(); });

test('under /sub/ every link and deep link stays under the base', async () => {
  const page = await env.page('');
  await page.waitForURL(/\/sub\/intro$/);
  const hrefs = await page.locator('.chapter-list a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.ok(hrefs.every((h) => h.startsWith('/sub/')), hrefs.join());
  await page.locator('.chapter-list a', { hasText: '可运行实验' }).click();
  await page.waitForURL(/\/sub\/lab$/);
  await page.reload();
  assert.equal(await page.locator('h1').textContent(), '可运行实验：事件模型与三种故意缺陷');
  assert.deepEqual(page.problems, []);
});
