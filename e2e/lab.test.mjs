// The lesson's lab commands run in the page (the model crate compiled to WASM) and print
// exactly what the native CLI prints.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { arrive, start } from './harness.mjs';
import { argsOf, fencingLab } from './cli.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

test('each of the five lab commands runs in the page with the CLI output, byte for byte', async () => {
  const page = await env.page('lab');
  const rows = page.locator('.lab-command');
  assert.equal(await rows.count(), 5);
  const seen = [];
  for (let i = 0; i < 5; i++) {
    const row = rows.nth(i);
    const command = (await row.locator('code.cmd').textContent()).replace(/^\$ /, '');
    await row.locator('.run-btn').click();
    const shown = await row.locator('pre.lab-output').textContent();
    const cli = fencingLab(argsOf(command));
    assert.equal(cli.code, 0, command);
    assert.equal(shown, cli.output, command);
    seen.push(command);
  }
  // Each runs as pasted into a shell at the root of a checkout.
  assert.deepEqual(seen, [
    'cargo run -q -p fencing-model -- fencing',
    'cargo run -q -p fencing-model -- fencing --variant no-fence',
    'cargo run -q -p fencing-model -- fencing --variant split-authority',
    'cargo run -q -p fencing-model -- fencing --variant rollback-issuer',
    'cargo run -q -p fencing-model -- fencing --case operations',
  ]);
  // The outputs name what the lesson predicts.
  const outputs = await page.locator('pre.lab-output').allTextContents();
  assert.match(outputs[0], /结论：无违例。/);
  assert.match(outputs[1], /违例 1：revoked_generation_overwrite/);
  assert.match(outputs[2], /交错数：2[\s\S]*unauthorized_accept/);
  assert.match(outputs[3], /违例 1：revoked_generation_overwrite/);
  assert.match(outputs[4], /applied[\s\S]*applied[\s\S]*duplicate[\s\S]*conflict[\s\S]*stale[\s\S]*效果数：2/);
  // Each run is recorded for the progress page.
  const runs = await page.evaluate(() => JSON.parse(localStorage.getItem('fencing-study.progress')).runs);
  for (const key of ['fencing/correct', 'fencing/no-fence', 'fencing/split-authority', 'fencing/rollback-issuer', 'operations/correct']) {
    assert.ok(runs[key]?.count >= 1, key);
  }
  assert.deepEqual(page.problems, []);
});

test('a lab command opens in the explorer with the same scenario', async () => {
  const page = await env.page('lab');
  await page.getByRole('link', { name: '在实验台中逐步查看：cargo run -q -p fencing-model -- fencing --variant rollback-issuer' }).click();
  await arrive(page, /\/explore\?variant=rollback-issuer$/);
  assert.equal(await page.locator('#result-title').textContent(), '结果：fencing · rollback-issuer');
  assert.deepEqual(page.problems, []);
});
