// LifecycleDocs live preview (lifecycle-docs serve). Not part of the site.
(function () {
  "use strict";
  var script = document.currentScript;
  // The build this page came from; a different one on connect means the page is stale.
  var loaded = script ? script.getAttribute("data-generation") : null;
  var overlay = null;
  // The overlay speaks the page's language (data-lang: the page's language folder); its words
  // come from /_lifecycle/words/<lang>.json (Templates/i18n/<lang>/serve.yml), read before the
  // event stream opens. The diagnostics stay English.
  var words = {};
  var language = (script && script.getAttribute("data-lang")) || "en";
  var ENGLISH = {
    serveBuildFailed: "Build failed", serveErrors: "errors", serveWarnings: "warnings",
    serveNotBuilt: "this page was not built", serveLastGood: "this page is the last good build",
    serveFixAndSave: "Fix the file and save: the page reloads by itself.", serveHide: "Hide",
    serveError: "error", serveWarning: "warning", serveNote: "note", serveSuggestion: "suggestion", serveNoFile: "(no file)"
  };
  function t(key) { return words[key] || ENGLISH[key] || key; }

  function stale(generation) {
    return loaded !== null && String(generation) !== loaded;
  }

  function hideOverlay() {
    if (overlay) { overlay.remove(); overlay = null; }
  }

  function addStyle() {
    if (document.getElementById("lifecycle-live-style")) return;
    var style = document.createElement("style");
    style.id = "lifecycle-live-style";
    style.textContent = [
      "#lifecycle-live-overlay { position: fixed; inset: 0; z-index: 2147483647; overflow: auto;",
      "  box-sizing: border-box; margin: 0; padding: 2rem; text-align: left;",
      "  background: #ffffff; color: #1b1b1b; font: 16px/1.5 system-ui, sans-serif; }",
      "#lifecycle-live-overlay h2 { margin: 0 0 1rem; font-size: 1.35rem; color: #a4001d; }",
      "#lifecycle-live-overlay ol { margin: 0 0 1rem; padding-left: 1.5rem; }",
      "#lifecycle-live-overlay li { margin-bottom: 0.75rem; padding-left: 0.6rem; white-space: pre-wrap; overflow-wrap: anywhere;",
      "  border-left: 4px solid #8a8a8a; }",
      "#lifecycle-live-overlay code { font: bold 0.95em ui-monospace, monospace; color: inherit; background: none; }",
      // The severity is a word in a badge, not a colour alone; each badge meets 4.5:1 in both schemes.
      "#lifecycle-live-overlay .severity { display: inline-block; min-width: 4.6em; margin-right: 0.5em; padding: 0 0.35em;",
      "  border-radius: 3px; font: bold 0.8em/1.6 system-ui, sans-serif; text-align: center; text-transform: uppercase;",
      "  background: #e4e4e4; color: #1b1b1b; }",
      "#lifecycle-live-overlay li.error { border-left-color: #a4001d; }",
      "#lifecycle-live-overlay li.error .severity { background: #a4001d; color: #ffffff; }",
      "#lifecycle-live-overlay li.warning { border-left-color: #b06d00; border-left-style: dashed; }",
      "#lifecycle-live-overlay li.warning .severity { background: #ffe08a; color: #3d2a00; }",
      "#lifecycle-live-overlay .detail { display: block; padding-left: 1.5rem; opacity: 0.85; }",
      "#lifecycle-live-overlay button { font: inherit; padding: 0.3rem 0.9rem; color: inherit;",
      "  background: transparent; border: 1px solid currentColor; border-radius: 4px; cursor: pointer; }",
      "@media (prefers-color-scheme: dark) {",
      "  #lifecycle-live-overlay { background: #121212; color: #ececec; }",
      "  #lifecycle-live-overlay h2 { color: #ff8f86; }",
      "  #lifecycle-live-overlay li.error { border-left-color: #ff8f86; }",
      "  #lifecycle-live-overlay li.error .severity { background: #ffb4ab; color: #410005; } }"
    ].join("\n");
    document.head.appendChild(style);
  }

  function line(parent, className, text, english) {
    var span = document.createElement("span");
    span.className = className;
    span.textContent = text;
    if (english) span.setAttribute("lang", "en");
    parent.appendChild(span);
    return span;
  }

  /** A label in the page's language, then the tool's English text. */
  function labelled(parent, className, label, text) {
    var span = line(parent, className, label + ": ");
    var english = document.createElement("span");
    english.setAttribute("lang", "en");
    english.textContent = text;
    span.appendChild(english);
  }

  function showOverlay(diagnostics) {
    hideOverlay();
    addStyle();
    overlay = document.createElement("div");
    overlay.id = "lifecycle-live-overlay";
    overlay.setAttribute("lang", language);
    overlay.setAttribute("role", "alertdialog");
    overlay.setAttribute("aria-modal", "true");
    overlay.setAttribute("aria-labelledby", "lifecycle-live-title");
    overlay.tabIndex = -1;
    // "1 error, 2 warnings": the singular and plural nouns of the page's language.
    function count(severity) {
      var n = diagnostics.filter(function (d) { return d.severity === severity; }).length;
      var noun = severity === "error" ? (n === 1 ? "serveError" : "serveErrors") : (n === 1 ? "serveWarning" : "serveWarnings");
      return n + " " + t(noun);
    }
    // The server's page for a path the failed build did not write has nothing underneath.
    var nothingBeneath = document.documentElement.hasAttribute("data-lifecycle-build-failed");
    var title = document.createElement("h2");
    title.id = "lifecycle-live-title";
    title.textContent = t("serveBuildFailed") + ": " + count("error") + ", " + count("warning") + " (" + t(nothingBeneath ? "serveNotBuilt" : "serveLastGood") + ")";
    // The server sends errors first, then warnings.
    var list = document.createElement("ol");
    diagnostics.forEach(function (d) {
      var item = document.createElement("li");
      item.className = "diagnostic " + d.severity;
      line(item, "severity", d.severity === "error" ? t("serveError") : d.severity === "warning" ? t("serveWarning") : d.severity);
      var where = document.createElement("code");
      where.textContent = d.file ? d.file + ":" + d.line + ":" + d.column : t("serveNoFile");
      item.appendChild(where);
      item.appendChild(document.createTextNode(" "));
      line(item, "message", d.message, true);
      (d.notes || []).forEach(function (note) { labelled(item, "detail", t("serveNote"), note); });
      if (d.suggestion) labelled(item, "detail", t("serveSuggestion"), d.suggestion);
      list.appendChild(item);
    });
    var hint = document.createElement("p");
    hint.textContent = t("serveFixAndSave");
    var hide = document.createElement("button");
    hide.type = "button";
    hide.textContent = t("serveHide");
    hide.addEventListener("click", hideOverlay);
    overlay.append(title, list, hint, hide);
    document.body.appendChild(overlay);
    overlay.focus();
  }

  var events = null;
  function connect() {
    events = new EventSource("/_lifecycle/events");
    events.addEventListener("ready", function (event) {
      if (stale(JSON.parse(event.data).generation)) location.reload();
      else hideOverlay();
    });
    events.addEventListener("reload", function () { location.reload(); });
    events.addEventListener("error", function (event) {
      // EventSource also fires "error" (without data) when the connection drops; it reconnects by itself.
      if (typeof event.data !== "string") return;
      var state = JSON.parse(event.data);
      if (stale(state.generation)) location.reload();
      else showOverlay(state.diagnostics || []);
    });
  }
  function loadWords(then) {
    var request = new XMLHttpRequest();
    request.open("GET", "/_lifecycle/words/" + encodeURIComponent(language) + ".json");
    request.onload = function () {
      try { words = JSON.parse(request.responseText) || {}; } catch (e) { words = {}; }
      then();
    };
    request.onerror = then;
    request.send();
  }
  loadWords(connect);
  // Browsers allow about six connections per host: a page that is left
  // (or kept in the back-forward cache) gives its stream back, and takes
  // a new one if it is shown again (the first event says whether it is stale).
  window.addEventListener("pagehide", function () { events.close(); });
  window.addEventListener("pageshow", function (event) { if (event.persisted) connect(); });
})();
