// Offline and installable: after the first visit the service worker serves every route, the
// WASM modules (the checker's worker too) and a reload of a deep link with the network off,
// at the root and under a sub-path, with the host gone; a new deployment is offered, never
// applied until the learner asks, and what was typed survives the switch, in every tab.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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

/** Every page the build has: each route's directory with its index.html. */
async function routes(dist) {
  const all = await readdir(dist, { recursive: true });
  return all.filter((f) => f.endsWith('/index.html')).map((f) => f.slice(0, -'index.html'.length)).sort();
}

async function offlineTour(env, page, dist) {
  await controlled(page);
  // Offline, and the host has nothing: whatever still loads came from the offline copy.
  const empty = await mkdtemp(join(tmpdir(), 'fencing-gone-'));
  env.deploy(empty);
  await env.context.setOffline(true);
  try {
    for (const path of ['', ...(await routes(dist))]) {
      const response = await page.goto(env.url + path);
      assert.ok(response.fromServiceWorker(), `/${path} from the offline copy`);
      await live(page);
      assert.ok((await page.getByRole('heading', { level: 1 }).first().textContent()).length > 0, `/${path} has its heading`);
    }
    await page.goto(env.url + 'explore?case=model&variant=no-fence');
    await live(page);
    await page.locator('.search-extent').waitFor({ timeout: 30_000 });
    assert.match(await page.locator('li[data-finding="revoked_generation_overwrite"]').textContent(), /违反，最短反例 7 步/);
    // 「你来调度」 is a piece of its own, fetched when first opened: the offline copy has it.
    await page.goto(env.url + 'explore?play=');
    await live(page);
    await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
    await page.reload();
    await live(page);
    // Reloaded, the mode fetches its piece and starts its coach again: wait for it, as a learner
    // would, rather than leave while the worker's script is still on its way.
    await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
    for (const [path, heading] of [['timeline', /41、42、41/], ['self-test', /闭卷自测/], ['progress', /学习进度/], ['lab', /可运行实验/]]) {
      await page.goto(env.url + path);
      await live(page);
      assert.match(await page.getByRole('heading', { level: 1 }).first().textContent(), heading, path);
    }
    // A lab command runs from the cached lab module.
    await page.locator('.lab-command .run-btn').first().click();
    await page.locator('.lab-result .judgment').first().waitFor();
  } finally {
    await env.context.setOffline(false);
    env.deploy(dist);
    await rm(empty, { recursive: true, force: true });
  }
}

