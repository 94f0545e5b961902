// The page's browser module and its islands. The renderer names the page's one module on
// <html> (`data-module`, its file in `data-module-file`: src/bin/prerender.rs) and preloads
// it; this script starts it and hydrates its islands — the outermost ones; an island inside
// another comes alive with it — each in a task of its own, so the page can paint and answer
// input between them. Then the module applies what only the browser knows (src/lib.rs,
// after_hydration), once every island matches the prerendered HTML, and the page says it is
// live: `data-live` on <html> (tests wait for it) and the User Timing mark `fencing-live`
// (measurements read it). If the module cannot start, the page stays readable and says so.
const root = document.documentElement;
try {
  const file = root.dataset.moduleFile;
  const { default: init, ...module } = await import(new URL(file, document.baseURI));
  await init({ module_or_path: new URL(file.replace(/\.js$/, '_bg.wasm'), document.baseURI) });
  const nextTask = () => new Promise((resolve) => setTimeout(resolve));
  for (const island of document.querySelectorAll('leptos-island')) {
    if (island.parentElement.closest('leptos-island')) continue;
    const start = module[island.dataset.component];
    // Every island of a page is in its module (Cargo.toml's features): one that is not stays dead, so say so.
    if (!start) {
      console.error(`the ${root.dataset.module} module has no island ${island.dataset.component}`);
      continue;
    }
    start(island);
    await nextTask();
  }
  module.after_hydration();
  performance.mark('fencing-live');
  root.setAttribute('data-live', '');
} catch (error) {
  // The prerendered page reads on; its controls may be dead, and one already live shows none of
  // what is saved (the stores load after hydration) and could write over it: tell the learner,
  // not only the console (`data-live-error` for the tests). After the skip link: met first.
  const bar = document.createElement('div'), text = document.createElement('span'), button = document.createElement('button');
  bar.className = 'update-banner load-error';
  bar.setAttribute('role', 'alert');
  text.textContent = '交互功能未能完整加载：按钮、开关和输入框可能无效；已保存的记录仍在，但本页暂未显示。请先刷新再继续操作，以免覆盖已保存的内容。文字和链接照常可用。';
  button.type = 'button';
  button.className = 'tool-btn primary';
  button.textContent = '刷新重试';
  button.addEventListener('click', () => location.reload());
  bar.append(text, button);
  const skip = document.querySelector('.skip-link');
  skip ? skip.after(bar) : document.body.prepend(bar);
  root.dataset.liveError = typeof error === 'string' ? error : (error && error.message) || 'unknown';
  throw error;
}
