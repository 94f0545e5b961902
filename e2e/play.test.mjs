// 「你来调度」 as a learner uses it: choose moves by click and by key, step back to look, fork
// from an earlier step, take a move back, reload a shared link, and read the coach — whose
// distances come from the worker's search of every state.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { arrive, live, start } from './harness.mjs';
import { argsOf, fencingLab } from './cli.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.stop(); });

const play = (page) => new URL(page.url()).searchParams.get('play');
const moves = (page) => page.locator('.moves .move span').allTextContents();

async function open(page, query = '') {
  await page.goto(env.url + 'explore' + query);
  await live(page);
  await page.locator('.play').waitFor();
}

test('the mode, the model case, the operations case and the prediction form are pieces fetched when first opened; one that cannot be fetched says so and tries again', async () => {
  const page = await env.page(null);
  const pieces = [];
  page.on('request', (r) => /lab-piece-/.test(r.url()) && pieces.push(r.url()));
  await page.goto(env.url + 'explore');
  await live(page);
  assert.deepEqual(pieces, [], '/explore first loads no piece');
  // The network fails the first time the mode is opened.
  let fail = true;
  await page.route(/lab-piece-/, (route) => (fail ? route.abort() : route.continue()));
  await page.getByRole('button', { name: '你来调度', exact: true }).click();
  const error = page.getByRole('alert').filter({ hasText: '「你来调度」未能载入' });
  await error.waitFor();
  fail = false;
  await error.getByRole('button', { name: '重试' }).click();
  await page.locator('.play .moves .move').first().waitFor();
  assert.ok(pieces.length >= 2, `the mode's piece was asked for, then again: ${pieces.length}`);
  const before = pieces.length;
  await page.getByRole('button', { name: '看全部结果' }).click();
  await page.getByRole('button', { name: '你来调度', exact: true }).click();
  await page.locator('.play .moves .move').first().waitFor();
  assert.equal(pieces.length, before, 'opened again, the mode is built from the piece already loaded');
  const mode = new Set(pieces);
  await page.goto(env.url + 'explore?case=model');
  await live(page);
  await page.locator('.search-extent').waitFor({ timeout: 30_000 });
  assert.ok(pieces.some((p) => !mode.has(p)), 'the model case fetched a piece of its own');
  // The operations case's inputs and table, and the prediction form: each a piece of its own.
  for (const [path, open, shown] of [['explore?case=operations', null, 'table.ops'], ['explore', '先预测，再看结果', 'form.predict']]) {
    const before = new Set(pieces);
    await page.goto(env.url + path);
    await live(page);
    if (open) await page.getByRole('button', { name: open }).click();
    await page.locator(shown).waitFor();
    assert.ok(pieces.some((p) => !before.has(p)), `${shown} came with a piece of its own`);
  }
});

test('a prediction form that cannot be fetched says so, and the learner can still stop predicting and see the result', async () => {
  const page = await env.page(null);
  await page.route(/lab-piece-/, (route) => route.abort());
  await page.goto(env.url + 'explore');
  await live(page);
  await page.getByRole('button', { name: '先预测，再看结果' }).click();
  await page.getByRole('alert').filter({ hasText: '预测表单未能载入' }).waitFor();
  assert.equal(await page.locator('.result-body').isVisible(), false, 'predicting: the result stays hidden');
  // The way out comes right under the line that says why the form is missing.
  await page.locator('.predict-bar p[role=alert] + button', { hasText: '不预测了' }).click();
  assert.equal(await page.locator('.result-body').isVisible(), true);
  assert.equal(await page.getByRole('alert').filter({ hasText: '预测表单未能载入' }).count(), 0);
});

