// Refreshes every part of the page that names a fragment in data-refresh, once a second, so that
// progress bars move without reloading the page. Nothing else: the pages are written by the gateway.
(function () {
  function refresh() {
    document.querySelectorAll("[data-refresh]").forEach(function (part) {
      fetch(part.dataset.refresh, { credentials: "same-origin", cache: "no-store" })
        .then(function (response) {
          if (response.status === 401) {
            window.location = "/ui/login";
            return null;
          }
          return response.ok ? response.text() : null;
        })
        .then(function (html) {
          if (html !== null && html !== part.innerHTML) {
            part.innerHTML = html;
          }
        })
        .catch(function () {
          // The gateway is away for a moment: try again at the next tick.
        });
    });
  }
  if (document.querySelector("[data-refresh]")) {
    window.setInterval(refresh, 1000);
  }
})();
