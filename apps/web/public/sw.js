// GlucoSuivi's service worker: keeps the app usable offline and shows web push notifications.
// Served from the site root so its scope is the whole app, with `Cache-Control: no-cache`, so a new
// version is picked up at the next check. Plain JS on purpose: no bundling, no hashed name (a
// registered worker's URL must not change); the build only writes its build id below
// (apps/web/vite.config.ts), so every deploy changes this file and browsers install the new worker.
//
// What it keeps, in one cache per build: the app's shell (index.html and the files it names) and
// the built files of the pages visited (hashed names: they never change). Nothing personal: pages
// rendered for their reader and every API answer go to the network only. The last dashboard's
// answers are kept by the page itself (src/lib/offline/last-dashboard.ts), which clears them at
// sign-out with the queue of entries waiting to be sent.
//
// A new version waits until the page says so ("Nouvelle version disponible — Recharger", the
// page posts 'skip-waiting'): a tab never runs the old page with the new worker's files.
'use strict';

var BUILD_ID = '__GLUCOSUIVI_BUILD_ID__';
var CACHE_PREFIX = 'glucosuivi-app-';
var APP_CACHE = CACHE_PREFIX + BUILD_ID;
var SHELL = '/index.html';
/** Files of the shell besides index.html and the hashed files it names. */
var SHELL_FILES = ['/theme-init.js', '/boot.js', '/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png'];

/** The hashed files an HTML page names (its entry, styles, preloaded chunks). */
function assetsNamedIn(html) {
  var found = {};
  var pattern = /(?:src|href)="(\/assets\/[^"]+)"/g;
  var match;
  while ((match = pattern.exec(html))) found[match[1]] = true;
  return Object.keys(found);
}

self.addEventListener('install', function (event) {
  event.waitUntil(
    caches.open(APP_CACHE).then(function (cache) {
      // Straight from the server (not the HTTP cache): this build's shell, and the files it names.
      return fetch(SHELL, { cache: 'no-cache', credentials: 'omit' })
        .then(function (response) {
          if (!response.ok) throw new Error('shell ' + response.status);
          return response.clone().text().then(function (html) {
            return cache.put(SHELL, response).then(function () {
              return cache.addAll(SHELL_FILES.concat(assetsNamedIn(html)));
            });
          });
        })
        .then(function () {
          // The first worker of this browser has no page to replace: it takes over at once.
          return self.registration.active ? undefined : self.skipWaiting();
        });
    }),
  );
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name.indexOf(CACHE_PREFIX) === 0 && name !== APP_CACHE;
            })
            .map(function (name) {
              return caches.delete(name);
            }),
        );
      })
      .then(function () {
        // Navigations start while the worker boots (no wait for it on a slow phone).
        return self.registration.navigationPreload ? self.registration.navigationPreload.enable() : undefined;
      })
      .then(function () {
        return self.clients.claim();
      }),
  );
});

self.addEventListener('message', function (event) {
  var data = event.data || {};
  if (data.type === 'skip-waiting') self.skipWaiting();
  // The page names the built files it loaded before this worker controlled it.
  if (data.type === 'keep-assets' && Array.isArray(data.urls)) {
    event.waitUntil(
      caches.open(APP_CACHE).then(function (cache) {
        return Promise.all(
          data.urls.filter(isAsset).map(function (url) {
            return cache.match(url).then(function (hit) {
              return hit || cache.add(url).catch(function () {});
            });
          }),
        );
      }),
    );
  }
});

/** A built file of this origin (hashed name, never changes): '/assets/…'. */
function isAsset(url) {
  try {
    var parsed = new URL(url, self.location.origin);
    return parsed.origin === self.location.origin && parsed.pathname.indexOf('/assets/') === 0;
  } catch {
    return false;
  }
}

/** A built file: from the cache, else from the network and kept (an answer of another build is never kept under this one). */
function assetResponse(request) {
  return caches.open(APP_CACHE).then(function (cache) {
    return cache.match(request).then(function (hit) {
      if (hit) return hit;
      return fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      });
    });
  });
}

/**
 * A page: the network (a page may be rendered for its reader: never kept), else, offline, the
 * app's shell, which renders the page from what the app kept (src/lib/offline).
 */
function pageResponse(event) {
  var fromNetwork = Promise.resolve(event.preloadResponse).then(function (preloaded) {
    return preloaded || fetch(event.request);
  });
  return fromNetwork.catch(function () {
    return caches.open(APP_CACHE).then(function (cache) {
      return cache.match(SHELL).then(function (shell) {
        if (!shell) return Response.error();
        // Marked, so the app starts offline even where the browser still says "online".
        return shell.text().then(function (html) {
          return new Response(html.replace('<html', '<html data-offline-shell'), {
            headers: { 'content-type': 'text/html; charset=utf-8' },
          });
        });
      });
    });
  });
}

/** A file of the shell (not hashed): the network first, so a deploy shows; offline, this build's copy. */
function shellFileResponse(request) {
  return fetch(request).catch(function () {
    return caches.open(APP_CACHE).then(function (cache) {
      return cache.match(request).then(function (hit) {
        return hit || Response.error();
      });
    });
  });
}

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The API never goes through a cache here: its answers are personal and no-store.
  if (url.pathname.indexOf('/api/') === 0) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageResponse(event));
    return;
  }
  if (url.pathname.indexOf('/assets/') === 0) {
    event.respondWith(assetResponse(request));
    return;
  }
  if (SHELL_FILES.indexOf(url.pathname) >= 0) event.respondWith(shellFileResponse(request));
});

/** The app path a notification opens: only a same-origin path, else the home page. */
function samePath(url) {
  try {
    var target = new URL(typeof url === 'string' ? url : '/', self.location.origin);
    return target.origin === self.location.origin ? target.pathname + target.search + target.hash : '/';
  } catch {
    return '/';
  }
}

/** {title, body, url, tag} from the server (features/push), or null for anything else. */
function readPayload(data) {
  if (!data) return null;
  try {
    var payload = data.json();
    if (!payload || typeof payload.title !== 'string' || typeof payload.body !== 'string' || !payload.title) return null;
    return payload;
  } catch {
    return null;
  }
}

self.addEventListener('push', function (event) {
  var payload = readPayload(event.data);
  // A malformed message shows nothing rather than a blank or misleading notification.
  if (!payload) return;
  var options = { body: payload.body, icon: '/icons/icon-192.png', data: { url: samePath(payload.url) } };
  if (typeof payload.tag === 'string' && payload.tag) options.tag = payload.tag;
  event.waitUntil(self.registration.showNotification(payload.title, options));
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var path = samePath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      var mine = windows.filter(function (client) {
        return new URL(client.url).origin === self.location.origin;
      });
      var open = mine.find(function (client) {
        return client.focused;
      }) || mine[0];
      if (open) {
        return open.focus().then(function (focused) {
          // navigate() works only in a tab this worker controls; another one is at least focused.
          return (focused || open).navigate(new URL(path, self.location.origin).href).catch(function () {
            return focused;
          });
        });
      }
      return self.clients.openWindow(path);
    }),
  );
});
