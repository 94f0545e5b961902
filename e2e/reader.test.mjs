// Reading the lesson in the release build: chapters, deep links, the figure, the landing, theme,
// keyboard, tab order, reading progress, CSP — and no console error, failed request or CSP
// violation. Search and terms: search.test.mjs; phone layout: phone.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { arrive, live, start } from './harness.mjs';
import { CHAPTERS, exported, exportedOnce } from './lesson.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

const h1 = (page) => page.getByRole('heading', { level: 1 }).textContent();

test('every chapter of the lesson opens at its own URL, in order', async () => {
  const page = await env.page('intro');
  const nav = await page.locator('.chapter-list a').allTextContents();
  assert.equal(nav.length, CHAPTERS.length);
  for (const [slug, title] of CHAPTERS) {
    // Live before the next: a page whose pieces are still loading would abort them.
    await page.goto(env.url + slug);
    await live(page);
    assert.equal(await h1(page), title, slug);
    const current = page.locator('.chapter-list a[aria-current="page"]');
    await current.waitFor();
    assert.equal(await current.count(), 1, slug);
    assert.equal(await current.locator('.num').textContent(), String(CHAPTERS.findIndex(([s]) => s === slug) + 1), slug);
  }
  assert.deepEqual(page.problems, []);
});

test('the root shows the first chapter at once; an unknown path gets the not-found page', async () => {
  const page = await env.page('');
  assert.equal(new URL(page.url()).pathname, '/', 'no redirect');
  assert.equal(await h1(page), CHAPTERS[0][1]);
  const missing = await fetch(env.url + 'no-such-chapter');
  assert.equal(missing.status, 404);
  assert.match(await missing.text(), /<h1>找不到这个页面<\/h1>/);
  await page.goto(env.url + 'no-such/deeper/path');
  await live(page);
  assert.equal(await h1(page), '找不到这个页面');
  // The only problem is the 404 status itself.
  assert.deepEqual(page.problems.filter((p) => !/404/.test(p)), []);
});

test('a deep link survives a reload, and prev/next walk the chapters', async () => {
  const page = await env.page('grant-and-mint');
  await page.reload();
  assert.equal(await h1(page), CHAPTERS[3][1]);
  await page.locator('a[rel="next"]').click();
  await arrive(page, /\/many-writes$/);
  assert.equal(await h1(page), CHAPTERS[4][1]);
  await page.locator('a[rel="prev"]').click();
  await arrive(page, /\/grant-and-mint$/);
  assert.deepEqual(page.problems, []);
});

test('the table, the code blocks and the timeline picture are there', async () => {
  const page = await env.page('resource-participation');
  assert.deepEqual(await page.locator('thead th').allTextContents(), ['资源条件', '可实现的提交点', '失败边界']);
  assert.equal(await page.locator('tbody tr').count(), 3);
  assert.match(await page.locator('.outside').first().textContent(), /状态与操作（本课之外）/);
  assert.equal(await page.locator('.outside a, a.outside').count(), 0, 'outside pages are not linked');

  await page.goto(env.url + 'many-writes');
  const sql = page.locator('figure.code pre');
  assert.match(await sql.textContent(), /AND \(max_fence < :fence OR \(max_fence = :fence AND last_seq < :seq\)\);/);
  assert.ok(await page.locator('figure.code .tok-kw').count() > 3, 'SQL keywords are highlighted');
  assert.equal(await sql.evaluate((e) => getComputedStyle(e).whiteSpace), 'pre');

  await page.goto(env.url + 'timeline');
  const svg = page.locator('svg.timeline:visible');
  assert.equal(await svg.count(), 1, 'one order shows at a time');
  assert.equal(await svg.getAttribute('role'), 'img');
  const text = await svg.textContent();
  for (const mark of ['t0', 't5', 't10', 't11', 't20', 'max_fence=42', '(owner=A, fence=41)', 'fence=42', '41 < 42', '恢复，带 41 发布']) {
    assert.ok(text.includes(mark), `timeline shows ${mark}`);
  }
  assert.match(await page.locator('#tl-lesson-desc').textContent(), /资源持久保存 max_fence=42/);
  assert.deepEqual(page.problems, []);
});

