import { live, start } from './harness.mjs';
const env = await start();
try {
  const page = await env.page(null);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(env.url + 'lab'); await live(page);
  const first = page.locator('.lab-command').nth(2);
  await first.locator('.run-btn').click();
  const wrap = first.locator('.diagram-wrap');
  await wrap.waitFor();
  await wrap.scrollIntoViewIfNeeded();
  console.log(await wrap.evaluate((e) => e.getBoundingClientRect().width));
  await wrap.screenshot({ path: '/tmp/shots36/lab-diagram-390.png' });
} finally { await env.stop(); }
