// The live sheet: asks for the sheet with the ETag it holds, saying it can wait
// (Prefer: wait=25): the server holds the ask until the game changes or the
// wait is over (a 304), and this asks again as soon as it is answered, at most
// once a second (a server that answers at once, as the owner's page does, is
// asked every second). A changed sheet is swapped in place, the page staying
// where it was; a short line says what changed.
// The live link's page and the game page (the owner's, a keeper's) share it.
(function () {
  "use strict";
  // The page's words (static/words.js); a page kept from before they came: the English.
  var words = window.words || function (key, values, english) {
    return english.replace(/%\((\w+)\)s|%%/g, function (all, name) { return name ? String(values[name]) : "%"; });
  };
  var holder = document.getElementById("live-sheet");
  if (!holder || !window.fetch) return;
  var state = document.querySelector(".live-state");
  var word = document.querySelector(".live-word");
  var news = document.querySelector(".live-news");
  var EVERY = 1000; // ms from one ask to the next, at least, while all is well
  var LONGEST = 15000; // ms between asks after failures, at most
  var HOLD = 25; // s the server may hold an ask
  var GIVE_UP = (HOLD + 15) * 1000; // ms after which an unanswered ask is dropped (a dead connection)
  var etag = holder.dataset.etag || "";
  var wait = EVERY;
  var timer = null;
  var asking = null; // the ask out, if one is: {control, quiet}
  var quick = false; // the next ask is answered at once (back online, or shown again)
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
    if (now === was + 1) return words("share.recorded", { number: now }, "Hand %(number)s recorded");
    if (now > was) return words("share.recorded_many", { first: was + 1, last: now }, "Hands %(first)s–%(last)s recorded");
    if (now < was) return words("share.undone", { number: was }, "Hand %(number)s undone");
    return after.dataset.latest || words("share.updated", null, "Sheet updated");
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
    var began = Date.now();
    // Back online or on screen, the first ask is answered at once (the server holds nothing for
    // it): the phone knows it is live again, and catches up, without waiting out a hold.
    var headers = quick ? {} : { Prefer: "wait=" + HOLD };
    quick = false;
    if (etag) headers["If-None-Match"] = etag;
    var mine = { control: window.AbortController ? new AbortController() : null, quiet: false };
    asking = mine;
    holder.setAttribute("data-asking", ""); // (an ask out: what the tests wait on, not on time)
    var dropping = mine.control && setTimeout(function () { mine.control.abort(); }, GIVE_UP);
    // no-store: the browser's cache stays out of it, so a 304 reaches us as
    // a 304 (and an unchanged sheet is never swapped in again).
    fetch(holder.dataset.src, { cache: "no-store", headers: headers,
                                signal: mine.control ? mine.control.signal : undefined })
      .then(function (response) {
        if (response.status === 404 || response.status === 401) {
          stopped = true;
          show("off", words("share.off", null, "This live link was turned off"));
          return null;
        }
        if (response.status === 304) return null;
        if (!response.ok) throw new Error("HTTP " + response.status);
        etag = response.headers.get("ETag") || "";
        return response.text().then(swap);
      })
      .then(function () {
        if (stopped || mine.quiet) return;
        wait = EVERY;
        show("live", words("share.live", null, "Live"));
      })
      .catch(function () {
        if (mine.quiet) return; // dropped here on purpose (below): nothing failed
        wait = Math.min(wait * 2, LONGEST);
        show("reconnecting", words("share.reconnecting", null, "Reconnecting…"));
      })
      .then(function () {
        clearTimeout(dropping);
        if (asking !== mine) return; // dropped: another ask has the turn
        asking = null;
        holder.removeAttribute("data-asking");
        // A held ask has waited already: the next goes at once (EVERY after this one began, at least).
        schedule(wait === EVERY ? Math.max(0, EVERY - (Date.now() - began)) : wait);
      });
  }

  // The ask out, given up without a word: the server's hold is let go at once.
  function drop() {
    if (!asking || !asking.control) return;
    asking.quiet = true;
    asking.control.abort();
    asking = null;
    holder.removeAttribute("data-asking");
  }

  // A phone in a pocket asks for nothing and holds nothing on the server; back
  // on screen it asks at once, on a fresh connection (the one it held may have
  // died with the screen).
  document.addEventListener("visibilitychange", function () {
    drop();
    holder.toggleAttribute("data-paused", document.hidden);
    if (document.hidden) schedule(0);
    else { wait = EVERY; quick = true; schedule(0); }
  });
  window.addEventListener("online", function () { drop(); wait = EVERY; quick = true; schedule(0); });
  window.addEventListener("offline", function () {
    show("reconnecting", words("share.reconnecting", null, "Reconnecting…"));
  });

  // A hand's number in the address opens its explanation (openhand.js opens a
  // tapped hand's, as on the owner's sheet, and outlives every swap); on the
  // game page sheet.js has asked it already.
  if (!holder.hasAttribute("data-owner")) window.openHand(true);
  schedule(EVERY);
})();
