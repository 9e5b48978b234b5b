// Makes the site an installable web app: registers the service worker (static/sw.js,
// served at /sw.js), which keeps the static files for a fast start and shows the
// notifications of push messages. A browser without service workers loses nothing else.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => {
    console.warn("the service worker was not registered:", error);
  });
}