test('the learner drives the lesson scenario by click and by key, steps back, forks and takes a move back', async () => {
  const page = await env.page(null);
  await page.goto(env.url + 'explore');
  await live(page);
  await page.getByRole('button', { name: '你来调度', exact: true }).click();
  await page.locator('.play').waitFor();
  assert.equal(play(page), '');
  assert.match(await page.locator('.play-state').textContent(), /授权权威无 owner，无租约，generation 40/);
  assert.deepEqual(await moves(page), ['A 申请租约', 'B 申请租约', '授权权威崩溃']);
  await page.keyboard.press('1');
  await page.getByRole('button', { name: /A 暂停/ }).click();
  assert.equal(play(page), 'A.A');
  assert.match(await page.locator('.play-state dd').first().textContent(), /暂停中.*持有 token 41（授予#1）/);
  await page.getByRole('button', { name: /授权权威判 A 的租约到期/ }).click();
  await page.getByRole('button', { name: /B 申请租约/ }).click();
  assert.equal(play(page), 'A.A.expire.B');
  // ← only looks back; the path stays.
  await page.keyboard.press('ArrowLeft');
  assert.equal(play(page), 'A.A.expire.B');
  assert.match(await page.locator('.fork-note').textContent(), /第 3 步.*丢弃之后的 1 步/);
  // Choosing there forks: B's acquire is dropped.
  await page.getByRole('button', { name: /A 恢复/ }).click();
  assert.equal(play(page), 'A.A.expire.resume-A');
  await page.keyboard.press('u');
  assert.equal(play(page), 'A.A.expire');
  // A reload (or a shared link) restores the path.
  await page.reload();
  await live(page);
  await page.locator('.play').waitFor();
  assert.equal(await page.locator('.play-state h3').textContent(), '第 3 步之后的状态');
  assert.equal(await page.locator('.sd-step').count(), 3);
});

test('the lesson\'s no-fence counterexample, played: the overwrite is marked where it happens, and the coach sees it coming and then gone', async () => {
  const page = await env.page(null);
  await open(page, '?variant=no-fence&play=');
  await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
  await page.locator('.coach-summary', { hasText: '已提交代际后退 最少还需 7 步' }).waitFor();
  for (const move of ['A 申请租约', 'A 暂停', '授权权威判 A 的租约到期', 'B 申请租约', 'B 写入 (42,1)']) {
    await page.getByRole('button', { name: move }).click();
  }
  // Resuming A keeps the overwrite two moves away; B's write is already in.
  const resume = page.locator('.moves li', { hasText: 'A 恢复' });
  await resume.locator('.chip.broken', { hasText: '✗ 已提交代际后退：选它后最少还需 1 步' }).waitFor();
  await resume.getByRole('button').click();
  const write = page.locator('.moves li', { hasText: 'A 写入' });
  await write.locator('.chip.broken.now', { hasText: '✗ 已提交代际后退：选它就发生' }).waitFor();
  await write.getByRole('button').click();
  assert.match(await page.locator('.play-found').textContent(), /第 7 步 ✗ revoked_generation_overwrite/);
  assert.equal(await page.locator('.sd-band.broken').count(), 1);
});

test('from the first move the coach names what the protocol rules out, by the search or by its rules, and walks the shortest way to what it allows', async () => {
  const page = await env.page(null);
  await open(page, '?play=');
  await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
  const never = await page.locator('.coach-never').textContent();
  assert.match(never, /^正确协议下，从初始状态起怎么走都不会出现——性质检查：revoked_generation_overwrite（违反「已提交资源代际不后退」）；进展：持有者被挡、操作丢失、卡住。这是教练查遍本场景全部 93 个可达状态得出的/);
  assert.match(never, /以下由正确协议的规则本身排除，不靠搜索：unauthorized_accept、未绑定 token 覆盖（每个 token 都由授予铸出）；fence 重用（发号器只增不减，恢复读回持久状态）。$/);
  // The evidence and the key caveat are reachable here: each has its shortest way.
  const ways = page.locator('.coach-ways');
  assert.deepEqual(await ways.getByRole('button').allTextContents(), ['旧写入被拒', '关键限定']);
  await ways.getByRole('button', { name: '旧写入被拒' }).click();
  await page.locator('.coach-made', { hasText: /在第 7 步（write A）出现：旧写入被拒。/ }).waitFor();
  assert.equal(play(page).split('.').length, 7, 'the coach said 7 moves, and walked 7');
  // Under no-fence the overwrite is reachable; nothing is refused, by the variant's rules.
  await open(page, '?variant=no-fence&play=');
  await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
  assert.match(await page.locator('.coach-never').textContent(), /持有者被挡、操作丢失、旧写入被拒（no-fence 下资源不比较 fence，什么写入都不拒）。关键限定在 no-fence 下不计/);
  await page.locator('.coach-ways').getByRole('button', { name: '已提交代际后退' }).click();
  await page.locator('.coach-made', { hasText: /在第 7 步（write A）出现：已提交代际后退（revoked_generation_overwrite）。/ }).waitFor();
  // Where a finding can happen again, the walk stops where it first happens.
  const clients = encodeURIComponent('acquire pause write:2:a; acquire pause write:1:b; acquire write:1:c');
  await open(page, `?case=model&clients=${clients}&crash=false&play=`);
  await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
  const said = await page.locator('.coach-summary p', { hasText: '教练（从当前状态起）' }).textContent();
  const fewest = Number(said.match(/关键限定 最少还需 (\d+) 步/)[1]);
  await page.locator('.coach-ways').getByRole('button', { name: '关键限定' }).click();
  await page.locator('.coach-made', { hasText: new RegExp(`在第 ${fewest} 步（[^）]+）出现：关键限定`) }).waitFor();
  await page.waitForTimeout(500);
  assert.equal(play(page).split('.').length, fewest, 'the walk ends where the caveat first happens');
});

test('a path\'s link opens at the board; Back takes a move back and Forward makes it again; the link can be copied', async () => {
  const page = await env.page(null);
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '?play=A.A');
  // Opened at a path: the board (the state and the moves) is in view, not the page's top.
  await page.waitForFunction(() => {
    const top = document.querySelector('.play-grid')?.getBoundingClientRect().top;
    return top !== undefined && top >= -2 && top < innerHeight / 2;
  });
  const first = await moves(page);
  await page.locator('.moves .move').first().click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('play').split('.').length === 3);
  const made = play(page);
  const then = await moves(page);
  await page.goBack();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('play') === 'A.A');
  await page.waitForFunction((want) => [...document.querySelectorAll('.moves .move span')].map((e) => e.textContent).join('|') === want, first.join('|'));
  await page.goForward();
  await page.waitForFunction((want) => new URL(location.href).searchParams.get('play') === want, made);
  assert.deepEqual(await moves(page), then);
  // An undo is an entry too: Back after it shows the path before it.
  await page.getByRole('button', { name: '撤销最后一步' }).click();
  await page.waitForFunction(() => new URL(location.href).searchParams.get('play') === 'A.A');
  await page.goBack();
  await page.waitForFunction((want) => new URL(location.href).searchParams.get('play') === want, made);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.url });
  await page.getByRole('button', { name: '复制这条路径的链接' }).click();
  await page.locator('.play-tools .copy-btn', { hasText: '已复制' }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());
});

