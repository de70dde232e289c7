// Offline at the table, in the page: loaded by static/offline.js once the page
// has loaded (static/outbox.js keeps and sends; the service worker,
// static/sw.js, keeps the pages):
// - the entry form keeps what is typed in localStorage (by account, game and
//   hand) until the hand is saved or kept, and brings it back after a
//   reload, Back, a refused save or a failed request;
// - saving a hand (a correction, an undo, the end) goes through the outbox's
//   route; when no answer comes (offline, an error, a timeout) the change is
//   kept on this phone and the page says so;
// - the sheet shows the kept changes in their rows, marked waiting, and
//   what the player must decide when another phone got there first;
// - what is kept is sent now, when the page is shown again, when the
//   network comes back, and by Background Sync;
// - signing out warns about unsent changes, then forgets the account's pages,
//   outbox and drafts.
//
// For the in-browser engine (a later script): window.ScorekeeperOffline.waiting()
// gives the kept hands drawn on this sheet ([{item, row}]), fillScores(id, scored)
// puts a provisional score in one, and the "scorekeeper:waiting" event on the
// document says when the waiting rows were (re)drawn.
(function () {
  "use strict";
  // The page's words (static/words.js); a page kept from before they came: the English.
  var words = window.words || function (key, values, english) {
    return english.replace(/%\((\w+)\)s|%%/g, function (all, name) { return name ? String(values[name]) : "%"; });
  };
  var Outbox = window.Outbox;
  var body = document.body;
  // The account, or on a keeper link's page that link (a phone with no account: see static/outbox.js).
  var account = body && (body.dataset.keeper || body.dataset.account);
  var PAGES = "scorekeeper-pages";

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "outbox") afterFlush({ recorded: new Array(event.data.recorded), held: [] });
    });
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (text != null) node.textContent = text;
    return node;
  }

  var path = location.pathname;
  var entryMatch = path.match(/^\/games\/(\d+)\/hands\/(?:new|(\d+)\/edit)$/);
  var sheetMatch = path.match(/^\/games\/(\d+)$/);
  var gameId = entryMatch ? entryMatch[1] : sheetMatch ? sheetMatch[1] : null;

  function syncLater() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.sync) return registration.sync.register("outbox");
      return null;
    }).catch(function () { /* no Background Sync (Safari): the page sends it */ });
  }

  // -- what a kept change says ---------------------------------------------------

  // "Ann: out · Bob: 12 · Cara: KH 5D", from the fields as typed and the form's names.
  function typedText(item) {
    var parts = [];
    var values = {};
    item.fields.forEach(function (pair) {
      var m = pair[0].match(/^([ps]\d+)-/);
      if (m && pair[1]) (values[m[1]] = values[m[1]] || []).push(pair[1]);
    });
    var out = (item.fields.find(function (pair) { return pair[0] === "out"; }) || [])[1];
    Object.keys(item.labels || {}).forEach(function (prefix) {
      var said = values[prefix] ? values[prefix].join(" ") : "";
      if (out != null && prefix === "p" + out) said = wentOut(said);
      if (said) parts.push(words("outbox.labelled", { label: item.labels[prefix], typed: said }, "%(label)s: %(typed)s"));
    });
    if (out != null && !/^\d+$/.test(out)) parts.unshift(out === "none" ? words("outbox.nobody_out", null, "nobody out") : out);
    return parts.join(" · ") || words("outbox.nothing_typed", null, "nothing typed");
  }

  // The player who went out: "out", or "out, 12" with what was typed for them.
  function wentOut(typed) {
    return typed ? words("outbox.out_and", { typed: typed }, "out, %(typed)s") : words("outbox.out", null, "out");
  }

  function what(item) {
    if (item.kind === "hand") return words("outbox.what.hand", { number: item.number }, "Hand %(number)s");
    if (item.kind === "edit") return words("outbox.what.edit", { number: item.number }, "The correction of hand %(number)s");
    if (item.kind === "undo") return words("outbox.what.undo", { number: item.number }, "Undoing hand %(number)s");
    return words("outbox.what.end", null, "Ending the game");
  }

  function keptSaid(item) {
    return words("outbox.kept", { change: what(item) },
                 "%(change)s is kept on this phone and will be sent when the network is back.");
  }

  // What the server said of a change; a game no longer on the server (a 404, not the outbox's answer:
  // static/outbox.js, which also runs in the service worker, where no page's words are) is said here.
  function told(answer) {
    if (answer.message) return answer.message;
    if (answer.outcome === "gone" && answer.status === 404) {
      return words("outbox.game_gone", null, "This game is no longer on the server.");
    }
    return "";
  }

  // A kept change on the offline page: "Hand 4 of game 12: Ann: out · Bob: 12 (waiting)".
  function offlineLine(item) {
    var change = what(item);
    var typed = item.kind === "hand" || item.kind === "edit" ? typedText(item) : null;
    if (item.state === "waiting") {
      return typed !== null
        ? words("outbox.offline_waiting_typed", { change: change, game: item.game, typed: typed },
                "%(change)s of game %(game)s: %(typed)s (waiting)")
        : words("outbox.offline_waiting", { change: change, game: item.game }, "%(change)s of game %(game)s (waiting)");
    }
    return typed !== null
      ? words("outbox.offline_held_typed", { change: change, game: item.game, typed: typed },
              "%(change)s of game %(game)s: %(typed)s (needs you: open the game)")
      : words("outbox.offline_held", { change: change, game: item.game },
              "%(change)s of game %(game)s (needs you: open the game)");
  }

  // -- the entry form: drafts, and saving through the outbox ----------------------

  var form = document.getElementById("entry");
  var entryKey = null;  // the id of the change this entry form saves
  if (form && entryMatch && account) entryForm();

  function entryForm() {
    var editing = Boolean(entryMatch[2]);
    var kind = editing ? "edit" : "hand";
    var number = editing ? parseInt(entryMatch[2], 10) : parseInt(form.dataset.number, 10);
    // The change's id: the form's one-time token, as the server made it (so this
    // form saved twice, by a double tap or Back, records once, however it is
    // sent); a kept copy of the form has none (the worker drops it): an id made here.
    var token = form.querySelector("input[name=token]");
    var key = token && token.value ? token.value : Outbox.uuid();
    entryKey = key;
    var expected = form.querySelector("input[name=expected]");
    var draftKey;

    function draftName() { return "sk-draft:" + account + ":" + gameId + ":" + kind + ":" + number; }

    function fields() {
      var pairs = [];
      new FormData(form).forEach(function (value, name) {
        if (name !== "csrf_token" && name !== "token" && typeof value === "string") pairs.push([name, value]);
      });
      return pairs;
    }

    function saveDraft() {
      try { localStorage.setItem(draftKey, JSON.stringify(fields())); } catch (e) { /* storage full or off */ }
    }

    function clearDraft() {
      typed = false;  // nothing left to keep when the page goes
      try { localStorage.removeItem(draftKey); } catch (e) { /* off */ }
    }

    // The fields (a group of radios counts as one) no longer as the page drew them: this script
    // comes after the page's load event, and a hand may have started typing before it, or the
    // browser itself may have put some fields back on a reload.
    function touchedFields() {
      var touched = {};
      Array.prototype.forEach.call(form.elements, function (control) {
        if (!control.name || control.type === "hidden") return;
        var changed = control.type === "checkbox" || control.type === "radio" ?
          control.checked !== control.defaultChecked : control.value !== control.defaultValue;
        if (changed) touched[control.name] = true;
      });
      return touched;
    }

    function restoreDraft() {
      var kept;
      try { kept = JSON.parse(localStorage.getItem(draftKey) || "null"); } catch (e) { kept = null; }
      if (!Array.isArray(kept)) return;
      var values = {};
      kept.forEach(function (pair) { (values[pair[0]] = values[pair[0]] || []).push(pair[1]); });
      // What was typed since this page was drawn stays: only the untouched fields are filled in.
      var touched = touchedFields();
      Array.prototype.forEach.call(form.elements, function (control) {
        if (!control.name || control.type === "hidden" || control.type === "submit" || control.type === "button") return;
        if (touched[control.name]) return;
        var given = values[control.name] || [];
        if (control.type === "checkbox" || control.type === "radio") {
          control.checked = given.indexOf(control.value) >= 0;
        } else {
          control.value = given.length ? given[0] : "";
        }
      });
      // The picker's marks, the live values and the folded panel follow (static/entry.js listens).
      Array.prototype.forEach.call(form.elements, function (control) {
        if (!control.name || control.type === "hidden") return;
        control.dispatchEvent(new Event("input", { bubbles: true }));
      });
      var out = form.querySelector("input[name=out]:checked") || form.querySelector("input[name=out]");
      if (out) out.dispatchEvent(new Event("change", { bubbles: true }));
    }

    function renumber(next) {
      // A copy of the form kept from before the hands this phone is keeping: it is for the hand after them.
      var from = number;
      number = next;
      expected.value = String(next);
      form.dataset.number = String(next);
      var swap = function (node) {
        if (node) node.textContent = node.textContent.replace(new RegExp("\\b" + from + "\\b"), String(next));
      };
      swap(document.querySelector("main h1"));
      swap(form.querySelector("button[type=submit]"));
      document.title = document.title.replace(new RegExp("\\b" + from + "\\b"), String(next));
    }

    function labels() {
      var found = {};
      form.querySelectorAll("fieldset[data-seat]").forEach(function (set) {
        var legend = set.querySelector("legend");
        found["p" + set.dataset.seat] = legend ? legend.textContent.trim()
          : words("seat", { number: set.dataset.seat }, "Seat %(number)s");
      });
      form.querySelectorAll("fieldset[data-side]").forEach(function (set) {
        var legend = set.querySelector("legend");
        found["s" + set.dataset.side] = legend ? legend.textContent.trim()
          : words("side", { number: set.dataset.side }, "Side %(number)s");
      });
      return found;
    }

    function item() {
      return { id: key, account: account, game: gameId, kind: kind, number: number, fields: fields(), labels: labels(),
               sides: Boolean(form.querySelector("fieldset[data-side]")) };
    }

    // said: what the page says of it, when not that it is sent when the network is back.
    function keepIt(change, said) {
      said = said || keptSaid(change);
      return Outbox.keep(change).then(function () {
        clearDraft();
        syncLater();
        if (navigator.serviceWorker && navigator.serviceWorker.controller) {
          sessionStorage.setItem("sk-kept", said);
          location.assign("/games/" + gameId);  // the worker's copy when offline
          return;
        }
        // No worker (plain http): no copy of the sheet to go to; this page says it. Saving again
        // keeps the same change (the same id), never a second one.
        sending = false;
        say(said, "flash success");
        afterFlush({ recorded: [], held: [] });  // sent again shortly, from this page
      }).catch(function () {
        sending = false;
        say(words("outbox.no_storage", null,
                  "This phone cannot keep the hand (its storage is off). Keep this page open and save again " +
                  "when the network is back: what you typed stays here."));
      });
    }

    function say(text, kind) {
      var box = document.getElementById("outbox-note") || el("p", { id: "outbox-note", role: "alert" });
      box.className = kind || "flash error";
      box.textContent = text;
      if (!box.parentNode) form.parentNode.insertBefore(box, form);
    }

    var native = false;
    var sending = false;
    window.addEventListener("submit", function (event) {
      if (event.target !== form || native || event.defaultPrevented) return;
      event.preventDefault();
      if (sending) return;
      sending = true;
      saveDraft();
      var change = item();
      Outbox.of(account, gameId).then(function (waiting) {
        if (waiting.length) {
          return keepIt(change, waiting.length === 1
            ? words("outbox.kept_behind.one", { change: what(change), count: 1 },
                    "%(change)s is kept on this phone, behind the %(count)s change it keeps, and sent in order.")
            : words("outbox.kept_behind.other", { change: what(change), count: waiting.length },
                    "%(change)s is kept on this phone, behind the %(count)s changes it keeps, and sent in order."));
        }
        return Outbox.session().then(function (me) {
          if (!me) return keepIt(change);
          if (!Outbox.mayAct(me, account)) {
            return keepIt(change, words("outbox.kept_sign_in", { change: what(change) },
                                        "%(change)s is kept on this phone; sign in again to send it."));
          }
          return Outbox.send(change, me.csrf_token, true).then(function (answer) {
            if (answer.outcome === "recorded") {
              clearDraft();
              location.assign(answer.location || "/games/" + gameId);
              return null;
            }
            if (answer.outcome === "unsent" || answer.outcome === "busy") return keepIt(change);
            if (answer.outcome === "link_off") {
              // The keeper link is off: no page of the game would open. What was typed stays here.
              sending = false;
              say(answer.message);
              return null;
            }
            // Refused, or the game moved on: the server's own page says why, with everything typed.
            // Nothing was stored, so sending the form itself cannot record twice.
            native = true;
            form.submit();
            return null;
          });
        });
      }).catch(function () { keepIt(change); });
    });

    window.addEventListener("pageshow", function (event) {
      if (event.persisted) { sending = false; native = false; }
    });

    var ready = editing ? Promise.resolve() : Outbox.of(account, gameId).then(function (waiting) {
      var last = waiting.reduce(function (top, i) { return i.kind === "hand" ? Math.max(top, i.number) : top; }, 0);
      if (last >= number) renumber(last + 1);
    }).catch(function () { /* no IndexedDB: the form as served */ });
    // The draft is brought back, and typing kept, from the start: the outbox's answer (its
    // database can take a second to open on a busy phone) only renumbers a kept copy of the form.
    // A reload, or a page left in the middle of a tap, keeps the last of the typing.
    draftKey = draftName();
    var typed = Object.keys(touchedFields()).length > 0;
    restoreDraft();
    if (typed) saveDraft();
    function typing() {
      typed = true;
      saveDraft();
    }
    form.addEventListener("input", typing);
    form.addEventListener("change", typing);
    form.addEventListener("click", function () { setTimeout(typing, 0); });  // a card tapped in the picker
    window.addEventListener("pagehide", function () {
      if (typed && !sending) saveDraft();
    });
    ready.then(function () {
      if (draftName() === draftKey) return;
      // The form is for the hand after the ones this phone keeps: so is what was typed in it.
      if (typed) try { localStorage.removeItem(draftKey); } catch (e) { /* off */ }
      draftKey = draftName();
      restoreDraft();
      if (typed) saveDraft();
    });
  }

  // -- the sheet: waiting rows, held changes, undo and end --------------------------

  var sheet = sheetMatch && document.getElementById("sheet");
  var drawn = [];
  // What the page before this one has to say ("Hand 4 is kept on this phone...", "2 changes were sent").
  var note = sessionStorage.getItem("sk-kept");
  sessionStorage.removeItem("sk-kept");

  function columns() {
    var head = sheet.querySelectorAll("thead tr:last-child th[scope=col]");
    return Array.prototype.slice.call(head, 1).map(function (th) {
      var name = th.querySelector(".name");
      return name ? name.textContent.trim() : th.textContent.trim();
    });
  }

  function waitingRow(change, names) {
    var row = el("tr", { "class": "waiting", "data-outbox": change.id, id: "waiting-" + change.id });
    var th = el("th", { scope: "row", "class": "num" }, String(change.number));
    th.appendChild(el("span", { "class": "tag" }, words("outbox.waiting", null, "waiting")));
    row.appendChild(th);
    var out = (change.fields.find(function (pair) { return pair[0] === "out"; }) || [])[1];
    names.forEach(function (name, index) {
      var prefix = (change.sides ? "s" : "p") + index;
      var typed = change.fields.filter(function (pair) { return pair[0].indexOf(prefix + "-") === 0 && pair[1]; })
        .map(function (pair) { return pair[1]; }).join(" ");
      if (!change.sides && out === String(index)) typed = wentOut(typed);
      var cell = el("td", { "class": "typed" + (!change.sides && out === String(index) ? " went-out" : "") }, typed || "–");
      row.appendChild(cell);
    });
    var note = el("tr", { "class": "waiting-note", "data-outbox-note": change.id });
    note.appendChild(el("td", { colspan: String(names.length + 1) },
      words("outbox.waiting_note", { number: change.number }, "Hand %(number)s: kept on this phone, scored when sent")));
    return [row, note];
  }

  function heldBox(change) {
    var answer = change.answer || {};
    var box = el("section", { "class": "outbox-held", "aria-labelledby": "held-" + change.id, "data-held": change.id });
    var title;
    if (change.state === "taken") {
      title = words("outbox.taken", { number: change.number }, "Hand %(number)s was recorded by another phone first");
    } else if (change.state === "refused") {
      title = words("outbox.refused", { change: what(change) }, "%(change)s was refused");
    } else if (change.state === "link_off") {
      title = words("outbox.link_off", { change: what(change) }, "%(change)s was not recorded: the keeper link is off");
    } else {
      title = words("outbox.not_made", { change: what(change) }, "%(change)s could not be made");
    }
    box.appendChild(el("h2", { id: "held-" + change.id }, title));
    var message = told(answer);
    if (message && change.state !== "taken") box.appendChild(el("p", {}, message));
    var both = el("div", { "class": "both" });
    if (change.state === "taken") {
      var theirs = el("div", { "class": "theirs" });
      theirs.appendChild(el("h3", {}, words("outbox.on_sheet", null, "On the sheet")));
      var scored = answer.theirs ? Object.keys(answer.theirs.scores).map(function (name) {
        var n = answer.theirs.scores[name];
        return name + " " + (n > 0 ? "+" : n < 0 ? "−" : "") + Math.abs(n);
      }).join(" · ") : words("outbox.their_hand", { number: change.number }, "hand %(number)s");
      theirs.appendChild(el("p", {}, scored));
      both.appendChild(theirs);
    }
    if (change.kind === "hand" || change.kind === "edit") {
      var mine = el("div", { "class": "mine" });
      mine.appendChild(el("h3", {}, words("outbox.kept_here", null, "Kept on this phone")));
      mine.appendChild(el("p", {}, typedText(change)));
      both.appendChild(mine);
    }
    box.appendChild(both);
    var actions = el("p", { "class": "held-actions" });
    if (change.state === "taken" && answer.next) {
      actions.appendChild(el("button", { type: "button", "class": "primary", "data-act": "next" },
        words("outbox.record_as", { number: answer.next }, "Record mine as hand %(number)s")));
    }
    if (change.state === "refused" && (change.kind === "hand" || change.kind === "edit")) {
      actions.appendChild(el("button", { type: "button", "class": "primary", "data-act": "fix" },
        words("outbox.fix", null, "Fix mine")));
    }
    actions.appendChild(el("button", { type: "button", "class": "secondary", "data-act": "discard" },
      words("outbox.discard_mine", null, "Discard mine")));
    box.appendChild(actions);
    box.addEventListener("click", function (event) {
      var act = event.target.closest("button[data-act]");
      if (!act) return;
      act.disabled = true;
      var done;
      if (act.dataset.act === "next") done = Outbox.renumber(change.id, answer.next).then(flushHere);
      else if (act.dataset.act === "discard") done = Outbox.drop(change.id);
      else {
        var at = change.kind === "edit" ? "/games/" + change.game + "/hands/" + change.number + "/edit"
                                        : "/games/" + change.game + "/hands/new";
        var number = change.kind === "edit" ? change.number : (answer.recorded || change.number - 1) + 1;
        localStorage.setItem("sk-draft:" + account + ":" + change.game + ":" + change.kind + ":" + number,
                             JSON.stringify(change.fields));
        done = Outbox.drop(change.id).then(function () { location.assign(at); });
      }
      done.then(drawSheet);
    });
    return box;
  }

  function status(text) {
    var box = document.getElementById("outbox-status");
    if (!box) {
      box = el("div", { id: "outbox-status", "class": "outbox-status", role: "status" });
      sheet.parentNode.insertBefore(box, sheet);
    }
    box.textContent = text;
    box.hidden = !text;
  }

  function drawSheet() {
    if (!sheet) return Promise.resolve();
    return Outbox.of(account, gameId).then(function (kept) {
      sheet.querySelectorAll("tr.waiting, tr.waiting-note").forEach(function (row) { row.remove(); });
      document.querySelectorAll(".outbox-held").forEach(function (box) { box.remove(); });
      sheet.querySelectorAll(".tag.provisional, .tag.pending").forEach(function (tag) { tag.remove(); });
      var names = columns();
      var tbody = sheet.querySelector("tbody");
      var empty = tbody && tbody.querySelector("td.empty");
      drawn = [];
      kept.forEach(function (change) {
        if (change.state !== "waiting") {
          sheet.parentNode.insertBefore(heldBox(change), sheet);
        } else if (change.kind === "hand" && tbody) {
          if (empty) empty.parentNode.hidden = true;
          var rows = waitingRow(change, names);
          tbody.appendChild(rows[0]);
          tbody.appendChild(rows[1]);
          drawn.push({ item: change, row: rows[0] });
        } else {
          var target = change.kind === "end" ? null : sheet.querySelector("a[href='#hand-" + change.number + "']");
          var tag = el("span", { "class": "tag pending" },
            change.kind === "edit" ? words("outbox.correction_waiting", null, "correction waiting")
              : change.kind === "undo" ? words("outbox.undo_waiting", null, "undo waiting") : "");
          if (target) target.parentNode.appendChild(tag);
        }
      });
      var waiting = kept.filter(function (change) { return change.state === "waiting"; });
      var foot = sheet.querySelector("tfoot th");
      if (foot && waiting.length) {
        foot.appendChild(el("span", { "class": "tag provisional" }, words("outbox.provisional", null, "provisional")));
      }
      var hands = waiting.filter(function (change) { return change.kind === "hand"; });
      // Undo takes back the last hand kept here first (it never reached the server).
      document.querySelectorAll("form[action$='/undo']").forEach(function (undoForm) {
        var button = undoForm.querySelector("button");
        if (!button) return;
        if (!button.dataset.served) { button.dataset.served = button.textContent; undoForm.dataset.served = undoForm.dataset.confirm || ""; }
        var keptHands = kept.filter(function (change) { return change.kind === "hand"; });
        var lastKept = keptHands[keptHands.length - 1];
        button.textContent = lastKept ? words("outbox.undo", { number: lastKept.number }, "Undo hand %(number)s")
                                      : button.dataset.served;
        undoForm.dataset.confirm = lastKept ? words("outbox.undo_confirm", { number: lastKept.number },
                                                    "Undo hand %(number)s? It was only kept on this phone.")
                                            : undoForm.dataset.served;
      });
      var record = document.querySelector(".next a.button");
      if (record && hands.length) {
        var next = hands[hands.length - 1].number + 1;
        record.textContent = record.textContent.replace(/\d+\s*$/, String(next));
        // The card above it names that hand too (its deal is the server's to say, once sent).
        var guide = document.querySelector(".next .guide");
        if (guide) {
          guide.textContent = hands.length === 1
            ? words("outbox.next_after_one", { next: next, number: hands[0].number },
                    "Hand %(next)s · after hand %(number)s, kept on this phone")
            : words("outbox.next_after_many", { next: next, first: hands[0].number, last: next - 1 },
                    "Hand %(next)s · after hands %(first)s–%(last)s, kept on this phone");
        }
      }
      if (note) status(note);
      else if (waiting.length) {
        status(waiting.length === 1
          ? words("outbox.status.one", { count: waiting.length },
                  "%(count)s change kept on this phone, sent when the network is back. " +
                  "The totals are provisional until then.")
          : words("outbox.status.other", { count: waiting.length },
                  "%(count)s changes kept on this phone, sent when the network is back. " +
                  "The totals are provisional until then."));
      } else status("");
      document.dispatchEvent(new CustomEvent("scorekeeper:waiting", { detail: { game: gameId, items: hands } }));
    });
  }

  function lastNumber(formNode) {
    var button = formNode.querySelector("button");
    var m = button && button.textContent.match(/(\d+)\s*$/);
    return m ? parseInt(m[1], 10) : null;
  }

  function changeForm(formNode, kind) {
    window.addEventListener("submit", function (event) {
      if (event.target !== formNode || event.defaultPrevented) return;
      event.preventDefault();
      submitChange(formNode, kind);
    });
  }

  // An undo or an end, asked for (and confirmed) on the sheet: through the outbox, or kept.
  function submitChange(formNode, kind) {
    {
      return Outbox.of(account, gameId).then(function (kept) {
        var hands = kept.filter(function (change) { return change.kind === "hand"; });
        if (kind === "undo" && hands.length) {
          // The last hand never reached the server: undoing it is forgetting it here.
          var last = hands[hands.length - 1];
          return Outbox.drop(last.id).then(function () {
            note = words("outbox.removed", { number: last.number }, "Hand %(number)s (kept on this phone) was removed.");
            return drawSheet();
          });
        }
        var fields = [];
        new FormData(formNode).forEach(function (value, name) { if (name !== "csrf_token") fields.push([name, value]); });
        var change = { account: account, game: gameId, kind: kind, fields: fields, labels: {},
                       number: kind === "undo" ? lastNumber(formNode) : null };
        if (kind === "undo") change.fields.push(["number", String(change.number)]);
        change.id = Outbox.uuid();
        var keepIt = function () {
          return Outbox.keep(change).then(function () {
            note = keptSaid(change);
            syncLater();
            return drawSheet();
          });
        };
        if (kept.length) return keepIt();
        return Outbox.session().then(function (me) {
          if (!me || !Outbox.mayAct(me, account)) return keepIt();
          return Outbox.send(change, me.csrf_token, true).then(function (answer) {
            if (answer.outcome === "recorded") {
              // A game just ended opens at its top, where the result is, not where End was tapped.
              if (kind === "end" && "scrollRestoration" in history) { history.scrollRestoration = "manual"; window.scrollTo(0, 0); }
              location.reload();
              return null;
            }
            if (answer.outcome === "unsent" || answer.outcome === "busy") return keepIt();
            status(told(answer) || words("outbox.nothing_changed", null, "Nothing was changed."));
            return null;
          });
        });
      });
    }
  }
  window.ScorekeeperChange = submitChange;

  if (sheet && account && Outbox.available) {
    document.querySelectorAll("form[action$='/undo']").forEach(function (f) { changeForm(f, "undo"); });
    document.querySelectorAll("form[action$='/end']").forEach(function (f) { changeForm(f, "end"); });
    drawSheet();
  }
  // The game page's live part swapped in (share.js: another phone changed the game): its
  // sheet and its undo and end forms are new, and the kept changes are drawn on them again.
  document.addEventListener("scorekeeper:swapped", function () {
    if (!sheetMatch || !account || !Outbox.available) return;
    sheet = document.getElementById("sheet");
    if (!sheet) return;
    document.querySelectorAll("form[action$='/undo']").forEach(function (f) { changeForm(f, "undo"); });
    document.querySelectorAll("form[action$='/end']").forEach(function (f) { changeForm(f, "end"); });
    drawSheet();
  });

  // -- sending, and the pages that follow ---------------------------------------

  var retry = null;
  function afterFlush(result) {
    var sent = result.recorded.length === 1
      ? words("outbox.sent.one", { count: 1 }, "%(count)s change kept on this phone was sent and recorded.")
      : words("outbox.sent.other", { count: result.recorded.length },
              "%(count)s changes kept on this phone were sent and recorded.");
    var mine = result.recorded.some(function (change) { return change.id === entryKey; });
    if ((sheet || mine) && result.recorded.length && navigator.onLine) {
      // The server's sheet, with them on it (from the entry form whose hand was just sent: its sheet).
      sessionStorage.setItem("sk-kept", sent);
      if (sheet) location.reload();
      else location.assign("/games/" + gameId);
      return;
    }
    drawSheet();
    drawOfflinePage();
    // Still something waiting: asked again in a while, as long as the page is open and shown.
    if (account && !retry) {
      Outbox.of(account, null).then(function (kept) {
        if (!kept.some(function (change) { return change.state === "waiting"; })) return;
        retry = setTimeout(function () {
          retry = null;
          if (document.visibilityState !== "hidden") flushHere();
        }, entryKey && !sheet ? 2000 : 15000);
      });
    }
  }

  var flushing = null;
  function flushHere() {
    if (!Outbox || !Outbox.available) return Promise.resolve();
    if (!flushing) {
      flushing = Outbox.flush().then(function (result) { flushing = null; afterFlush(result); })
        .catch(function () { flushing = null; });
    }
    return flushing;
  }

  if (Outbox && Outbox.available) {
    // And again shortly after: the page's "online" can come before its worker's network is back.
    window.addEventListener("online", function () { flushHere(); setTimeout(flushHere, 2000); });
    window.addEventListener("pageshow", flushHere);
    document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") flushHere(); });
  }

  // -- signing out ------------------------------------------------------------------

  // Called by static/offline.js when Sign out is tapped.
  window.ScorekeeperSignOut = function (signOut) {
    return Outbox.of(account, null).then(function (kept) {
      var question = kept.length === 1
        ? words("outbox.sign_out.one", { count: kept.length },
                "%(count)s change kept on this phone has not reached the server yet. Signing out throws it away. " +
                "Sign out anyway?")
        : words("outbox.sign_out.other", { count: kept.length },
                "%(count)s changes kept on this phone have not reached the server yet. Signing out throws them away. " +
                "Sign out anyway?");
      if (kept.length && !window.confirm(question)) return false;
      return forget().then(function () { return true; });
    });
  };

  function forget() {
    var jobs = [Outbox.dropAccount(account)];
    if (window.caches) jobs.push(caches.delete(PAGES));
    try {
      Object.keys(localStorage).forEach(function (name) {
        if (name.indexOf("sk-draft:" + account + ":") === 0 || name === "sk-games:" + account) localStorage.removeItem(name);
      });
    } catch (e) { /* storage off */ }
    return Promise.all(jobs);
  }

  // -- the offline page ----------------------------------------------------------

  function drawOfflinePage() {
    if (!body || !body.hasAttribute("data-offline-page")) return;
    var list = document.getElementById("kept");
    Outbox.all().then(function (kept) {
      if (!kept.length) return;
      list.textContent = "";
      kept.forEach(function (change) {
        list.appendChild(el("li", {}, offlineLine(change)));
      });
    });
    if (!window.caches) return;
    caches.open(PAGES).then(function (cache) { return cache.keys(); }).then(function (requests) {
      var games = requests.map(function (r) { return new URL(r.url).pathname; })
        .filter(function (p) { return /^\/games\/\d+$/.test(p); });
      if (!games.length) return;
      var copies = document.getElementById("copies");
      copies.textContent = "";
      var titles = {};
      Object.keys(localStorage).forEach(function (name) {
        if (name.indexOf("sk-games:") === 0) {
          try { Object.assign(titles, JSON.parse(localStorage.getItem(name))); } catch (e) { /* ignore */ }
        }
      });
      games.forEach(function (p) {
        var id = p.split("/")[2];
        var li = el("li");
        li.appendChild(el("a", { href: p }, titles[id] || words("outbox.game", { number: id }, "Game %(number)s")));
        copies.appendChild(li);
      });
    });
  }

  // -- a game whose keeper link was turned off: what this phone kept for it, to copy ---------

  function drawLinkOff() {
    var game = body && body.getAttribute("data-link-off");
    var list = document.getElementById("kept");
    if (!game || !list) return;
    Outbox.of(account, game).then(function (kept) {
      if (!kept.length) return;
      list.textContent = "";
      kept.forEach(function (change) {
        var li = el("li", {}, change.kind === "hand" || change.kind === "edit"
          ? words("outbox.kept_typed", { change: what(change), typed: typedText(change) }, "%(change)s: %(typed)s")
          : what(change));
        var discard = el("button", { type: "button", "class": "button" }, words("outbox.discard", null, "Discard"));
        discard.addEventListener("click", function () {
          Outbox.drop(change.id).then(function () { li.remove(); });
        });
        li.appendChild(document.createTextNode(" "));
        li.appendChild(discard);
        list.appendChild(li);
      });
    });
  }

  window.ScorekeeperOffline = {
    // The kept hands drawn on this sheet: [{item, row}], row the <tr> of its cells (one per column).
    waiting: function () { return Promise.resolve(drawn.slice()); },
    // A provisional score for a kept hand: scored = {scores: {name: n}, totals: {name: n}, notes: [text]}.
    fillScores: function (id, scored) {
      var found = drawn.find(function (d) { return d.item.id === id; });
      if (!found) return false;
      var names = columns();
      var cells = found.row.querySelectorAll("td");
      names.forEach(function (name, index) {
        if (!cells[index] || !scored.totals || scored.totals[name] == null) return;
        var gain = scored.scores ? scored.scores[name] : null;
        cells[index].textContent = String(scored.totals[name]);
        if (gain != null) cells[index].appendChild(el("small", {}, (gain > 0 ? "+" : gain < 0 ? "−" : "") + Math.abs(gain)));
        cells[index].classList.remove("typed");
        cells[index].classList.add("provisional");
      });
      var note = sheet.querySelector("tr[data-outbox-note='" + id + "'] td");
      if (note) {
        note.textContent = scored.notes && scored.notes.length
          ? words("outbox.provisional_note_notes", { number: found.item.number, notes: scored.notes.join(" · ") },
                  "Hand %(number)s: kept on this phone, provisional score · %(notes)s")
          : words("outbox.provisional_note", { number: found.item.number },
                  "Hand %(number)s: kept on this phone, provisional score");
      }
      return true;
    }
  };

  if (Outbox && Outbox.available) {
    drawOfflinePage();
    drawLinkOff();
    flushHere();
  }
})();