// The key caveat where it is explained: the other order, drawn from the engine's run, one
// keyboard switch away; the text alternative follows what is shown.
test('the timeline switches to the order where A commits first, and back', async () => {
  const page = await env.page('timeline');
  const shown = page.locator('svg.timeline:visible');
  const caveat = page.getByRole('radio', { name: 'A 的 41 先提交（关键限定）' });
  await live(page);
  await caveat.waitFor();
  assert.equal(await page.locator('.tl-caveat-words').isVisible(), false);
  await page.getByRole('radio', { name: 'B 的 42 先提交（课程的次序）' }).focus();
  await page.keyboard.press('ArrowRight');
  assert.ok(await caveat.isChecked(), 'the arrow key moves to the other order');
  assert.equal(await shown.count(), 1);
  assert.equal(await shown.getAttribute('aria-labelledby'), 'tl-caveat-title tl-caveat-desc');
  const text = await shown.textContent();
  for (const mark of ['max_fence=41', 'max_fence=42', '恢复，带 41 发布', '带 42 发布']) assert.ok(text.includes(mark), mark);
  assert.ok(!text.includes('提交处拒绝'), 'nothing is refused in this order');
  assert.ok(text.indexOf('max_fence=41') < text.indexOf('max_fence=42'), '41 is accepted first, then 42 over it');
  assert.match(await page.locator('#tl-caveat-desc').textContent(), /A 带 41 发布，资源接受，保存 max_fence=41；随后 B 带 42 发布，资源接受，保存 max_fence=42/);
  assert.match(await page.locator('.tl-caveat-words').textContent(), /若 A 的 41 在资源持久接受 B 的 42 新状态前提交，资源仍可能接受/);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await shown.getAttribute('aria-labelledby'), 'tl-lesson-title tl-lesson-desc');
  assert.ok((await shown.textContent()).includes('41 < 42'));
  assert.equal(await page.locator('.tl-caveat-words').isVisible(), false);
  assert.deepEqual(page.problems, []);
});