test('an interleaving of 看全部结果 opens in 你来调度 at its path, its finding where the lab marked it', async () => {
  const page = await env.page(null);
  await page.goto(env.url + 'explore?variant=no-fence');
  await live(page);
  // The counterexample is shown first; its steps, as the lab ran them.
  const steps = await page.locator('.result .sd-band').count();
  await page.getByRole('button', { name: '在「你来调度」里打开这条交错' }).click();
  await page.locator('.play').waitFor();
  // One move per step, and the authority's crash, which the lab folds into its recovery.
  assert.equal(play(page).split('.').length, steps + 1);
  assert.match(play(page), /\.expire\.crash\.recover\./);
  await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
  await page.locator('.coach-made', { hasText: new RegExp(`在第 ${steps + 1} 步（write A）出现：已提交代际后退（revoked_generation_overwrite）`) }).waitFor();
  assert.equal(await page.locator('.play .editor-error').count(), 0, 'the whole path is valid');
});

test('a link half bad keeps its good half: the bad parameter is named and dropped alone', async () => {
  const page = await env.page(null);
  await open(page, '?variant=no-fence&step=abc&play=A.A.expire');
  assert.match(await page.locator('.explorer .editor-error').first().textContent(), /链接中有参数无效，已略去：step=abc（须为非负整数）。其余参数照链接生效；略去的视同未给出/);
  assert.match(await page.locator('#play-title').textContent(), /no-fence/);
  assert.equal(await page.locator('.play-state h3').textContent(), '第 3 步之后的状态');
  // A challenge that does not fit the scenario says so, and leaves the coach on.
  await open(page, '?variant=no-fence&play=&challenge=stale-after-commit');
  assert.match(await page.locator('.play .editor-error').textContent(), /挑战「正确协议：B 的结果已提交后，让 A 带 41 的写入被资源接受」只在它自己的场景里进行：fencing 案例、correct 变体、其余输入取课程默认值。当前场景与之不符，挑战未启用/);
  assert.equal(await page.locator('.challenge-box').count(), 0);
  assert.equal(await page.locator('.challenges summary').textContent(), '挑战（本学习台补充）：用你的调度检验课程的论断');
  await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
  await page.locator('.coach-summary').waitFor();
});

