// Makes the site an installable web app: registers the service worker (static/sw.js,
// served at /sw.js), which keeps the static files for a fast start and shows the
// notifications of push messages. A browser without service workers loses nothing else.
// Registered once the page has loaded, so that the worker's first fetches never
// compete with the page's own.
function register() {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => {
    console.warn("the service worker was not registered:", error);
  });
}

if ("serviceWorker" in navigator) {
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
