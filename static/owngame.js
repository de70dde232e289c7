// Your own game: the options that matter only with another's value (the card
// values, when hands are entered as cards) show only then, and the example
// hand is scored again by the server as the rules change. Without JavaScript
// every option shows and the example is the one drawn with the page.
(function () {
  "use strict";
  var form = document.getElementById("own-game");
  if (!form) return;
  var example = document.getElementById("example");
  var timer = null;
  var asked = 0;

  function chosen(name) {
    var field = form.elements.namedItem(name);
    return field ? field.value : "";
  }

  function toggle() {
    Array.prototype.forEach.call(form.querySelectorAll("[data-when-option]"), function (part) {
      // data-when-values, where it matters under several: them all, spaced ("cards meld_minus_hand")
      var values = (part.dataset.whenValues || part.dataset.whenValue).split(" ");
      part.hidden = values.indexOf(chosen(part.dataset.whenOption)) === -1;
    });
  }

  function refresh() {
    var params = new URLSearchParams(new FormData(form));
    params.delete("csrf_token");
    var mine = (asked += 1);
    fetch(form.dataset.example + "?" + params.toString(), { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
      .then(function (html) { if (mine === asked) example.innerHTML = html; })
      .catch(function () { /* the example already shown stays; saving still checks everything */ });
  }

  function changed() {
    toggle();
    clearTimeout(timer);
    timer = setTimeout(refresh, 200);
  }

  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  toggle();
})();
