// Progressive enhancement only: every page works without this script.
// Marks the table-of-contents entry of the section being read: the last heading above a line
// at 30 % of the window, whichever way the reader scrolls or jumps; at the top of a page that
// starts with a heading, that heading once in sight (none while an introduction is read); at its
// end the last one in sight (a short last section never reaches the line).
(function () {
  "use strict";
  var links = Array.prototype.slice.call(document.querySelectorAll(".toc a[href^='#']"));
  if (!links.length) return;
  var entries = [];
  links.forEach(function (link) {
    var id = decodeURIComponent(link.getAttribute("href").slice(1));
    var heading = document.getElementById(id);
    if (heading) entries.push({ heading: heading, link: link });
  });
  if (!entries.length) return;
  // Text before the first heading (an introduction, a tutorial's first words) is no section of the
  // table: read there, nothing is marked. The title's furniture (date, badges, notices) is not text.
  var first = entries[0].heading, article = first.closest("article"), intro = false;
  if (article) {
    var blocks = article.querySelectorAll("p, ul, ol, pre, figure, table, blockquote, .callout");
    for (var b = 0; b < blocks.length && !intro; b++) {
      if (!(blocks[b].compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
      if (blocks[b].contains(first) || blocks[b].closest(".updated, .draft-badge, .translation-notice, [data-tutorial-progress]")) continue;
      intro = true;
    }
  }
  var current = null, pending = false;
  // On wide screens the sidebar scrolls on its own (style.css): the marked entry is kept in its
  // sight by scrolling the sidebar only, never the page (scrollIntoView may move both).
  var sidebar = links[0].closest(".sidebar");
  var calm = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  function reveal(link) {
    if (!sidebar || sidebar.scrollHeight <= sidebar.clientHeight + 1) return;
    // The part of the sidebar on the screen: at a page's end the sidebar goes up with it.
    var box = sidebar.getBoundingClientRect(), rect = link.getBoundingClientRect();
    var top = Math.max(box.top, 0), bottom = Math.min(box.bottom, window.innerHeight), margin = 16;
    var by = 0;
    if (rect.top < top) by = rect.top - top - margin;
    else if (rect.bottom > bottom) by = rect.bottom - bottom + margin;
    if (by) sidebar.scrollBy({ top: by, behavior: calm && calm.matches ? "auto" : "smooth" });
  }
  function update() {
    pending = false;
    var line = window.innerHeight * 0.3, active = null, lastInSight = null;
    for (var i = 0; i < entries.length; i++) {
      var top = entries[i].heading.getBoundingClientRect().top;
      if (top <= line) active = entries[i];
      if (top < window.innerHeight) lastInSight = entries[i];
    }
    var atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
    if (atEnd && lastInSight) active = lastInSight;
    if (!active && !intro && first.getBoundingClientRect().top < window.innerHeight) active = entries[0];
    if (active === current) return;
    if (current) current.link.classList.remove("active");
    if (active) active.link.classList.add("active");
    current = active;
    if (active) reveal(active.link);
  }
  function schedule() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(update);
  }
  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", schedule);
  window.addEventListener("hashchange", schedule);
  update();
})();

// ---- Navigation and page furniture ----

// The sidebar (articles, and the table of contents) is made of disclosures: closed on phones
// so the article comes first, open on wide screens (where CSS shows them anyway if the
// browser supports ::details-content).
(function () {
  "use strict";
  var panels = Array.prototype.slice.call(document.querySelectorAll(".sidebar details"));
  if (!panels.length || !window.matchMedia) return;
  var wide = window.matchMedia("(min-width: 64rem)");
  function follow() { if (wide.matches) panels.forEach(function (panel) { panel.setAttribute("open", ""); }); }
  follow();
  if (wide.addEventListener) wide.addEventListener("change", follow);
})();

// Light/dark toggle. The inline script in <head> applies a stored choice before the first
// paint; without one, the system's preference (prefers-color-scheme) rules.
(function () {
  "use strict";
  var KEY = "lifecycle-docs-theme";
  var button = document.querySelector("button[data-theme-toggle]");
  if (!button) return;
  var root = document.documentElement;
  var system = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  function isDark() {
    var chosen = root.getAttribute("data-theme");
    if (chosen) return chosen === "dark";
    return !!(system && system.matches);
  }
  function show() { button.setAttribute("aria-pressed", isDark() ? "true" : "false"); }
  button.addEventListener("click", function () {
    var theme = isDark() ? "light" : "dark";
    root.setAttribute("data-theme", theme);
    try { window.localStorage.setItem(KEY, theme); } catch (error) { /* private mode: this page only */ }
    show();
  });
  if (system && system.addEventListener) system.addEventListener("change", show);
  button.removeAttribute("hidden");
  show();
})();

// A copy button on every code block: copies the code's text only, says so on the button for
// 2 s (a colour alone was easy to miss) and through the page's live region.
(function () {
  "use strict";
  var status = document.querySelector("[data-copy-status]");
  // Without the Clipboard API (a page served over plain http from another address is no secure
  // context) the older execCommand copy still works.
  var canCopy = (navigator.clipboard && navigator.clipboard.writeText) || typeof document.execCommand === "function";
  if (!status || !canCopy) return;
  var blocks = Array.prototype.slice.call(document.querySelectorAll("pre.code"));
  function announce(text) {
    // Emptied first so the same message is announced again on a second copy.
    status.textContent = "";
    window.setTimeout(function () { status.textContent = text; }, 50);
  }
  // The text selected in a textarea out of sight, then copied; the focus goes back to the button.
  function copyBySelection(text, button) {
    var area = document.createElement("textarea");
    area.value = text;
    area.readOnly = true; // no on-screen keyboard on a phone
    area.setAttribute("aria-hidden", "true");
    area.style.position = "fixed";
    area.style.top = "0";
    area.style.left = "-9999px";
    document.body.appendChild(area);
    area.select();
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
    document.body.removeChild(area);
    button.focus();
    return copied ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }
  function copy(text, button) {
    if (navigator.clipboard && navigator.clipboard.writeText) return navigator.clipboard.writeText(text);
    return copyBySelection(text, button);
  }
  blocks.forEach(function (pre) {
    var code = pre.querySelector("code") || pre;
    var wrapper = document.createElement("div");
    wrapper.className = "code-block";
    pre.parentNode.insertBefore(wrapper, pre);
    wrapper.appendChild(pre);
    var button = document.createElement("button");
    button.type = "button";
    button.className = "code-copy";
    var label = status.getAttribute("data-copy-label");
    button.textContent = label;
    wrapper.appendChild(button);
    // One timer per button: copying another block must not leave this one saying "copied".
    var timer = null;
    function show(text, copied) {
      button.textContent = text;
      if (copied) button.setAttribute("data-copied", ""); else button.removeAttribute("data-copied");
      announce(text);
      window.clearTimeout(timer);
      timer = window.setTimeout(function () {
        button.removeAttribute("data-copied");
        button.textContent = label;
      }, 2000);
    }
    button.addEventListener("click", function () {
      copy(code.textContent, button).then(function () {
        show(status.getAttribute("data-copied-label"), true);
      }, function () {
        show(status.getAttribute("data-copy-failed-label"), false);
      });
    });
  });
})();

// The tutorials home: how far the reader got in each lesson, as the lesson's page last counted it
// (`exercise.js` keeps `{done, total}` under "lifecycle-docs-progress-summary:<lang>/<slug>").
// A lesson whose number of steps changed since shows nothing until the reader opens it again: the
// count was of other steps.
(function () {
  "use strict";
  var list = document.querySelector("[data-tutorial-list]");
  if (!list) return;
  var PREFIX = "lifecycle-docs-progress-summary:";
  list.querySelectorAll("li[data-tutorial-key]").forEach(function (item) {
    var saved = null;
    try { saved = JSON.parse(window.localStorage.getItem(PREFIX + item.getAttribute("data-tutorial-key")) || "null"); } catch (error) { return; }
    var total = Number(item.getAttribute("data-steps"));
    if (!saved || typeof saved.done !== "number" || saved.total !== total || saved.done < 1) return;
    var done = Math.min(saved.done, total);
    var complete = done === total;
    var status = item.querySelector("[data-tutorial-status]");
    if (!status) return;
    status.textContent = complete ? list.getAttribute("data-label-completed")
      : list.getAttribute("data-label-progress").replace("{done}", String(done)).replace("{total}", String(total));
    status.hidden = false;
    item.classList.toggle("tutorial-complete", complete);
  });
})();
