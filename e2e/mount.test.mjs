// The release page mounts in Chromium and shows the lesson title.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start } from './harness.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

test('the app mounts and shows the lesson title', async () => {
  const page = await env.page();
  const h1 = page.locator('h1');
  await h1.waitFor();
  assert.equal(await h1.textContent(), '租约和 fencing：把旧持有者挡在资源提交处');
  // Mounted by the WASM module, not present in the static HTML.
  const html = await (await fetch(env.url)).text();
  assert.ok(!html.includes('把旧持有者挡在资源提交处'));
  assert.deepEqual(page.problems, []);
});