test('every coach line is what the command shown beside it prints, at the start and along the shortest way to each first finding, in every variant', async () => {
  const page = await env.page(null);
  const coachSays = () => page.evaluate(() => {
    const box = document.querySelector('.coach-summary');
    const text = (el) => el.textContent.trim();
    return [...box.querySelectorAll(':scope > p:not(.coach-ways), :scope > ul > li')].map(text);
  });
  const compare = async (what) => {
    const { output, code } = fencingLab(argsOf(await page.locator('.play .command code').textContent()));
    assert.equal(code, 0, output);
    assert.deepEqual(await coachSays(), output.trimEnd().split('\n'), what);
  };
  for (const variant of ['correct', 'no-fence', 'rollback-issuer', 'split-authority', 'precheck']) {
    await open(page, `?variant=${variant}&play=`);
    await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
    await compare(`${variant}: the start`);
    await page.locator('.coach-ways button').first().click();
    await page.locator('.coach-made').waitFor();
    await page.waitForTimeout(300);
    await compare(`${variant}: ${play(page)}`);
  }
});

test('a move that makes the overwrite impossible is named at its step', async () => {
  const page = await env.page(null);
  await open(page, '?variant=no-fence&play=A.A.expire.B.resume-A');
  await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
  await page.getByRole('button', { name: /A 写入/ }).click();
  await page.locator('.coach-summary li', { hasText: /第 6 步（[^）]+）之后，已提交代际后退 已不可能发生/ }).waitFor();
});

test('an unfinished path comes back when the learner returns by the sidebar\'s plain link', async () => {
  const page = await env.page(null);
  await open(page, '?play=A.A');
  await page.goto(env.url + 'lab');
  await live(page);
  await page.getByRole('navigation').getByRole('link', { name: '实验台' }).first().click();
  await arrive(page, /\/explore/);
  await page.locator('.play').waitFor();
  assert.equal(play(page), 'A.A', 'the address names the path again');
  assert.equal(await page.locator('.sd-step').count(), 2);
  // A link that names its own view is followed as it is.
  await page.goto(env.url + 'explore?variant=no-fence');
  await live(page);
  assert.equal(play(page), null);
  assert.deepEqual(page.problems, []);
});

test('a link whose path goes wrong keeps its longest valid prefix and says why', async () => {
  const page = await env.page(null);
  await open(page, '?play=A.A.B.expire');
  assert.match(await page.locator('.play [role=alert]').textContent(), /第 3 步「B」在那时不可选，只保留了它之前的 2 步/);
  assert.equal(await page.locator('.sd-step').count(), 2);
});

test('the model case is driven the same way, on a preset of its own', async () => {
  const page = await env.page(null);
  const clients = encodeURIComponent('acquire write:1:pay pause acquire write:1:pay; acquire write:1:ship');
  await open(page, `?case=model&clients=${clients}&delay=true&play=A`);
  assert.match(await page.locator('.play-state').textContent(), /网络中没有在途的写入/);
  await page.getByRole('button', { name: /A 发出写入/ }).click();
  assert.match(await page.locator('.play-state').textContent(), /网络中A 的 \(41,1\)/);
  await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
  assert.ok((await page.locator('.moves .chip').count()) > 0);
});

