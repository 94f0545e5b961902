// Screenshot one element of a page: node tools/shot-el.mjs OUT PATH SELECTOR [width] [scheme]
import { live, start } from '../e2e/harness.mjs';
const [out, path, selector, width = '1280', scheme = 'light'] = process.argv.slice(2);
const env = await start();
try {
  const page = await env.page(null);
  await page.setViewportSize({ width: Number(width), height: 900 });
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(env.url + path.replace(/^\//, ''));
  await live(page);
  await page.waitForTimeout(Number(process.env.WAIT ?? 300));
  await page.locator(selector).first().screenshot({ path: out });
  if (page.problems.length) console.log(page.problems);
} finally {
  await env.stop();
}
