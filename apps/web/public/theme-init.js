// Pre-paint: applies the saved theme, language and accessibility choices before React starts, to avoid a flash.
// Mirrors src/lib/theme.ts and src/lib/a11y.ts (kept tiny on purpose; the app re-applies everything on start).
// The OS's preferences are applied here too: on the prerendered pages the app starts only at the
// first use of a control (boot.js).
(function () {
  try {
    var root = document.documentElement;
    var store = window.localStorage;
    var media = function (query) {
      return window.matchMedia(query);
    };
    var osDark = media('(prefers-color-scheme: dark)');
    var osContrast = media('(prefers-contrast: more)');
    var osMotion = media('(prefers-reduced-motion: reduce)');

    function applyTheme() {
      var mode = store.getItem('glucosuivi-ui-theme');
      if (store.getItem('glucosuivi-ui-theme-auto') === 'true') mode = 'auto';
      if (mode !== 'light' && mode !== 'dark' && mode !== 'auto') mode = 'system';
      var dark;
      if (mode === 'auto') {
        var h = new Date().getHours();
        dark = h >= 20 || h < 7;
      } else if (mode === 'system') {
        dark = osDark.matches;
      } else {
        dark = mode === 'dark';
      }
      root.classList.toggle('dark', dark);
      root.style.colorScheme = dark ? 'dark' : 'light';
    }

    // Accessibility choices (src/lib/a11y.ts): the saved ones, else contrast and motion from the OS.
    function applyA11y() {
      var a11y = null;
      try {
        a11y = JSON.parse(store.getItem('glucosuivi-a11y') || 'null');
      } catch {
        /* a garbled value: the OS preferences, as the app does */
      }
      var saved = a11y !== null && typeof a11y === 'object';
      root.classList.toggle('high-contrast', saved ? a11y.highContrast === true : osContrast.matches);
      root.classList.toggle('reduce-motion', saved ? a11y.reducedMotion === true : osMotion.matches);
      root.classList.toggle('large-text', saved && a11y.largeText === true);
    }

    applyTheme();
    applyA11y();
    // The theme follows the OS's changes, as the app does (read again from storage each time, so a
    // choice made in the app since wins); contrast and motion are only read at start, as there.
    osDark.addEventListener('change', applyTheme);

    // A signed-in page the server rendered is in its reader's account language, which wins over
    // the browser's last choice (the app hydrates it in that language): left as it is.
    var lng = new URLSearchParams(window.location.search).get('lng') || store.getItem('glucosuivi-lang');
    var accountPage = root.hasAttribute('data-account-language');
    if (!accountPage && (lng === 'fr' || lng === 'en' || lng === 'es')) root.lang = lng;
    // The prerendered page is French: hide it until the app renders it in this language.
    if (!accountPage && (lng === 'en' || lng === 'es')) root.setAttribute('data-prerender-stale', '');
    // A saved choice shows in the page's menus: the prerendered page (none saved) must be
    // corrected by the app at once, not at the first use of a control (boot.js).
    var personal = ['glucosuivi-ui-theme', 'glucosuivi-ui-theme-auto', 'glucosuivi-a11y'];
    for (var i = 0; i < personal.length; i++) {
      if (store.getItem(personal[i]) !== null) root.setAttribute('data-prerender-personal', '');
    }
  } catch {
    /* storage may be blocked: the app falls back to defaults */
  }
})();
