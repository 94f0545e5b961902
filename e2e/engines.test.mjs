// The page in Gecko and WebKit, not only Chromium: one smoke walk through each engine (e2e/
// engines.mjs) — every page goes live, the theme is kept, a defect switch turns a verdict, a
// move in 「你来调度」 is judged with the worker's coach beside it, an answer typed is kept in
// localStorage over a reload, and the service worker takes over — and
// no page reports an error on the way (in WebKit: a module that fails to start, and any error
// once it is live; see engines.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { DIST } from './harness.mjs';
import { CHAPTERS } from './lesson.mjs';
import { serve } from '../tools/server.mjs';
import { firefox, webkit } from './engines.mjs';

const PAGES = ['', ...CHAPTERS.map(([slug]) => slug), 'all', 'explore', 'self-test', 'progress', 'glossary', 'no-such-page'];

/** Poll `fn` in the page until it returns something truthy, for at most `seconds`. */
async function until(browser, what, fn, seconds = 30) {
  for (let i = 0; i < seconds * 10; i++) {
    const value = await browser.run(fn).catch(() => null);
    if (value) return value;
    await sleep(100);
  }
  throw new Error(`${browser.name}: timed out waiting for ${what}`);
}

/** Open `url` and wait until its islands are hydrated and its saved state applied. */
async function open(browser, url, reload = false) {
  await (reload ? browser.reload() : browser.goto(url));
  // A module that failed to start says why (js/islands.js): fail with that, not a timeout.
  const state = await until(browser, `${url} to go live`, () => {
    const root = document.documentElement;
    return root.hasAttribute('data-live') ? 'live' : root.dataset.liveError && `not live: ${root.dataset.liveError}`;
  });
  if (state !== 'live') throw new Error(`${browser.name}: ${url} ${state}`);
  await browser.watch?.();
}

const verdicts = () =>
  [...document.querySelectorAll('section[data-part=properties] li.verdict')].map((l) => `${l.dataset.finding}:${['holds', 'by-construction'].includes(l.dataset.kind) ? 'ok' : 'bad'}`);

async function walk(browser, url) {
  const problems = [];
  const check = async (where) => problems.push(...(await browser.problems()).map((p) => `${where}: ${p}`));
  for (const path of PAGES) {
    await open(browser, url + path);
    await check(path || '/');
  }

  await open(browser, url + 'intro');
  await browser.click('.theme-toggle');
  // The first tap shows the scheme the system does not (which one depends on the browser's).
  const chosen = await browser.run(() => document.documentElement.dataset.theme);
  assert.ok(['light', 'dark'].includes(chosen), `the toggle sets a theme: ${chosen}`);
  await open(browser, url + 'intro', true);
  assert.equal(await browser.run(() => document.documentElement.dataset.theme), chosen, 'the theme is kept over a reload');

  await open(browser, url + 'explore');
  assert.deepEqual(await browser.run(verdicts), ['revoked_generation_overwrite:ok', 'unauthorized_accept:ok']);
  // The switch by its label, as a learner finds it.
  await browser.run(() => {
    const label = [...document.querySelectorAll('label.check')].find((l) => l.textContent.trim().startsWith('no-fence'));
    label.querySelector('input').setAttribute('data-smoke', 'no-fence');
  });
  await browser.click('input[data-smoke=no-fence]');
  await until(browser, 'the no-fence verdict', () => location.search.includes('variant=no-fence') && !!document.querySelector('section[data-part=properties] li[data-kind=broken]'));
  assert.deepEqual(await browser.run(verdicts), ['revoked_generation_overwrite:bad', 'unauthorized_accept:ok']);
  await check('explore');

  // 「你来调度」: the coach from the worker's module, then a move of the learner's, judged.
  await open(browser, url + 'explore?variant=no-fence&play=A.A.expire.B.B.resume-A');
  await until(browser, 'the coach', () => document.querySelector('.coach-status')?.textContent.includes('教练已就绪') && document.querySelectorAll('.moves .chip').length > 0);
  await browser.click('.moves .move');
  await until(browser, 'the overwrite marked at the learner\'s move', () => document.querySelector('.play-found')?.textContent.includes('revoked_generation_overwrite'));
  await check('explore, 你来调度');

  const answer = 'fence 在资源提交处比较';
  await open(browser, url + 'self-test');
  await browser.type('section.question#q1 textarea', answer);
  await open(browser, url + 'self-test', true);
  assert.equal(await browser.run(() => document.querySelector('section.question#q1 textarea').value), answer, 'the answer is kept over a reload');
  assert.equal(await browser.run(() => document.querySelector('.storage-notice').hidden), true, 'storage works: no notice');
  await check('self-test');

  // Registered a few seconds after the page settles (js/offline.js): then a reload is served by it.
  // Its install fetches every file of the build (37, the lab module's pieces among them): on a
  // loaded 2-core CI machine WebKit once took over 30 s.
  await until(browser, 'the service worker', () => navigator.serviceWorker.getRegistration().then((r) => !!r?.active), 60);
  await open(browser, url + 'progress');
  assert.ok(await browser.run(() => !!navigator.serviceWorker.controller), 'the page is served by the service worker');
  await check('progress');
  assert.deepEqual(problems, []);
}

for (const [name, launch] of [['firefox-esr', firefox], ['WebKitGTK', webkit]]) {
  test(`${name}: every page goes live; theme, a defect switch, a move in 你来调度 with its coach, an answer over a reload, the service worker`, async () => {
    const server = await serve(DIST);
    let browser;
    try {
      browser = await launch();
      await walk(browser, server.url);
    } finally {
      await browser?.close();
      await server.close();
    }
  });
}
