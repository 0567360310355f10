// Prerendered pages only (scripts/prerender.mjs). External on purpose: the CSP is script-src
// 'self', no inline scripts.
//
// When the prerendered HTML is exactly what the app would show (French, no saved theme or
// accessibility choice: theme-init.js marks the other cases), the page is complete without the
// app: text, links, the FAQ, and native fields already work. The app (~250 KB of scripts and
// their evaluation, most of a phone's blocking time) then starts at the first sign of use — a
// touch, a pointer over the page, a scroll, a key, a focus, a change — and its files are
// fetched into the cache once the page has loaded, so that start costs no download. A click on a
// control before the app owns it is held, not lost: main.tsx clicks it again once the page is
// hydrated, after giving React what was typed or chosen meanwhile.
//
// Otherwise the app starts after the load event, as it must correct the page at once. A
// signed-in page rendered by the server also starts on its own a few seconds after load.
(function () {
  var self = document.currentScript;
  var entry = self && self.getAttribute('data-entry');
  if (!entry) return;
  var chunks = (self.getAttribute('data-chunks') || '').split(' ').filter(Boolean);
  var html = document.documentElement;
  var root = document.getElementById('root');
  var INERT = '[data-prerender-inert]';
  var HELD = 'data-prerender-held';
  // Scrolling counts: a visitor reading the page is likely to use it, and the app's start
  // (~1 s on a slow phone) had better happen then than after their first press.
  var INTENT = ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin', 'input', 'change', 'scroll', 'wheel'];
  var started = false;

  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < INTENT.length; i++) document.removeEventListener(INTENT[i], start, true);
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }

  // After the load event: the page has painted, and no timer is involved (a page whose timers
  // are paused, as in the journeys' fixed clocks, still starts).
  function afterLoad(run) {
    if (document.readyState === 'complete') run();
    else window.addEventListener('load', run, { once: true });
  }

  var exact =
    root !== null &&
    root.getAttribute('data-prerendered') === window.location.pathname &&
    !html.hasAttribute('data-prerender-stale') &&
    !html.hasAttribute('data-prerender-personal');
  if (!exact) {
    afterLoad(start);
    return;
  }

  for (var i = 0; i < INTENT.length; i++) document.addEventListener(INTENT[i], start, { capture: true, passive: true });

  // A signed-in page rendered by the server (its answers in #page-state) has live parts only the
  // app brings — the chart, the advice, updates as readings arrive: it also starts on its own,
  // LIVE_START_MS after the load event, use or not. The reader's first seconds (a scroll, a tap)
  // keep the phone's processor; a screen left on its dashboard still comes alive.
  var LIVE_START_MS = 5000;
  if (document.getElementById('page-state')) {
    afterLoad(function () {
      setTimeout(start, LIVE_START_MS);
    });
  }

  // One held control at most: the last one clicked (a double tap must not submit twice).
  function hold(control, event) {
    event.preventDefault();
    event.stopImmediatePropagation();
    var previous = document.querySelectorAll('[' + HELD + ']');
    for (var j = 0; j < previous.length; j++) previous[j].removeAttribute(HELD);
    control.setAttribute(HELD, '');
    start();
  }
  // What is typed or chosen in a field the app does not own yet, kept on the element (in memory,
  // never in the DOM: it may be a password). main.tsx hands it to React: the DOM value itself may
  // have been reset by then, when React re-renders the field from its state after hydration.
  function remember(event) {
    var field = event.target;
    if (field && field.matches && field.matches(INERT)) field.glucosuiviEntered = field.value;
  }
  document.addEventListener('input', remember, true);
  document.addEventListener('change', remember, true);

  // Until main.tsx hands the controls over (it removes their marks), nothing else sees these events.
  document.addEventListener(
    'click',
    function (event) {
      var control = event.target && event.target.closest ? event.target.closest(INERT) : null;
      if (control) hold(control, event);
    },
    true,
  );
  document.addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      if (!form || !form.querySelector || !form.querySelector(INERT)) return;
      var submitter = event.submitter && event.submitter.matches(INERT) ? event.submitter : form.querySelector('[type="submit"]' + INERT);
      if (submitter) hold(submitter, event);
      else event.preventDefault();
    },
    true,
  );

  // The spec's shortcuts (Alt+1, Alt+2, Alt+H, Alt+plus, Alt+minus) are the app's: one pressed
  // before it owns the page is held too, and main.tsx presses it again.
  document.addEventListener(
    'keydown',
    function (event) {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.key === 'Alt' || !document.querySelector(INERT)) return;
      event.preventDefault();
      html.setAttribute('data-prerender-held-key', JSON.stringify({ key: event.key, code: event.code, shiftKey: event.shiftKey }));
      start();
    },
    true,
  );

  // The shortcut note is announced 2 s after load (spec), app or not: from a live region of our
  // own, outside the page React will hydrate; the app does not repeat it (src/lib/a11y.ts).
  var hint = self.getAttribute('data-shortcut-hint');
  if (hint) {
    var region = document.createElement('p');
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    region.setAttribute('aria-atomic', 'true');
    region.className = 'sr-only';
    document.body.appendChild(region);
    afterLoad(function () {
      setTimeout(function () {
        if (html.hasAttribute('data-shortcut-hint-announced')) return;
        html.setAttribute('data-shortcut-hint-announced', '');
        region.textContent = hint;
        setTimeout(function () {
          region.textContent = '';
        }, 1000);
      }, 2000);
    });
  }

  afterLoad(function () {
    var files = [entry].concat(chunks);
    for (var k = 0; k < files.length; k++) {
      var link = document.createElement('link');
      link.rel = 'prefetch';
      link.as = 'script';
      link.crossOrigin = '';
      link.href = files[k];
      document.head.appendChild(link);
    }
  });
})();
