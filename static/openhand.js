// A hand's number opens its explanation, on the owner's sheet and on the live
// link alike: each hand's notes are a <details id="hand-N"> its number links to.
// Loaded (deferred) before the page's own script, which calls window.openHand
// once to say whether the first opening scrolls.
(function () {
  "use strict";
  function openHand(scroll) {
    var target = location.hash && document.getElementById(location.hash.slice(1));
    if (target && target.tagName === "DETAILS") {
      target.open = true;
      if (scroll) target.scrollIntoView({ block: "center" });
    }
  }
  window.addEventListener("hashchange", function () { openHand(true); });
  // The row number is the link (for keyboards and without JavaScript); the
  // scores beside it are a bigger target for a thumb. The listener is on the
  // document, so it outlives every swap of the live sheet.
  document.addEventListener("click", function (event) {
    var row = event.target.closest("table.sheet tbody tr");
    var link = row && row.querySelector("th a[href^='#hand-']");
    if (!link || event.target.closest("a")) return;
    if (location.hash === link.hash) openHand(true);
    else location.hash = link.hash;
  });
  window.openHand = openHand;
})();
