// Prerendered pages only (scripts/prerender.mjs): starts the app once the page has painted, so
// on a slow connection the scripts do not compete with the page's own HTML and CSS for the
// first paint. External on purpose: the CSP is script-src 'self', no inline scripts.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  function start() {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // After the load event: the page has painted, and no timer is involved (a page whose timers
  // are paused, as in the journeys' fixed clocks, still starts).
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
