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
    var again = update.journal === view.getAttribute("data-journal") &&
      update.position === Number(view.getAttribute("data-position"));
    if (seat && typeof update.seat === "string" && (again || newer(update))) applySeat(update.seat);
    if (!newer(update)) return;  // (a seat's part again at the same position: made afresh)
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
      if (body.hasAttribute("data-token")) { location.reload(); return; }  // a seat: all of it
      connect();
    });
  });

  // --- A seat's page: each tap sends one command about this faction, with an id of its own;
  // sent again with the same id after a lost answer, the table does it once ("already done").
  var seat = document.getElementById("seat");
  var answer = document.getElementById("seat-answer");
  var touched = {};  // a dial turned here: kept across updates while the table's number stays
  var busy = false;

  function newId() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes))
      .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function dialOf(key) { return seat.querySelector('[data-dial="' + key + '"]'); }
  function valueOf(key) {
    var dial = dialOf(key);
    return dial ? Number(dial.getAttribute("data-now") || dial.getAttribute("data-value")) : 0;
  }
  function setDial(dial, value) {
    var least = Number(dial.getAttribute("data-least")), most = Number(dial.getAttribute("data-most"));
    value = Math.max(least, Math.min(most, value));
    var key = dial.getAttribute("data-dial");
    dial.setAttribute("data-now", String(value));
    seat.querySelectorAll('output[data-of="' + key + '"]').forEach(function (shown) {
      shown.textContent = String(value);
    });
    return value;
  }
  function commandOf(button) {
    var command = JSON.parse(button.getAttribute("data-command"));
    var filled = [];
    (button.getAttribute("data-dials") || "").split(",").forEach(function (pair) {
      if (!pair) return;
      var field = pair.split(":")[0];
      command[field] = valueOf(pair.split(":")[1]);
      filled.push(field);
    });
    if (button.hasAttribute("data-drop-zero")) {
      filled.forEach(function (field) { if (command[field] === 0) delete command[field]; });
    }
    return command;
  }
  function say(words, how) { answer.textContent = words; answer.className = how; }
  function settle(words, how) {
    busy = false;
    seat.querySelectorAll("button.act").forEach(function (b) { b.disabled = false; });
    say(words, how);
  }
  function send(command, id, tries) {
    fetch("/seat", {
      method: "POST", cache: "no-store", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-Celaeno-Token": body.getAttribute("data-token") },
      body: JSON.stringify({ id: id, command: command })
    }).then(function (reply) {
      return reply.json().then(function (said) { return { status: reply.status, said: said }; });
    }).then(function (got) {
      if (got.status < 300) {  // done: the numbers turned and the lists opened for it go
        touched = {};
        seat.querySelectorAll("details[open]").forEach(function (d) { d.open = false; });
      }
      settle(got.said.words, got.status < 300 ? "done" : "refused");
      if (got.said.ended) setTimeout(function () { location.reload(); }, 1500);
    }).catch(function () {
      // No answer (Wi-Fi, a restart): the same command, the same id; the table does it once.
      if (tries >= 6) { settle(word("seat_table_off"), "refused"); return; }
      say(word("seat_retrying"), "sending");
      setTimeout(function () { send(command, id, tries + 1); }, 400 * Math.pow(2, tries));
    });
  }
  function asked() {
    var question = seat.querySelector("section.asked h3");
    return question ? question.textContent : "";
  }
  function applySeat(html) {
    var before = asked(), open = {};
    seat.querySelectorAll("details[open]").forEach(function (d) { open[d.getAttribute("data-key")] = true; });
    seat.innerHTML = html;
    seat.querySelectorAll("details").forEach(function (d) { if (open[d.getAttribute("data-key")]) d.open = true; });
    seat.querySelectorAll("[data-dial]").forEach(function (dial) {
      var kept = touched[dial.getAttribute("data-dial")];
      if (kept && String(kept.base) === dial.getAttribute("data-value")) setDial(dial, kept.value);
    });
    seat.querySelectorAll("button.act").forEach(function (b) { b.disabled = busy; });
    // The table asks this faction something new: its question, at the top, comes into view.
    if (asked() && asked() !== before) seat.scrollIntoView({ block: "start" });
  }
  if (seat) {
    seat.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button || button.disabled) return;
      if (button.classList.contains("turn")) {
        var dial = button.closest("[data-dial]");
        var now = setDial(dial, valueOf(dial.getAttribute("data-dial")) + Number(button.getAttribute("data-turn")));
        touched[dial.getAttribute("data-dial")] = { base: dial.getAttribute("data-value"), value: now };
        return;
      }
      if (!button.classList.contains("act") || busy) return;
      busy = true;
      seat.querySelectorAll("button.act").forEach(function (b) { b.disabled = true; });
      say(word("seat_sending"), "sending");
      send(commandOf(button), newId(), 0);
    });
  }
  window.celaenoApply = apply;  // for the browser tests (and a curious console): same guard
  connect();
})();
