// The words the scripts write into the page, in the page's language: the page
// carries them in a JSON block (<script type="application/json" id="script-words">,
// from scorekeeper/web/script_words.py), and every script asks for them here:
//   words("engine.downloading_percent", {percent: 40}, "Downloading the scoring engine: %(percent)s%%.")
// %(name)s takes values[name] and %% is a percent sign, as in the catalogues.
// The English, the third argument, is what a page without the block or the key
// gets (a page a phone kept from before the block came).  Loaded before every
// other script of the page (deferred scripts run in the order they come).
(function () {
  "use strict";
  var found = null;

  function catalogue() {
    if (found === null) {
      var block = document.getElementById("script-words");
      try { found = (block && JSON.parse(block.textContent)) || {}; } catch (error) { found = {}; }
    }
    return found;
  }

  window.words = function (key, values, english) {
    var text = catalogue()[key];
    if (typeof text !== "string") text = english != null ? english : key;
    return text.replace(/%\((\w+)\)s|%%/g, function (all, name) {
      if (!name) return "%";
      return values && name in values ? String(values[name]) : all;  // (a value not given: the placeholder shows)
    });
  };
})();
