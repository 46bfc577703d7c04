// The pages' one script, served by Companion itself: it keeps a session's page current. The page
// shows everything without it; the script only listens to the page's event stream (server-sent
// events) and puts each new part in place, never reloading. The log is not part of the part: the
// stream sends only its new lines (the event "log", before the part), which are added to it; the
// whole log when an earlier line changed (an undo, an edit). Each batch of lines names the mark of
// the line it follows, and lines that do not follow the log the page has are never added: the page
// asks for the whole log again instead.
//
// On a recorder page it also sends a tap without leaving the page (and only once: its buttons are
// disabled until the answer), and opens a choice's next choices in place; without it, each is an
// ordinary form or link.
//
// A phone that slept or lost the network catches up when it comes back: the browser reconnects by
// itself and says the newest revision it has (its event id), and the server sends the page part
// again only when the session moved on meanwhile. A stream the browser gave up on is opened again
// when the page is looked at again, and every few seconds while the database cannot be reached (the
// server answers 503: the status says "○ Reconnecting…" until it is back).
"use strict";
(() => {
  const live = document.getElementById("live");
  const status = document.getElementById("status");
  if (!live || !live.dataset.events || !window.EventSource) return;
  const RETRY = 5000;  // ms before a stream the browser gave up on is opened again
  let source = null;
  const show = (word) => { status.textContent = status.dataset[word]; status.hidden = false;
    status.className = "status " + word; };
  // whole: the page's log is not to be trusted, so the stream starts from nothing and sends it all
  const listen = (whole) => {
    const url = new URL(live.dataset.events, location.href);
    if (whole) url.searchParams.delete("since");
    else url.searchParams.set("since", live.dataset.revision);
    source = new EventSource(url);
    source.onopen = () => show("live");
    source.onerror = () => {  // the browser retries by itself, but not after an answer that is no stream
      show("away");           // (a 503 while the database cannot be reached): then the page does
      if (source.readyState === EventSource.CLOSED) setTimeout(again, RETRY);
    };
    source.addEventListener("table", (event) => {
      if (event.lastEventId === live.dataset.revision) return;  // already shown (this phone's own tap)
      document.getElementById("part").innerHTML = event.data;
      live.dataset.revision = event.lastEventId;
    });
    source.addEventListener("log", (event) => {
      const said = JSON.parse(event.data);
      const log = document.getElementById("log");
      if (log.dataset.mark === said.mark) return;  // already shown (this phone's own tap)
      const list = log.querySelector("ol.log");
      if (said.at === 0) {
        log.innerHTML = said.html;
      } else if (list && log.dataset.mark === said.after && list.children.length === said.at) {
        list.insertAdjacentHTML("beforeend", said.html);
      } else {  // lines that follow another log than this page's: the whole log, afresh
        source.close();
        listen(true);
        return;
      }
      log.dataset.mark = said.mark;
    });
  };
  listen(false);
  // a recorder page: a tap posts, a choice opens the next ones, in place and never twice
  const swap = async (url, options) => {
    const answer = await fetch(url, { credentials: "same-origin", ...options });
    const page = new DOMParser().parseFromString(await answer.text(), "text/html");
    if (answer.status === 503) {  // the database cannot be reached: not recorded, the choice stays
      const said = page.querySelector("main");
      status.textContent = said ? said.textContent.trim() : answer.statusText;
      status.className = "status away";
      status.hidden = false;
      throw new Error("unavailable");
    }
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
    swap(link.href, {}).catch((err) => { if (err.message !== "unavailable") location.href = link.href; });
  });
  function again() {  // a function: the stream's error handler above names it before this line runs
    if (document.visibilityState === "visible" && source.readyState === EventSource.CLOSED) listen(false);
  }
  document.addEventListener("visibilitychange", again);
  // back on the network: connect now rather than when the browser's own retry comes round
  window.addEventListener("online", () => {
    if (source.readyState !== EventSource.OPEN) { source.close(); listen(false); }
  });
})();
// A club night's wall (event_wall.html): the round's tables a page at a time, the next every few
// seconds; a new part from the stream shows the page the wall was on. Without the script every page
// shows, one under another.
(() => {
  if (!document.querySelector(".wall")) return;
  const TURN = 10000;  // ms a page of tables stays on the wall
  let at = 0;
  const show = () => {
    const pages = document.querySelectorAll(".wall-page");
    at = pages.length ? at % pages.length : 0;
    pages.forEach((page, k) => { page.hidden = pages.length > 1 && k !== at; });
  };
  show();
  setInterval(() => { at += 1; show(); }, TURN);
  const part = document.getElementById("part");
  if (part) new MutationObserver(show).observe(part, { childList: true });
})();
