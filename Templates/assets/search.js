// Site search: the box in every page's header (Templates/partials/search.mustache) and
// the queries against the index the build writes under search/<lang>/ (Sources/Search).
// Index files are scripts that call window.ldSearch, loaded with <script> so search works
// from file:// as from any static host; a query loads the manifest, the shards of its
// words' prefixes and the pages of its first results, nothing else.
(function () {
  "use strict";

  // Must match Sources/Search/Words.swift: words, folding and the stem guess.
  var WORD = /[\p{L}\p{M}\p{Nd}]+/gu;
  var MARK = /\p{Mn}/gu;
  var KEPT_MARKS = { bg: /[\u0306\u0308]/, ru: /[\u0306\u0308]/, uk: /[\u0306\u0308]/, sr: /[\u0306\u0308]/, mk: /[\u0306\u0308]/, be: /[\u0306\u0308]/ };
  var STEMMED = { es: true, pt: true, it: true, fr: true, de: true, en: true };
  // BM25 over sections; a word in the section's heading or the page's title adds a bonus
  // (a boost inside BM25's tf would be flattened by its saturation).
  // Sections are short and of uneven length: their length counts less than a page's.
  var K1 = 1.2, B = 0.75, SECTION_B = 0.5, HEADING_BONUS = 1.5, TITLE_BONUS = 0.8,
    // How much a page's best section adds to the page's own score.
    BEST_SECTION = 0.3;
  var MAX_PAGES = 5, MAX_SECTIONS = 3, EXCERPT_WORDS = 26;
  // Words that only bind others ("captura de pantalla"), folded: left out of a query that has
  // other words, as they are in most sections and would mark every "desde" and "del" by prefix.
  var STOP_WORDS = {
    es: "de del la las el los en un una por con para al lo que se su sus es y",
    pt: "de do da dos das em no na nos nas um uma para com por ao os as que se",
    it: "di da in con su per il lo la gli le un una uno del della dei delle al alla che si",
    bg: "на за от се да по до при не към като че"
  };
  var stopWords = {};
  Object.keys(STOP_WORDS).forEach(function (lang) {
    stopWords[lang] = {};
    STOP_WORDS[lang].split(" ").forEach(function (word) { stopWords[lang][word] = true; });
  });

  // Whether a folded word is one a stem stands for: it starts with the stem, or is it when the
  // stem is shorter than three letters ("de" marks "de", not "desde"). When the stem is a term
  // of the index and the loaded shards know the word's own stem, that must be it: "Center" is
  // not "cena" (its stem is "cent", not "cen"). A stem the index does not have ("interrup",
  // written by hand) marks by prefix.
  function stemMatches(folded, stem, lang) {
    if (codePoints(stem).length < 3) return folded === stem;
    if (folded.indexOf(stem) !== 0) return false;
    var tables = lang ? loadedTables(folded, lang) : null;
    if (!tables || folded === stem || !tables.terms[stem]) return true;
    return indexedStem(folded, tables) === stem;
  }

  // The terms and forms of the loaded shards that could hold a folded word and every prefix of
  // it, or null when one of those shards is not loaded.
  function loadedTables(folded, lang) {
    var known = data[lang];
    if (!known || !known.manifest) return null;
    var tables = { terms: {}, forms: {} };
    var keys = known.manifest.shards;
    for (var i = 0; i < keys.length; i++) {
      if (folded.indexOf(keys[i]) !== 0) continue;
      var shard = known.shards[keys[i]];
      if (!shard) return null;
      for (var term in shard.t) tables.terms[term] = true;
      for (var form in shard.f) tables.forms[form] = shard.f[form];
    }
    return tables;
  }

  // The stem the index files a folded word under (as SearchIndex.guess: the form's own entry,
  // the word if it is a term, else the longest term it starts with of at least half its letters).
  function indexedStem(folded, tables) {
    if (Object.prototype.hasOwnProperty.call(tables.forms, folded)) return tables.forms[folded];
    if (tables.terms[folded]) return folded;
    var points = codePoints(folded);
    for (var length = points.length - 1; length >= Math.max(2, Math.floor((points.length + 1) / 2)); length--) {
      var candidate = points.slice(0, length).join("");
      if (tables.terms[candidate]) return candidate;
    }
    return null;
  }

  function fold(word, lang) {
    var lower = word.toLowerCase();
    if (!/[^\x00-\x7f]/.test(lower)) return lower;
    var kept = KEPT_MARKS[lang];
    return lower.normalize("NFD").replace(MARK, function (mark) { return kept && kept.test(mark) ? mark : ""; }).normalize("NFC");
  }

  function codePoints(text) { return Array.from(text); }

  function words(text) { return text.match(WORD) || []; }

  // The data the index scripts hand over, by language.
  var data = {};
  function store(lang) {
    return data[lang] || (data[lang] = { manifest: null, shards: {}, pages: {} });
  }

  var loading = {};
  function load(src) {
    if (loading[src]) return loading[src];
    loading[src] = new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.onload = function () { resolve(); };
      script.onerror = function () { delete loading[src]; script.remove(); reject(new Error("cannot load " + src)); };
      document.head.appendChild(script);
    });
    return loading[src];
  }

  function hex(key) {
    if (!key) return "_";
    return Array.from(new TextEncoder().encode(key), function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }

  function Index(root, lang) {
    this.root = root;
    this.lang = lang;
    this.folder = root + "search/" + lang + "/";
  }

  Index.prototype.manifest = function () {
    var lang = this.lang;
    return load(this.folder + "index.js").then(function () { return store(lang).manifest; });
  };

  // Every shard whose prefix starts the word, and, for a prefix search, those the word starts.
  Index.prototype.shards = function (manifest, word, prefix) {
    var self = this;
    var keys = manifest.shards.filter(function (key) {
      return word.indexOf(key) === 0 || (prefix && key.indexOf(word) === 0);
    });
    return Promise.all(keys.map(function (key) { return load(self.folder + hex(key) + ".js"); })).then(function () {
      var shards = store(self.lang).shards;
      return keys.map(function (key) { return shards[key]; }).filter(Boolean);
    });
  };

  // Loads the shards that know the stems of the words in `texts` that start like one of
  // `stems` without being it (a few small files), so that `stemMatches` can tell them apart.
  Index.prototype.shardsOfWords = function (texts, stems) {
    var self = this, lang = this.lang, known = store(lang);
    var wanted = {};
    var long = stems.filter(function (stem) { return codePoints(stem).length >= 3; });
    if (!known.manifest || !long.length) return Promise.resolve();
    texts.forEach(function (text) {
      words(text || "").forEach(function (word) {
        var folded = fold(word, lang);
        if (!long.some(function (stem) { return folded !== stem && folded.indexOf(stem) === 0; })) return;
        known.manifest.shards.forEach(function (key) { if (folded.indexOf(key) === 0 && !known.shards[key]) wanted[key] = true; });
      });
    });
    return Promise.all(Object.keys(wanted).map(function (key) {
      return load(self.folder + hex(key) + ".js").catch(function () {});
    }));
  };

  Index.prototype.page = function (key) {
    var lang = this.lang;
    return load(this.folder + "p/" + encodeURIComponent(key) + ".js").then(function () { return store(lang).pages[key]; });
  };

  // The stems a word stands for, each with a weight: its own stem, and with `prefix` every
  // longer term it starts (the word being typed; every word in a language without stemming).
  function expand(word, shards, stemmed, prefix) {
    var terms = {};
    for (var i = 0; i < shards.length; i++) {
      var table = shards[i].t;
      for (var term in table) terms[term] = table[term];
    }
    var found = {};
    var stem = null;
    for (var j = 0; j < shards.length && stem === null; j++) {
      if (Object.prototype.hasOwnProperty.call(shards[j].f, word)) stem = shards[j].f[word];
    }
    if (stem === null && terms[word]) stem = word;
    if (stem === null && stemmed) {
      var points = codePoints(word);
      var shortest = Math.max(2, Math.floor((points.length + 1) / 2));
      for (var length = points.length - 1; length >= shortest && stem === null; length--) {
        var candidate = points.slice(0, length).join("");
        if (terms[candidate]) stem = candidate;
      }
    }
    if (stem !== null && terms[stem]) found[stem] = { postings: terms[stem], weight: 1 };
    if (prefix) {
      for (var other in terms) {
        if (!found[other] && other.indexOf(word) === 0) found[other] = { postings: terms[other], weight: stemmed ? 0.6 : 0.9 };
      }
    }
    // A word of five letters or more that finds nothing may be mistyped ("прекъсвне",
    // "interupciones"): the terms one edit away stand for it, at a lower weight. Only terms of the
    // shards its first letters load: a slip in those is not caught. Those that match the most
    // letters are kept ("interuzioni" is "interr", Italian's stem of "interruzioni", not "inter"),
    // and of those the terms on the most pages, as a spelling corrector takes the likelier word:
    // "interuzioni" is one letter from "interr" and from "intern" (of "interno"), but "interr" is
    // on every page that speaks of interruptions.
    if (!Object.keys(found).length && codePoints(word).length >= 5) {
      var letters = codePoints(word), most = 0, typos = [];
      for (var term in terms) {
        var matched = typoLength(letters, codePoints(term), stemmed, prefix);
        if (!matched || matched < most) continue;
        if (matched > most) typos = [];
        most = matched;
        typos.push(term);
      }
      var pages = 0;
      typos.forEach(function (term) { pages = Math.max(pages, terms[term].length); });
      typos.forEach(function (term) {
        if (terms[term].length === pages) found[term] = { postings: terms[term], weight: 0.5 };
      });
    }
    return found;
  }

  // How many letters of `term` (code points) `word` matches with one edit (a letter missing,
  // extra, wrong, or two neighbours swapped), or 0. The term may be the stem of a longer word (a
  // stemmed language), and the word the start of a longer term (a word being completed).
  function typoLength(word, term, stemmed, prefix) {
    if (term.length < 4) return 0;
    if (!prefix) return matchesAsStem(word, term, stemmed) ? term.length : 0;
    // The word as the start of the term: one letter shorter than it, as long, or one longer.
    for (var count = Math.min(word.length + 1, term.length); count >= word.length - 1; count--) {
      if (oneEdit(word, term.slice(0, count))) return count;
    }
    return matchesAsStem(word, term, stemmed) ? term.length : 0;
  }

  // Whether the term is one edit from the word, or, in a stemmed language, from the word's first
  // letters, about as many as the term's (at least half the word).
  function matchesAsStem(word, term, stemmed) {
    if (!stemmed) return oneEdit(word, term);
    for (var length = term.length - 1; length <= term.length + 1; length++) {
      if (length <= word.length && 2 * length >= word.length && oneEdit(word.slice(0, length), term)) return true;
    }
    return false;
  }

  // Whether two different code point arrays are one edit apart (Damerau: a swap of neighbours counts as one).
  function oneEdit(a, b) {
    if (Math.abs(a.length - b.length) > 1) return false;
    var i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    if (i === a.length && i === b.length) return false;
    var restA = a.slice(i + 1).join(""), restB = b.slice(i + 1).join("");
    if (a.length === b.length) {
      if (restA === restB) return true;
      return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2).join("") === b.slice(i + 2).join("");
    }
    return a.length > b.length ? restA === b.slice(i).join("") : a.slice(i).join("") === restB;
  }

  // Runs a query: pages best first, each with its matching sections best first.
  Index.prototype.search = function (query) {
    var self = this;
    var lang = this.lang;
    var stemmed = !!STEMMED[lang];
    var list = [];
    words(query).forEach(function (word) {
      var folded = fold(word, lang);
      if (codePoints(folded).length >= 2 && list.indexOf(folded) < 0) list.push(folded);
    });
    var stops = stopWords[lang] || {};
    var content = list.filter(function (word) { return !stops[word]; });
    if (content.length) list = content;
    if (!list.length) return Promise.resolve({ query: query, words: [], pages: [] });
    // The word being typed is completed; a language without stemming completes every word.
    var typing = !/\s$/.test(query);
    return this.manifest().then(function (manifest) {
      return Promise.all(list.map(function (word, index) {
        var prefix = !stemmed || (typing && index === list.length - 1);
        return self.shards(manifest, word, prefix).then(function (shards) { return expand(word, shards, stemmed, prefix); });
      })).then(function (expansions) { return rank(manifest, list, expansions); });
    }).then(function (pages) {
      return Promise.all(pages.map(function (page) { return self.page(page.key).catch(function () { return null; }); })).then(function (loaded) {
        // The words the excerpts may mark: their shards tell a word of the query's stem from one that only starts alike.
        var texts = [], stems = [];
        pages.forEach(function (page, index) {
          var text = loaded[index];
          if (!text) return;
          stems = stems.concat(page.stems);
          texts.push(text.title);
          page.sections.forEach(function (section) { texts = texts.concat(text.sections[section.number] || []); });
        });
        return self.shardsOfWords(texts, stems).then(function () { return loaded; });
      }).then(function (loaded) {
        var results = [];
        pages.forEach(function (page, index) {
          var text = loaded[index];
          if (!text) return;
          results.push({
            key: page.key,
            score: page.score,
            path: text.path,
            href: self.root + text.path,
            title: text.title,
            stems: page.stems,
            sections: page.sections.map(function (section) {
              var content = text.sections[section.number] || ["", "", ""];
              return {
                anchor: content[0],
                heading: content[1],
                headingPieces: excerpt(content[1], page.stems, lang),
                score: section.score,
                href: self.root + text.path + (content[0] ? "#" + encodeURIComponent(content[0]) : ""),
                excerpt: excerpt(content[2] || content[1] || text.title, page.stems, lang)
              };
            })
          });
        });
        return { query: query, words: list, pages: results };
      });
    });
  };

  // Pages are ranked by BM25 over their whole text, plus a bonus for a word in the title or
  // a heading; within a page, sections by BM25 over their own text, with the same bonus.
  function bm25(tf, length, average, b) {
    return tf * (K1 + 1) / (tf + K1 * (1 - b + b * length / average));
  }

  function rank(manifest, list, expansions) {
    var sections = {};
    var pages = {};
    var totalSections = manifest.sections || 1;
    var totalPages = manifest.pages || 1;
    var average = manifest.averageLength || 1;
    var averagePage = average * totalSections / totalPages;
    expansions.forEach(function (found, wordIndex) {
      for (var term in found) {
        var postings = found[term].postings;
        var weight = found[term].weight;
        var sectionFrequency = 0;
        postings.forEach(function (posting) { sectionFrequency += (posting.length - 2) / 3; });
        // Rarity is measured over sections for pages too: on a small site every page has most words.
        var sectionIdf = Math.log(1 + (totalSections - sectionFrequency + 0.5) / (sectionFrequency + 0.5));
        postings.forEach(function (posting) {
          var key = posting[0];
          var page = pages[key] || (pages[key] = { key: key, sections: [], words: {}, stems: {}, score: 0 });
          var pageTf = 0, bonus = 0;
          for (var i = 2; i + 2 < posting.length; i += 3) {
            // Counts packed by SearchEntry.Counts: text + 1000 × heading + 100000 × title.
            var packed = posting[i + 1], length = posting[i + 2];
            var text = packed % 1000, heading = Math.floor(packed / 1000) % 100, title = Math.floor(packed / 100000);
            var tf = text + heading + title;
            var sectionBonus = (heading ? HEADING_BONUS : 0) + (title ? TITLE_BONUS : 0);
            pageTf += tf;
            bonus = Math.max(bonus, sectionBonus);
            var id = key + "\u0000" + posting[i];
            var section = sections[id] || (sections[id] = { key: key, number: posting[i], score: 0, words: {}, headingWords: {} });
            section.score += weight * sectionIdf * (bm25(tf, length, average, SECTION_B) + sectionBonus);
            section.words[wordIndex] = true;
            // The page's title is section 0's heading: a query that names the page leads to its top.
            if (heading || title) section.headingWords[wordIndex] = true;
          }
          page.score += weight * sectionIdf * (bm25(pageTf, posting[1], averagePage, B) + bonus);
          page.words[wordIndex] = true;
          page.stems[term] = true;
        });
      }
    });
    Object.keys(sections).forEach(function (id) {
      var section = sections[id];
      section.matched = Object.keys(section.words).length;
      section.inHeading = Object.keys(section.headingWords).length;
      pages[section.key].sections.push(section);
    });
    // A section whose heading holds more of the words is the one the reader asked for.
    function bySection(a, b) { return b.matched - a.matched || b.inHeading - a.inHeading || b.score - a.score || a.number - b.number; }
    var ranked = Object.keys(pages).map(function (key) {
      var page = pages[key];
      page.sections.sort(bySection);
      page.matched = Object.keys(page.words).length;
      page.score += BEST_SECTION * page.sections[0].score;
      page.sections = page.sections.slice(0, MAX_SECTIONS);
      return page;
    });
    // Of pages that match as many words, one whose best section's heading (or title) names them all
    // comes first; a heading that holds only some of them ("pantalla" of "captura de pantalla") does not.
    var queryWords = expansions.length;
    function namesAll(page) { return page.sections[0].inHeading === queryWords ? 1 : 0; }
    ranked.sort(function (a, b) {
      return b.matched - a.matched || b.sections[0].matched - a.sections[0].matched ||
        namesAll(b) - namesAll(a) || b.score - a.score || (a.key < b.key ? -1 : 1);
    });
    return ranked.slice(0, MAX_PAGES).map(function (page) {
      return { key: page.key, score: page.score, sections: page.sections, stems: Object.keys(page.stems) };
    });
  }

  // A window of the text around its first hit, as [text, isHit] pieces.
  function excerpt(text, stems, lang) {
    var pieces = [];
    var re = new RegExp(WORD.source, "gu");
    var tokens = [];
    var match;
    while ((match = re.exec(text)) !== null) {
      var stem = stemOf(match[0]);
      tokens.push({ start: match.index, end: re.lastIndex, hit: stem >= 0, stem: stem });
    }
    // The query's stem a word stands for (its index), or -1.
    function stemOf(word) {
      var folded = fold(word, lang);
      for (var i = 0; i < stems.length; i++) if (stemMatches(folded, stems[i], lang)) return i;
      return -1;
    }
    if (!tokens.length) return [[text, false]];
    // The window that shows the most of the query's words ("captura … pantalla", not three
    // "pantalla" before the first "captura"), the earliest of those.
    var from = 0, best = -1;
    for (var i = 0; i < tokens.length; i++) {
      if (!tokens[i].hit) continue;
      var begin = Math.max(0, i - 8), seen = {}, count = 0;
      for (var k = begin; k < Math.min(tokens.length, begin + EXCERPT_WORDS); k++) {
        if (tokens[k].hit && !seen[tokens[k].stem]) { seen[tokens[k].stem] = true; count++; }
      }
      if (count > best) { best = count; from = begin; }
      if (best === stems.length) break;
    }
    var to = Math.min(tokens.length, from + EXCERPT_WORDS);
    var start = tokens[from].start, end = tokens[to - 1].end;
    var at = start;
    if (from > 0) pieces.push(["… ", false]);
    for (var j = from; j < to; j++) {
      if (!tokens[j].hit) continue;
      if (tokens[j].start > at) pieces.push([text.slice(at, tokens[j].start), false]);
      pieces.push([text.slice(tokens[j].start, tokens[j].end), true]);
      at = tokens[j].end;
    }
    if (end > at) pieces.push([text.slice(at, end), false]);
    if (to < tokens.length) pieces.push([" …", false]);
    return pieces;
  }

  window.ldSearch = {
    manifest: function (lang, manifest) { store(lang).manifest = manifest; },
    shard: function (lang, key, shard) { store(lang).shards[key] = shard; },
    page: function (lang, key, page) { store(lang).pages[key] = page; },
    // For tests and for other scripts: the ranked results of `query` in `lang`.
    search: function (query, lang) {
      var box = document.querySelector("[data-ld-search]");
      var root = box ? box.getAttribute("data-root") : "";
      return new Index(root, lang || document.documentElement.lang).search(query);
    }
  };

  // The combobox.
  function setUp(box) {
    var input = box.querySelector("input");
    var combobox = box.querySelector("[role=combobox]");
    var listbox = box.querySelector("[role=listbox]");
    var status = box.querySelector("[role=status]");
    var index = new Index(box.getAttribute("data-root"), box.getAttribute("data-lang") || document.documentElement.lang);
    var options = [];
    var active = -1;
    var timer = 0;
    var latest = 0;
    box.hidden = false;

    function open(isOpen) {
      listbox.hidden = !isOpen;
      combobox.setAttribute("aria-expanded", isOpen ? "true" : "false");
      if (!isOpen) activate(-1);
    }

    function activate(position) {
      if (active >= 0 && options[active]) options[active].setAttribute("aria-selected", "false");
      active = position;
      if (active >= 0 && options[active]) {
        options[active].setAttribute("aria-selected", "true");
        input.setAttribute("aria-activedescendant", options[active].id);
        options[active].scrollIntoView({ block: "nearest" });
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function appendPieces(parent, pieces) {
      pieces.forEach(function (piece) {
        if (piece[1]) {
          var mark = document.createElement("mark");
          mark.textContent = piece[0];
          parent.appendChild(mark);
        } else {
          parent.appendChild(document.createTextNode(piece[0]));
        }
      });
    }

    function option(href, parts) {
      var item = document.createElement("li");
      item.setAttribute("role", "option");
      item.setAttribute("aria-selected", "false");
      item.id = "ld-search-option-" + options.length;
      item.className = "ld-search-option";
      item.setAttribute("data-href", href);
      parts.forEach(function (part) { item.appendChild(part); });
      options.push(item);
      return item;
    }

    function span(className, text) {
      var element = document.createElement("span");
      element.className = className;
      if (text) element.textContent = text;
      return element;
    }

    function show(result) {
      listbox.textContent = "";
      options = [];
      active = -1;
      if (!result.words.length) {
        // Nothing to search for: a blank box says nothing, one of only punctuation ("->") that it found nothing.
        var typed = input.value.trim();
        status.textContent = typed && !/[\p{L}\p{N}]/u.test(typed) ? box.getAttribute("data-none").replace("{query}", typed) : "";
        open(false);
        return;
      }
      result.pages.forEach(function (page) {
        page.sections.forEach(function (section, position) {
          var parts = [];
          if (position === 0) parts.push(span("ld-search-title", page.title));
          if (section.heading) {
            var heading = span("ld-search-heading");
            appendPieces(heading, section.headingPieces);
            parts.push(heading);
          }
          var text = span("ld-search-excerpt");
          appendPieces(text, section.excerpt);
          parts.push(text);
          var item = option(withHighlight(section.href, page.stems), parts);
          if (position > 0) item.className += " ld-search-sub";
          listbox.appendChild(item);
        });
      });
      var count = result.pages.length;
      status.textContent = count
        ? box.getAttribute("data-count").replace("{count}", String(count))
        : box.getAttribute("data-none").replace("{query}", input.value.trim());
      open(count > 0);
    }

    function run() {
      var query = input.value;
      var ticket = ++latest;
      index.search(query).then(function (result) {
        if (ticket === latest) show(result);
      }, function () {
        if (ticket === latest) {
          status.textContent = box.getAttribute("data-unavailable");
          open(false);
        }
      });
    }

    function go(position) {
      var target = options[position];
      if (target) window.location.href = target.getAttribute("data-href");
    }

    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(run, 80);
    });
    input.addEventListener("keydown", function (event) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (!options.length) return;
        event.preventDefault();
        if (listbox.hidden) open(true);
        var step = event.key === "ArrowDown" ? 1 : -1;
        activate(active < 0 ? (step > 0 ? 0 : options.length - 1) : (active + step + options.length) % options.length);
      } else if (event.key === "Enter") {
        if (!options.length || listbox.hidden) return;
        event.preventDefault();
        go(active < 0 ? 0 : active);
      } else if (event.key === "Escape") {
        if (!listbox.hidden) {
          event.preventDefault();
          open(false);
        } else if (input.value) {
          event.preventDefault();
          input.value = "";
          status.textContent = "";
          listbox.textContent = "";
          options = [];
        }
      }
    });
    input.addEventListener("focus", function () {
      if (options.length) open(true);
      // The manifest is tiny: fetch it while the reader types.
      index.manifest().catch(function () {});
    });
    input.addEventListener("blur", function () { open(false); });
    // A click chooses an option without taking the focus from the box first.
    listbox.addEventListener("mousedown", function (event) { event.preventDefault(); });
    listbox.addEventListener("click", function (event) {
      var item = event.target.closest("[role=option]");
      if (item) go(options.indexOf(item));
    });
    document.addEventListener("keydown", function (event) {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      var target = event.target;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      event.preventDefault();
      input.focus();
      input.select();
    });
  }

  // A result's link carries the words it was found by (`?highlight=`, their folded stems), and
  // the page it opens marks them in its article, as MkDocs and Pagefind's highlighting do: the
  // words the index read (not what it leaves out: diagrams, buttons, data-search-ignore).
  var HIGHLIGHT = "highlight", MAX_STEMS = 10, MAX_MARKS = 400;

  function withHighlight(href, stems) {
    if (!stems || !stems.length) return href;
    var hash = href.indexOf("#");
    var path = hash < 0 ? href : href.slice(0, hash);
    return path + "?" + HIGHLIGHT + "=" + encodeURIComponent(stems.slice(0, MAX_STEMS).join(" ")) + (hash < 0 ? "" : href.slice(hash));
  }

  function highlightFromURL() {
    var wanted;
    try { wanted = new URLSearchParams(window.location.search).get(HIGHLIGHT); } catch (error) { return; }
    var article = document.querySelector("main article");
    if (!wanted || !article) return;
    var lang = document.documentElement.lang;
    var stems = wanted.split(/\s+/).filter(function (stem) { return stem; }).slice(0, MAX_STEMS)
      .map(function (stem) { return fold(stem, lang); });
    if (!stems.length) return;
    var skipped = "svg, script, style, template, button, mark, .heading-anchor, [data-search-ignore]";
    var walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        return node.parentElement && node.parentElement.closest(skipped) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
      }
    });
    var nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    // Marked once the shards of the page's words tell a word of the stem from one that only
    // starts alike; without the index (no search box, a file that does not load), by prefix.
    var box = document.querySelector("[data-ld-search]");
    if (!box) return markAll(nodes, stems, lang);
    var index = new Index(box.getAttribute("data-root"), box.getAttribute("data-lang") || lang);
    index.manifest().then(function () {
      return index.shardsOfWords(nodes.map(function (node) { return node.nodeValue; }), stems);
    }).catch(function () {}).then(function () { markAll(nodes, stems, lang); });
  }

  function markAll(nodes, stems, lang) {
    var marks = 0;
    // One expression for every text node: exec walks it from lastIndex, reset per node.
    var re = new RegExp(WORD.source, "gu");
    nodes.forEach(function (node) {
      if (marks >= MAX_MARKS) return;
      var text = node.nodeValue;
      re.lastIndex = 0;
      var pieces = [];
      var at = 0;
      var match;
      while ((match = re.exec(text)) !== null && marks < MAX_MARKS) {
        var folded = fold(match[0], lang);
        if (!stems.some(function (stem) { return stemMatches(folded, stem, lang); })) continue;
        if (match.index > at) pieces.push(document.createTextNode(text.slice(at, match.index)));
        var mark = document.createElement("mark");
        mark.className = "ld-highlight";
        mark.textContent = match[0];
        pieces.push(mark);
        at = re.lastIndex;
        marks++;
      }
      if (!pieces.length) return;
      if (at < text.length) pieces.push(document.createTextNode(text.slice(at)));
      var parent = node.parentNode;
      pieces.forEach(function (piece) { parent.insertBefore(piece, node); });
      parent.removeChild(node);
    });
    // Done (the marks wait for the index's shards): how many, for scripts and tests that wait.
    document.documentElement.setAttribute("data-ld-highlighted", String(marks));
  }

  function start() {
    var box = document.querySelector("[data-ld-search]");
    if (box) setUp(box);
    highlightFromURL();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
