// Before the first paint: the learner's theme (src/app/theme.rs keeps it under this key), and
// whether the address carries a query, which the prerendered explorer must not pass for its
// result (src/experiments/mod.rs). Trunk inlines this into every page's head (index.html).
(function () {
  var root = document.documentElement, theme = 'system';
  try { theme = localStorage.getItem('fencing-study.theme') || theme; } catch (e) {}
  root.setAttribute('data-theme', theme);
  if (location.search) root.classList.add('has-query');
})();
