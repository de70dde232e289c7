// The sheet: a saved hand's notes open without leaving the top (openhand.js
// opens a tapped hand's); corrections ask first.
(function () {
  "use strict";
  // Just saved or corrected (the message at the top gives the hand's scores):
  // its notes open, but the page stays at the top, where the next hand starts.
  // Sent to a panel instead (#share, #keeper: a link just turned on), the page
  // stays at the panel, its QR code in view for the table to scan.
  var justSaved = document.querySelector(".flash.success") && /^#hand-/.test(window.location.hash);
  window.openHand(!justSaved);
  if (justSaved) {
    // After the browser's own jump to the #hand-N the server sent us to.
    var top = function () { window.scrollTo(0, 0); };
    top();
    window.addEventListener("load", function () { setTimeout(top, 0); });
  }
  // Asked of every form that says so, also of those the live part swaps in later.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) event.preventDefault();
  });
})();
