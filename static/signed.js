// A number that may be below 0 (a house game's points, a going-out bonus):
// a phone's number pad has no minus sign, so a "±" button beside the box
// turns the number round. Without JavaScript, type the minus sign.
(function () {
  "use strict";
  // The page's words (static/words.js); a page kept from before they came: the English.
  var words = window.words || function (key, values, english) {
    return english.replace(/%\((\w+)\)s|%%/g, function (all, name) { return name ? String(values[name]) : "%"; });
  };
  Array.prototype.forEach.call(document.querySelectorAll("input[data-signed]"), function (input) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "sign-toggle";
    button.textContent = "\u00b1";
    // Named by what it does; the field it sits beside (and the player's panel) say which number.
    button.setAttribute("aria-label", words("signed.toggle", null, "Change the sign: below 0 or above"));
    button.addEventListener("click", function () {
      var value = input.value.trim().replace(/^\u2212/, "-");
      input.value = value.charAt(0) === "-" ? value.slice(1) : "-" + value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.focus();
    });
    var wrap = document.createElement("span");
    wrap.className = "signed";
    input.parentNode.insertBefore(wrap, input);
    wrap.appendChild(input);
    wrap.appendChild(button);
  });
})();
