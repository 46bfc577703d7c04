"""The pages' one script, served by Companion itself: it keeps a session's page current. The page
shows everything without it; the script only listens to the page's event stream (server-sent
events) and puts each new part in place, never reloading.

A phone that slept or lost the network catches up when it comes back: the browser reconnects by
itself and says the last revision it has (``Last-Event-ID``), and the server sends the page part
again only when the session moved on meanwhile. A stream the browser gave up on is opened again
when the page is looked at again.
"""

SCRIPT = """\
"use strict";
(() => {
  const live = document.getElementById("live");
  const status = document.getElementById("status");
  if (!live || !window.EventSource) return;
  let source = null;
  const show = (word) => { status.textContent = status.dataset[word]; status.hidden = false;
    status.className = "status " + word; };
  const listen = () => {
    const url = new URL(live.dataset.events, location.href);
    url.searchParams.set("since", live.dataset.revision);
    source = new EventSource(url);
    source.onopen = () => show("live");
    source.onerror = () => show("away");
    source.addEventListener("table", (event) => {
      live.innerHTML = event.data;
      live.dataset.revision = event.lastEventId;
    });
  };
  listen();
  const again = () => {
    if (document.visibilityState === "visible" && source.readyState === EventSource.CLOSED) listen();
  };
  document.addEventListener("visibilitychange", again);
  // back on the network: connect now rather than when the browser's own retry comes round
  window.addEventListener("online", () => {
    if (source.readyState !== EventSource.OPEN) { source.close(); listen(); }
  });
})();
"""
