// Every browser module and piece the build ships has a byte bound: its `.gz` copy (gzip -9,
// written by the build's last stage) may not exceed the bound that docs/performance.md's table
// "Size bounds" gives it, beside its figure. A file the table does not name fails too, so no
// module or piece can ship unbounded. A byte check: deterministic, no timing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DIST } from './harness.mjs';

const DOC = resolve(import.meta.dirname, '..', 'docs', 'performance.md');

/** The table's rows: a file's name with its content hash as `*`, and its bound in bytes. */
async function bounds() {
  const doc = await readFile(DOC, 'utf8');
  const section = doc.split('\n## Size bounds\n')[1]?.split('\n## ')[0] ?? '';
  const rows = [...section.matchAll(/^\| `([^`]+)` \| [^|]+ \| ([\d,]+) \|/gm)];
  return rows.map(([, name, bound]) => ({ name, bound: Number(bound.replaceAll(',', '')) }));
}

const matches = (pattern, file) => new RegExp(`^${pattern.replaceAll('.', '\\.').replaceAll('*', '[0-9a-f]+')}\\.gz$`).test(file);

test('every module and piece the build ships is within its bound in docs/performance.md', async () => {
  const table = await bounds();
  assert.ok(table.length >= 10, `the table "Size bounds" names ${table.length} files`);
  const shipped = (await readdir(DIST)).filter((f) => /\.(wasm|js)\.gz$/.test(f));
  for (const file of shipped) {
    const row = table.find((r) => matches(r.name, file));
    assert.ok(row, `${file} has no bound in docs/performance.md`);
    const size = (await stat(join(DIST, file))).size;
    assert.ok(size <= row.bound, `${file}: ${size} bytes, over its bound of ${row.bound}`);
  }
  // Each row names a file that is shipped: a bound of nothing checks nothing.
  for (const row of table) assert.ok(shipped.some((f) => matches(row.name, f)), `${row.name} is not in the build`);
});
