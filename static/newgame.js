// New game: a tap on a saved player seats them in the next empty seat (a
// second tap unseats them); the first-dealer list shows the names as typed.
(function () {
  "use strict";
  var form = document.getElementById("new-game");
  if (!form) return;
  var seats = Array.prototype.slice.call(form.querySelectorAll(".seat input"));
  var chips = Array.prototype.slice.call(form.querySelectorAll(".chip"));
  var dealer = form.querySelector("#first_dealer");
  function seatOf(name) {
    return seats.filter(function (input) { return input.value.trim() === name; })[0];
  }
  function refresh() {
    seats.forEach(function (input, i) {
      var option = dealer.options[i];
      if (option) option.textContent = "Seat " + (i + 1) + (input.value.trim() ? ": " + input.value.trim() : "");
    });
    chips.forEach(function (chip) {
      chip.setAttribute("aria-pressed", String(!!seatOf(chip.dataset.name)));
    });
  }
  chips.forEach(function (chip) {
    chip.addEventListener("click", function () {
      var seated = seatOf(chip.dataset.name);
      var empty = seats.filter(function (input) { return !input.value.trim(); })[0];
      if (seated) seated.value = "";
      else if (empty) empty.value = chip.dataset.name;
      refresh();
    });
  });
  seats.forEach(function (input) { input.addEventListener("input", refresh); });
  refresh();
})();
