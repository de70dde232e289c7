// Hand entry: a card picker for every cards field, the live value of the cards
// picked (worked out by the server's engine, melds and all), and the panel of
// whoever went out folded away. Without JavaScript the form still works: type
// the cards or the count.
(function () {
  "use strict";
  // The page's words (static/words.js); a page kept from before they came: the English.
  var words = window.words || function (key, values, english) {
    return english.replace(/%\((\w+)\)s|%%/g, function (all, name) { return name ? String(values[name]) : "%"; });
  };
  var form = document.getElementById("entry");
  if (!form) return;
  var SUITS = [["S", "\u2660", words("entry.suit.spades", null, "spades")],
               ["H", "\u2665", words("entry.suit.hearts", null, "hearts")],
               ["D", "\u2666", words("entry.suit.diamonds", null, "diamonds")],
               ["C", "\u2663", words("entry.suit.clubs", null, "clubs")]];
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var SPOKEN = { A: words("entry.rank.ace", null, "ace"), J: words("entry.rank.jack", null, "jack"),
                 Q: words("entry.rank.queen", null, "queen"), K: words("entry.rank.king", null, "king") };
  var SYMBOLS = { "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C" };
  var decks = parseInt(form.dataset.decks, 10) || 1;
  var jokers = parseInt(form.dataset.jokers, 10) || 0;
  var outGivesInput = form.dataset.outGivesInput === "1";
  var ownCards = form.dataset.ownCards ? JSON.parse(form.dataset.ownCards) : null;
  var pickers = 0;
  var grids = [];  // every cards field's picker: {input, grid}, for the one-deck marks below

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
    toggle.textContent = single ? words("entry.pick_one", null, "Pick the card") : words("entry.pick_many", null, "Pick cards");
    toggle.setAttribute("aria-expanded", "false");
    toggle.setAttribute("aria-controls", id);
    var grid = document.createElement("div");
    grid.className = "picker";
    grid.id = id;
    grid.hidden = true;
    if (ownCards) {
      // A game's own cards (Phase 10's 1-12 in four colours, Wild, Skip): a row each, as it declares them.
      ownCards.rows.forEach(function (declared) {
        var row = document.createElement("div");
        row.className = "suit-row own-row";
        row.setAttribute("role", "group");
        row.setAttribute("aria-label", declared.label);
        row.dataset.tone = declared.label;
        var caption = document.createElement("span");
        caption.className = "row-label";
        caption.setAttribute("aria-hidden", "true");  // (the group's label says it)
        caption.textContent = declared.label;
        row.appendChild(caption);
        declared.cards.forEach(function (face) {
          var button = cardButton(face.card, face.text, face.label);
          button.dataset.most = String(face.most);
          row.appendChild(button);
        });
        grid.appendChild(row);
      });
    } else SUITS.forEach(function (suit) {
      var row = document.createElement("div");
      row.className = "suit-row suit-" + suit[0];
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", suit[2]);
      RANKS.forEach(function (rank) {
        row.appendChild(cardButton(rank + suit[0], rank + suit[1],
                                   words("entry.card", { rank: SPOKEN[rank] || rank, suit: suit[2] }, "%(rank)s of %(suit)s")));
      });
      grid.appendChild(row);
    });
    if (jokers && !single && !ownCards) {
      grid.appendChild(cardButton("JK", words("entry.joker", null, "Joker"), words("entry.joker_label", null, "joker")));
    }
    toggle.addEventListener("click", function () {
      grid.hidden = !grid.hidden;
      toggle.setAttribute("aria-expanded", String(!grid.hidden));
    });
    grid.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-card]");
      if (!button) return;
      if (button.classList.contains("taken") && button.getAttribute("aria-pressed") !== "true") return;
      tap(input, button.dataset.card, single);
      if (single) { grid.hidden = true; toggle.setAttribute("aria-expanded", "false"); }
    });
    input.addEventListener("input", function () { mark(input, grid); });
    if (!single) grids.push({ input: input, grid: grid });
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
      var face = ownCards && input.form.querySelector("button[data-card='" + card + "'][data-most]");
      var most = face ? parseInt(face.dataset.most, 10) : card === "JK" ? jokers : decks;
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
  var asked = {};  // (each field's latest ask: an answer to an older one is not said)
  var shownFor = {};
  // A field the engine finds wrong as typed (a card more often than the pack holds it) is
  // marked, and its words said under it; typing it right takes the mark away.
  function flag(panel, input, text) {
    if (text) { input.setAttribute("aria-invalid", "true"); input.dataset.flagged = "1"; }
    else if (input.dataset.flagged) { input.removeAttribute("aria-invalid"); delete input.dataset.flagged; }
    var flagged = panel.querySelector("input[data-flagged]");
    panel.querySelector(".value").classList.toggle("flagged", !!flagged);
  }
  function say(panel, input, text, wrong) {
    flag(panel, input, wrong ? text : "");
    var parts = shownFor[panel.dataset.seat] = shownFor[panel.dataset.seat] || {};
    if (text) parts[input.name] = text; else delete parts[input.name];
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
    asked[input.id] = null;
    if (!text || /^[0-9]+$/.test(text)) { say(panel, input, ""); return; }
    timers[input.id] = setTimeout(function () {
      var chosen = form.querySelector("input[name=out]:checked");
      var query = "?cards=" + encodeURIComponent(text) + "&number=" + encodeURIComponent(form.dataset.number || "") +
        "&out=" + (chosen && chosen.value === panel.dataset.seat ? "1" : "0");
      // The hand's choices (the deal's wild rank, the upcard) can change what cards are worth.
      form.querySelectorAll("[data-choice]").forEach(function (choice) {
        if (choice.type === "radio" && !choice.checked) return;
        var value = choice.type === "checkbox" ? (choice.checked ? "1" : "") : choice.value;
        if (value) query += "&" + encodeURIComponent(choice.dataset.choice) + "=" + encodeURIComponent(value);
      });
      ask(asked[input.id] = form.dataset.preview + query, 0);
    }, 250);
    // Only the field's latest ask is said (an older answer coming in after a newer one, or after
    // the field was emptied, says nothing); an ask the network or a busy server lost is asked
    // again twice, a little later each time, before the line is left empty.
    function ask(url, tries) {
      fetch(url, { credentials: "same-origin" })
        .then(function (response) {
          if (response.status >= 500 || response.status === 429) throw new Error("not answered");
          return response.json();
        })
        .then(function (shown) {
          if (asked[input.id] !== url) return;
          if (shown.error) { say(panel, input, shown.error, true); return; }
          var field = input.closest(".field");
          var label = field.querySelector("label").textContent.replace(/ \(.*\)$/, "");
          var count = cardsIn(input).length;
          var line;
          if (shown.melds && shown.melds.length) {
            var melds = shown.melds.join(", ");
            line = count === 1
              ? words("entry.worth_melds.one", { count: count, value: shown.value, melds: melds },
                      "%(count)s card, worth %(value)s, melds %(melds)s")
              : words("entry.worth_melds.other", { count: count, value: shown.value, melds: melds },
                      "%(count)s cards, worth %(value)s, melds %(melds)s");
          } else {
            line = count === 1 ? words("entry.worth.one", { count: count, value: shown.value }, "%(count)s card, worth %(value)s")
              : words("entry.worth.other", { count: count, value: shown.value }, "%(count)s cards, worth %(value)s");
          }
          // (the cards beside a count, "or the cards", are that count: their line needs no label)
          if (!field.hasAttribute("data-pair")) line = words("entry.labelled", { label: label, value: line }, "%(label)s: %(value)s");
          if (shown.valid_declaration !== undefined) {
            line = shown.valid_declaration ? words("entry.valid", null, "A valid declaration")
              : words("entry.not_valid", null, "Not a valid declaration yet");
          }
          say(panel, input, line);
        })
        .catch(function () {
          if (asked[input.id] !== url) return;
          if (tries < 2) timers[input.id] = setTimeout(function () { ask(url, tries + 1); }, 500 * (tries + 1));
          else say(panel, input, "");
        });
    }
  }

  function syncOut() {
    var chosen = form.querySelector("input[name=out]:checked");
    // A choice only a player who went out makes (rummy, in one go) steps aside while nobody did
    // ("Nobody went out", or a block): disabled, so not sent, and back, as ticked, on a player's tile.
    var nobody = !!chosen && !/^[0-9]+$/.test(chosen.value);
    form.querySelectorAll(".field[data-needs-out]").forEach(function (box) {
      box.hidden = nobody;
      box.querySelectorAll("input, select").forEach(function (input) { input.disabled = nobody; });
    });
    form.querySelectorAll("fieldset.player").forEach(function (panel) {
      var isOut = !!chosen && panel.dataset.seat === chosen.value;
      panel.classList.toggle("is-out", isOut && !outGivesInput);
      panel.classList.toggle("is-knocker", isOut && outGivesInput);
      // A field only the player who went out gives (a house game's typed bonus) is theirs alone:
      // hidden (and not sent) in every other panel, and while nobody is chosen.
      panel.querySelectorAll(".field[data-out=only]").forEach(function (box) {
        box.querySelector("input").disabled = !isOut;
        box.hidden = !isOut;
      });
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
    turnOn(event.target);
  });
  form.addEventListener("change", function (event) {
    if (event.target.name === "out") { syncOut(); outSwitches(); }
  });

  // A number that counts only with its player's switch on (a maal with "Showed") turns the
  // switch on as it is typed; the player who went out has every switch they must have on.
  function turnOn(input) {
    var name = input.dataset && input.dataset.turnsOn;
    var box = name && input.value.trim() && form.querySelector("input[type=checkbox][name='" + name + "']");
    if (box && !box.checked) { box.checked = true; box.dispatchEvent(new Event("change", { bubbles: true })); }
  }
  function outSwitches() {
    var chosen = form.querySelector("input[name=out]:checked");
    if (!chosen) return;
    var panel = form.querySelector("fieldset.player[data-seat='" + chosen.value + "']");
    if (!panel) return;
    panel.querySelectorAll(".field[data-out=required] input[data-flag]").forEach(function (box) {
      if (!box.checked) { box.checked = true; box.dispatchEvent(new Event("change", { bubbles: true })); }
    });
  }
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
  markTaken();
  handPreview();
  nextOnEnter();
  focusFirstError();
  firstCountAfterOut();

  // -- One deck: a card picked for one player is greyed out in the others' pickers -------
  // (issue 14). With one deck a card is in one hand only: the grids of the other players
  // mark it taken (a tap on it does nothing), and a card in two hands at once, typed or
  // tapped, is marked on both and said in both panels.
  function markTaken() {
    if (decks !== 1 || !grids.length) return;
    function refresh() {
      var holders = {};
      grids.forEach(function (one) {
        if (one.input.disabled) return;
        cardsIn(one.input).forEach(function (card) {
          if (card === "JK") return;
          (holders[card] = holders[card] || []).push(one.input);
        });
      });
      grids.forEach(function (one) {
        var twice = [];
        one.grid.querySelectorAll("button[data-card]").forEach(function (button) {
          var held = (holders[button.dataset.card] || []);
          var elsewhere = held.filter(function (input) { return input !== one.input; });
          var mine = held.length > elsewhere.length;
          button.classList.toggle("taken", elsewhere.length > 0 && !mine);
          button.classList.toggle("duplicate", elsewhere.length > 0 && mine);
          if (elsewhere.length > 0 && !mine) button.setAttribute("aria-disabled", "true");
          else button.removeAttribute("aria-disabled");
          if (elsewhere.length > 0 && mine) twice.push(whose(button.dataset.card, elsewhere[0]));
        });
        var panel = one.input.closest("fieldset.player");
        var note = panel && panel.querySelector(".duplicates");
        if (panel && !note) {
          note = document.createElement("p");
          note.className = "duplicates";
          note.setAttribute("role", "status");
          panel.querySelector(".value").after(note);
        }
        if (note) {
          note.textContent = twice.length
            ? words("entry.one_deck", { cards: twice.join(", ") }, "One deck holds each card once: %(cards)s") : "";
        }
      });
    }
    // "KH (also Bob's)": the card, and whose hand it is in too.
    function whose(card, input) {
      var legend = input.closest("fieldset.player").querySelector("legend");
      return legend ? words("entry.also", { card: card, player: legend.textContent }, "%(card)s (also %(player)s's)")
        : words("entry.also_another", { card: card }, "%(card)s (also another player's)");
    }
    form.addEventListener("input", function (event) {
      if (event.target.dataset && event.target.dataset.picker === "many") refresh();
    });
    form.addEventListener("change", function (event) { if (event.target.name === "out") refresh(); });
    refresh();
  }

  // -- The preview: what saving would give, from the server's engine (issue 14) ------------
  // The form as it stands goes to the preview endpoint (read there as a save reads it,
  // nothing stored); the answer's line ("Saving gives Ann +71.") shows above Save, the notes
  // behind "Why", and each player's value as the rules count it (a defender's after laying
  // off) in their panel.
  function handPreview() {
    var url = form.dataset.handPreview;
    var box = document.getElementById("hand-preview");
    if (!url || !box || !window.fetch || !window.FormData) return;
    var line = box.querySelector(".preview-line");
    var notes = box.querySelector(".preview-notes");
    var timer = 0;
    var asked = 0;
    function show(answer) {
      line.textContent = answer.line || "";
      box.hidden = !answer.line;
      box.classList.toggle("ready", !!answer.ready);
      var list = notes.querySelector("ul");
      list.textContent = "";
      (answer.notes || []).forEach(function (text) {
        var item = document.createElement("li");
        item.textContent = text;
        list.appendChild(item);
      });
      notes.hidden = !(answer.notes && answer.notes.length);
      form.querySelectorAll("fieldset.player").forEach(function (panel) {
        var ruled = panel.querySelector(".ruled-value");
        if (ruled) ruled.textContent = (answer.seats || {})[panel.dataset.seat] || "";
      });
    }
    function ask() {
      var mine = asked += 1;
      fetch(url, { method: "POST", body: new FormData(form), credentials: "same-origin" })
        .then(function (response) { return response.json(); })
        .then(function (answer) { if (mine === asked) show(answer.error ? { line: "" } : answer); })
        .catch(function () { if (mine === asked) show({ line: "" }); });
    }
    function later() {
      clearTimeout(timer);
      timer = setTimeout(ask, 300);
    }
    form.addEventListener("input", later);
    form.addEventListener("change", later);
    if (form.querySelector("input[name=out]:checked")) ask();
  }

  // -- Enter or Go on a count moves to the next count; only the last one saves (issue 14) ---
  function nextOnEnter() {
    function counts() {
      return Array.prototype.filter.call(form.querySelectorAll("input[inputmode=numeric]"), function (input) {
        return !input.disabled && input.offsetParent !== null;
      });
    }
    function hints() {
      var shown = counts();
      shown.forEach(function (input, index) {
        input.setAttribute("enterkeyhint", index === shown.length - 1 ? "done" : "next");
      });
    }
    form.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" || event.target.getAttribute("inputmode") !== "numeric") return;
      var shown = counts();
      var at = shown.indexOf(event.target);
      if (at >= 0 && at < shown.length - 1) {
        event.preventDefault();
        shown[at + 1].focus();
      }
    });
    form.addEventListener("change", function (event) { if (event.target.name === "out") hints(); });
    hints();
  }

  // -- A tap on who went out moves on to the first count (issue 24) ------------------------
  // The next thing typed is a count: the focus (and the phone's keyboard) goes to the first
  // field still to fill in the players' panels, not left on the tile just tapped. Arrow keys
  // stepping through the tiles stay on them.
  function firstCountAfterOut() {
    var tiles = form.querySelector("fieldset.out");
    if (!tiles) return;
    var stepping = false;
    tiles.addEventListener("keydown", function (event) { stepping = /^Arrow/.test(event.key); });
    // (On the form, after syncOut: the panel of whoever went out is folded away first.)
    function moveOn() {
      // (Not a field only the one who went out gives, their typed bonus: it is seldom typed.)
      var fields = form.querySelectorAll("fieldset.player .field:not([data-out=only]) input[inputmode=numeric], " +
                                          "fieldset.player input[data-picker=many], .side-fields input[inputmode=numeric]");
      var first = Array.prototype.find.call(fields, function (input) {
        return !input.disabled && input.offsetParent !== null && !input.value;
      }) || Array.prototype.find.call(fields, function (input) {
        return !input.disabled && input.offsetParent !== null;
      });
      if (first) first.focus();
    }
    form.addEventListener("change", function (event) {
      if (event.target.name !== "out" || !event.target.checked || !event.isTrusted) return;
      if (stepping) { stepping = false; return; }
      moveOn();
    });
    // A tap that came before this script did (a slow phone, a page still loading) still moves on.
    var active = document.activeElement;
    if (active && active.name === "out" && active.checked && tiles.contains(active)) moveOn();
  }

  // -- A stepper: a button less and a button more beside a small count -----------------------
  form.addEventListener("click", function (event) {
    var button = event.target.closest("button.step");
    if (!button) return;
    var input = button.parentNode.querySelector("input");
    var low = parseInt(input.dataset.min || "0", 10), high = parseInt(input.dataset.max || "99", 10);
    var now = parseInt(input.value, 10);
    var next = Math.min(high, Math.max(low, (isNaN(now) ? 0 : now) + parseInt(button.dataset.step, 10)));
    input.value = next ? String(next) : "";
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });

  // -- A refused save: the first refused field is focused and scrolled to (issue 14) -------
  // The list at the top links every refused field; a tap on a link goes to its field.
  function focusFirstError() {
    var summary = document.getElementById("error-summary");
    if (!summary) return;
    function go(id) {
      var target = document.getElementById(id);
      if (!target) return false;
      target.scrollIntoView({ block: "center" });
      target.focus({ preventScroll: true });
      return true;
    }
    summary.addEventListener("click", function (event) {
      var link = event.target.closest("a[href^='#']");
      if (link && go(link.getAttribute("href").slice(1))) event.preventDefault();
    });
    var first = summary.querySelector("a[href^='#']");
    if (first) go(first.getAttribute("href").slice(1));
  }
})();