test('after the first visit the whole app works with the network off, deep links and the checker included', async () => {
  const page = await env.page('intro');
  await offlineTour(env, page, DIST);
  assert.deepEqual(page.problems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED')), []);
});

test('under a sub-path too', async () => {
  const dist = resolve(DIST, '..', 'target/dist-sub');
  const sub = await start({ base: '/sub/', dist });
  try {
    const page = await sub.page('intro');
    await offlineTour(sub, page, dist);
    assert.ok((await page.evaluate(() => navigator.serviceWorker.controller.scriptURL)).endsWith('/sub/sw.js'));
  } finally {
    await sub.stop();
  }
});

/** Another build in a new directory: the self-test page marked `name`, a worker of build `id`. */
async function nextBuild(name, id) {
  const dir = await mkdtemp(join(tmpdir(), `fencing-${name}-`));
  await cp(DIST, dir, { recursive: true });
  const sw = await readFile(join(DIST, 'sw.js'), 'utf8');
  const [, build] = sw.match(/const BUILD = '([0-9a-f]+)'/);
  await writeFile(join(dir, 'sw.js'), sw.replaceAll(build, id));
  const selfTest = await readFile(join(DIST, 'self-test/index.html'), 'utf8');
  await writeFile(join(dir, 'self-test/index.html'), selfTest.replace('<head>', `<head><meta name="build" content="${name}">`));
  for (const f of ['sw.js', 'self-test/index.html']) for (const ext of ['.gz', '.br']) await rm(join(dir, f + ext), { force: true });
  return { dir, build };
}

test('a new deployment is offered, applied only when asked, and keeps what was typed — in every tab', async () => {
  // The next build: one page changed, and a service worker of another version.
  const { dir: next, build } = await nextBuild('next', 'feedfacefeedface');
  try {
    const page = await env.page('self-test');
    await controlled(page);
    const box = page.locator('#q1-answer');
    await box.fill('owner 防误删，fence 挡旧写');
    // Another tab, in the middle of another answer.
    const other = await env.page('self-test');
    await other.locator('#q2-answer').fill('自查之后无条件写');
    for (const p of [page, other]) await p.evaluate(() => { window.beforeUpdate = true; });
    env.deploy(next);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    const banner = page.locator('.update-banner');
    await banner.waitFor({ timeout: 20_000 });
    assert.match(await banner.textContent(), /新版本可用/);
    // Nothing is applied behind the learner's back: the new build waits for the click.
    assert.ok(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).waiting !== null));
    assert.equal(await page.evaluate(() => window.beforeUpdate), true);
    assert.equal(await box.inputValue(), 'owner 防误删，fence 挡旧写');
    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: '刷新' }).click()]);
    await live(page);
    assert.equal(await page.evaluate(() => window.beforeUpdate), undefined, 'the page reloaded');
    assert.equal(await page.locator('meta[name="build"]').getAttribute('content'), 'next', 'onto the new build');
    assert.equal(await page.locator('#q1-answer').inputValue(), 'owner 防误删，fence 挡旧写');
    // The previous build's copy stays for the other tab, which is told and keeps its answer
    // until its learner reloads.
    // Sorted on both sides: the real build's hash may sort before or after the fake one's.
    assert.deepEqual((await page.evaluate(() => caches.keys())).sort(), [`fencing-study-${build}`, 'fencing-study-feedfacefeedface'].sort());
    const told = other.locator('.update-banner[data-switched]');
    await told.waitFor({ timeout: 10_000 });
    assert.equal(await other.evaluate(() => window.beforeUpdate), true);
    assert.equal(await other.locator('#q2-answer').inputValue(), '自查之后无条件写');
    await Promise.all([other.waitForEvent('load'), told.getByRole('button', { name: '刷新' }).click()]);
    await live(other);
    assert.equal(await other.locator('meta[name="build"]').getAttribute('content'), 'next');
    assert.equal(await other.locator('#q2-answer').inputValue(), '自查之后无条件写');
  } finally {
    env.deploy(DIST);
    await rm(next, { recursive: true, force: true });
  }
});

test('a build replaced while it waits: the banner switches to the newest, and only the copy of the build that ran stays beside it', async () => {
  // A browser of its own, whose first visit is to build b.
  const own = await start();
  const builds = [await nextBuild('b', 'b0b0b0b0b0b0b0b0'), await nextBuild('c', 'c0c0c0c0c0c0c0c0'), await nextBuild('d', 'd0d0d0d0d0d0d0d0')];
  const [b, c, d] = builds;
  const update = (page) => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
  try {
    own.deploy(b.dir);
    const page = await own.page('self-test');
    await controlled(page);
    // Build c installs and waits; the banner is offered for it.
    own.deploy(c.dir);
    await update(page);
    const banner = page.locator('.update-banner');
    await banner.waitFor({ timeout: 20_000 });
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => { window.reg = r; }));
    await page.waitForFunction(() => (window.offered = window.reg.waiting));
    // Build d replaces it before the learner clicks.
    own.deploy(d.dir);
    await update(page);
    await page.waitForFunction(() => window.reg.waiting && window.reg.waiting !== window.offered, null, { timeout: 20_000 });
    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: '刷新' }).click()]);
    await live(page);
    assert.equal(await page.locator('meta[name="build"]').getAttribute('content'), 'd', 'onto the newest build');
    // Build b ran (a tab may still show it); build c never did.
    assert.deepEqual((await page.evaluate(() => caches.keys())).sort(), ['fencing-study-b0b0b0b0b0b0b0b0', 'fencing-study-d0d0d0d0d0d0d0d0']);
    assert.deepEqual(page.problems, []);
  } finally {
    await own.stop();
    for (const x of builds) await rm(x.dir, { recursive: true, force: true });
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
