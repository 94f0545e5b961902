// Every route is prerendered: its HTML, fetched without running any script, already holds the
// page's heading, text, title and description; with JavaScript disabled the lesson reads
// completely and its links work; a module that cannot load is said, not silent; the shipped
// page carries no benchmark export.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { start, live, DIST } from './harness.mjs';
import { CHAPTERS } from './lesson.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

const text = async (path) => (await fetch(env.url + path)).text();

test('every route\'s HTML holds its heading, its text, its own title and description', async () => {
  const titles = new Set();
  for (const [slug, title] of CHAPTERS) {
    const html = await text(slug);
    assert.ok(html.includes(`<h1 id="chapter-title">${title}`), slug);
    assert.match(html, /<title>[^<]+ · 学习台 · 租约与 fencing<\/title>/, slug);
    assert.match(html, /<meta name="description" content="[^"]{20,}"/, slug);
    titles.add(html.match(/<title>([^<]+)<\/title>/)[1]);
  }
  assert.equal(titles.size, CHAPTERS.length, 'each chapter has its own title');
  const pages = {
    '': ['租约和 fencing：把旧持有者挡在资源提交处', '要保护的对象是“某份结果不能被过期工作覆盖”'],
    timeline: ['t11：B 带 42 发布结果，资源持久保存 max_fence=42。'],
    all: ['全文 · 租约与 fencing', '发号必须与授予同属一个原子权威', 'Broker 会话去重'],
    explore: ['实验台：在页面里运行事件模型', 'revoked_generation_overwrite', '结论：无违例。'],
    'self-test': ['闭卷自测', '读下面这条交错', '需要启用 JavaScript'],
    progress: ['学习进度', '需要启用 JavaScript'],
  };
  for (const [path, wants] of Object.entries(pages)) {
    const html = await text(path);
    for (const want of wants) assert.ok(html.includes(want), `${path || '/'} lacks ${want}`);
  }
});

test('when the page\'s module cannot load, the page says so, still reads, and a retry brings it alive', async () => {
  const context = await env.context.browser().newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const wasm = /_bg\.wasm$/;
  await page.route(wasm, (r) => r.abort());
  await page.goto(env.url + 'explore');
  const alert = page.getByRole('alert').filter({ hasText: '交互功能未能完整加载' });
  await alert.waitFor();
  assert.ok(await page.evaluate(() => document.documentElement.dataset.liveError), 'the reason is kept');
  assert.equal(await page.locator('html[data-live]').count(), 0);
  assert.match(await page.locator('main h1').textContent(), /实验台/);
  await page.unroute(wasm);
  await Promise.all([page.waitForEvent('load'), alert.getByRole('button', { name: '刷新重试' }).click()]);
  await live(page);
  assert.equal(await alert.count(), 0);
  await context.close();
});

test('with JavaScript disabled every chapter reads completely and links work', async () => {
  const context = await env.context.browser().newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(env.url + 'grant-and-mint');
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), CHAPTERS[3][1]);
  assert.match(await page.locator('main').textContent(), /Redis INCR 的异步故障切换也不天然满足此要求/);
  await page.locator('a[rel="next"]').click();
  await page.waitForURL(/\/many-writes$/);
  assert.match(await page.locator('main').textContent(), /AND \(max_fence < :fence OR/);
  await page.locator('.chapter-list a', { hasText: '可运行实验' }).click();
  await page.waitForURL(/\/lab$/);
  assert.equal(await page.locator('.lab-command').count(), 5);
  await page.goto(env.url + 'timeline');
  assert.equal(await page.locator('svg.timeline:visible').getAttribute('aria-labelledby'), 'tl-lesson-title tl-lesson-desc', "the lesson's order");
  await page.getByRole('radio', { name: 'A 的 41 先提交（关键限定）' }).check();
  assert.equal(await page.locator('svg.timeline:visible').getAttribute('aria-labelledby'), 'tl-caveat-title tl-caveat-desc', 'the switch needs no script');
  await page.goto(env.url + 'explore');
  assert.match(await page.locator('noscript').first().evaluate((n) => n.textContent), /实验台需要启用 JavaScript/);
  await context.close();
});

test('the shipped page does not carry the benchmark export', async () => {
  const files = await readdir(DIST);
  for (const f of files.filter((f) => f.endsWith('.js'))) {
    assert.doesNotMatch(await readFile(join(DIST, f), 'utf8'), /bench_model/, f);
  }
  const wasm = files.filter((f) => f.endsWith('.wasm'));
  assert.equal(wasm.filter((f) => f.startsWith('page-')).length, 5, 'the reading, lab, commands, study and checker modules');
  // The lab and study modules are cut: the explorer's four pieces (the mode, the model case, the
  // operations case, the prediction form) and the chunks several share; a piece for each of the
  // study module's lazy islands, and chunks that several share. The commands module keeps its
  // run in a piece loaded on the first press.
  const pieces = (module) => wasm.filter((f) => f.startsWith(`${module}-piece-`)).length;
  assert.ok(pieces('lab') >= 4, `the lab module's pieces: its four and their chunks (${pieces('lab')})`);
  assert.equal(pieces('commands'), 1, "the commands module's one piece: the lab chapter's run, loaded on use");
  assert.ok(pieces('study') >= 4, `the study module's pieces: its four islands and their chunks (${pieces('study')})`);
  for (const f of wasm) {
    const exports = WebAssembly.Module.exports(await WebAssembly.compile(await readFile(join(DIST, f)))).map((e) => e.name);
    // (A piece may export nothing: a chunk that others share has no exports of its own.)
    assert.ok((exports.length > 0 || /^(lab|study|commands)-piece-/.test(f)) && !exports.includes('bench_model'), f);
  }
});
