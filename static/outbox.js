// The outbox: changes this phone could not send yet (a hand, a correction, an
// undo, the end of a game), kept in IndexedDB through idb-keyval, each under
// an id made on the phone. flush() sends them in the order they were made,
// one game at a time, each with its id as the Idempotency-Key the server
// keeps: a retry, or an answer lost on the way, never records twice. A change
// the server will not take as it is (another phone recorded that hand number,
// a refusal) stays, marked, and holds back that game's later changes until
// the player says what to do with it. Runs in a page and in the service
// worker (Background Sync) alike: no DOM here.
(function (root) {
  "use strict";
  var kv = root.idbKeyval;
  var store = kv ? kv.createStore("scorekeeper-outbox", "items") : null;
  var TIMEOUT = 15000;  // a hand's answer: past this it is kept, and sent again later (once, by its id)
  var SESSION_TIMEOUT = 5000;
  var listeners = [];
  var made = 0;

  function uuid() {
    if (root.crypto && root.crypto.randomUUID) return root.crypto.randomUUID();
    // A phone on the table's plain-http Wi-Fi has no randomUUID (secure pages only): the same, by hand.
    var bytes = root.crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 15) | 64;
    bytes[8] = (bytes[8] & 63) | 128;
    var hex = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-");
  }

  // How many changes the phone keeps, where a page can read it without IndexedDB: static/offline.js
  // loads the outbox on a page only when there is something in it (or the page saves a change).
  function count() {
    if (!root.localStorage || !store) return Promise.resolve();
    return kv.keys(store).then(function (keys) {
      try { root.localStorage.setItem("sk-outbox", String(keys.length)); } catch (e) { /* storage off */ }
    });
  }

  function changed() {
    listeners.forEach(function (listener) { try { listener(); } catch (e) { /* a listener's own fault */ } });
    return count();
  }

  function all() {
    if (!store) return Promise.resolve([]);
    return kv.values(store).then(function (items) {
      return items.sort(function (a, b) { return a.seq - b.seq; });
    });
  }

  function of(account, game) {
    return all().then(function (items) {
      return items.filter(function (item) {
        return (account == null || item.account === String(account)) && (game == null || item.game === String(game));
      });
    });
  }

  function put(item) {
    return kv.set(item.id, item, store).then(changed).then(function () { return item; });
  }

  // item: {account, game, kind: "hand" | "edit" | "undo" | "end", number, fields: [[name, value], ...]}
  function keep(item) {
    if (!store) return Promise.reject(new Error("This browser keeps nothing (no IndexedDB)."));
    item.id = item.id || uuid();
    item.account = String(item.account);
    item.game = String(item.game);
    item.seq = Date.now() * 1000 + (made++ % 1000);
    item.state = "waiting";
    item.kept = new Date().toISOString();
    return put(item);
  }

  function drop(id) {
    return kv.del(id, store).then(changed);
  }

  function dropAccount(account) {
    return of(account, null).then(function (items) {
      return kv.delMany(items.map(function (item) { return item.id; }), store);
    }).then(changed);
  }

  function path(item) {
    var base = "/games/" + encodeURIComponent(item.game) + "/outbox/";
    if (item.kind === "edit") return base + "hand/" + encodeURIComponent(item.number);
    return base + item.kind;
  }

  function withTimeout(url, init, wait) {
    var control = root.AbortController ? new AbortController() : null;
    var timer = control ? setTimeout(function () { control.abort(); }, wait || TIMEOUT) : null;
    if (control) init.signal = control.signal;
    return fetch(url, init).finally(function () { if (timer) clearTimeout(timer); });
  }

  // The signed-in account and a fresh CSRF token; null when the server cannot be reached.
  function session() {
    if (root.navigator && root.navigator.onLine === false) return Promise.resolve(null);
    return withTimeout("/offline/session", { credentials: "same-origin", cache: "no-store" }, SESSION_TIMEOUT)
      .then(function (response) { return response.json(); })
      .catch(function () { return null; });
  }

  // Whom this phone may send changes as, by the session's answer: its account, and each keeper link
  // (a phone with no account keeps score through one; "k<game>-<digest>", see scorekeeper/web/access.py).
  function senders(me) {
    var ids = (me && Array.isArray(me.keeping) ? me.keeping : []).map(String);
    if (me && me.signed_in) ids.push(String(me.account));
    return ids;
  }

  function mayAct(me, who) {
    return senders(me).indexOf(String(who)) >= 0;
  }

  // One change sent: its answer ({outcome, ...}), or {outcome: "unsent"} when nothing came back.
  function send(item, csrf, interactive) {
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    if (interactive) body.append("interactive", "1");
    return withTimeout(path(item), {
      method: "POST", body: body, credentials: "same-origin", cache: "no-store",
      headers: { "Idempotency-Key": item.id, "X-CSRFToken": csrf, "Accept": "application/json" }
    }).then(function (response) {
      var json = (response.headers.get("Content-Type") || "").indexOf("json") >= 0;
      return (json ? response.json() : Promise.resolve({})).then(function (answer) {
        if (!answer.outcome) {
          // Not the outbox's answer: the game is gone (404), or the server failed or refused the form.
          // (No words here: this runs in the service worker too; the page says a 404 in its own words.)
          answer.outcome = response.status === 404 ? "gone" : "unsent";
        }
        answer.status = response.status;
        return answer;
      });
    }).catch(function () { return { outcome: "unsent" }; });
  }

  function locked(work) {
    if (root.navigator && root.navigator.locks) {
      return root.navigator.locks.request("scorekeeper-outbox", work);
    }
    return work();
  }

  // Sends what is waiting, in order; resolves to {recorded: [items], held: [items], reached: bool}.
  function flush() {
    return locked(function () {
      var result = { recorded: [], held: [], reached: false, signedOut: false };
      return all().then(function (items) {
        if (!items.length) return result;
        return session().then(function (me) {
          if (!me) return result;
          result.reached = true;
          var ids = senders(me);
          if (!ids.length) { result.signedOut = true; return result; }
          var mine = items.filter(function (item) { return ids.indexOf(item.account) >= 0; });
          var held = {};
          var linkOff = {};
          var stop = false;
          return mine.reduce(function (chain, item) {
            return chain.then(function () {
              if (linkOff[item.account + " " + item.game] && item.state === "waiting") {
                // The owner turned the keeper link off: every later change of the game is told so, and kept.
                item.state = "link_off";
                item.answer = linkOff[item.account + " " + item.game];
                result.held.push(item);
                return kv.set(item.id, item, store);
              }
              if (stop || held[item.game]) return null;
              if (item.state !== "waiting") { held[item.game] = true; result.held.push(item); return null; }
              return send(item, me.csrf_token, false).then(function (answer) {
                if (answer.outcome === "recorded") {
                  result.recorded.push(item);
                  return kv.del(item.id, store);
                }
                if (answer.outcome === "unsent" || answer.outcome === "busy" || answer.outcome === "signed_out"
                    || answer.outcome === "bad_request") {
                  stop = true;  // tried again later, as it is
                  return null;
                }
                // Taken by another phone, refused, gone: the player decides; later changes of this game wait.
                item.state = answer.outcome;
                item.answer = answer;
                held[item.game] = true;
                if (answer.outcome === "link_off") linkOff[item.account + " " + item.game] = answer;
                result.held.push(item);
                return kv.set(item.id, item, store);
              });
            });
          }, Promise.resolve()).then(function () { return result; });
        });
      }).then(function (done) {
        return (done.recorded.length || done.held.length ? changed() : count()).then(function () { return done; });
      });
    });
  }

  // "Record mine as the next hand": this hand and the game's later kept hands move on past the server's.
  function renumber(id, next) {
    return all().then(function (items) {
      var item = items.find(function (i) { return i.id === id; });
      if (!item) return null;
      var shift = next - item.number;
      var moves = items.filter(function (i) {
        return i.game === item.game && i.account === item.account && i.kind === "hand" && i.seq >= item.seq;
      }).map(function (i) {
        i.number += shift;
        i.fields = i.fields.map(function (pair) { return pair[0] === "expected" ? ["expected", String(i.number)] : pair; });
        if (i.id === item.id) { i.state = "waiting"; delete i.answer; }
        return kv.set(i.id, i, store);
      });
      return Promise.all(moves).then(changed);
    });
  }

  root.Outbox = {
    uuid: uuid, all: all, of: of, keep: keep, put: put, drop: drop, dropAccount: dropAccount,
    session: session, send: send, flush: flush, renumber: renumber, mayAct: mayAct,
    onchange: function (listener) { listeners.push(listener); },
    available: Boolean(store)
  };
})(self);
