/* global window, document, requestAnimationFrame, MutationObserver -- runs in the page */
// Runs in the page: times each keystroke in the search box until the result count shows that query's result.
export function installKeystrokeProbe() {
  const samples = [];
  let pending = null;
  const count = () => document.querySelector('[data-testid="job-results-count"]');
  const search = () => document.querySelector('[data-testid="job-search"]');
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.target !== search() || event.key.length !== 1) return;
      const { selectionStart, selectionEnd, value } = event.target;
      const next = value.slice(0, selectionStart) + event.key + value.slice(selectionEnd);
      const key = new URLSearchParams(next.trim() ? { q: next.trim() } : {}).toString();
      // A space at the end does not change the search (it is trimmed): nothing to wait for.
      pending =
        key === count()?.getAttribute('data-result-key') ? null : { start: performance.now(), key, query: next };
    },
    true,
  );
  new MutationObserver(() => {
    if (!pending || count()?.getAttribute('data-result-key') !== pending.key) return;
    const done = pending;
    pending = null;
    const domMs = performance.now() - done.start;
    requestAnimationFrame(() => {
      // The frame callback runs right before the browser paints the updated results.
      samples.push({ query: done.query, domMs, frameMs: performance.now() - done.start, text: count()?.textContent });
    });
    // The document itself: this runs before <body> exists.
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-result-key'] });
  window.__keystrokeSamples = samples;
}
