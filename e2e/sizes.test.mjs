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

/** The table's rows: a file's name with its content hash as `*` (a module's pieces: their
 *  number too), its bound in bytes, and whether the bound is for the files it names together. */
async function bounds() {
  const doc = await readFile(DOC, 'utf8');
  const section = doc.split('\n## Size bounds\n')[1]?.split('\n## ')[0] ?? '';
  const rows = [...section.matchAll(/^\| `([^`]+)`( together)? \| [^|]+ \| ([\d,]+) \|/gm)];
  return rows.map(([, name, together, bound]) => ({ name, together: !!together, bound: Number(bound.replaceAll(',', '')) }));
}

const matches = (pattern, file) => new RegExp(`^${pattern.replaceAll('.', '\\.').replaceAll('*', '[0-9a-f]+')}\\.gz$`).test(file);

test('every module and piece the build ships is within its bound in docs/performance.md', async () => {
  const table = await bounds();
  assert.ok(table.length >= 10, `the table "Size bounds" names ${table.length} files`);
  const shipped = (await readdir(DIST)).filter((f) => /\.(wasm|js)\.gz$/.test(f));
  for (const file of shipped) {
    const row = table.find((r) => !r.together && matches(r.name, file));
    assert.ok(row, `${file} has no bound in docs/performance.md`);
    const size = (await stat(join(DIST, file))).size;
    assert.ok(size <= row.bound, `${file}: ${size} bytes, over its bound of ${row.bound}`);
  }
  // Each row names a file that is shipped: a bound of nothing checks nothing.
  for (const row of table) assert.ok(shipped.some((f) => matches(row.name, f)), `${row.name} is not in the build`);
  // A module's pieces together (how many there are follows the code: the cut makes a chunk for
  // what several pieces share).
  for (const row of table.filter((r) => r.together)) {
    const sizes = await Promise.all(shipped.filter((f) => matches(row.name, f)).map(async (f) => (await stat(join(DIST, f))).size));
    const sum = sizes.reduce((a, b) => a + b, 0);
    assert.ok(sum <= row.bound, `${row.name} together: ${sum} bytes, over their bound of ${row.bound}`);
  }
});
