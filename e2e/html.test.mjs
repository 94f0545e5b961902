// Every prerendered page is valid HTML by the Nu HTML Checker (npm vnu-jar, on the Java runtime
// the bootstrap installs). The one thing it reports that is not ours: Leptos' hydration markers
// (`<!>`), which it reads as bogus comments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import vnu from 'vnu-jar';
import { DIST } from './harness.mjs';

test('the Nu HTML Checker finds no error in any page', async () => {
  const pages = (await readdir(DIST, { recursive: true })).filter((f) => f.endsWith('.html')).map((f) => join(DIST, f));
  assert.ok(pages.length >= 16, `only ${pages.length} pages in ${DIST}`);
  let out;
  try {
    out = execFileSync('java', ['-jar', String(vnu), '--errors-only', '--format', 'json', '--stdout', ...pages], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  } catch (e) {
    // It exits non-zero when it finds errors; the report is the same.
    if (!e.stdout) throw e;
    out = e.stdout;
  }
  const errors = JSON.parse(out)
    .messages.filter((m) => !(/^Bogus comment/.test(m.message) && m.extract?.includes('<!>')))
    .map((m) => `${relative(DIST, new URL(m.url).pathname)}:${m.lastLine}: ${m.message}`);
  assert.deepEqual(errors, []);
});
