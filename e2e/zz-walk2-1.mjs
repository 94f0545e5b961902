import { live, start } from './harness.mjs';
import { writeFileSync } from 'node:fs';
const env = await start();
const page = await env.page(null);
page.setDefaultTimeout(60000);
for (const [w,h,tag] of [[390,844,'p'],[1280,800,'l']]) {
  await page.setViewportSize({ width: w, height: h });
  for (const scheme of ['light','dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(env.url + ''); await live(page);
    await page.screenshot({ path: `/tmp/walk2/land-${tag}-${scheme}.png` });
    await page.screenshot({ path: `/tmp/walk2/land-${tag}-${scheme}-full.png`, fullPage: true });
  }
}
writeFileSync('/tmp/walk2/land.txt', await page.locator('body').innerText());
console.log(page.problems);
await env.stop();
