// On a phone (390 px): a one-row top bar and its menu, what scrolls sideways and says so, every
// table cell and picture on screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, arrive, live, shown, start, touchScreen } from './harness.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

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

test('arrows scroll a focused box that scrolls sideways, and change the chapter only outside one', async () => {
  // The CLI's text is wider than a phone: a run's output scrolls sideways.
  const page = await phone('lab');
  const first = page.locator('.lab-command').first();
  await first.locator('.run-btn').click();
  // The run's picture takes the screen's width (less the page's margins): its labels stay legible.
  const drawn = await first.locator('.lab-result .diagram-wrap').boundingBox();
  assert.ok(drawn.width >= 350, `the lab's picture is ${drawn.width}px wide`);
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
  // A title breaks only between phrases: chapter 2's short one keeps to one line, not 「owner、」 alone.
  const titled = await phone('owner-lease');
  const h1 = titled.getByRole('heading', { level: 1 });
  const lineHeight = await h1.evaluate((e) => parseFloat(getComputedStyle(e).lineHeight));
  assert.ok((await h1.boundingBox()).height < 1.5 * lineHeight, 'chapter 2\'s title on one line');
  await titled.close();
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

test('a newcomer on a phone has the way through the lesson and its start on the first screen', async () => {
  await env.clearStorage();
  const page = await phone('');
  const start = await page.getByRole('link', { name: '开始：先读下面的引言 ↓' }).boundingBox();
  assert.ok(start.y + start.height <= PHONE.height, `the start ends at ${start.y + start.height}px`);
  assert.deepEqual(page.problems, []);
});

test('at phone width every cell of every table is on screen', async () => {
  const page = await env.page('resource-participation');
  await page.setViewportSize(PHONE);
  for (const path of ['resource-participation', 'explore?variant=no-fence', 'explore?case=operations']) {
    await page.goto(env.url + path);
    await shown(page);
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
    // Its caption, several lines on a phone, reads from the left.
    assert.equal(await page.locator('.figure figcaption:visible').evaluate((e) => getComputedStyle(e).textAlign), 'left', order);
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
    await shown(page);
    assert.deepEqual(await silentScrollers(page), [], path);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390), `${path} wider than a phone`);
  }
  // Code wraps on a phone instead of hiding past the edge: the lesson's acquire pseudo-code fits.
  await page.goto(env.url + 'grant-and-mint');
  assert.ok(await page.locator('.code pre').first().evaluate((e) => e.scrollWidth <= e.clientWidth + 1));
  assert.deepEqual(page.problems, []);
});
