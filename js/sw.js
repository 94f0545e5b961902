// The service worker: this build's files precached by their names (every route's HTML, the
// JS, every WASM module — the checker's too — the CSS, icons, manifest and search index; not
// the precompressed copies), served from the cache first, so the whole app works offline after
// the first visit. Its version is the build's content: a new deployment is a new worker, which
// waits until the learner chooses to switch (js/offline.js). The build writes the build's id
// and file list in place of the two lines below (tools/dist/finish.mjs).
const BUILD = 'unbuilt';
const FILES = [];

const CACHE = `fencing-study-${BUILD}`;
const scope = new URL(self.registration.scope);
const inScope = (url) => url.origin === scope.origin && url.pathname.startsWith(scope.pathname);

self.addEventListener('install', (event) => {
  // From the network, not the HTTP cache: pages keep their names from build to build.
  const fresh = (f) => new Request(new URL(f, scope), { cache: 'reload' });
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map(fresh))));
});

// Once this build takes over it notes when (`ACTIVATED`, in its own cache), and the copies
// older than the build that ran before it go. That one stays: another tab may still show a
// page of it and load its modules later (the explorer's checker, say) until the learner
// reloads it. A build that installed but never ran is no build a tab shows: it goes too.
const ACTIVATED = new URL('.activated', scope).href;

self.addEventListener('activate', (event) => {
  const since = (key) => caches.open(key).then((c) => c.match(ACTIVATED)).then((r) => (r ? r.text() : '0')).then(Number);
  event.waitUntil(
    caches.open(CACHE).then((c) => c.put(ACTIVATED, new Response(String(Date.now()))))
      .then(() => caches.keys())
      .then((keys) => keys.filter((k) => k.startsWith('fencing-study-') && k !== CACHE))
      .then((others) => Promise.all(others.map(since)).then((at) => {
        // The build that ran last; a build from before these notes: the newest one.
        const ran = at.some((t) => t > 0) ? at.indexOf(Math.max(...at)) : others.length - 1;
        return Promise.all(others.filter((_, i) => i !== ran).map((k) => caches.delete(k)));
      }))
      .then(() => self.clients.claim()),
  );
});

// The learner chose to switch to this build ("刷新").
self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

/** The file a page address is served from, as the static host does: a route's index.html. */
function pageFile(path) {
  if (path === '' || path.endsWith('/')) return FILES.includes(path + 'index.html') ? path + 'index.html' : '404.html';
  if (FILES.includes(path + '/index.html')) return path + '/index.html';
  return FILES.includes(path) ? path : '404.html';
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || !inScope(url)) return;
  const path = decodeURIComponent(url.pathname.slice(scope.pathname.length));
  const file = event.request.mode === 'navigate' ? pageFile(path) : path;
  // Not this build's: a file of the previous build, for a tab still on it, else the network.
  if (!FILES.includes(file)) {
    event.respondWith(caches.match(event.request).then((hit) => hit || fetch(event.request)));
    return;
  }
  const cached = () => caches.open(CACHE).then((cache) => cache.match(new URL(file, scope)));
  // An address that is no page of the site asks the host first (it answers 404), and gets
  // the cached not-found page only offline.
  const unknown = file === '404.html' && path !== '404.html';
  event.respondWith(unknown ? fetch(event.request).catch(cached) : cached().then((hit) => hit || fetch(event.request)));
});
