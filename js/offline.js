// Offline after the first visit: the service worker (js/sw.js, written into
// the build by tools/dist/finish.mjs) precaches this build's files. A new deployment installs
// beside it and waits; the learner is told and chooses when to switch, so an update
// never lands in the middle of an answer (what was typed is saved on the way out).
(function () {
  if (!('serviceWorker' in navigator)) return;
  var base = document.baseURI, asked = false, had = !!navigator.serviceWorker.controller, registration = null;
  // `waiting`: the new build, switched to on click; `switched`: it already took over (from
  // another tab), and a click reloads this page onto it.
  function offer(waiting, switched) {
    if (!(waiting || switched) || !navigator.serviceWorker.controller || document.querySelector('.update-banner:not(.load-error)')) return;
    var bar = document.createElement('div'), text = document.createElement('span'), button = document.createElement('button');
    bar.className = 'update-banner';
    if (switched) bar.setAttribute('data-switched', '');
    bar.setAttribute('role', 'status');
    text.textContent = '新版本可用';
    button.type = 'button';
    button.className = 'tool-btn primary';
    button.textContent = '刷新';
    button.addEventListener('click', function () {
      asked = true;
      if (switched) return location.reload();
      // The build waiting now: a newer one may have replaced the one this banner was made for.
      ((registration && registration.waiting) || waiting).postMessage('skip-waiting');
    });
    bar.append(text, button);
    document.body.append(bar);
  }
  // The tab that asked reloads. Another tab, now served by the new build, is told (its
  // banner, if it had one, now reloads) and reloads when its learner chooses: its modules
  // stay cached meanwhile (sw.js). A first visit's worker taking over is no update.
  navigator.serviceWorker.addEventListener('controllerchange', function () {
    if (asked) return location.reload();
    if (!had) return void (had = true);
    var shown = document.querySelector('.update-banner:not(.load-error)');
    if (shown) shown.remove();
    offer(null, true);
  });
  // Registered once the page has settled: the offline copy downloads every module, and
  // must not compete with the ones this page is loading for itself.
  addEventListener('load', function () { setTimeout(register, 4000); });
  function register() {
    navigator.serviceWorker.register(new URL('sw.js', base), { scope: new URL('./', base).pathname, updateViaCache: 'none' }).then(function (reg) {
      registration = reg;
      // A new build offered once installed: one found before this ran may be installing already.
      function watch(next) {
        next && next.addEventListener('statechange', function () { if (next.state === 'installed') offer(next); });
      }
      offer(reg.waiting);
      watch(reg.installing);
      reg.addEventListener('updatefound', function () { watch(reg.installing); });
    }, function () {});
  }
})();
