// Search and the glossary's terms in the release build: hits in the right chapters, the
// glossary's other names, the word marked where a hit leads, a term's definition on a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, arrive, live, start, touchScreen } from './harness.mjs';
import { CHAPTERS } from './lesson.mjs';
// A chapter's hits mark the match; the glossary's terms, listed first, have none.
const HIT_MARKS = '.search-results .hit-group:not(.glossary-hits) mark';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

const h1 = (page) => page.getByRole('heading', { level: 1 }).textContent();

test('on a laptop the search results have room, and searching mid-chapter keeps the reader\'s place', async () => {
  const page = await env.page('many-writes');
  // Mid-chapter: `/`, a word, Esc — the page has not moved.
  await page.evaluate(() => scrollTo(0, 866));
  await page.keyboard.press('/');
  await page.keyboard.type('租约');
  const results = page.locator('.search-results');
  await results.locator('a').first().waitFor();
  assert.equal(await page.evaluate(() => scrollY), 866, 'searching moved the page');
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => scrollY), 866);
  await page.getByRole('searchbox', { name: '搜索课程' }).fill('fence');
  await results.locator('a').first().waitFor();
  // About 640 px: most hits on one line, never narrower than the box, inside the window.
  const [box, list] = await Promise.all([page.getByRole('searchbox', { name: '搜索课程' }).boundingBox(), results.boundingBox()]);
  assert.ok(list.width >= 600 && list.width > box.width, `results ${list.width} px wide, box ${box.width}`);
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

  // A table's row reads as a phrase, not as Markdown's pipes.
  await search.fill('先写唯一对象');
  assert.match(await page.locator('.search-results a').first().textContent(), /CAS；先写唯一对象/);
  assert.ok((await page.locator('.search-results').textContent()).indexOf(' | ') < 0);

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
  // Two words with a space are one phrase to search: it says so.
  await search.fill('租约 过期');
  assert.equal(await page.locator('.search-count').textContent(), '没有找到：输入（含空格）按一个整体原样匹配，试试只输入其中一个词');
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