test('the landing shows the way: the story in a line, three steps with a time, a start — marked as the app\'s', async () => {
  // A newcomer's landing: earlier tests read chapters, which makes a returning learner.
  await env.clearStorage();
  const page = await env.page('');
  const way = page.locator('aside.orientation');
  assert.equal(await way.locator('.addition-tag').textContent(), '本学习台补充');
  assert.match(await way.locator('.hook').textContent(), /fence 41 暂停.*42 授给了 B.*还带着 41 去写/);
  const steps = await way.locator('.route-steps li').allTextContents();
  assert.equal(steps.length, 3);
  assert.match(steps[0], /^读完其余 10 个短章（约 \d+ 分钟）：.*可运行实验、U60 真实服务验证（在真实的 Redis、MySQL 等服务上）、三轮追问，以及闭卷验收与来源。$/);
  assert.match(steps[1], /^运行课程的实验：第 7 章的五条命令.*到实验台还可以由你来调度/);
  assert.match(steps[2], /^闭卷自测四道题/);
  // The lesson's first paragraph stays as the lesson wrote it; the way is in view at once.
  assert.match(await page.locator('.chapter > p:not(.kicker)').first().textContent(), /^要保护的对象是/);
  // The title is the lesson's name; the kicker says this is the 引言 the start button names.
  assert.equal(await page.locator('.kicker').textContent(), '第 1 章 · 引言 · 共 11 章');
  assert.ok(await way.evaluate((e) => e.getBoundingClientRect().top < innerHeight));
  // The start is the lesson's own first paragraph, right below; the pager leads on.
  await way.getByRole('link', { name: '开始：先读下面的引言 ↓' }).click();
  await page.waitForURL(/#intro-b0$/);
  assert.ok(await page.locator('#intro-b0').evaluate((e) => e.getBoundingClientRect().top < innerHeight));
  await page.getByRole('link', { name: /下一章/ }).click();
  await arrive(page, /\/owner-lease$/);
  // Only the landing carries it.
  await page.goto(env.url + 'intro');
  await live(page);
  assert.equal(await page.locator('aside.orientation').count(), 0);
  assert.deepEqual(page.problems, []);
});

test('small frictions: the dots have a legend, chapter 10 leads to the self-test, code wraps on a phone, a program wraps', async () => {
  const page = await env.page('owner-lease');
  // Opened: the chapter has a dot, and the list says what the dots mean.
  await page.locator('.chapter-list .read-mark.opened, .chapter-list .read-mark.read').first().waitFor();
  assert.equal(await page.locator('.mark-legend').isVisible(), true);
  assert.equal(await page.locator('.mark-legend').textContent(), '已打开已读');
  // The title's copy button says what it copies.
  assert.equal(await page.locator('.heading-row .copy-btn .tool-label').textContent(), '复制链接');
  await page.goto(env.url + 'closed-book');
  await live(page);
  await page.getByRole('link', { name: '打开闭卷自测（4 道题）→' }).click();
  await arrive(page, /\/self-test$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(env.url + 'many-writes');
  await live(page);
  const sql = page.locator('.code pre', { hasText: 'UPDATE resource' });
  assert.ok(await sql.evaluate((e) => e.scrollWidth <= e.clientWidth + 1), 'the SQL wraps at 390 px');
  assert.ok(await sql.evaluate((e) => e.textContent.includes('必须检查影响行数')));
  // The lesson's Python commands: a path breaks after a slash, never at a hyphen.
  await page.goto(env.url + 'lab');
  await live(page);
  const paths = page.locator('.code .tok-path');
  assert.deepEqual(new Set(await paths.allTextContents()), new Set(['labs/', 'middleware-senior/', 'reliability_lab.py']));
  const line = await paths.first().evaluate((e) => parseFloat(getComputedStyle(e).lineHeight));
  for (const height of await paths.evaluateAll((all) => all.map((e) => e.getBoundingClientRect().height))) {
    assert.ok(height < line * 1.5, `a path's part on one line (${height} px high, a line is ${line})`);
  }
  assert.equal(await page.locator('.code pre', { hasText: 'reliability_lab.py' }).evaluate((e) => e.scrollWidth <= e.clientWidth + 1), true);
  await page.goto(env.url + 'explore?case=model');
  await live(page);
  const program = page.locator('#in-client-0');
  await program.fill('acquire write:1:shipment-created pause expire resume write:2:shipment-cancelled release');
  assert.ok(await program.evaluate((e) => e.scrollWidth <= e.clientWidth + 1), 'a long program wraps, nothing cut off');
  assert.deepEqual(page.problems, []);
});

test('the theme toggle is remembered across a reload', async () => {
  const page = await env.page(null);
  // On a light system the first tap shows a change: dark, then light, then the system's again.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(env.url + 'intro');
  await live(page);
  const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
  assert.equal(await theme(), 'system');
  await page.getByRole('button', { name: /^主题：/ }).click();
  assert.equal(await theme(), 'dark');
  await page.getByRole('button', { name: /^主题：/ }).click();
  assert.equal(await theme(), 'light');
  await page.getByRole('button', { name: /^主题：/ }).click();
  assert.equal(await theme(), 'system');
  // On a dark one it starts with light.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('button', { name: /^主题：/ }).click();
  assert.equal(await theme(), 'light');
  await page.getByRole('button', { name: /^主题：/ }).click();
  assert.equal(await theme(), 'dark');
  await page.reload();
  await live(page);
  assert.equal(await theme(), 'dark');
  assert.equal(await page.evaluate(() => localStorage.getItem('fencing-study.theme')), 'dark');
  await page.getByRole('button', { name: /^主题：/ }).click();
  assert.equal(await theme(), 'system');
  // On a phone the button is only its icon: a tap says the new choice for a moment, so a tap
  // back to the system's (which may change no colour) is seen too.
  await page.setViewportSize({ width: 390, height: 844 });
  const said = page.locator('.theme-said');
  // (The laptop's last tap said its choice too, unseen there: its moment ends first.)
  await said.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: /^主题：/ }).click();
  assert.equal(await said.textContent(), '主题：浅色');
  assert.ok(await said.isVisible());
  await said.waitFor({ state: 'hidden' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: /^主题：/ }).click();
  assert.equal(await theme(), 'dark');
  assert.ok(await said.isHidden(), 'the laptop shows the label in the button instead');
  assert.deepEqual(page.problems, []);
});

test('keyboard: arrows change chapter, / focuses search, ? shows the shortcuts', async () => {
  const page = await env.page('owner-lease');
  await page.keyboard.press('ArrowRight');
  await arrive(page, /\/timeline$/);
  await page.keyboard.press('ArrowLeft');
  await arrive(page, /\/owner-lease$/);
  await page.keyboard.press('/');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'search-input');
  await page.keyboard.type('42');
  assert.equal(await page.getByRole('searchbox', { name: '搜索课程' }).inputValue(), '42', '/ was not typed into the box');
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('?');
  assert.ok(await page.locator('dialog#shortcuts').isVisible());
  await page.keyboard.press('Escape');
  assert.ok(await page.locator('dialog#shortcuts').isHidden());
  assert.deepEqual(page.problems, []);
});

