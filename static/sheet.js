// The sheet: a tap on a hand's row opens that hand's explanation; corrections ask first.
(function () {
  "use strict";
  function openHand() {
    var target = location.hash && document.getElementById(location.hash.slice(1));
    if (target && target.tagName === "DETAILS") {
      target.open = true;
      target.scrollIntoView({ block: "center" });
    }
  }
  window.addEventListener("hashchange", openHand);
  openHand();
  // The row number is the link (for keyboards and without JavaScript); the
  // scores beside it are a bigger target for a thumb.
  var rows = document.querySelector("table.sheet tbody");
  if (rows) {
    rows.addEventListener("click", function (event) {
      var row = event.target.closest("tr");
      var link = row && row.querySelector("th a[href^='#hand-']");
      if (!link || event.target.closest("a")) return;
      if (location.hash === link.hash) openHand();
      else location.hash = link.hash;
    });
  }
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  });
})();
