// Deployed under a sub-path (trunk build --public-url /sub/): pages, links, assets, the lab
// module and the search index all stay under it, also after a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { arrive, live, start } from './harness.mjs';

let env;
before(async () => { env = await start({ base: '/sub/', dist: resolve(import.meta.dirname, '../target/dist-sub') }); });
after(async () => { await env?.stop(); });

test('under /sub/ every link, module and deep link stays under the base', async () => {
  const page = await env.page('');
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), '租约和 fencing：把旧持有者挡在资源提交处');
  const hrefs = await page.locator('.chapter-list a, .extra-links a, a.brand').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.ok(hrefs.every((h) => h.startsWith('/sub/')), hrefs.join());
  await page.locator('.chapter-list a', { hasText: '可运行实验' }).click();
  await arrive(page, /\/sub\/lab$/);
  await page.reload();
  await live(page);
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), '可运行实验：事件模型与三种故意缺陷');
  // The lab module runs here too, and search fetches its index from under the base.
  await page.locator('.run-btn').first().click();
  assert.match(await page.locator('pre.lab-output').textContent(), /结论：无违例。/);
  await page.getByRole('searchbox', { name: '搜索课程' }).fill('幂等');
  await page.locator('.search-results a').first().waitFor();
  assert.ok((await page.locator('.search-results a').first().getAttribute('href')).startsWith('/sub/'));
  assert.deepEqual(page.problems, []);
});
