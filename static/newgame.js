// New game: a tap on a saved player seats them in the next empty seat (a
// second tap unseats them); the first-dealer list shows the names as typed.
// A game played in sides says who partners whom as the seats fill (partners
// sit opposite), and a tap on a seat's swap button trades it with the next.
(function () {
  "use strict";
  // The page's words (static/words.js); a page kept from before they came: the English.
  var words = window.words || function (key, values, english) {
    return english.replace(/%\((\w+)\)s|%%/g, function (all, name) { return name ? String(values[name]) : "%"; });
  };
  var form = document.getElementById("new-game");
  if (!form) return;
  var seats = Array.prototype.slice.call(form.querySelectorAll(".seat input"));
  var chips = Array.prototype.slice.call(form.querySelectorAll(".chip"));
  var dealer = form.querySelector("#first_dealer");
  var sizes = form.dataset.sides ? JSON.parse(form.dataset.sides) : null;
  var uneven = form.dataset.uneven ? JSON.parse(form.dataset.uneven) : {};
  var partners = form.querySelector("#partners-line strong");
  var counts = form.dataset.counts ? JSON.parse(form.dataset.counts) : [];
  // One side's names ("Ann & Cara"), and the sides ("Ann & Cara against Bob & Dan"), in the page's words.
  function partnersOf(names) {
    return names.length ? names.reduce(function (first, second) {
      return words("partners", { first: first, second: second }, "%(first)s & %(second)s");
    }) : "";
  }
  function against(sides) {
    return sides.length ? sides.reduce(function (first, second) {
      return words("against", { first: first, second: second }, "%(first)s against %(second)s");
    }) : "";
  }
  function seatOf(name) {
    return seats.filter(function (input) { return input.value.trim() === name; })[0];
  }
  function named() {
    return seats.map(function (input) { return input.value.trim().split(/\s+/).join(" "); })
      .filter(Boolean);
  }
  // The sides of these players, partners opposite: with s sides, seats i, i + s, ... are one side.
  // Sides of different sizes (five in sides of three and two): the seats dealt round the sides in turn.
  function unevenOf(names, wanted) {
    var sides = wanted.map(function () { return []; });
    var open = wanted.map(function (_, i) { return i; });
    var turn = 0;
    names.forEach(function (name) {
      var side = open[turn % open.length];
      sides[side].push(name);
      if (sides[side].length === wanted[side]) open.splice(open.indexOf(side), 1); else turn += 1;
    });
    return sides.map(partnersOf);
  }
  function sidesOf(names) {
    if (uneven[String(names.length)]) return unevenOf(names, uneven[String(names.length)]);
    var choices = sizes && sizes[String(names.length)];
    if (!choices) return null;
    var size = choices[0];
    var chosen = form.querySelector("input[name='side_size-" + names.length + "']:checked");
    // "0": each for themselves, where sides are the table's choice (a game it defines)
    if (chosen && chosen.value === "0") return null;
    if (chosen && choices.indexOf(parseInt(chosen.value, 10)) >= 0) size = parseInt(chosen.value, 10);
    var count = names.length / size;
    var sides = [];
    for (var first = 0; first < count; first += 1) {
      var side = [];
      for (var seat = first; seat < names.length; seat += count) side.push(names[seat]);
      sides.push(partnersOf(side));
    }
    return sides;
  }
  function refreshSides() {
    if (!sizes) return;
    var names = named();
    var sides = sidesOf(names);
    partners.textContent = sides ? against(sides)
      : counts.indexOf(names.length) >= 0 ? partners.parentNode.dataset.alone : "";
    form.querySelectorAll(".side-size").forEach(function (group) {
      group.hidden = group.dataset.count !== String(names.length);
    });
  }
  function refresh() {
    seats.forEach(function (input, i) {
      var option = dealer.options[i];
      var name = input.value.trim();
      if (option) {
        option.textContent = name ? words("seat.named", { number: i + 1, name: name }, "Seat %(number)s: %(name)s")
          : words("seat", { number: i + 1 }, "Seat %(number)s");
      }
    });
    chips.forEach(function (chip) {
      chip.setAttribute("aria-pressed", String(!!seatOf(chip.dataset.name)));
    });
    refreshSides();
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
  form.querySelectorAll("button[data-swap]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var at = parseInt(button.dataset.swap, 10);
      var kept = seats[at].value;
      seats[at].value = seats[at + 1].value;
      seats[at + 1].value = kept;
      refresh();
    });
  });
  var hint = form.querySelector(".swap-hint");
  if (hint) hint.hidden = false;
  seats.forEach(function (input) { input.addEventListener("input", refresh); });
  form.addEventListener("change", function (event) {
    if (/^side_size-/.test(event.target.name)) refreshSides();
  });
  refresh();
})();
