// The phone view's live region. The server pushes a full snapshot of the region with
// every accepted command (server-sent events); each carries the journal position, and
// a snapshot older than the one shown is dropped, so the page never goes back in time
// except when the table itself went back (an undo is a newer command). EventSource
// reconnects by itself after a restart or a Wi-Fi drop, and the server's first message
// on every connection is the whole current state: one snapshot catches the page up.
"use strict";
(function () {
  var view = document.getElementById("view");
  var status = document.getElementById("connection");
  var body = document.body;
  var source = null;
  var stored = null;
  try { stored = window.localStorage.getItem("celaeno-lang"); } catch (e) { stored = null; }
  var lang = stored || ((navigator.language || "").toLowerCase().indexOf("ja") === 0 ? "ja" : "en");

  function word(name) { return body.getAttribute("data-word-" + name) || ""; }
  function show(state) { status.className = state; status.textContent = word(state); }

  function newer(update) {
    if (update.journal !== view.getAttribute("data-journal")) return true;
    var shown = Number(view.getAttribute("data-position"));
    if (update.position > shown) return true;
    return update.position === shown && update.lang !== view.getAttribute("data-lang");
  }

  function apply(update) {
    if (!newer(update)) return;
    for (var name in update.words) body.setAttribute("data-word-" + name, update.words[name]);
    document.documentElement.lang = update.lang;
    document.title = update.title;
    view.setAttribute("data-lang", update.lang);
    view.setAttribute("data-journal", update.journal);
    view.setAttribute("data-position", String(update.position));
    view.innerHTML = update.html;
    document.querySelectorAll("nav.languages button").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.getAttribute("data-lang") === update.lang));
    });
    show("live");
  }

  function connect() {
    if (source) source.close();
    source = new EventSource("/events?lang=" + encodeURIComponent(lang));
    source.onmessage = function (message) {
      try { apply(JSON.parse(message.data)); } catch (e) { /* a torn message: the next one heals */ }
    };
    source.onopen = function () { show("live"); };
    source.onerror = function () {
      show("lost");
      // EventSource retries by itself after a lost connection, but gives up on an answer
      // that is not an event stream (503 when too many pages are open): try again later.
      if (source.readyState === EventSource.CLOSED) setTimeout(connect, 3000);
    };
  }

  document.querySelectorAll("nav.languages button").forEach(function (button) {
    button.addEventListener("click", function () {
      lang = button.getAttribute("data-lang");
      try { window.localStorage.setItem("celaeno-lang", lang); } catch (e) { /* private mode */ }
      connect();
    });
  });
  window.celaenoApply = apply;  // for the browser tests (and a curious console): same guard
  connect();
})();
