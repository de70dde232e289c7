// The live sheet: asks for the sheet every second with the ETag it holds; a
// 304 (nothing changed) costs one small query. A changed sheet is swapped in
// place, the page staying where it was; a short line says what changed.
// The live link's page and the game page (the owner's, a keeper's) share it.
(function () {
  "use strict";
  var holder = document.getElementById("live-sheet");
  if (!holder || !window.fetch) return;
  var state = document.querySelector(".live-state");
  var word = document.querySelector(".live-word");
  var news = document.querySelector(".live-news");
  var EVERY = 1000; // ms between asks while all is well
  var LONGEST = 15000; // ms between asks after failures, at most
  var etag = holder.dataset.etag || "";
  var wait = EVERY;
  var timer = null;
  var asking = false;
  var stopped = false;

  // (The owner's and a keeper's game page have no Live/Reconnecting line.)
  function show(kind, text) {
    if (!state || !word) return;
    state.dataset.state = kind;
    word.textContent = text;
  }

  function content() {
    return holder.querySelector(".live-content");
  }

  // What a person hears and reads: one short line, not the whole table again.
  function whatChanged(before, after) {
    var was = Number(before.dataset.hands);
    var now = Number(after.dataset.hands);
    if (after.dataset.finished === "yes" && before.dataset.finished !== "yes" && after.dataset.banner) {
      return after.dataset.banner;
    }
    if (now === was + 1) return "Hand " + now + " recorded";
    if (now > was) return "Hands " + (was + 1) + "–" + now + " recorded";
    if (now < was) return "Hand " + was + " undone";
    return after.dataset.latest || "Sheet updated";
  }

  function swap(html) {
    var before = content();
    var opened = Array.prototype.map.call(holder.querySelectorAll("details[open]"), function (d) { return d.id; });
    var x = window.scrollX;
    var y = window.scrollY;
    var fresh = document.createElement("div");
    fresh.innerHTML = html;
    var after = fresh.querySelector(".live-content");
    if (!after) return;
    opened.forEach(function (id) {
      var again = id && after.querySelector("#" + CSS.escape(id));
      if (again) again.open = true;
    });
    holder.replaceChildren(after);
    window.scrollTo(x, y);
    document.dispatchEvent(new CustomEvent("scorekeeper:swapped"));  // (outbox-page.js draws kept hands again)
    if (before) news.textContent = whatChanged(before, after);
  }

  function schedule(ms) {
    clearTimeout(timer);
    timer = null;
    if (!stopped && !document.hidden) timer = setTimeout(ask, ms);
  }

  function ask() {
    if (asking || stopped) return;
    asking = true;
    // no-store: the browser's cache stays out of it, so a 304 reaches us as
    // a 304 (and an unchanged sheet is never swapped in again).
    fetch(holder.dataset.src, { cache: "no-store", headers: etag ? { "If-None-Match": etag } : {} })
      .then(function (response) {
        if (response.status === 404 || response.status === 401) {
          stopped = true;
          show("off", "This live link was turned off");
          return null;
        }
        if (response.status === 304) return null;
        if (!response.ok) throw new Error("HTTP " + response.status);
        etag = response.headers.get("ETag") || "";
        return response.text().then(swap);
      })
      .then(function () {
        if (stopped) return;
        wait = EVERY;
        show("live", "Live");
      })
      .catch(function () {
        wait = Math.min(wait * 2, LONGEST);
        show("reconnecting", "Reconnecting…");
      })
      .then(function () {
        asking = false;
        schedule(wait);
      });
  }

  // A phone in a pocket asks for nothing; back on screen, it asks at once.
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) schedule(0);
    else { wait = EVERY; schedule(0); }
  });
  window.addEventListener("online", function () { wait = EVERY; schedule(0); });
  window.addEventListener("offline", function () { show("reconnecting", "Reconnecting…"); });

  // A hand's number in the address opens its explanation (openhand.js opens a
  // tapped hand's, as on the owner's sheet, and outlives every swap); on the
  // game page sheet.js has asked it already.
  if (!holder.hasAttribute("data-owner")) window.openHand(true);
  schedule(EVERY);
})();
