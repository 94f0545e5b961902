// The release page mounts in Chromium and shows the lesson title.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { start, DIST } from './harness.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

test('the app mounts and shows the lesson title', async () => {
  const page = await env.page();
  const h1 = page.locator('h1');
  await h1.waitFor();
  assert.equal(await h1.textContent(), '租约和 fencing：把旧持有者挡在资源提交处');
  // The h1 is the app's: the static loading shell (no h1 of its own) is gone once it mounts.
  const html = await (await fetch(env.url)).text();
  assert.ok(html.includes('id="boot"') && !html.includes('<h1'));
  assert.equal(await page.locator('#boot').count(), 0);
  assert.ok(await page.locator('nav.sidebar .chapter-list').isVisible());
  assert.deepEqual(page.problems, []);
});

test('the shipped page does not carry the benchmark export', async () => {
  const files = await readdir(DIST);
  for (const f of files.filter((f) => f.endsWith('.js'))) {
    assert.doesNotMatch(await readFile(join(DIST, f), 'utf8'), /bench_model/, f);
  }
  const wasm = files.filter((f) => f.endsWith('.wasm'));
  assert.ok(wasm.length > 0);
  for (const f of wasm) {
    const exports = WebAssembly.Module.exports(await WebAssembly.compile(await readFile(join(DIST, f)))).map((e) => e.name);
    assert.ok(exports.length > 0 && !exports.includes('bench_model'), f);
  }
});