test('the figure, each defect the chapters name and the last chapter lead on: to the explorer at that view, to the self-test', async () => {
  const page = await env.page('timeline');
  await page.getByRole('radio', { name: 'A 的 41 先提交' }).check();
  await page.locator('.tl-explore:visible a').click();
  await arrive(page, /\/explore\?i=\d#steps$/);
  // The caveat's interleaving, told from its first step.
  assert.match(await page.locator('.interleaving[aria-pressed="true"]').textContent(), /关键限定/);
  assert.match(await page.locator('.announce').textContent(), /^第 1\//);
  await page.goto(env.url + 'grant-and-mint');
  await live(page);
  const links = await page.locator('.addition a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.deepEqual(links, [
    '/explore?variant=split-authority',
    '/explore?variant=split-authority&play=&challenge=split-authority',
    '/explore?variant=rollback-issuer',
    '/explore?variant=rollback-issuer&play=&challenge=rollback-overwrite',
    '/explore?variant=rollback-issuer&play=&challenge=rollback-lockout',
  ]);
  await page.goto(env.url + 'closed-book');
  await live(page);
  assert.equal(await page.getByRole('link', { name: '打开闭卷自测（4 道题）→' }).getAttribute('href'), '/self-test');
  await page.goto(env.url + 'sources');
  await live(page);
  await page.locator('.pager-next').click();
  await arrive(page, /\/self-test$/);
  assert.deepEqual(page.problems, []);
});

test('tab order: skip link, menu, brand, search, theme, shortcuts, then the chapter list', async () => {
  const page = await env.page('intro');
  await page.setViewportSize({ width: 1280, height: 800 });
  const order = [];
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    order.push(await page.evaluate(() => {
      const e = document.activeElement;
      return e.id || e.getAttribute('aria-label') || e.textContent.trim();
    }));
  }
  assert.deepEqual(order.slice(0, 5), ['跳到正文', '学习台 · 租约与 fencing', 'search-input', order[3], '键盘快捷键'], order.join(' | '));
  assert.match(order[3], /^主题/);
  assert.match(order[5], /^1引言/);
  assert.match(order[6], /^2owner/);
});

test('reading progress: opening records the chapter; jumping to its end is not reading it, its end and its reading time are', async () => {
  const page = await env.page(null);
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto(env.url + 'many-writes');
  await live(page);
  const p = await exported(page);
  assert.equal(p.version, 10);
  assert.ok(p.chapters['many-writes'].opened_at > 0);
  assert.equal(p.chapters['many-writes'].read_at, undefined);
  // The end at once (the End key): not yet read.
  await page.keyboard.press('End');
  await page.locator('.pager').waitFor();
  await page.clock.runFor(2000);
  assert.equal((await exported(page)).chapters['many-writes'].read_at, undefined, 'a jump to the end is not reading');
  // The end says how long is left.
  assert.match(await page.locator('.read-note').textContent(), /^已读到章末；在本页再停留约 \d+ 秒，即记为读完。$/);
  // Muted while it waits: green is for done. It counts down as the learner waits.
  assert.equal(await page.locator('.read-note.waiting').count(), 1);
  const left = async () => Number((await page.locator('.read-note').textContent()).match(/约 (\d+) 秒/)[1]);
  const before = await left();
  await page.clock.runFor(3000);
  assert.equal(await left(), before - 3);
  // Back at the top, once the chapter's reading time has passed, the end seen earlier counts.
  await page.keyboard.press('Home');
  await page.clock.runFor(120_000);
  await exportedOnce(page, (doc) => doc.chapters['many-writes'].read_at > 0);
  assert.equal(await page.locator('.chapter-list a[aria-current="page"] .read-mark.read').count(), 1);
  assert.equal(await page.locator('.read-note:not(.waiting)').textContent(), '✓ 本章已记为读完');
  assert.deepEqual(page.problems, []);
});

