// Provisional scores for the hands kept on this phone: when the sheet draws
// its waiting rows (static/outbox-page.js's "scorekeeper:waiting"), the game's
// log (its last copy, kept by the service worker) and the kept hands' fields
// go to the engine in the browser (static/engine.js), which reads them as a
// save reads its form and scores them exactly as the server will. Where the
// engine cannot run, or has not loaded yet, the rows keep "scored when sent".
(function () {
  "use strict";
  var asked = 0;
  document.addEventListener("scorekeeper:waiting", function (event) {
    var detail = event.detail || {};
    var items = (detail.items || []).map(function (item) {
      return { id: item.id, number: item.number, fields: item.fields };
    });
    var engine = window.scorekeeperEngine;
    if (!items.length || !engine || !window.ScorekeeperOffline) return;
    var mine = ++asked;
    var log = fetch("/games/" + detail.game + "/log.json", { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error("no log: " + response.status);
      return response.json();
    });
    Promise.all([log, engine.ready]).then(function (found) {
      return engine.scoreWaiting(found[0], items);
    }).then(function (scored) {
      if (mine !== asked) return; // the rows were drawn again meanwhile: that ask fills them
      scored.forEach(function (hand) {
        if (!hand.error) window.ScorekeeperOffline.fillScores(hand.id, hand);
      });
    }).catch(function () { /* the engine is unavailable: "scored when sent" stays */ });
  });
})();
