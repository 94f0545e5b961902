// Screenshots of the built page for looking at it: every given path at 1280 and 390 px, in
// light and dark. Usage: node tools/screenshots.mjs OUT_DIR /path1 /path2 ...
import { mkdir } from 'node:fs/promises';
import { live, start } from '../e2e/harness.mjs';

const [out = '/tmp/shots', ...paths] = process.argv.slice(2);
await mkdir(out, { recursive: true });
const env = await start();
try {
  for (const path of paths.length ? paths : ['/intro']) {
    for (const width of [1280, 390]) {
      for (const scheme of ['light', 'dark']) {
        const page = await env.page(null);
        await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(env.url + path.replace(/^\//, ''));
        await live(page);
        await page.waitForTimeout(150);
        const name = `${out}/${path.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${width}-${scheme}.png`;
        await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
        if (page.problems.length) console.log(path, page.problems);
        await page.close();
      }
    }
  }
} finally {
  await env.stop();
}