test('a challenge taken on: the coach hidden, a hint, the goal judged on the learner\'s path, kept after a reload and on /progress', async () => {
  const page = await env.page(null);
  await open(page, '?play=');
  await page.locator('.challenges a', { hasText: 'no-fence（资源不比较 token）' }).click();
  assert.equal(new URL(page.url()).searchParams.get('challenge'), 'no-fence');
  assert.equal(new URL(page.url()).searchParams.get('variant'), 'no-fence');
  await page.locator('.challenge-box').waitFor();
  assert.equal(await page.locator('.moves .chip').count(), 0, 'the coach is hidden');
  await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
  await page.getByRole('button', { name: '提示' }).click();
  assert.equal(await page.locator('.hint-move').textContent(), '提示：下一步选「A 申请租约」。');
  for (const key of ['1', '1', '2']) await page.keyboard.press(key); // acquire A, pause A, expire
  for (const move of ['B 申请租约', 'B 写入 (42,1)', 'A 恢复', 'A 写入 (41,2)']) await page.getByRole('button', { name: move }).click();
  await page.locator('.play-moves .challenge-result', { hasText: '做到了：用了 7 步，正是最少步数；借助提示或教练 1 次。' }).waitFor();
  // The hint covered one move: it is put away once the path moves on.
  assert.equal(await page.locator('.hint-move').count(), 0);
  // After a success there is nothing left to doubt.
  assert.equal(await page.getByRole('button', { name: '做不到' }).count(), 0);
  await page.reload();
  await live(page);
  // The list is folded while a challenge is on: its mark is there all the same.
  await page.locator('.challenges li[data-challenge="no-fence"] .solved', { hasText: '已完成：用了 7 步（最短 7 步），借助提示或教练 1 次' }).waitFor({ state: 'attached' });
  await page.goto(env.url + 'progress');
  await live(page);
  assert.match(await page.locator('.challenge-list li[data-challenge="no-fence"]').textContent(), /已完成：用了 7 步（最短 7 步），借助提示或教练 1 次/);
  assert.match(await page.locator('.challenge-list li[data-challenge="key-caveat"]').textContent(), /未完成/);
  const exported = await page.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('lab')))));
  assert.equal(exported.version, 10);
  assert.equal(exported.challenges['no-fence'].steps, 7);
  assert.equal(exported.challenges['no-fence'].hints, 1, 'the hint it was solved with is kept');
});

test('the impossible challenge: 「做不到」 is the answer, and the checker says why', async () => {
  const page = await env.page(null);
  await open(page, '?play=&challenge=stale-after-commit');
  await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
  await page.getByRole('button', { name: '做不到' }).click();
  assert.match(await page.locator('.challenge-answer').textContent(), /检查器同意：.*没有哪条走法能做到。这与课程所说一致：「fencing 保证新代际业务写入已被资源持久接受后，旧代际不能再覆盖它」/);
  const states = (await page.locator('.coach-status').textContent()).match(/教练已就绪：([\d,]+) 个状态/)[1];
  assert.match(await page.locator('.challenge-answer').textContent(), new RegExp(`^（第 1 次答「做不到」）检查器同意：从初始状态出发，它查遍了本场景的全部 ${states} 个可达状态`));
  // Saying so on a challenge that can be done is refused; said before any move, it costs a try
  // and tells the fewest moves only when asked again.
  await open(page, '?play=&challenge=key-caveat');
  await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
  await page.getByRole('button', { name: '做不到' }).click();
  const early = await page.locator('.challenge-answer').textContent();
  assert.match(early, /^（第 1 次答「做不到」）检查器不同意：从初始状态出发做得到。/);
  assert.doesNotMatch(early, /6 步/);
  await page.getByRole('button', { name: '做不到' }).click();
  assert.match(await page.locator('.challenge-answer').textContent(), /^（第 2 次答「做不到」）检查器不同意：从初始状态出发最少 6 步就能做到/);
  await page.goto(env.url + 'progress');
  await live(page);
  assert.match(await page.locator('.challenge-list li[data-challenge="stale-after-commit"]').textContent(), /已完成（答「做不到」，检查器同意）/);
  assert.match(await page.locator('.challenge-list li[data-challenge="key-caveat"]').textContent(), /未完成/);
});

test('on the impossible challenge a hint nudges first, then reads the starting state, never 「撤销几步」', async () => {
  const page = await env.page(null);
  await open(page, '?play=&challenge=stale-after-commit');
  await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
  const hint = page.getByRole('button', { name: '提示' });
  await hint.click();
  assert.equal(await page.locator('.hint-move').textContent(), '提示：先读它检验的那句话，想想这个目标与它是什么关系，再决定是去找走法，还是答「做不到」。');
  await hint.click();
  assert.equal(await page.locator('.hint-move').textContent(), '从初始状态起就做不到，与走到哪一步无关：可以答「做不到」。');
  // After a move, asked again: still the starting state's answer, never 「撤销几步」.
  await page.keyboard.press('1');
  await page.locator('.hint-move').waitFor({ state: 'detached' });
  await hint.click();
  assert.equal(await page.locator('.hint-move').textContent(), '从初始状态起就做不到，与走到哪一步无关：可以答「做不到」。');
  assert.deepEqual(page.problems, []);
});

