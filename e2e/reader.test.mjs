// Reading the lesson in the release build: chapters, deep links, search, theme, keyboard,
// tab order, reading progress — and no console error, failed request or CSP violation.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { arrive, live, start } from './harness.mjs';
import { CHAPTERS, exported, exportedOnce } from './lesson.mjs';
// A chapter's hits mark the match; the glossary's terms, listed first, have none.
const HIT_MARKS = '.search-results .hit-group:not(.glossary-hits) mark';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

const h1 = (page) => page.getByRole('heading', { level: 1 }).textContent();

const PHONE = { width: 390, height: 844 };

/** For each element: drawn, and inside a screen `width` px wide. */
const within = (locator, width) => locator.evaluateAll((els, w) => els.map((e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.left >= 0 && r.right <= w;
}), width);

/** A new tab the size of a phone, at `path`. */
async function phone(path) {
  const page = await env.page(null);
  await page.setViewportSize(PHONE);
  await page.goto(env.url + path);
  await live(page);
  return page;
}

/** Make `page` a touch screen (no fine pointer, no hover); returns a tap on a locator. */
async function touchScreen(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  return async (locator) => {
    const b = await locator.boundingBox();
    const at = { x: b.x + Math.min(b.width, 30) / 2, y: b.y + b.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
}

test('every chapter of the lesson opens at its own URL, in order', async () => {
  const page = await env.page('intro');
  const nav = await page.locator('.chapter-list a').allTextContents();
  assert.equal(nav.length, CHAPTERS.length);
  for (const [slug, title] of CHAPTERS) {
    await page.goto(env.url + slug);
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
  const page = await env.page('');
  const way = page.locator('aside.orientation');
  assert.equal(await way.locator('.addition-tag').textContent(), '本学习台补充');
  assert.match(await way.locator('.hook').textContent(), /fence 41 暂停.*42 授给了 B.*还带着 41 去写/);
  const steps = await way.locator('.route-steps li').allTextContents();
  assert.equal(steps.length, 3);
  assert.match(steps[0], /^读完其余 10 个短章（约 \d+ 分钟）：.*U60 真实服务验证、三轮追问，以及闭卷验收与来源。$/);
  assert.match(steps[1], /^运行课程的实验：第 7 章的五条命令.*到实验台还可以由你来调度/);
  assert.match(steps[2], /^闭卷自测四道题/);
  // The lesson's first paragraph stays as the lesson wrote it; the way is in view at once.
  assert.match(await page.locator('.chapter > p:not(.kicker)').first().textContent(), /^要保护的对象是/);
  assert.ok(await way.evaluate((e) => e.getBoundingClientRect().top < innerHeight));
  await way.getByRole('link', { name: /^开始：第 2 章/ }).click();
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
  await page.goto(env.url + 'explore?case=model');
  await live(page);
  const program = page.locator('#in-client-0');
  await program.fill('acquire write:1:shipment-created pause expire resume write:2:shipment-cancelled release');
  assert.ok(await program.evaluate((e) => e.scrollWidth <= e.clientWidth + 1), 'a long program wraps, nothing cut off');
  assert.deepEqual(page.problems, []);
});

test('on a laptop the search results have room: about 480 px, not the box\'s width', async () => {
  const page = await env.page('intro');
  await page.getByRole('searchbox', { name: '搜索课程' }).fill('租约');
  const results = page.locator('.search-results');
  await results.locator('a').first().waitFor();
  const [box, list] = await Promise.all([page.getByRole('searchbox', { name: '搜索课程' }).boundingBox(), results.boundingBox()]);
  assert.ok(list.width >= 470 && list.width > box.width, `results ${list.width} px wide, box ${box.width}`);
  assert.ok(list.x + list.width <= 1280);
  // Enter in the box opens the first hit.
  const href = await results.locator('a').first().getAttribute('href');
  await page.getByRole('searchbox', { name: '搜索课程' }).press('Enter');
  await page.waitForURL((u) => u.href.endsWith(href.replace(/^\//, '')) || u.pathname + u.hash === href);
  assert.deepEqual(page.problems, []);
});

test('search finds Chinese and Latin text, in the right chapters, and jumps there', async () => {
  const page = await env.page('intro');
  const search = page.getByRole('searchbox', { name: '搜索课程' });
  // Hits come grouped by chapter, each chapter with its count.
  const groups = async () => (await page.locator('.search-results .hit-chapter').allTextContents()).map((t) => t.replace(/（\d+ 处）$/, ''));
  await search.fill('幂等');
  const chapters = await groups();
  assert.ok(chapters.includes('一个任期多次写'), chapters.join());
  assert.ok(chapters.includes('U60 真实服务验证'), chapters.join());
  assert.ok((await page.locator(HIT_MARKS).allTextContents()).every((m) => m === '幂等'));

  await search.fill('fencing');
  const hits = await groups();
  assert.ok(hits.includes('引言'));
  assert.ok(hits.includes('owner、租期与资源授权'), hits.join());
  assert.match(await page.locator(HIT_MARKS).first().textContent(), /^fencing$/i);

  await search.fill('max_fence=42');
  await page.locator('.search-results a').first().click();
  await arrive(page, /\/timeline#timeline-b\d+$/);
  assert.equal(await h1(page), CHAPTERS[2][1]);
  assert.ok(await page.locator('.search-results').isHidden());
  // The word the hit found is marked in the block it led to, and only there.
  await page.locator(':target mark.search-mark').first().waitFor();
  assert.deepEqual(await page.locator('mark.search-mark').allTextContents(), ['max_fence=42']);
  // Not inside a term's tip, which shows only on hover: every mark is on screen to be seen.
  await search.fill('max_fence');
  await page.locator('.search-results .hit-group:not(.glossary-hits) a').first().click();
  await page.locator('mark.search-mark').first().waitFor();
  for (const mark of await page.locator('mark.search-mark').all()) assert.ok(await mark.isVisible());
  // A hit in the same page moves the mark to its own block.
  await search.fill('授权权威');
  const here = page.locator('.search-results .hit-group:not(.glossary-hits) a[href*="/timeline#"]').first();
  const target = (await here.getAttribute('href')).split('#')[1];
  await here.click();
  await page.locator(`[id="${target}"] mark.search-mark`).first().waitFor();
  assert.ok((await page.locator('mark.search-mark').allTextContents()).every((m) => m === '授权权威'));

  // Keyboard: ↓ enters the hits, ↑ from the first returns to the box, Esc closes.
  // A new page: its search fetches the index again before it lists hits, as a learner sees.
  await search.fill('op_seq');
  await page.locator('.search-results a').first().waitFor();
  await search.press('ArrowDown');
  const focusedHit = () => page.evaluate(() => document.activeElement.closest('.search-results') !== null && document.activeElement.tagName);
  assert.equal(await focusedHit(), 'A');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focusedHit(), 'A');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'search-input');
  await page.keyboard.press('Escape');
  assert.ok(await page.locator('.search-results').isHidden());

  await search.fill('没有这个词');
  assert.equal(await page.locator('.search-count').textContent(), '没有找到');
  assert.deepEqual(page.problems, []);
});

test('search knows the glossary\'s other names, groups a common word by chapter, and keeps the follow-ups\' answers to itself', async () => {
  const page = await env.page('intro');
  const search = page.getByRole('searchbox', { name: '搜索课程' });
  const marks = () => page.locator(HIT_MARKS).allTextContents();
  // Words the lesson does not use find the ones it does.
  await search.fill('令牌');
  // The index loads on first use: wait for the hits.
  await page.locator(HIT_MARKS).first().waitFor();
  assert.match(await page.locator('.search-count').textContent(), /^课文中搜不到这个词；按术语表同一词条的其他写法，找到 \d+ 处，分布在/);
  assert.ok((await marks()).includes('token'), (await marks()).join());
  // The term itself comes first, from the glossary, and opens there.
  assert.deepEqual(await page.locator('.glossary-hits a').allTextContents(), ['token（令牌）']);
  await search.fill('lease');
  assert.ok((await marks()).some((m) => m === '租约' || m === '租期'));
  assert.deepEqual(await page.locator('.glossary-hits a').allTextContents(), ['租约 / 租期']);
  await search.press('Enter');
  await arrive(page, /\/glossary#lease$/);
  assert.ok(await page.locator('#lease').isVisible());
  await page.goBack();
  await search.fill('栅栏');
  assert.ok((await marks()).includes('fence'));
  // A word on every page: every chapter one group, at most three hits shown in each, the rest counted.
  await search.fill('fence');
  const count = await page.locator('.search-count').textContent();
  const [, total, chapters] = count.match(/^(?:匹配 |课文中搜不到这个词；按术语表同一词条的其他写法，找到 )(\d+) 处，分布在 (\d+) 章$/);
  const chapterGroups = page.locator('.hit-group:not(.glossary-hits)');
  assert.equal(await chapterGroups.count(), Number(chapters));
  for (const group of await chapterGroups.all()) assert.ok(await group.locator('li').count() <= 3);
  assert.ok(Number(total) > await chapterGroups.locator('li').count());
  assert.match(await page.locator('.hit-more').first().textContent(), /^另有 \d+ 处未列出，从下一处读起 →$/);
  assert.match(await page.locator('.hit-more a').first().getAttribute('href'), /#[a-z-]+-b\d+$/);
  // A follow-up's answer stays folded: its words are not in the index (its question is).
  await search.fill('两个操作域不同');
  assert.equal(await page.locator('.search-count').textContent(), '没有找到');
  await search.fill('既然能 fence');
  assert.match(await page.locator('.search-count').textContent(), /^匹配 1 处/);
  // On a phone the list is as wide as the screen.
  await page.setViewportSize(PHONE);
  const list = await page.locator('.search-results').boundingBox();
  assert.ok(list.width >= 370 && list.x >= 0 && list.x + list.width <= 390, JSON.stringify(list));
  assert.deepEqual(page.problems, []);
});

test('each term\'s first use on a page carries its definition: on hover, focus and tap; the glossary lists them all', async () => {
  const page = await env.page('owner-lease');
  // Each marked term's own word (its first text), before its definition.
  const words = await page.locator('.term').evaluateAll((ts) => ts.map((t) => t.firstChild.textContent));
  assert.equal(words.filter((w) => w === 'owner').length, 1, 'only the first use is marked');
  const owner = page.locator('.term').nth(words.indexOf('owner'));
  const tip = owner.locator('.term-tip');
  assert.equal(await tip.isVisible(), false);
  await owner.hover();
  assert.equal(await tip.isVisible(), true);
  assert.match(await tip.textContent(), /一次申请的随机标识.*本学习台补充/);
  assert.equal(await owner.getAttribute('aria-describedby'), await tip.getAttribute('id'));
  await page.mouse.move(0, 0);
  await page.getByRole('heading', { level: 1 }).click();
  assert.equal(await tip.isVisible(), false);
  await owner.focus();
  assert.equal(await tip.isVisible(), true);
  // A tap on a phone: the definition as a card inside the screen.
  await page.setViewportSize(PHONE);
  const tap = await touchScreen(page);
  await tap(page.getByRole('heading', { level: 1 }));
  const token = page.locator('.term').nth(words.indexOf('token'));
  await token.scrollIntoViewIfNeeded();
  await tap(token);
  await token.locator('.term-tip').waitFor();
  const card = await token.locator('.term-tip').boundingBox();
  assert.ok(card && card.x >= 0 && card.x + card.width <= 390 && card.y + card.height <= 844, JSON.stringify(card));
  // The glossary page: every term, reachable from the chapter list.
  await page.getByRole('button', { name: '章节目录' }).click();
  await page.locator('#sidebar').getByRole('link', { name: '术语表' }).click();
  await arrive(page, /\/glossary$/);
  assert.equal(await page.locator('.terms dt').count(), 12);
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
  await arrive(page, /\/explore\?i=\d$/);
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

test('arrows scroll a focused box that scrolls sideways, and change the chapter only outside one', async () => {
  // The CLI's text is wider than a phone: a run's output scrolls sideways.
  const page = await phone('lab');
  const first = page.locator('.lab-command').first();
  await first.locator('.run-btn').click();
  await first.locator('.text-report summary').click();
  const output = first.locator('.lab-output');
  await output.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('.lab-output').scrollLeft > 0);
  assert.match(page.url(), /\/lab$/, 'the chapter stayed');
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('ArrowRight');
  await arrive(page, /\/u60$/);
  assert.deepEqual(page.problems, []);
});

test('on a phone: a one-row top bar, the menu right below it, Esc closes it; no key hints on a touch screen', async () => {
  const page = await phone('timeline');
  const bar = await page.locator('.topbar').boundingBox();
  assert.ok(bar.height <= 60, `top bar ${bar.height}px tall`);
  const menu = page.getByRole('button', { name: '章节目录' });
  await menu.click();
  const first = await page.locator('#sidebar a', { hasText: '引言' }).boundingBox();
  assert.ok(first.y >= bar.y + bar.height, `「1 引言」 at ${first.y}, under a bar ending at ${bar.y + bar.height}`);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#sidebar').isVisible(), false);
  assert.equal(await menu.getAttribute('aria-expanded'), 'false');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), '章节目录');
  // With a keyboard the hints show; a touch screen has none to hint at.
  assert.equal(await page.getByRole('button', { name: '键盘快捷键' }).isVisible(), true);
  await touchScreen(page);
  assert.equal(await page.getByRole('button', { name: '键盘快捷键' }).isVisible(), false);
  assert.equal(await page.locator('.search-key').isVisible(), false);
  await page.goto(env.url + 'explore');
  await live(page);
  assert.doesNotMatch(await page.locator('.stepper .hint').innerText(), /键盘/);
  assert.match(await page.locator('.stepper .hint').innerText(), /点图中的一步/);
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

test('reading progress: opening records the chapter, reaching its end marks it read', async () => {
  const page = await env.page('many-writes');
  await page.evaluate(() => localStorage.clear());
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.reload();
  await live(page);
  const p = await exported(page);
  assert.equal(p.version, 9);
  assert.ok(p.chapters['many-writes'].opened_at > 0);
  assert.equal(p.chapters['many-writes'].read_at, undefined);
  await page.locator('.pager').scrollIntoViewIfNeeded();
  await exportedOnce(page, (doc) => doc.chapters['many-writes'].read_at > 0);
  assert.equal(await page.locator('.chapter-list a[aria-current="page"] .read-mark.read').count(), 1);
  assert.deepEqual(page.problems, []);
});

test('a chapter shorter than the window counts as read after its reading time, not when it opens', async () => {
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
  await page.clock.runFor(4000);
  await exportedOnce(page, (doc) => doc.chapters.intro.read_at > 0);
  assert.equal(await page.locator('.chapter-list a[aria-current="page"] .read-mark.read').count(), 1);
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
test('at phone width every cell of every table is on screen', async () => {
  const page = await env.page('resource-participation');
  await page.setViewportSize(PHONE);
  for (const path of ['resource-participation', 'explore?variant=no-fence', 'explore?case=operations']) {
    await page.goto(env.url + path);
    await live(page);
    const cells = await page.locator('.table-wrap td, .table-wrap tbody th').evaluateAll((els) =>
      els.map((e) => { const r = e.getBoundingClientRect(); return [e.textContent.slice(0, 20), r.left, r.right]; }));
    assert.ok(cells.length >= 9, path);
    for (const [text, left, right] of cells) assert.ok(left >= 0 && right <= 390, `${path}: ${text} at ${left}–${right}`);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), `${path} wider than a phone`);
    // Each cell still says which column it is in.
    assert.equal(await page.locator('.table-wrap td:not([data-label])').count(), 0, path);
  }
  // The self-test's traces are the exception: compact tables, read across steps, that scroll
  // sideways and say so with the edge shadow.
  await page.goto(env.url + 'self-test');
  await live(page);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'self-test wider than a phone');
  assert.ok(await page.locator('.q-context .table-wrap').first().evaluate((e) => e.scrollWidth > e.clientWidth), 'q1\'s first trace scrolls sideways');
  assert.deepEqual(await silentScrollers(page), []);
  assert.deepEqual(page.problems, []);
});

/** Boxes on the page that scroll sideways without the edge shadow that says so. */
const silentScrollers = (page) => page.evaluate(() => [...document.querySelectorAll('*')].filter((el) => {
  const cs = getComputedStyle(el);
  return ['auto', 'scroll'].includes(cs.overflowX) && el.checkVisibility() && el.scrollWidth > el.clientWidth + 1
    && !(cs.backgroundAttachment.includes('local') && cs.backgroundImage.includes('gradient'));
}).map((el) => `${el.tagName}.${el.className}`));

test('at phone width every picture fits: the figure in both orders, every step of the lesson\'s paths; what scrolls says so', async () => {
  const page = await phone('timeline');
  const inside = (locator) => within(locator, PHONE.width);
  for (const order of ['B 的 42 先提交', 'A 的 41 先提交']) {
    await page.getByRole('radio', { name: order }).check();
    const figure = page.locator('svg.timeline:visible');
    assert.deepEqual(await inside(figure), [true], order);
    // The chapter's point, on screen: the refusal at t20 (or, in the other order, both commits).
    assert.ok((await inside(figure.locator('.tl-reject, .tl-state'))).every(Boolean), order);
    assert.equal((await figure.locator('text').allTextContents()).some((t) => t.includes('恢复，带 41 发布')), true);
  }
  // The lesson's paths fit without scrolling sideways, on a phone and on a laptop.
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    for (const variant of ['correct', 'no-fence', 'split-authority', 'rollback-issuer', 'precheck']) {
      await page.goto(env.url + `explore?variant=${variant}`);
      await live(page);
      const steps = page.locator('g.sd-step');
      assert.deepEqual(await within(steps.first(), width), [true], `${variant} at ${width}: first step`);
      assert.deepEqual(await within(steps.last(), width), [true], `${variant} at ${width}: last step`);
      assert.ok(await page.locator('.diagram-wrap').evaluate((e) => e.scrollWidth <= e.clientWidth + 1), `${variant} at ${width} scrolls`);
    }
  }
  await page.setViewportSize(PHONE);
  for (const path of ['grant-and-mint', 'lab', 'explore', 'explore?case=operations', 'explore?case=model', 'self-test', 'progress']) {
    await page.goto(env.url + path);
    await live(page);
    assert.deepEqual(await silentScrollers(page), [], path);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), `${path} wider than a phone`);
  }
  // Code wraps on a phone instead of hiding past the edge: the lesson's acquire pseudo-code fits.
  await page.goto(env.url + 'grant-and-mint');
  assert.ok(await page.locator('.code pre').first().evaluate((e) => e.scrollWidth <= e.clientWidth + 1));
  assert.deepEqual(page.problems, []);
});
