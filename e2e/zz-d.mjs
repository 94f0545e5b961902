import { live, start } from './harness.mjs';
const env = await start();
try {
  const page = await env.page(null);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(env.url + 'lab'); await live(page);
  const first = page.locator('.lab-command').nth(2);
  await first.locator('.run-btn').click();
  const svg = first.locator('.lab-result');
  await svg.waitFor(); await svg.locator('svg').last().scrollIntoViewIfNeeded();
  await svg.screenshot({ path: '/tmp/shots36/lab-diagram-390.png' });
  
  await page.goto(env.url + 'explore?variant=split-authority'); await live(page);
  const d = page.locator('svg.sequence, .diagram-wrap svg').first();
  await d.screenshot({ path: '/tmp/shots36/explore-diagram-390.png' });
  console.log(await d.evaluate((e) => { const r = e.getBoundingClientRect(); const vb = e.viewBox.baseVal; const t = e.querySelector('text'); return [r.width, vb.width, getComputedStyle(t).fontSize]; }));
} finally { await env.stop(); }
