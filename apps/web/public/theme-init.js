// Pre-paint: applies the saved theme, language and accessibility choices before React starts, to avoid a flash.
// Mirrors src/lib/theme.ts (kept tiny on purpose; the app re-applies everything on start).
(function () {
  try {
    var root = document.documentElement;
    var store = window.localStorage;
    var mode = store.getItem('glucosuivi-ui-theme');
    if (store.getItem('glucosuivi-ui-theme-auto') === 'true') mode = 'auto';
    if (mode !== 'light' && mode !== 'dark' && mode !== 'auto') mode = 'system';
    var dark;
    if (mode === 'auto') {
      var h = new Date().getHours();
      dark = h >= 20 || h < 7;
    } else if (mode === 'system') {
      dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    } else {
      dark = mode === 'dark';
    }
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    var lng = new URLSearchParams(window.location.search).get('lng') || store.getItem('glucosuivi-lang');
    if (lng === 'fr' || lng === 'en' || lng === 'es') root.lang = lng;
    // The prerendered page is French: hide it until the app renders it in this language.
    if (lng === 'en' || lng === 'es') root.setAttribute('data-prerender-stale', '');
    // Accessibility choices (src/lib/a11y.ts), so a reload does not flash without them.
    try {
      var a11y = JSON.parse(store.getItem('glucosuivi-a11y') || 'null');
      if (a11y && typeof a11y === 'object') {
        root.classList.toggle('high-contrast', a11y.highContrast === true);
        root.classList.toggle('reduce-motion', a11y.reducedMotion === true);
        root.classList.toggle('large-text', a11y.largeText === true);
      }
    } catch {
      /* a garbled value: the app starts from the OS preferences */
    }
  } catch {
    /* storage may be blocked: the app falls back to defaults */
  }
})();
