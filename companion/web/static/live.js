// The pages' one script, served by Companion itself: it keeps a session's page current. The page
// shows everything without it; the script only listens to the page's event stream (server-sent
// events) and puts each new part in place, never reloading.
//
// On a recorder page it also sends a tap without leaving the page (and only once: its buttons are
// disabled until the answer), and opens a choice's next choices in place; without it, each is an
// ordinary form or link.
//
// A phone that slept or lost the network catches up when it comes back: the browser reconnects by
// itself and says the newest revision it has (its event id), and the server sends the page part
// again only when the session moved on meanwhile. A stream the browser gave up on is opened again
// when the page is looked at again.
"use strict";
(() => {
  const live = document.getElementById("live");
  const status = document.getElementById("status");
  if (!live || !live.dataset.events || !window.EventSource) return;
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
      if (event.lastEventId === live.dataset.revision) return;  // already shown (this phone's own tap)
      live.innerHTML = event.data;
      live.dataset.revision = event.lastEventId;
    });
  };
  listen();
  // a recorder page: a tap posts, a choice opens the next ones, in place and never twice
  const swap = async (url, options) => {
    const answer = await fetch(url, { credentials: "same-origin", ...options });
    const page = new DOMParser().parseFromString(await answer.text(), "text/html");
    const fresh = page.getElementById("live");
    if (!answer.ok || !fresh) { location.href = answer.url || url; return; }
    live.innerHTML = fresh.innerHTML;
    live.dataset.revision = fresh.dataset.revision;
    history.replaceState(null, "", answer.url);
  };
  live.addEventListener("submit", (event) => {
    const form = event.target;
    event.preventDefault();
    if (form.dataset.sent) return;
    form.dataset.sent = "1";
    const buttons = (off) => form.querySelectorAll("button").forEach((b) => { b.disabled = off; });
    buttons(true);
    swap(form.action, { method: "POST", body: new URLSearchParams(new FormData(form)) })
      .catch(() => { delete form.dataset.sent; buttons(false); });
  });
  live.addEventListener("click", (event) => {
    const link = event.target.closest("a.choice, p.line a");
    if (!link || link.origin !== location.origin || !link.pathname.startsWith("/r/")) return;
    event.preventDefault();
    swap(link.href, {}).catch(() => { location.href = link.href; });
  });
  const again = () => {
    if (document.visibilityState === "visible" && source.readyState === EventSource.CLOSED) listen();
  };
  document.addEventListener("visibilitychange", again);
  // back on the network: connect now rather than when the browser's own retry comes round
  window.addEventListener("online", () => {
    if (source.readyState !== EventSource.OPEN) { source.close(); listen(); }
  });
})();
