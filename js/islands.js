// The page's browser module and its islands. The renderer names the page's one module on
// <html> (`data-module`, its file in `data-module-file`: src/bin/prerender.rs) and preloads
// it; this script starts it and hydrates its islands — the outermost ones; an island inside
// another comes alive with it — each in a task of its own, so the page can paint and answer
// input between them (a lazy island once its piece of the module is in: the pieces of the
// page's islands are fetched side by side). Then the module applies what only the browser knows (src/lib.rs,
// after_hydration), once every island matches the prerendered HTML, and the page says it is
// live: `data-live` on <html> (tests wait for it) and the User Timing mark `fencing-live`
// (measurements read it). If the module cannot start, the page stays readable and says so.
//
// Nothing the learner does before then is lost (docs/architecture.md, "Before the page is
// live"): a press on a control of an island (a button, a switch, a choice) is held, the control
// marked `data-pending`, and replayed in order once the page is live; a shortcut key likewise;
// text typed into a box is kept through its island's hydration (which sets the box from the
// record) and handed to the island as input, with the focus, the caret and the scroll where
// the learner left them.
const root = document.documentElement;
const held = [];
const control = (target) =>
  target instanceof Element && target.closest('leptos-island') &&
  target.closest('button, input[type=checkbox], input[type=radio]');
const hold = (event) => {
  const el = control(event.target);
  if (!el) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  // Hydration or the records read may draw the control anew: then its like is pressed, of the
  // same kind, name and words, at the same place in the island.
  const key = (c) => [c.type, c.name, c.getAttribute('aria-label'), c.textContent].join('|');
  const island = el.closest('leptos-island'), like = key(el), same = (c) => key(c) === like;
  const at = [...island.querySelectorAll(el.localName)].filter(same).indexOf(el);
  el.setAttribute('data-pending', '');
  held.push(() => {
    el.removeAttribute('data-pending');
    const now = el.isConnected ? el : [...island.querySelectorAll(el.localName)].filter(same)[at];
    if (now && !now.disabled) now.click();
  });
};
const SHORTCUTS = ['/', '?', 'ArrowLeft', 'ArrowRight'];
const holdKey = (event) => {
  const t = event.target;
  if (!SHORTCUTS.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
  if (t instanceof Element && t.closest('input, textarea, select, [contenteditable]')) return;
  event.preventDefault();
  const init = { key: event.key, code: event.code, shiftKey: event.shiftKey, bubbles: true, cancelable: true };
  held.push(() => window.dispatchEvent(new KeyboardEvent('keydown', init)));
};
// The boxes the learner typed into, as last typed (the browser's own input events, not the
// ones handed in): a lazy island fetches its code first, and typing goes on meanwhile.
const BOXES = 'textarea, input:not([type]), input[type=text], input[type=search], input[type=number]';
const touched = new Map();
let lastTyped = null;
const touch = ({ isTrusted, target: box }) => {
  if (isTrusted && box instanceof Element && box.matches(BOXES)) {
    touched.set(box, { value: box.value, start: box.selectionStart, end: box.selectionEnd });
    lastTyped = box;
  }
};
// Where the learner last scrolled to: scroll events come a frame later, so one that hydration
// causes has not arrived when this is read right after it.
let scrolled = [scrollX, scrollY];
addEventListener('scroll', () => { scrolled = [scrollX, scrollY]; }, { passive: true });
const listen = (on) => {
  document[on]('click', hold, true);
  window[on]('keydown', holdKey, true);
  document[on]('input', touch, true);
};
listen('addEventListener');

// Puts back, after an island's hydration, the text typed into its boxes, as the learner left
// it, and hands it to the island as input. Where hydration changed a box, its caret goes back,
// and its focus if the box was the last typed into and nothing else took the focus since.
const keep = (island) => {
  const boxes = [...touched].filter(([box]) => island.contains(box));
  const [x, y] = scrolled;
  for (const [box, { value, start, end }] of boxes) {
    const active = document.activeElement;
    if (box.value !== value) {
      box.value = value;
      if (active === box || (box === lastTyped && (!active || active === document.body))) {
        if (active !== box) box.focus({ preventScroll: true });
        // (a number box has no caret to set: it throws)
        try { box.setSelectionRange(start, end); } catch {}
      }
    }
    box.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (boxes.length && (scrollX !== x || scrollY !== y)) scrollTo(x, y);
};

try {
  const file = root.dataset.moduleFile;
  const { default: init, ...module } = await import(new URL(file, document.baseURI));
  await init({ module_or_path: new URL(file.replace(/\.js$/, '_bg.wasm'), document.baseURI) });
  const nextTask = () => new Promise((resolve) => setTimeout(resolve));
  const hydrated = [];
  for (const island of document.querySelectorAll('leptos-island')) {
    if (island.parentElement.closest('leptos-island')) continue;
    const start = module[island.dataset.component];
    // Every island of a page is in its module (Cargo.toml's features): one that is not stays dead, so say so.
    if (!start) {
      console.error(`the ${root.dataset.module} module has no island ${island.dataset.component}`);
      continue;
    }
    // A lazy island (`#[island(lazy)]`) first fetches its piece of the module and answers a
    // promise: the pieces of a page's islands are fetched at once, each island hydrated when
    // its piece is in (the islands are apart in the page: their order does not matter).
    hydrated.push(Promise.resolve(start(island)).then(() => keep(island)));
    await nextTask();
  }
  await Promise.all(hydrated);
  module.after_hydration();
  // What was held, in order, once the effects that reading the records started have run
  // (before the next task); then the page is live.
  await nextTask();
  listen('removeEventListener');
  for (const replay of held.splice(0)) replay();
  performance.mark('fencing-live');
  root.setAttribute('data-live', '');
} catch (error) {
  // The prerendered page reads on; its controls may be dead, and one already live shows none of
  // what is saved (the stores load after hydration) and could write over it: tell the learner,
  // not only the console (`data-live-error` for the tests). After the skip link: met first.
  listen('removeEventListener');
  for (const el of document.querySelectorAll('[data-pending]')) el.removeAttribute('data-pending');
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