test('a solution link shows its path and says it is not the learner\'s; made again here, it counts', async () => {
  await env.clearStorage();
  const page = await env.page(null);
  await open(page, '?variant=no-fence&play=A.A.expire.B.B.resume-A.A&challenge=no-fence');
  await page.locator('.challenge-result', { hasText: '这次不计入完成' }).waitFor();
  assert.equal(await page.getByRole('button', { name: '做不到' }).count(), 1);
  await page.goto(env.url + 'progress');
  await live(page);
  assert.match(await page.locator('.challenge-list li[data-challenge="no-fence"]').textContent(), /未完成/);
  await page.goBack();
  await live(page);
  await page.locator('.challenge-result', { hasText: '这次不计入完成' }).waitFor();
  // Undone below the link's moves and made again here, it counts.
  for (let i = 0; i < 7; i++) await page.getByRole('button', { name: '撤销最后一步' }).click();
  for (const key of ['1', '1', '2']) await page.keyboard.press(key);
  for (const move of ['B 申请租约', 'B 写入 (42,1)', 'A 恢复', 'A 写入 (41,2)']) await page.getByRole('button', { name: move }).click();
  await page.locator('.challenge-result', { hasText: '做到了：用了 7 步，正是最少步数。' }).waitFor();
  await page.goto(env.url + 'progress');
  await live(page);
  assert.match(await page.locator('.challenge-list li[data-challenge="no-fence"]').textContent(), /已完成：用了 7 步（最短 7 步）/);
  assert.deepEqual(page.problems, []);
});

test('a chapter\'s challenge link, on a phone, opens the explorer at the challenge', async () => {
  const page = await env.page(null);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(env.url + 'timeline');
  await live(page);
  await page.getByRole('link', { name: '挑战：关闭资源检查，让旧持有者覆盖 B →' }).click();
  await arrive(page, /\/explore\?variant=no-fence&play=&challenge=no-fence$/);
  const challenge = page.getByRole('region', { name: '当前挑战' });
  await challenge.waitFor();
  await page.waitForFunction(() => {
    const r = document.querySelector('.challenge-box').getBoundingClientRect();
    return r.top >= document.querySelector('.topbar').getBoundingClientRect().bottom && r.bottom <= innerHeight;
  });
  assert.match(await challenge.textContent(), /^挑战：no-fence/);
  // The first move is in view under it.
  assert.ok(await page.getByRole('button', { name: 'A 申请租约' }).evaluate((e) => e.getBoundingClientRect().bottom <= innerHeight));
  assert.deepEqual(page.problems, []);
});

test('where the lesson says why a window closes, the coach says it: the key caveat ends with B\'s commit', async () => {
  const page = await env.page(null);
  await open(page, '?play=A.A.expire.B');
  await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
  await page.locator('.moves li', { hasText: 'B 写入 (42,1)' }).locator('.chip.caveat.closed', { hasText: '关键限定：选它后不再可能' }).waitFor();
  await page.getByRole('button', { name: 'B 写入 (42,1)' }).click();
  await page.locator('.coach-summary li', { hasText: /第 5 步（write B）之后，关键限定 已不可能发生/ }).waitFor();
  assert.match(await page.locator('.coach-summary').textContent(), /B 的结果（最新授予）已被资源持久接受；课程说：「fencing 保证新代际业务写入已被资源持久接受后，旧代际不能再覆盖它」/);
});

test('on a phone, what a switch does is in view at once, and the step table shows the current step\'s card', async () => {
  const page = await env.page(null);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(env.url + 'explore');
  await live(page);
  const line = page.locator('.verdict-line');
  assert.match(await line.textContent(), /✓ 已提交资源代际不后退：成立.*∅ 未绑定授予的 token 不可产生效果：本变体无从违反/);
  await page.getByLabel(/no-fence/).check();
  await page.locator('.verdict-line', { hasText: '✗ 已提交资源代际不后退：违反' }).waitFor();
  const box = await line.boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= 844, `the verdict is on screen: ${JSON.stringify(box)}`);
  // The step table: one card, the current step's, until all are asked for.
  await page.locator('#result-title').scrollIntoViewIfNeeded();
  const cards = page.locator('.steps tbody tr');
  const shown = async () => (await cards.evaluateAll((rows) => rows.filter((r) => r.offsetParent !== null).map((r) => r.dataset.step)));
  assert.deepEqual(await shown(), ['1']);
  await page.getByRole('button', { name: /显示全部 \d+ 步/ }).click();
  assert.ok((await shown()).length > 5);
  await page.keyboard.press('ArrowRight');
  assert.ok((await shown()).length > 5, 'all cards stay shown at the next step');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'nothing scrolls sideways');
});

