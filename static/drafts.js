// Every phone types its own seat: the entry form of the next hand says who
// this phone is for the hand ("This phone is Bob"), then sends what is typed
// in a seat's panel as that seat's draft, and fills in the drafts other phones
// send, saying where each came from ("Bob: 10 cards, from Bob's phone").
// Anyone saves the hand once it is complete; a hand saved from elsewhere
// meanwhile discards this phone's typing, and the form says so.
(function () {
  "use strict";
  // The page's words (static/words.js); a page kept from before they came: the English.
  var words = window.words || function (key, values, english) {
    return english.replace(/%\((\w+)\)s|%%/g, function (all, name) { return name ? String(values[name]) : "%"; });
  };
  var form = document.getElementById("entry");
  if (!form || !form.dataset.drafts || !window.fetch) return;
  var url = form.dataset.drafts;
  var csrf = (form.querySelector("input[name=csrf_token]") || {}).value || "";
  var panels = Array.prototype.slice.call(form.querySelectorAll("fieldset.player[data-seat]"));
  if (!panels.length) return;
  var EVERY = 1000; // ms between asks
  var SEND_AFTER = 350; // ms of quiet typing before a seat's draft goes out
  var etag = "";
  var stopped = false;
  var filling = false; // true while this script fills in another phone's draft
  var pending = {}; // seat -> timer of a draft not sent yet
  var shownFrom = {}; // seat -> the "by" of the draft last filled in

  function nameOf(panel) {
    var legend = panel.querySelector("legend");
    return legend ? legend.textContent.trim() : "";
  }

  // -- who this phone is -------------------------------------------------------
  var remembered = "scorekeeper.whoami:" + url.replace(/\/hands\/\d+\/drafts$/, "");
  var who = document.createElement("div");
  who.className = "whoami field";
  var label = document.createElement("label");
  label.htmlFor = "whoami";
  label.textContent = words("drafts.this_phone", null, "This phone is");
  var choose = document.createElement("select");
  choose.id = "whoami";
  var everyone = document.createElement("option");
  everyone.value = "";
  everyone.textContent = words("drafts.keepers", null, "the keeper's (every seat)");
  choose.appendChild(everyone);
  panels.forEach(function (panel) {
    var option = document.createElement("option");
    option.value = panel.dataset.seat;
    option.textContent = nameOf(panel);
    choose.appendChild(option);
  });
  var hint = document.createElement("p");
  hint.className = "hint";
  hint.id = "whoami-hint";
  hint.textContent = words("drafts.hint", null,
    "Pick your name to type your own cards or count here; every phone with this hand open sees them.");
  choose.setAttribute("aria-describedby", hint.id);
  who.appendChild(label);
  who.appendChild(choose);
  who.appendChild(hint);
  var news = document.createElement("p");
  news.className = "draft-news";
  news.setAttribute("role", "status");
  form.insertBefore(news, form.firstChild);
  form.insertBefore(who, form.firstChild);
  try { choose.value = sessionStorage.getItem(remembered) || ""; } catch (error) { choose.value = ""; }
  if (!choose.value && choose.selectedIndex < 0) choose.value = "";

  function me() {
    return choose.value;
  }

  function markMine() {
    panels.forEach(function (panel) { panel.classList.toggle("mine", panel.dataset.seat === me()); });
  }

  choose.addEventListener("change", function () {
    try { sessionStorage.setItem(remembered, me()); } catch (error) { /* private mode: not kept */ }
    markMine();
    var mine = panels.filter(function (panel) { return panel.dataset.seat === me(); })[0];
    if (mine) {
      mine.scrollIntoView({ block: "start" });
      var first = mine.querySelector("input:not([type=hidden]):not([type=radio]):not([type=checkbox])");
      if (first) first.focus({ preventScroll: true });
    }
  });
  markMine();

  // -- a seat's fields, as the form posts them ----------------------------------
  function fieldsOf(panel) {
    var prefix = "p" + panel.dataset.seat + "-";
    var fields = {};
    panel.querySelectorAll("input[name^='" + prefix + "'], select[name^='" + prefix + "']").forEach(function (input) {
      var key = input.name.slice(prefix.length);
      if (input.type === "radio") {
        if (input.checked) fields[key] = input.value;
        else if (!(key in fields)) fields[key] = "";
      } else if (input.type === "checkbox") {
        fields[key] = input.checked ? input.value : "";
      } else {
        fields[key] = input.value;
      }
    });
    return fields;
  }

  function fill(panel, fields) {
    var prefix = "p" + panel.dataset.seat + "-";
    filling = true;
    try {
      Object.keys(fields).forEach(function (key) {
        panel.querySelectorAll("[name='" + prefix + key + "']").forEach(function (input) {
          var was = input.type === "radio" || input.type === "checkbox" ? input.checked : input.value;
          if (input.type === "radio") input.checked = input.value === fields[key];
          else if (input.type === "checkbox") input.checked = Boolean(fields[key]);
          else input.value = fields[key];
          var now = input.type === "radio" || input.type === "checkbox" ? input.checked : input.value;
          if (was !== now) {
            input.dispatchEvent(new Event("input", { bubbles: true }));
            input.dispatchEvent(new Event("change", { bubbles: true }));
          }
        });
      });
    } finally {
      filling = false;
    }
  }

  // "10 cards" or "a count of 12": what arrived, in a few words.
  function summary(fields) {
    if (fields.cards) {
      var cards = fields.cards.trim().split(/[\s,]+/).filter(Boolean).length;
      return cards === 1 ? words("drafts.cards.one", { count: cards }, "%(count)s card")
        : words("drafts.cards.other", { count: cards }, "%(count)s cards");
    }
    if (fields.count) return words("drafts.count", { count: fields.count }, "a count of %(count)s");
    var given = Object.keys(fields).filter(function (key) { return fields[key]; });
    return given.length ? given.map(function (key) { return key.replace(/_/g, " ") + " " + fields[key]; }).join(", ")
                        : words("drafts.nothing", null, "nothing yet");
  }

  function say(panel, text) {
    var line = panel.querySelector(".draft-from");
    if (!line) {
      line = document.createElement("p");
      line.className = "draft-from hint";
      panel.appendChild(line);
    }
    line.textContent = text;
  }

  // -- sending this phone's typing ----------------------------------------------
  function byLine() {
    var mine = panels.filter(function (panel) { return panel.dataset.seat === me(); })[0];
    return mine ? nameOf(mine) + "'s phone" : "the keeper's phone";
  }

  function send(panel) {
    var seat = Number(panel.dataset.seat);
    delete pending[seat];
    fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify({ seat: seat, fields: fieldsOf(panel), by: byLine() }),
    }).then(function (response) {
      if (response.status === 409) return response.json().then(discarded);
      if (response.ok) {
        say(panel, words("drafts.sent", { player: nameOf(panel) }, "%(player)s: sent to the table, from this phone"));
      }
      return null;
    }).catch(function () { /* offline: the form keeps what was typed; the next change tries again */ });
  }

  // Only a phone that said whose it is sends what is typed on it: the keeper's
  // own typing for everyone stays on the keeper's phone (and in its save).
  form.addEventListener("input", function (event) {
    if (filling || stopped || !me()) return;
    var panel = event.target.closest && event.target.closest("fieldset.player[data-seat]");
    if (!panel) return;
    var seat = panel.dataset.seat;
    clearTimeout(pending[seat]);
    pending[seat] = setTimeout(function () { send(panel); }, SEND_AFTER);
  });
  form.addEventListener("change", function (event) {
    if (filling || stopped || !me() || !event.target.matches("input[type=radio], input[type=checkbox]")) return;
    var panel = event.target.closest("fieldset.player[data-seat]");
    if (panel) send(panel);
  });

  // -- the other phones' drafts arriving ----------------------------------------
  // A panel being typed in here keeps its typing; one only focused (the entry form moves the
  // focus to the first count after who went out) still takes what another phone sends.
  var typedIn = {}; // seat -> typed in on this phone since its panel got the focus
  form.addEventListener("input", function (event) {
    var panel = !filling && event.target.closest && event.target.closest("fieldset.player[data-seat]");
    if (panel) typedIn[panel.dataset.seat] = true;
  });
  form.addEventListener("focusout", function (event) {
    var panel = event.target.closest && event.target.closest("fieldset.player[data-seat]");
    if (panel && !panel.contains(event.relatedTarget)) delete typedIn[panel.dataset.seat];
  });
  function busyWith(panel) {
    return (panel.contains(document.activeElement) && typedIn[panel.dataset.seat]) || pending[panel.dataset.seat] !== undefined;
  }

  function arrived(answer) {
    if (answer.saved) return discarded(answer);
    answer.drafts.forEach(function (draft) {
      var panel = panels.filter(function (p) { return Number(p.dataset.seat) === draft.seat; })[0];
      if (!panel || busyWith(panel)) return;
      var same = JSON.stringify(fieldsOf(panel)) === JSON.stringify(Object.assign(fieldsOf(panel), draft.fields));
      if (!same || shownFrom[draft.seat] !== draft.by) {
        fill(panel, draft.fields);
        shownFrom[draft.seat] = draft.by;
        say(panel, words("drafts.arrived", { player: draft.player, summary: summary(draft.fields), by: draft.by },
                         "%(player)s: %(summary)s, from %(by)s"));
      }
    });
    return null;
  }

  // The hand is on the sheet: what this phone typed for it is cleared (every field, who went
  // out), Save goes dead, and the line at the top says why and where to go on.
  function discarded(answer) {
    stopped = true;
    Object.keys(pending).forEach(function (seat) { clearTimeout(pending[seat]); });
    pending = {};
    clearForm();
    var game = url.replace(/\/hands\/\d+\/drafts$/, "");
    news.className = "draft-news flash info";
    var links = { sheet: document.createElement("a") };
    links.sheet.href = game;
    links.sheet.textContent = words("drafts.see_sheet", null, "See the sheet");
    if (answer.next) {
      links.next = document.createElement("a");
      links.next.href = game + "/hands/new";
      links.next.textContent = words("drafts.record_next", { number: answer.next }, "record hand %(number)s");
    }
    // The sentence in the page's words, its links where its %(sheet)s and %(next)s are (given as themselves).
    var sentence = answer.next
      ? words("drafts.saved_elsewhere_next", { number: answer.number, sheet: "%(sheet)s", next: "%(next)s" },
              "Hand %(number)s was saved from another phone, so what was typed here for it was cleared. " +
              "%(sheet)s or %(next)s.")
      : words("drafts.saved_elsewhere", { number: answer.number, sheet: "%(sheet)s" },
              "Hand %(number)s was saved from another phone, so what was typed here for it was cleared. %(sheet)s.");
    news.textContent = "";
    sentence.split(/(%\((?:sheet|next)\)s)/).forEach(function (part) {
      var link = /^%\((\w+)\)s$/.test(part) && links[part.slice(2, -2)];
      if (link) news.appendChild(link);
      else if (part) news.appendChild(document.createTextNode(part));
    });
    news.scrollIntoView({ block: "nearest" });
    return null;
  }

  function clearForm() {
    filling = true;
    try {
      Array.prototype.forEach.call(form.elements, function (control) {
        if (!control.name || control.type === "hidden") return;
        if (control.type === "submit" || control.type === "button") return;
        var was = control.type === "radio" || control.type === "checkbox" ? control.checked : control.value;
        if (control.type === "radio" || control.type === "checkbox") control.checked = false;
        else if (control.tagName === "SELECT") control.selectedIndex = 0;
        else control.value = "";
        var now = control.type === "radio" || control.type === "checkbox" ? control.checked : control.value;
        if (was !== now) {
          control.dispatchEvent(new Event("input", { bubbles: true }));
          control.dispatchEvent(new Event("change", { bubbles: true }));
        }
      });
    } finally {
      filling = false;
    }
    form.querySelectorAll(".draft-from").forEach(function (line) { line.remove(); });
    form.querySelectorAll("button[type=submit]").forEach(function (button) { button.disabled = true; });
  }

  function ask() {
    if (stopped || document.hidden) return schedule();
    fetch(url, { cache: "no-store", headers: etag ? { "If-None-Match": etag } : {} })
      .then(function (response) {
        if (response.status === 304 || !response.ok) return null;
        etag = response.headers.get("ETag") || "";
        return response.json().then(arrived);
      })
      .catch(function () { /* offline: ask again later */ })
      .then(schedule);
  }

  function schedule() {
    if (!stopped) setTimeout(ask, EVERY);
  }

  // Sending the form: this phone's own drafts need not go out any more.
  form.addEventListener("submit", function () {
    Object.keys(pending).forEach(function (seat) { clearTimeout(pending[seat]); });
    pending = {};
  });
  ask();
})();
