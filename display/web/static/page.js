// The phone view's live region. The server pushes a full snapshot of the region with
// every accepted command (server-sent events); each carries the journal position, and
// a snapshot older than the one shown is dropped, so the page never goes back in time
// except when the table itself went back (an undo is a newer command). EventSource
// reconnects by itself after a restart or a Wi-Fi drop, and the server's first message
// on every connection is the whole current state: one snapshot catches the page up.
// The language picked here is kept in a cookie, so the server renders the next page in
// it; every word of the page (its title, header and footer too) follows a switch.
"use strict";
(function () {
  var view = document.getElementById("view");
  var status = document.getElementById("connection");
  var body = document.body;
  var source = null;
  var lang = document.documentElement.lang;  // the server's pick: ?lang=, cookie, browser

  function word(name) { return body.getAttribute("data-word-" + name) || ""; }
  function show(state, watching) {
    status.className = state;
    var said = (watching === 1 && word(state + "_one")) || word(state);
    status.textContent = said.replace("{n}", String(watching));
  }

  function newer(update) {
    if (update.journal !== view.getAttribute("data-journal")) return true;
    var shown = Number(view.getAttribute("data-position"));
    if (update.position > shown) return true;
    return update.position === shown && update.lang !== view.getAttribute("data-lang");
  }

  function sayAgain(words) {
    for (var name in words) body.setAttribute("data-word-" + name, words[name]);
    document.querySelectorAll("[data-word]").forEach(function (element) {
      element.textContent = words[element.getAttribute("data-word")] || element.textContent;
    });
    document.querySelectorAll("[data-word-label]").forEach(function (element) {
      var said = words[element.getAttribute("data-word-label")];
      if (said) element.setAttribute("aria-label", said);
    });
  }

  function apply(update) {
    if (!newer(update)) return;
    if (update.lang !== document.documentElement.lang) sayAgain(update.words);
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
      // that is not an event stream (503 when too many pages are open): ask whether the
      // view is full, say so in words, and try again until a place frees.
      if (source.readyState !== EventSource.CLOSED) return;
      fetch("/places", { cache: "no-store" }).then(function (answer) {
        return answer.json();
      }).then(function (places) {
        if (places.watching >= places.limit) show("full", places.watching);
      }).catch(function () { /* the server is away: "lost" says it */ });
      setTimeout(connect, 3000);
    };
  }

  document.querySelectorAll("nav.languages button").forEach(function (button) {
    button.addEventListener("click", function () {
      lang = button.getAttribute("data-lang");
      // A year; Strict: only this page's own requests carry it (and only this view reads it).
      document.cookie = "lang=" + lang + "; Path=/; Max-Age=31536000; SameSite=Strict";
      connect();
    });
  });
  window.celaenoApply = apply;  // for the browser tests (and a curious console): same guard
  connect();
})();
