// New game: a tap on a saved player fills the next empty seat; the first-dealer
// list shows the names as they are typed.
(function () {
  "use strict";
  var form = document.getElementById("new-game");
  if (!form) return;
  var seats = Array.prototype.slice.call(form.querySelectorAll(".seat input"));
  var dealer = form.querySelector("#first_dealer");
  function relabel() {
    seats.forEach(function (input, i) {
      var option = dealer.options[i];
      if (option) option.textContent = "Seat " + (i + 1) + (input.value.trim() ? ": " + input.value.trim() : "");
    });
  }
  form.querySelectorAll(".chip").forEach(function (chip) {
    chip.addEventListener("click", function () {
      var name = chip.dataset.name;
      if (seats.some(function (input) { return input.value.trim() === name; })) return;
      var empty = seats.filter(function (input) { return !input.value.trim(); })[0];
      if (empty) { empty.value = name; chip.setAttribute("aria-pressed", "true"); relabel(); }
    });
  });
  seats.forEach(function (input) { input.addEventListener("input", relabel); });
  relabel();
})();
