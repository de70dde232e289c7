// Copy and Share beside a link the table is to open (the live link, the
// keeper link): Copy puts the address on the clipboard (the older way where
// the page is not https, as on a table's Wi-Fi), Share opens the phone's own
// share sheet where the browser has one (the Web Share API).
(function () {
  "use strict";
  // The page's words (static/words.js); a page kept from before they came: the English.
  var words = window.words || function (key, values, english) {
    return english.replace(/%\((\w+)\)s|%%/g, function (all, name) { return name ? String(values[name]) : "%"; });
  };

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var field = document.createElement("textarea");
      field.value = text;
      field.setAttribute("readonly", "");
      field.className = "visually-hidden";
      document.body.appendChild(field);
      field.select();
      var done = false;
      try { done = document.execCommand("copy"); } catch (error) { done = false; }
      field.remove();
      if (done) resolve(); else reject(new Error("copy refused"));
    });
  }

  function button(label) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "button secondary";
    b.textContent = label;
    return b;
  }

  document.querySelectorAll(".link-actions[data-link]").forEach(function (holder) {
    var link = holder.dataset.link;
    var said = document.createElement("span");
    said.className = "link-said";
    said.setAttribute("role", "status");
    var copyButton = button(words("links.copy", null, "Copy link"));
    copyButton.addEventListener("click", function () {
      copy(link).then(function () { said.textContent = words("links.copied", null, "Copied"); },
                      function () { said.textContent = words("links.hold", null, "Press and hold the link to copy it"); });
    });
    holder.appendChild(copyButton);
    if (navigator.share) {
      var shareButton = button(words("links.share", null, "Share…"));
      shareButton.addEventListener("click", function () {
        navigator.share({ title: holder.dataset.title || document.title, url: link }).catch(function () {});
      });
      holder.appendChild(shareButton);
    }
    holder.appendChild(said);
  });
})();
