// Offline and installable: after the first visit the service worker serves every route, the
// WASM modules (the checker's worker too) and a reload of a deep link with the network off,
// at the root and under a sub-path; a new deployment is offered, never applied until the
// learner asks, and what was typed survives the switch.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DIST, live, start } from './harness.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

/** Wait until the page is controlled by an activated service worker. */
async function controlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller
    || new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }))));
}

async function offlineTour(env, page) {
  await controlled(page);
  await env.context.setOffline(true);
  try {
    await page.goto(env.url + 'explore?case=model&variant=no-fence');
    await live(page);
    await page.locator('.search-extent').waitFor({ timeout: 30_000 });
    assert.match(await page.locator('li[data-finding="revoked_generation_overwrite"]').textContent(), /违反：最短反例 7 步/);
    await page.reload();
    await live(page);
    for (const [path, heading] of [['timeline', /41、42、41/], ['self-test', /闭卷自测/], ['progress', /学习进度/], ['lab', /可运行实验/]]) {
      await page.goto(env.url + path);
      await live(page);
      assert.match(await page.locator('h1').first().textContent(), heading, path);
    }
    // A lab command runs from the cached lab module.
    await page.locator('.lab-command .run-btn').first().click();
    await page.locator('.lab-output').first().waitFor();
  } finally {
    await env.context.setOffline(false);
  }
}

test('after the first visit the whole app works with the network off, deep links and the checker included', async () => {
  const page = await env.page('intro');
  await offlineTour(env, page);
  assert.deepEqual(page.problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED')), []);
});

test('under a sub-path too', async () => {
  const sub = await start({ base: '/sub/', dist: resolve(DIST, '..', 'target/dist-sub') });
  try {
    const page = await sub.page('intro');
    await offlineTour(sub, page);
    assert.ok((await page.evaluate(() => navigator.serviceWorker.controller.scriptURL)).endsWith('/sub/sw.js'));
  } finally {
    await sub.stop();
  }
});

test('a new deployment is offered, applied only when asked, and keeps what was typed', async () => {
  // The next build: the same files, a service worker of another version.
  const next = await mkdtemp(join(tmpdir(), 'fencing-next-'));
  await cp(DIST, next, { recursive: true });
  const sw = await readFile(join(DIST, 'sw.js'), 'utf8');
  const [, build] = sw.match(/const CACHE = 'fencing-study-([0-9a-f]+)'/);
  await writeFile(join(next, 'sw.js'), sw.replaceAll(build, 'feedfacefeedface'));
  await rm(join(next, 'sw.js.gz'), { force: true });
  try {
    const page = await env.page('self-test');
    await controlled(page);
    const box = page.locator('#q1-answer');
    await box.fill('owner 防误删，fence 挡旧写');
    await page.evaluate(() => { window.beforeUpdate = true; });
    env.deploy(next);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    const banner = page.locator('.update-banner');
    await banner.waitFor({ timeout: 20_000 });
    assert.match(await banner.textContent(), /新版本可用/);
    // Nothing is applied behind the learner's back.
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => window.beforeUpdate), true);
    assert.equal(await box.inputValue(), 'owner 防误删，fence 挡旧写');
    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: '刷新' }).click()]);
    await live(page);
    assert.equal(await page.evaluate(() => window.beforeUpdate), undefined, 'the page reloaded');
    assert.deepEqual(await page.evaluate(() => caches.keys()), ['fencing-study-feedfacefeedface']);
    assert.equal(await page.locator('#q1-answer').inputValue(), 'owner 防误删，fence 挡旧写');
  } finally {
    env.deploy(DIST);
    await rm(next, { recursive: true, force: true });
  }
});

test('the app can be installed: a manifest with icons and colours for both themes', async () => {
  const page = await env.page('intro');
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    return (await fetch(link.href)).json();
  });
  assert.equal(manifest.name, '学习台 · 租约与 fencing');
  assert.equal(manifest.display, 'standalone');
  assert.deepEqual(manifest.icons.map((i) => i.sizes), ['192x192', '512x512']);
  for (const icon of manifest.icons) {
    const r = await page.request.get(new URL(icon.src, env.url).href);
    assert.equal(r.headers()['content-type'], 'image/png');
  }
  const colours = await page.locator('meta[name="theme-color"]').evaluateAll((ms) => ms.map((m) => m.media));
  assert.deepEqual(colours, ['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']);
});
