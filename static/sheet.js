// The sheet: a tap on a hand's row opens that hand's explanation; corrections ask first.
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
  // Just saved or corrected (the message at the top gives the hand's scores):
  // its notes open, but the page stays at the top, where the next hand starts.
  var justSaved = document.querySelector(".flash.success");
  openHand(!justSaved);
  if (justSaved) {
    // After the browser's own jump to the #hand-N the server sent us to.
    var top = function () { window.scrollTo(0, 0); };
    top();
    window.addEventListener("load", function () { setTimeout(top, 0); });
  }
  // The row number is the link (for keyboards and without JavaScript); the
  // scores beside it are a bigger target for a thumb.
  var rows = document.querySelector("table.sheet tbody");
  if (rows) {
    rows.addEventListener("click", function (event) {
      var row = event.target.closest("tr");
      var link = row && row.querySelector("th a[href^='#hand-']");
      if (!link || event.target.closest("a")) return;
      if (location.hash === link.hash) openHand(true);
      else location.hash = link.hash;
    });
  }
  document.querySelectorAll("form[data-confirm]").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  });
})();
