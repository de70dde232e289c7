// Hand entry: a card picker for every cards field, the live value of the cards
// picked (worked out by the server's engine, melds and all), and the panel of
// whoever went out folded away. Without JavaScript the form still works: type
// the cards or the count.
(function () {
  "use strict";
  var form = document.getElementById("entry");
  if (!form) return;
  var SUITS = [["S", "\u2660", "spades"], ["H", "\u2665", "hearts"], ["D", "\u2666", "diamonds"], ["C", "\u2663", "clubs"]];
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var SPOKEN = { A: "ace", J: "jack", Q: "queen", K: "king" };
  var SYMBOLS = { "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C" };
  var decks = parseInt(form.dataset.decks, 10) || 1;
  var jokers = parseInt(form.dataset.jokers, 10) || 0;
  var outGivesInput = form.dataset.outGivesInput === "1";
  var pickers = 0;

  function normal(token) {
    token = token.replace(/\uFE0F/g, "").toUpperCase();
    var last = token.slice(-1);
    if (SYMBOLS[last]) token = token.slice(0, -1) + SYMBOLS[last];
    if (token.charAt(0) === "T") token = "10" + token.slice(1);
    return token;
  }

  function cardsIn(input) {
    return input.value.replace(/,/g, " ").split(/\s+/).filter(Boolean).map(normal);
  }

  function buildPicker(input) {
    var single = input.dataset.picker === "one";
    var id = "picker-" + (pickers += 1);
    var toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "pick-toggle";
    toggle.textContent = single ? "Pick the card" : "Pick cards";
    toggle.setAttribute("aria-expanded", "false");
    toggle.setAttribute("aria-controls", id);
    var grid = document.createElement("div");
    grid.className = "picker";
    grid.id = id;
    grid.hidden = true;
    SUITS.forEach(function (suit) {
      var row = document.createElement("div");
      row.className = "suit-row suit-" + suit[0];
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", suit[2]);
      RANKS.forEach(function (rank) {
        row.appendChild(cardButton(rank + suit[0], rank + suit[1], (SPOKEN[rank] || rank) + " of " + suit[2]));
      });
      grid.appendChild(row);
    });
    if (jokers && !single) grid.appendChild(cardButton("JK", "Joker", "joker"));
    toggle.addEventListener("click", function () {
      grid.hidden = !grid.hidden;
      toggle.setAttribute("aria-expanded", String(!grid.hidden));
    });
    grid.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-card]");
      if (!button) return;
      tap(input, button.dataset.card, single);
      if (single) { grid.hidden = true; toggle.setAttribute("aria-expanded", "false"); }
    });
    input.addEventListener("input", function () { mark(input, grid); });
    // The toggle sits under its field; the grid takes the panel's full width.
    input.closest(".field").appendChild(toggle);
    (input.closest(".pair") || input.closest(".field")).after(grid);
    mark(input, grid);
  }

  function cardButton(card, text, label) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "card";
    button.dataset.card = card;
    button.textContent = text;
    button.setAttribute("aria-label", label);
    button.setAttribute("aria-pressed", "false");
    return button;
  }

  function tap(input, card, single) {
    var list = cardsIn(input);
    if (single) {
      input.value = list[0] === card ? "" : card;
    } else {
      var held = list.filter(function (c) { return c === card; }).length;
      var most = card === "JK" ? jokers : decks;
      if (held >= most) list = list.filter(function (c) { return c !== card; });
      else list.push(card);
      input.value = list.join(" ");
    }
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function mark(input, grid) {
    var list = cardsIn(input);
    grid.querySelectorAll("button[data-card]").forEach(function (button) {
      var held = list.filter(function (c) { return c === button.dataset.card; }).length;
      button.setAttribute("aria-pressed", String(held > 0));
      button.dataset.held = held > 1 ? String(held) : "";
    });
  }

  // The live value: ask the engine what the cards are worth in this hand.
  // A 500 player has two card fields: the line shows both ("Melded: ... ·
  // Left in hand: ..."); beside a count it is just "3 cards, worth 35".
  var timers = {};
  var shownFor = {};
  function say(panel, input, words) {
    var parts = shownFor[panel.dataset.seat] = shownFor[panel.dataset.seat] || {};
    if (words) parts[input.name] = words; else delete parts[input.name];
    var inputs = panel.querySelectorAll("input[data-picker=many]");
    panel.querySelector(".value").textContent = Array.prototype.map.call(inputs, function (each) {
      return parts[each.name];
    }).filter(Boolean).join(" \u00b7 ");
  }
  function showValue(input) {
    var panel = input.closest("fieldset.player");
    if (!panel) return;
    var text = input.value.trim();
    clearTimeout(timers[input.id]);
    if (!text || /^[0-9]+$/.test(text)) { say(panel, input, ""); return; }
    timers[input.id] = setTimeout(function () {
      var chosen = form.querySelector("input[name=out]:checked");
      var query = "?cards=" + encodeURIComponent(text) + "&number=" + encodeURIComponent(form.dataset.number || "") +
        "&out=" + (chosen && chosen.value === panel.dataset.seat ? "1" : "0");
      // The hand's choices (the deal's wild rank, the upcard) can change what cards are worth.
      form.querySelectorAll("[data-choice]").forEach(function (choice) {
        var value = choice.type === "checkbox" ? (choice.checked ? "1" : "") : choice.value;
        if (value) query += "&" + encodeURIComponent(choice.dataset.choice) + "=" + encodeURIComponent(value);
      });
      fetch(form.dataset.preview + query, { credentials: "same-origin" })
        .then(function (response) { return response.json(); })
        .then(function (shown) {
          if (shown.error) { say(panel, input, shown.error); return; }
          var label = input.closest(".field").querySelector("label").textContent.replace(/ \(.*\)$/, "");
          var count = cardsIn(input).length;
          var words = (/^or /.test(label) ? "" : label + ": ") + count + (count === 1 ? " card" : " cards") + ", worth " + shown.value;
          if (shown.melds && shown.melds.length) words += ", melds " + shown.melds.join(", ");
          if (shown.valid_declaration !== undefined) words = shown.valid_declaration ? "A valid declaration" : "Not a valid declaration yet";
          say(panel, input, words);
        })
        .catch(function () { say(panel, input, ""); });
    }, 250);
  }

  function syncOut() {
    var chosen = form.querySelector("input[name=out]:checked");
    form.querySelectorAll("fieldset.player").forEach(function (panel) {
      var isOut = !!chosen && panel.dataset.seat === chosen.value;
      panel.classList.toggle("is-out", isOut && !outGivesInput);
      panel.classList.toggle("is-knocker", isOut && outGivesInput);
      // A field the player who went out never gives (500's cards left in
      // hand) steps aside for them: disabled, so not sent, and back with its
      // typing on another tap.
      if (!outGivesInput) return;
      panel.querySelectorAll(".field[data-out=none]").forEach(function (box) {
        var input = box.querySelector("input");
        var toggle = box.querySelector(".pick-toggle");
        if (isOut && toggle && toggle.getAttribute("aria-expanded") === "true") toggle.click();
        input.disabled = isOut;
        box.hidden = isOut;
        if (isOut) say(panel, input, "");
        else if (input.value && input.dataset.picker === "many") showValue(input);
      });
    });
  }

  form.querySelectorAll("input[data-picker]").forEach(buildPicker);
  form.addEventListener("input", function (event) {
    if (event.target.dataset.picker === "many") showValue(event.target);
  });
  form.addEventListener("change", function (event) {
    if (event.target.name === "out") syncOut();
  });
  // A second tap while the first is on its way sends nothing (the server would
  // refuse the duplicate anyway: the form carries a one-time token). If the
  // answer never comes, Save works again after a while.
  var button = form.querySelector("button[type=submit]");
  var sending = 0;
  form.addEventListener("submit", function (event) {
    if (Date.now() - sending < 10000) { event.preventDefault(); return; }
    sending = Date.now();
    button.setAttribute("aria-disabled", "true");
  });
  // Back to a page kept in the back-forward cache: Save is live again (a
  // resubmission is told that the hand is already on the sheet).
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) { sending = 0; button.removeAttribute("aria-disabled"); }
  });
  syncOut();
})();
