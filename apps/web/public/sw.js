// GlucoSuivi's service worker: shows web push notifications, opens the app when one is clicked.
// Nothing else (no cache, no offline pages). Served from the site root so its scope is the whole
// app, with `Cache-Control: no-cache`, so a new version is picked up at the next check.
// Plain JS on purpose: no build step, no hashed name (a registered worker's URL must not change).
'use strict';

self.addEventListener('install', function () {
  // Nothing to prepare: the new version takes over at once.
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
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
  var options = { body: payload.body, icon: '/favicon.svg', data: { url: samePath(payload.url) } };
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