test('one board: the picture beside the moves and the coach at 1280 px; on a phone the moves first, each move\'s chips folded to those it changes', async () => {
  const page = await env.page(null);
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, '?variant=rollback-issuer&play=A.A.expire.crash.recover.B.resume-A');
  await page.locator('.moves .chip').first().waitFor();
  const [path, side] = await Promise.all(['.board-path', '.board-side'].map((s) => page.locator(s).boundingBox()));
  assert.ok(path.x + path.width <= side.x, 'the picture left of the moves');
  assert.ok(Math.abs(path.y - side.y) < 2, 'from the same top');
  // Each chip in its kind's look, the finding's name in its tooltip.
  const broken = page.locator('.moves li', { hasText: 'B 写入 (41,1)' }).locator('.chip.broken');
  assert.equal(await broken.getAttribute('title'), 'revoked_generation_overwrite');
  assert.match(await broken.textContent(), /^✗ 已提交代际后退：选它后最少还需 1 步$/);
  assert.equal(await page.locator('.moves .chip.fold').first().isVisible(), false, 'nothing folded on a wide screen');
  await page.setViewportSize({ width: 390, height: 800 });
  const sideNow = await page.locator('.board-side').boundingBox();
  const pathNow = await page.locator('.board-path').boundingBox();
  assert.ok(sideNow.y < pathNow.y, 'on a phone the moves come first');
  for (const chip of await page.locator('.moves .chip.folds').all()) assert.equal(await chip.isVisible(), false);
  // Folded, the chips still name their findings: those the move is on a shortest way to, and
  // those it closes.
  const write = page.locator('.moves li', { hasText: 'A 写入 (41,2)' });
  assert.equal(await write.locator('.chip.fold:not(.closed)').textContent(), '选它离这些更近一步：持有者被挡、操作丢失');
  assert.equal(await write.locator('.chip.fold.closed').textContent(), '选它后不再可能：已提交代际后退');
  assert.equal(await write.locator('.chip.fold.closed').isVisible(), true);
  assert.deepEqual(page.problems, []);
});

test('a counterexample of the model case opens in 「你来调度」 at its path, its finding made at its last move', async () => {
  const page = await env.page(null);
  await page.goto(env.url + 'explore?case=model&variant=no-fence');
  await live(page);
  await page.locator('.search-extent[data-complete="true"]').waitFor();
  const heading = await page.locator('.model-result h3', { hasText: / 步$/ }).first().textContent();
  const [, name, steps] = heading.match(/（([a-z_]+)）：(\d+) 步$/);
  await page.getByRole('button', { name: '在「你来调度」里打开这条路径' }).click();
  await page.locator('.play .moves').waitFor();
  assert.equal(play(page).split('.').length, Number(steps));
  assert.match(await page.locator('.play-found').textContent(), new RegExp(`第 ${steps} 步 . ${name}`));
  assert.deepEqual(page.problems, []);
});

test('a challenge made with the coach shown counts its help, as a hint would', async () => {
  const page = await env.page(null);
  await open(page, '?variant=no-fence&play=&challenge=no-fence');
  await page.locator('.coach-status', { hasText: '教练已就绪' }).waitFor();
  await page.getByLabel('显示教练').check();
  for (const key of ['1', '1', '2']) await page.keyboard.press(key); // acquire A, pause A, expire
  for (const move of ['B 申请租约', 'B 写入 (42,1)', 'A 恢复', 'A 写入 (41,2)']) await page.getByRole('button', { name: move }).click();
  await page.locator('.challenge-result', { hasText: '做到了：用了 7 步，正是最少步数；借助提示或教练 7 次。' }).waitFor();
  assert.deepEqual(page.problems, []);
});
