// Screenshots of the views that need a few clicks first (the timeline's other order, a
// question after reveal, a lab command run in the page, a scored prediction, the coach), at 1280 and 390 px, light and dark:
//   [SHOT_ONLY=name,…] node tools/shot-flow.mjs OUTDIR
import { live, start } from '../e2e/harness.mjs';
const out = process.argv[2] ?? 'shots';
const flows = {
  'timeline-lesson': ['timeline', async () => {}, '.tl-orders'],
  'timeline-caveat': ['timeline', async (p) => p.getByRole('radio', { name: 'A 的 41 先提交（关键限定）' }).check(), '.tl-orders'],
  'q2-revealed': ['self-test', async (p) => {
    const q = p.locator('section.question#q2');
    await q.locator('textarea').fill('检查要在写入的原子边界里；A 先到时 41 会被接受');
    await q.getByRole('button', { name: '展开参考答案与评分点' }).click();
    await q.locator('.points input').nth(5).check();
  }, 'section.question#q2'],
  'q4-revealed': ['self-test', async (p) => {
    const q = p.locator('section.question#q4');
    await q.locator('textarea').fill('先写对象，再条件写指针');
    await q.getByRole('button', { name: '展开参考答案与评分点' }).click();
  }, 'section.question#q4 .points'],
  // The lab chapter's run is a piece fetched on the first press: the result it shows.
  'lab-run': ['lab', async (p) => {
    const row = p.locator('.lab-command').nth(1);
    await row.locator('.run-btn').click();
    await row.locator('.lab-result').first().waitFor();
  }, '.lab-command >> nth=1'],
  // The impossible challenge after two hints and a 「做不到」; a solution link, not credited.
  'challenge-impossible': ['explore?play=&challenge=stale-after-commit', async (p) => {
    await p.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
    for (let i = 0; i < 2; i++) await p.getByRole('button', { name: '提示' }).click();
    await p.getByRole('button', { name: '做不到' }).click();
  }, '.challenge-box'],
  'challenge-linked': ['explore?variant=no-fence&play=A.A.expire.B.B.resume-A.A&challenge=no-fence', async (p) => {
    await p.locator('.challenge-result', { hasText: '这次不计入完成' }).waitFor();
  }, '.play-moves'],
  // The coach from the first move: what the protocol rules out, the ways to what it allows.
  'coach-start': ['explore?play=', async (p) => {
    await p.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
  }, '.play-grid'],
  'coach-walked': ['explore?variant=no-fence&play=', async (p) => {
    await p.locator('.coach-ways').getByRole('button').first().click();
    await p.locator('.coach-made').waitFor();
  }, '.play-grid'],
  // Mid-path: each move's chips, the summary beside them.
  'coach-chips': ['explore?variant=rollback-issuer&play=A.A.expire', async (p) => {
    await p.locator('.moves .chip').first().waitFor({ state: 'attached' });
  }, '.play-grid'],
  // The whole board: the picture beside the moves and the coach (on a phone, below them).
  'board': ['explore?variant=rollback-issuer&play=A.A.expire.crash.recover.B.resume-A', async (p) => {
    await p.locator('.moves .chip').first().waitFor({ state: 'attached' });
  }, '.board'],
  'link-half-bad': ['explore?variant=no-fence&step=abc&play=A.A.expire&challenge=stale-after-commit', async (p) => {
    await p.locator('.play .editor-error').waitFor();
  }, '.explorer-page'],
  'interleaving-to-play': ['explore?variant=no-fence', async () => {}, '.to-play'],
  'prediction-scored': ['explore?variant=no-fence', async (p) => {
    await p.getByRole('button', { name: '先预测，再看结果' }).click();
    await p.getByLabel(/revoked_generation_overwrite/).first().check();
    for (const [i, w] of ['A', 'B', 'B'].entries()) await p.locator('.predict-orders > li').nth(i).getByLabel(`${w} 的结果`).check();
    await p.getByRole('button', { name: '提交预测并运行' }).click();
  }, '.predict-bar'],
};
const env = await start();
try {
  // SHOT_ONLY=a,b: only those flows.
  const only = process.env.SHOT_ONLY?.split(',');
  for (const [name, [path, act, selector]] of Object.entries(flows).filter(([n]) => !only || only.includes(n))) {
    for (const width of [1280, 390]) {
      for (const scheme of ['light', 'dark']) {
        await env.clearStorage();
        const page = await env.page(null);
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(env.url + path);
        await live(page);
        await act(page);
        await page.waitForTimeout(200);
        await page.locator(selector).first().screenshot({ path: `${out}/${name}-${width}-${scheme}.png` });
        if (page.problems.length) console.log(name, page.problems);
        await page.close();
      }
    }
  }
} finally {
  await env.stop();
}
