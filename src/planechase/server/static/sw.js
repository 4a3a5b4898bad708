// The service worker: keeps the pages so that a table opens without the network (it then says it is offline and
// reconnects as soon as it can, as the page always does), and never stands between the page and the live table.
// Every request goes to the network first; only when the network fails does the worker answer from what it kept.
// The live channel (WebSocket) and the API's answers about tables are never kept or answered from the cache.

// The server names the cache after the release's static files (see planechase.server.app): a new release installs
// a new worker, which keeps the new pages and drops the old ones.
const CACHE = "planechase-pages-v1";
const SHELL = [
  "/",
  "/static/style.css",
  // Each page's modules joined into one script (see planechase.server.bundle).
  "/static/bundle/table.js",
  "/static/bundle/create.js",
  "/static/boot.js",
  "/static/favicon.svg",
];
// Every table's page is the same page: kept once, under this key.
const TABLE_PAGE = "/t/";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** The cache key of a request worth keeping, or null: the pages, the static files, the languages' texts. */
function keyOf(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  const path = url.pathname;
  if (path === "/" || path.startsWith("/static/")) return path;
  if (path.startsWith("/t/")) return TABLE_PAGE;
  if (path.startsWith("/api/i18n/") || path.startsWith("/api/cards/") || path === "/api/oracle") return path;
  return null;
}

self.addEventListener("fetch", (event) => {
  const key = keyOf(event.request);
  if (key === null) return; // the network alone: the live table, creating tables, QR codes
  if (key.startsWith("/static/v/")) {
    // A release's own files never change at their address: kept ones are used at once, without the network.
    event.respondWith(
      caches.match(key).then(
        (kept) =>
          kept ||
          fetch(event.request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
            }
            return response;
          }),
      ),
    );
    return;
  }
  // The server is asked every time (never the browser's own cache): the page's modules always come from one release.
  const request = event.request.mode === "navigate" ? event.request : new Request(event.request, { cache: "no-cache" });
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(key, copy)));
        }
        return response;
      })
      .catch(() => caches.match(key).then((kept) => kept || Response.error())),
  );
});
