// The service worker (served at /sw.js by web/site/pages.py): the static files from a
// cache for a fast start, and the notifications of push messages.
//
// Only /static/ is ever answered from the cache. Pages, /api/, the sockets and
// everything else go to the network untouched: a game's state is never stale.
// The server writes the digest of the static files into VERSION, so a deploy that
// changes any of them brings a new worker, a new cache, and the old cache is deleted.

const VERSION = "STATIC_VERSION";
const CACHE = `chromino-static-${VERSION}`;
const PRECACHE = [
  "/static/css/app.css",
  "/static/js/api.js",
  "/static/js/header.js",
  "/static/js/i18n.js",
  "/static/js/install.js",
  "/static/favicon.svg",
  "/static/favicon-turn.svg",
];

// Fetched past the browser's HTTP cache ("no-cache": revalidated), which may still
// hold the files of the version before.
const fresh = (request) => new Request(request, { cache: "no-cache" });

self.addEventListener("install", (event) => {
  const filled = caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map(fresh)));
  event.waitUntil(filled.then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const old = (names) => names.filter((name) => name.startsWith("chromino-static-") && name !== CACHE);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(old(names).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  const cached = event.request.method === "GET" && url.origin === self.location.origin && url.pathname.startsWith("/static/");
  if (cached) event.respondWith(cacheFirst(event.request));
  // Anything else: no respondWith, so the browser fetches it as if there were no worker.
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(fresh(request));
  if (response.status === 200) await cache.put(request, response.clone());
  return response;
}

// A push message: {"title", "body", "url", "tag"}; one notification per tag (a game),
// replaced quietly by the next one.
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    // not JSON: the notification still says where it comes from
  }
  const options = {
    body: message.body || "",
    tag: message.tag || undefined,
    renotify: false,
    icon: "/static/favicon.svg",
    data: { url: message.url || "/" },
  };
  event.waitUntil(self.registration.showNotification(message.title || "Chromino online", options));
});

// A click on a notification: the tab already showing its page, else a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  let target = new URL(event.notification.data?.url || "/", self.location.origin);
  if (target.origin !== self.location.origin) target = new URL("/", self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
      const open = tabs.find((tab) => tab.url === target.href);
      return open ? open.focus() : self.clients.openWindow(target.href);
    }),
  );
});