test('a chapter shorter than the window counts as read after its reading time, not when it opens', async () => {
  // Earlier tests' tabs have had the intro open long enough: start from nothing.
  await env.clearStorage();
  const page = await env.page(null);
  await page.clock.install();
  await page.goto(env.url + 'intro');
  await live(page);
  // The end is on screen at once; 7.5 s is the intro's reading time at 20 characters a second.
  await page.clock.runFor(4000);
  const early = await exported(page);
  assert.ok(early.chapters.intro.opened_at > 0);
  assert.equal(early.chapters.intro.read_at, undefined, 'opened is not read');
  assert.equal(await page.locator('.chapter-list a[aria-current="page"] .read-mark.read').count(), 0);
  // The end in view from the start, the countdown is too: no scroll is needed to see it.
  assert.match(await page.locator('.read-note.waiting').textContent(), /^已读到章末；在本页再停留约 [1-4] 秒，即记为读完。$/);
  await page.clock.runFor(4000);
  await exportedOnce(page, (doc) => doc.chapters.intro.read_at > 0);
  assert.equal(await page.locator('.chapter-list a[aria-current="page"] .read-mark.read').count(), 1);
  // Said at the chapter's end too, where the learner is (on a phone the sidebar is hidden).
  assert.equal(await page.getByRole('status').filter({ hasText: '本章已记为读完' }).textContent(), '✓ 本章已记为读完');
  assert.deepEqual(page.problems, []);
});

test('a learner coming back finds on the landing where they left off; a newcomer does not', async () => {
  await env.clearStorage();
  const page = await env.page(null);
  await page.clock.install();
  // A newcomer reads the intro on the landing: still a newcomer there.
  await page.goto(env.url);
  await live(page);
  await page.clock.runFor(8000);
  await page.keyboard.press('End');
  await exportedOnce(page, (doc) => doc.chapters.intro.read_at > 0);
  assert.equal(await page.locator('.welcome-back').count(), 0);
  // Chapter 2 read (its reading time, then its end); chapter 3 opened and left.
  await page.goto(env.url + 'owner-lease');
  await live(page);
  await page.clock.runFor(120_000);
  await page.keyboard.press('End');
  await exportedOnce(page, (doc) => doc.chapters['owner-lease'].read_at > 0);
  await page.goto(env.url + 'timeline');
  await live(page);
  // An answer typed in the self-test and left there.
  await page.goto(env.url + 'self-test');
  await live(page);
  await page.locator('section.question#q2 textarea').fill('发号与授予在同一个原子步骤里');
  await exportedOnce(page, (doc) => JSON.stringify(doc).includes('同一个原子步骤'));
  // Back on the landing, in sight at once: what was read, and the way on.
  await page.goto(env.url);
  await live(page);
  const back = page.locator('.welcome-back');
  await back.waitFor();
  assert.equal(await back.evaluate((e) => e.getBoundingClientRect().bottom < innerHeight), true);
  // Chapter 3, opened and left, is named too: the visit does not look lost.
  assert.match(await back.textContent(), /^欢迎回来：据本浏览器记录，你已读完 2\/11 章；另有 1 章打开过但尚未记为读完（需读到章末，且本次打开后停留满该章预计阅读时长）。/);
  // The answer left in the self-test is named too, and the link leads to its question.
  const draft = back.getByRole('link', { name: '回到闭卷自测：有题还没自评' });
  assert.equal(await draft.getAttribute('href'), '/self-test#q2-state');
  // The way on replaces the newcomer's start.
  assert.equal(await page.getByRole('link', { name: '开始：先读下面的引言 ↓' }).isVisible(), false);
  await back.getByRole('link', { name: '接着读第 3 章 · 41、42、41 提交时间线' }).click();
  await arrive(page, /\/timeline$/);
  assert.deepEqual(page.problems, []);
});

test('the whole-lesson page marks the chapter in view as you scroll', async () => {
  const page = await env.page('all');
  assert.equal(await page.locator('.whole-chapter h2').count(), CHAPTERS.length);
  const inView = () => page.locator('.chapter-list li.in-view .nav-title').textContent();
  await page.waitForFunction(() => document.querySelector('.chapter-list li.in-view'));
  assert.equal(await inView(), '引言');
  await page.locator('#grant-and-mint-title').evaluate((h) => h.scrollIntoView());
  await page.waitForFunction(() => document.querySelector('.chapter-list li.in-view .nav-title')?.textContent === '发号与授予同属一个原子权威');
  // The think-first answers are open here, so printing the page prints them.
  assert.equal(await page.locator('details.qa:not([open])').count(), 0);
  assert.deepEqual(page.problems, []);
});

test('every page ships a strict CSP', async () => {
  for (const path of ['', 'timeline', 'explore', 'self-test', 'progress', 'all', '404.html']) {
    const html = await (await fetch(env.url + path)).text();
    const csp = html.match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)[1];
    assert.doesNotMatch(csp, /'unsafe-inline'|'unsafe-eval'/, path);
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval' 'sha256-/, path);
  }
});

// On a phone a table's rows become cards: every cell, the last column too, inside the screen.
