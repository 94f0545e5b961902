// The word a search hit found, marked in the block the hit leads to: the search box keeps
// `href\nword` in sessionStorage before the link is followed (src/reading/hit_mark.rs); this
// page marks it on arrival, or after a hit in the same page is followed. Plain DOM, so
// the page's modules need not carry it. Islands' own text (theirs to hydrate) and a term's tip
// (shown only on hover) are left alone.
const KEY = 'search-hit';

function markRemembered() {
  let kept = null;
  try {
    kept = sessionStorage.getItem(KEY);
  } catch {
    return;
  }
  const [href, word] = (kept ?? '').split('\n');
  if (!word || location.pathname + location.hash !== href) return;
  sessionStorage.removeItem(KEY);
  // A second hit in the same page: only the newest word stays marked.
  for (const old of document.querySelectorAll('mark.search-mark')) old.replaceWith(...old.childNodes);
  const block = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (!block) return;
  const skip = (text) => text.parentElement.closest('leptos-island, [role="tooltip"]');
  const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
  const texts = [];
  while (walker.nextNode()) if (!skip(walker.currentNode)) texts.push(walker.currentNode);
  for (let rest of texts) {
    for (let at = rest.data.indexOf(word); at >= 0; at = rest.data.indexOf(word)) {
      const hit = rest.splitText(at);
      rest = hit.splitText(word.length);
      const mark = document.createElement('mark');
      mark.className = 'search-mark';
      hit.replaceWith(mark);
      mark.append(hit);
    }
  }
}

markRemembered();
addEventListener('hashchange', markRemembered);
// A hit to the fragment already shown moves nothing: mark once the click is done. (Captured:
// the search box empties its list while the click is handled.)
addEventListener('click', (e) => e.target.closest?.('.search-results a') && setTimeout(markRemembered), true);
