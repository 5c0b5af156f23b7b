// LifecycleDocs player: steps through the `lifecycle` examples of an article
// and drives the playground page.
//
// There is no lifecycle model in this file. It interprets the exported model
// (window.LIFECYCLE_MODEL, set by assets/model.<hash>.js; schema in
// docs/model-schema.md) exactly as Sources/LifecycleModel/Simulation.swift runs
// it: for a scene in state s, event e takes the first transition with
// from == s, event == e, every condition true and (if it lists `covered`) the
// scene's cover among them, then applies its effects.
//
// Progressive enhancement: the static trace and diagram work without this
// script. Every user-visible string comes from the page (button text,
// data-label-* attributes) or, for the model's names, from the page language's
// window.LIFECYCLE_NAMES (assets/model-names-<lang>.<hash>.js, written by
// Sources/SiteRender/ModelNamesScript.swift); the few strings here are fallbacks only.
(function () {
  "use strict";

  const MAIN_SCENE = "main";
  /** A scene's cover (model `Cover`, Android) until a transition's `cover` effect sets another. */
  const UNCOVERED = "uncovered";
  const PLAY_INTERVAL_MS = 800;

  // ---------------------------------------------------------------------------
  // The interpreter

  /** Indexes a machine of the export once: transitions by state and event. */
  function prepare(machine) {
    if (machine._index) return machine;
    const index = new Map();
    machine.transitions.forEach(function (t) {
      const key = t.from + "\u0000" + t.event;
      if (!index.has(key)) index.set(key, []);
      index.get(key).push(t);
    });
    Object.defineProperty(machine, "_index", { value: index });
    Object.defineProperty(machine, "_states", { value: new Set(machine.states.map(function (s) { return s.id; })) });
    return machine;
  }

  /** The machine's options with their defaults (model `options[].default`), overridden by `raw`. */
  function machineOptions(machine, raw) {
    // targetSdk null: the same as api (model `MachineOptions.target`).
    const options = { api: NaN, targetSdk: null, configChanges: [], root: false };
    (machine.options || []).forEach(function (o) {
      if (o.name === "api") options.api = parseInt(o.default, 10);
      else if (o.name === "configChanges") options.configChanges = splitList(o.default);
      else if (o.name === "root") options.root = o.default === "true";
    });
    raw = raw || {};
    if (raw.api !== undefined && raw.api !== null && raw.api !== "") {
      const api = typeof raw.api === "number" ? raw.api : parseInt(raw.api, 10);
      if (Number.isInteger(api)) options.api = api;
    }
    if (raw.targetSdk !== undefined && raw.targetSdk !== null && raw.targetSdk !== "") {
      const target = typeof raw.targetSdk === "number" ? raw.targetSdk : parseInt(raw.targetSdk, 10);
      if (Number.isInteger(target)) options.targetSdk = target;
    }
    if (raw.configChanges !== undefined && raw.configChanges !== null) {
      options.configChanges = Array.isArray(raw.configChanges) ? raw.configChanges.map(String) : splitList(String(raw.configChanges));
    }
    if (raw.root !== undefined && raw.root !== null) options.root = raw.root === true || raw.root === "true";
    return options;
  }

  function targetOf(options) {
    return options.targetSdk === null ? options.api : options.targetSdk;
  }

  function splitList(text) {
    return String(text || "").split(/[\s|,]+/).filter(Boolean);
  }

  const warned = new Set();
  function warnOnce(message) {
    if (warned.has(message)) return;
    warned.add(message);
    if (window.console) console.warn("lifecycle player: " + message);
  }

  /**
   * The app-level value of a multi-scene machine over its scenes' states, from
   * the model's `aggregateRule` (Sources/LifecycleModel/AggregateRule.swift):
   * scenes in an `ignored` state do not count; with none counted the value is
   * `noneByProcess[process]` if listed, else `none`; else the first case that
   * holds (`any`: some counted scene is in the list, `all`: every one is) gives
   * its `value`; else `otherwise`. Null without a rule, or with a case this
   * script does not know.
   */
  function aggregateOf(machine, states, process) {
    const rule = machine.aggregateRule;
    if (!rule) return null;
    const ignored = rule.ignored || [];
    const counted = states.filter(function (s) { return ignored.indexOf(s) < 0; });
    if (!counted.length) {
      const byProcess = rule.noneByProcess || {};
      return Object.prototype.hasOwnProperty.call(byProcess, process) ? byProcess[process] : rule.none;
    }
    const cases = rule.cases || [];
    for (let i = 0; i < cases.length; i++) {
      const c = cases[i];
      const holds = Array.isArray(c.any) ? counted.some(function (s) { return c.any.indexOf(s) >= 0; })
        : Array.isArray(c.all) ? counted.every(function (s) { return c.all.indexOf(s) >= 0; })
        : null;
      if (holds === null) {
        warnOnce("unknown aggregate case '" + Object.keys(c).join(",") + "' in " + machine.id);
        return null;
      }
      if (holds) return c.value;
    }
    return rule.otherwise;
  }

  /**
   * A running instance of a machine: the state of each scene ("main" first,
   * others in the order events name them) and of the process.
   */
  function Simulation(machine, options, start) {
    this.machine = prepare(machine);
    this.options = options;
    const first = start && this.machine._states.has(start) ? start : machine.initial;
    this.scenes = [{ name: MAIN_SCENE, state: first, cover: UNCOVERED }];
    this.process = first === machine.initial ? "notRunning" : "running";
  }

  /** Puts a scene in a state before any event (a block's `given active@B`); the process then runs. */
  Simulation.prototype.place = function (scene, state) {
    if (!this.machine._states.has(state)) return;
    const i = this.sceneIndex(scene);
    if (i < 0) this.scenes.push({ name: scene, state: state, cover: UNCOVERED });
    else this.scenes[i].state = state;
    if (this.process === "notRunning" && state !== this.machine.initial) this.process = "running";
  };

  Simulation.prototype.sceneIndex = function (scene) {
    for (let i = 0; i < this.scenes.length; i++) if (this.scenes[i].name === scene) return i;
    return -1;
  };

  /** The state of a scene; a scene not seen yet is in the initial state. */
  Simulation.prototype.stateOf = function (scene) {
    const i = this.sceneIndex(scene || MAIN_SCENE);
    return i < 0 ? this.machine.initial : this.scenes[i].state;
  };

  Simulation.prototype.holds = function (transition, sceneIndex) {
    const self = this;
    if (Array.isArray(transition.covered)) {
      const cover = sceneIndex < 0 ? UNCOVERED : this.scenes[sceneIndex].cover;
      if (transition.covered.indexOf(cover) < 0) return false;
    }
    return (transition.conditions || []).every(function (condition) {
      return Object.keys(condition).every(function (key) {
        const value = condition[key];
        switch (key) {
          case "apiAtLeast": return self.options.api >= value;
          case "apiBelow": return self.options.api < value;
          case "targetSdkAtLeast": return targetOf(self.options) >= value;
          case "targetSdkBelow": return targetOf(self.options) < value;
          case "configHandled": return self.options.configChanges.indexOf(value) >= 0;
          case "configNotHandled": return self.options.configChanges.indexOf(value) < 0;
          case "root": return self.options.root === value;
          case "process": return value.indexOf(self.process) >= 0;
          case "otherScenesIn":
            return self.scenes.every(function (s, i) { return i === sceneIndex || value.indexOf(s.state) >= 0; });
          default:
            // A condition this script does not know cannot be checked: never take the transition.
            warnOnce("unknown condition '" + key + "' in row " + transition.row);
            return false;
        }
      });
    });
  };

  /** The transitions `event` may take now in `scene`, first the one `fire` takes. */
  Simulation.prototype.candidates = function (event, scene) {
    const sceneIndex = this.sceneIndex(scene || MAIN_SCENE);
    const from = sceneIndex < 0 ? this.machine.initial : this.scenes[sceneIndex].state;
    const list = this.machine._index.get(from + "\u0000" + event) || [];
    const self = this;
    return list.filter(function (t) { return self.holds(t, sceneIndex); });
  };

  /** Events that can happen in `scene` now, in the machine's event order. */
  Simulation.prototype.possibleEvents = function (scene) {
    const self = this;
    return this.machine.events.map(function (e) { return e.id; })
      .filter(function (id) { return self.candidates(id, scene).length > 0; });
  };

  /** The app-level value over the scenes' states and the process (machines with an aggregateRule), or null. */
  Simulation.prototype.aggregate = function () {
    return aggregateOf(this.machine, this.scenes.map(function (s) { return s.state; }), this.process);
  };

  /** A copy of every scene's state, in the order the scenes appeared. */
  Simulation.prototype.snapshot = function () {
    return this.scenes.map(function (s) { return { name: s.name, state: s.state }; });
  };

  /**
   * Runs `event` in `scene`. Returns {ok: true, event, scene, from, states, to,
   * callbacks, transition, alternatives, aggregate, scenes, process} or {ok: false,
   * event, scene, state, possible, aggregate, scenes, process}; `aggregate`,
   * `scenes` and `process` are the simulation's after the event.
   */
  Simulation.prototype.fire = function (event, scene) {
    scene = scene || MAIN_SCENE;
    const candidates = this.candidates(event, scene);
    if (!candidates.length) {
      return {
        ok: false, event: event, scene: scene, state: this.stateOf(scene), possible: this.possibleEvents(scene),
        aggregate: this.aggregate(), scenes: this.snapshot(), process: this.process
      };
    }
    const transition = candidates[0];
    const from = this.stateOf(scene);
    let index = this.sceneIndex(scene);
    if (index < 0) {
      this.scenes.push({ name: scene, state: this.machine.initial, cover: UNCOVERED });
      index = this.scenes.length - 1;
    }
    const to = transition.states.length ? transition.states[transition.states.length - 1] : from;
    if (this.machine._states.has(to)) this.scenes[index].state = to;
    const self = this;
    (transition.effects || []).forEach(function (effect) {
      if (effect.setProcess !== undefined) {
        self.process = effect.setProcess;
      } else if (effect.allScenes !== undefined) {
        if (self.machine._states.has(effect.allScenes)) self.scenes.forEach(function (s) { s.state = effect.allScenes; });
        self.scenes.forEach(function (s) { s.cover = UNCOVERED; });
      } else if (effect.cover !== undefined) {
        self.scenes[index].cover = effect.cover;
      } else {
        warnOnce("unknown effect '" + Object.keys(effect).join(",") + "' in row " + transition.row);
      }
    });
    return {
      ok: true, event: event, scene: scene, from: from, states: transition.states.slice(), to: to,
      callbacks: transition.callbacks.slice(), transition: transition, alternatives: candidates.slice(1),
      aggregate: this.aggregate(), scenes: this.snapshot(), process: this.process
    };
  };

  // ---------------------------------------------------------------------------
  // Page helpers

  function getModel() {
    const model = window.LIFECYCLE_MODEL;
    if (!model || !Array.isArray(model.machines)) return null;
    if (model.schema !== "lifecycle-model" || model.version !== 1) {
      warnOnce("expected schema lifecycle-model version 1, got " + model.schema + " " + model.version);
    }
    return model;
  }

  function findMachine(model, id) {
    for (let i = 0; i < model.machines.length; i++) if (model.machines[i].id === id) return model.machines[i];
    return null;
  }

  /** The page language's names of a machine (window.LIFECYCLE_NAMES), or null. */
  function localNames(machine) {
    const all = window.LIFECYCLE_NAMES;
    return (all && all.machines && all.machines[machine.id]) || null;
  }

  /** A state's display name: {text, en}; `en` marks the model's English (a platform's term). */
  function stateLabel(machine, id) {
    const local = localNames(machine);
    const entry = local && local.states && local.states[id];
    if (entry) return { text: entry.name, en: !!entry.en };
    for (let i = 0; i < machine.states.length; i++) {
      if (machine.states[i].id === id) return { text: machine.states[i].name, en: true };
    }
    return { text: id, en: true };
  }

  /** An element holding a state's name, with lang="en" when the name is English on a page that is not. */
  function stateElement(tag, className, machine, id) {
    const label = stateLabel(machine, id);
    const node = el(tag, className, label.text);
    if (label.en && !/^en\b/.test(document.documentElement.lang || "")) node.setAttribute("lang", "en");
    return node;
  }

  /** An event's display name and summary in the page's language: {name, summary}. */
  function eventLabel(machine, id) {
    const local = localNames(machine);
    const entry = local && local.events && local.events[id];
    if (entry) return { name: entry.name, summary: entry.summary };
    for (let i = 0; i < machine.events.length; i++) {
      if (machine.events[i].id === id) return { name: id, summary: machine.events[i].summary };
    }
    return { name: id, summary: "" };
  }

  /** The process's state in the page's language. */
  function processName(state) {
    const all = window.LIFECYCLE_NAMES;
    return (all && all.process && all.process.states && all.process.states[state]) || state;
  }

  /** A callback's name as code that may wrap at its words, as the build writes it in traces
   *  (HTML.breakable): before a capital after a lowercase letter or digit, three letters on,
   *  and after a `:` that more of the name follows. */
  function breakableCode(className, name) {
    const code = el("code", className);
    let start = 0;
    for (let i = 1; i < name.length; i++) {
      const before = name[i - 1], here = name[i];
      const breaks = here !== ")" && (before === ":" || (/[A-Z]/.test(here) && /[a-z0-9]/.test(before)));
      if (breaks && i - start >= 3) {
        code.appendChild(document.createTextNode(name.slice(start, i)));
        code.appendChild(document.createElement("wbr"));
        start = i;
      }
    }
    code.appendChild(document.createTextNode(name.slice(start)));
    return code;
  }

  /** A transition's row as the traces show it: linked to its first official source (the page's
   *  title in English), "(archived)" after an archived page, in the page's language; the row
   *  alone, in `strong`, when the source has no web page. Nodes to append. */
  function sourceLink(transition, sources) {
    const source = (sources || {})[(transition.sources || [])[0]];
    if (!source || !/^https?:/i.test(source.url)) return [el("strong", null, transition.row)];
    const suffix = " (archived)";
    const title = source.title || "";
    const archived = title.length > suffix.length && title.slice(-suffix.length) === suffix;
    const a = el("a", null, transition.row);
    a.href = source.url;
    a.title = archived ? title.slice(0, -suffix.length) : title;
    a.setAttribute("lang", "en");
    a.rel = "external noopener noreferrer";
    a.target = "_blank";
    return archived ? [a, document.createTextNode(" "), el("span", "source-archived", archivedLabel())] : [a];
  }

  /** Text after a link to an archived source page, in the page's language. */
  function archivedLabel() {
    const all = window.LIFECYCLE_NAMES;
    return (all && all.archived) || "(archived)";
  }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  /** A label from the page: the element's data-label-NAME, else the fallback. */
  function label(node, name, fallback) {
    return (node && node.getAttribute("data-label-" + name)) || fallback;
  }

  /**
   * An article's figure draws its machine's geometry from a file, with <image>, and writes out
   * its example's path over it, each edge and node of the path in g.diagram-path. The scripts
   * need real nodes and edges: each such figure gets a copy of the same geometry as markup (the
   * model-names script's `diagram` of the machine), its path's edges and nodes marked, in place
   * of both, each line with its own arrow (the page's markers), plus a wide invisible line per
   * edge for the pointer. Without that markup the figure stays as the build wrote it.
   */
  function expandDiagrams(root) {
    const parsed = {};
    Array.prototype.forEach.call(root.querySelectorAll("svg.state-diagram > image.diagram-geometry"), function (image) {
      const svg = image.parentNode;
      const id = svg.getAttribute("data-machine");
      const all = window.LIFECYCLE_NAMES;
      const names = all && all.machines && all.machines[id];
      if (!names || !names.diagram) return;
      if (!parsed[id]) {
        parsed[id] = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        parsed[id].innerHTML = names.diagram;
      }
      const marked = new Set();
      const path = svg.querySelector("g.diagram-path");
      if (path) {
        Array.prototype.forEach.call(path.children, function (mark) { marked.add(markKey(mark)); });
        svg.removeChild(path);
      }
      const arrow = "url(#ld-arrow)";
      const arrowOn = (path && path.getAttribute("marker-end")) || "url(#ld-arrow-on)";
      Array.prototype.forEach.call(parsed[id].children, function (group) {
        const copy = group.cloneNode(true);
        Array.prototype.forEach.call(copy.querySelectorAll(".node, .edge"), function (item) {
          if (marked.has(markKey(item))) item.classList.add("on-path");
        });
        Array.prototype.forEach.call(copy.querySelectorAll(".edge .edge-line"), function (line) {
          const edge = line.parentNode;
          line.setAttribute("marker-end", edge.classList.contains("on-path") ? arrowOn : arrow);
          // Its look (wide, transparent) comes from player.css.
          const hit = line.cloneNode(false);
          hit.removeAttribute("marker-end");
          hit.classList.remove("edge-line");
          hit.classList.add("edge-hit");
          edge.insertBefore(hit, line);
        });
        svg.insertBefore(copy, image);
      });
      svg.removeChild(image);
    });
  }

  /** What names a diagram's node or edge, the same in the geometry and in a figure's path. */
  function markKey(item) {
    return item.classList.contains("edge")
      ? "edge " + item.getAttribute("data-from") + " " + item.getAttribute("data-to")
      : "node " + item.getAttribute("data-state");
  }

  /** The diagram of one machine: lights the current node and the edges just taken. */
  function DiagramView(svg) {
    this.svg = svg || null;
  }

  DiagramView.prototype.show = function (current, walk, occupied) {
    if (!this.svg) return;
    Array.prototype.forEach.call(this.svg.querySelectorAll(".node"), function (node) {
      const state = node.getAttribute("data-state");
      node.classList.toggle("current", state === current);
      node.classList.toggle("occupied", !!occupied && occupied.has(state) && state !== current);
    });
    const taken = new Set();
    if (walk && walk.length === 1) taken.add(walk[0] + " " + walk[0]); // a step that changes no state: its self-loop
    for (let i = 0; walk && i + 1 < walk.length; i++) taken.add(walk[i] + " " + walk[i + 1]);
    Array.prototype.forEach.call(this.svg.querySelectorAll(".edge"), function (edge) {
      edge.classList.toggle("current", taken.has(edge.getAttribute("data-from") + " " + edge.getAttribute("data-to")));
    });
  };

  /**
   * Lights the handlers of fired callbacks in the article's code samples:
   * every [data-callback] whose value is the callback's id or one of its aliases.
   */
  function CallbackLights(scope, machine) {
    this.scope = scope;
    this.names = new Map();
    const self = this;
    (machine.callbacks || []).forEach(function (c) {
      self.names.set(c.id, [c.id].concat(c.aliases || []));
    });
    this.lit = [];
  }

  CallbackLights.prototype.light = function (callbacks) {
    this.clear();
    if (!callbacks.length) return;
    const wanted = new Set();
    const self = this;
    callbacks.forEach(function (name) { (self.names.get(name) || [name]).forEach(function (n) { wanted.add(n); }); });
    Array.prototype.forEach.call(this.scope.querySelectorAll("[data-callback]"), function (node) {
      if (wanted.has(node.getAttribute("data-callback"))) {
        node.classList.add("lit");
        self.lit.push(node);
      }
    });
  };

  CallbackLights.prototype.clear = function () {
    this.lit.forEach(function (node) { node.classList.remove("lit"); });
    this.lit = [];
  };

  // ---------------------------------------------------------------------------
  // Examples: <figure data-lifecycle-example>

  /** The callbacks a trace row lists: the code in its fourth cell, an optional one in parentheses. */
  function rowCallbacks(row) {
    const cell = row.cells[3];
    if (!cell) return [];
    return Array.prototype.map.call(cell.querySelectorAll("code"), function (code) {
      return code.textContent.replace(/^\((.*)\)$/, "$1");
    });
  }

  /**
   * The controls of an example with steps: a copy of the page's template#ld-player (written once
   * per page, in its language), hidden until the player is ready. Null for an example without steps.
   */
  function playerControls(figure) {
    const existing = figure.querySelector(".player");
    if (existing) return existing;
    if (!figure.querySelector("tbody tr[data-event]")) return null;
    const template = document.querySelector("template#ld-player");
    const source = template && template.content && template.content.querySelector(".player");
    if (!source) {
      console.error("lifecycle player: the page has no template#ld-player; #" + figure.id + " stays static");
      return null;
    }
    const controls = document.importNode(source, true);
    controls.hidden = true;
    figure.appendChild(controls);
    return controls;
  }

  /** `data-given-scenes="A=active B=background"` of an example or an exercise: the other scenes it
   *  starts with (`given active@A`), as [{scene, state}]. */
  function givenScenesOf(figure) {
    return (figure.getAttribute("data-given-scenes") || "").split(" ").filter(Boolean).map(function (pair) {
      const at = pair.indexOf("=");
      return { scene: pair.slice(0, at), state: pair.slice(at + 1) };
    });
  }

  function ExamplePlayer(figure, model) {
    this.figure = figure;
    this.machine = findMachine(model, figure.getAttribute("data-machine"));
    if (!this.machine) {
      console.error("lifecycle player: unknown machine '" + figure.getAttribute("data-machine") + "' in #" + figure.id);
      return;
    }
    this.controls = playerControls(figure);
    if (!this.controls) return;
    prepare(this.machine);
    let raw = {};
    try { raw = JSON.parse(figure.getAttribute("data-options") || "{}") || {}; } catch (e) {
      console.error("lifecycle player: unreadable data-options in #" + figure.id);
    }
    this.options = machineOptions(this.machine, raw);
    const initial = figure.getAttribute("data-initial");
    this.initial = initial && this.machine._states.has(initial) ? initial : this.machine.initial;
    this.givenScenes = givenScenesOf(figure);
    this.rows = Array.prototype.slice.call(figure.querySelectorAll("tbody tr[data-event]"));
    this.diagram = new DiagramView(figure.querySelector("svg.state-diagram"));
    this.stepButton = this.controls.querySelector("[data-action='step']");
    this.playButton = this.controls.querySelector("[data-action='play']");
    this.resetButton = this.controls.querySelector("[data-action='reset']");
    this.log = this.controls.querySelector(".callback-log");
    this.eventLine = this.controls.querySelector(".player-event");
    this.lights = new CallbackLights(figure.closest("article") || figure.closest("main") || document, this.machine);
    this.timer = null;
    if (this.playButton) this.playLabel = this.playButton.textContent;

    const self = this;
    if (this.stepButton) this.stepButton.addEventListener("click", function () { self.pause(); self.step(); });
    if (this.playButton) {
      this.playButton.setAttribute("aria-pressed", "false");
      this.playButton.addEventListener("click", function () { self.timer ? self.pause() : self.play(); });
    }
    if (this.resetButton) this.resetButton.addEventListener("click", function () { self.reset(); });
    this.reset();
    this.controls.hidden = false;
  }

  ExamplePlayer.prototype.reset = function () {
    this.pause();
    this.sim = new Simulation(this.machine, this.options, this.initial);
    const sim = this.sim;
    this.givenScenes.forEach(function (given) { sim.place(given.scene, given.state); });
    this.index = 0;
    this.rows.forEach(function (row) {
      row.classList.remove("done", "mismatch");
      row.removeAttribute("aria-current");
      row.removeAttribute("data-computed");
    });
    if (this.log) clear(this.log);
    if (this.eventLine) { clear(this.eventLine); this.eventLine.hidden = true; }
    this.lights.clear();
    this.figure.setAttribute("data-state", this.initial);
    this.figure.removeAttribute("data-scene");
    this.setAggregate(this.sim.aggregate());
    // Scene main left in its initial state beside given scenes is no window of the example: show the first given one.
    const shown = this.givenScenes.length && this.initial === this.machine.initial ? this.givenScenes[0].state : this.initial;
    this.diagram.show(shown, null, null);
    this.updateButtons();
  };

  ExamplePlayer.prototype.setAggregate = function (aggregate) {
    if (aggregate) this.figure.setAttribute("data-app", aggregate);
    else this.figure.removeAttribute("data-app");
  };

  ExamplePlayer.prototype.updateButtons = function () {
    const finished = this.index >= this.rows.length;
    if (this.stepButton) {
      if (finished && document.activeElement === this.stepButton && this.resetButton) this.resetButton.focus();
      this.stepButton.disabled = finished;
    }
  };

  ExamplePlayer.prototype.step = function () {
    if (this.index >= this.rows.length) return false;
    const row = this.rows[this.index];
    // The row's number (its first cell): rows are stepped through in order.
    const number = String(this.index + 1);
    const event = row.getAttribute("data-event");
    const scene = row.getAttribute("data-scene") || MAIN_SCENE;
    const result = this.sim.fire(event, scene);

    this.rows.forEach(function (r) { r.removeAttribute("aria-current"); });
    row.classList.add("done");
    row.setAttribute("aria-current", "step");

    // The row was written at build time from the same model: any difference is a build bug.
    const problems = [];
    if (!result.ok) {
      problems.push("'" + event + "' cannot happen in " + result.state + " (possible: " + result.possible.join(", ") + ")");
    } else {
      const expected = row.getAttribute("data-to");
      if (expected !== null && expected !== result.to) problems.push("computed state " + result.to + ", the row says " + expected);
      const written = rowCallbacks(row).join(" ");
      const fired = result.callbacks.map(function (c) { return c.name; }).join(" ");
      if (written !== fired) problems.push("computed callbacks [" + fired + "], the row says [" + written + "]");
    }
    row.setAttribute("data-computed", result.ok ? result.to : "");
    if (problems.length) {
      row.classList.add("mismatch");
      console.error("lifecycle player: #" + this.figure.id + " step " + number + ": " + problems.join("; "));
    }

    const state = result.ok ? result.to : result.state;
    this.figure.setAttribute("data-state", state);
    if (this.machine.multiScene) this.figure.setAttribute("data-scene", scene);
    this.setAggregate(this.sim.aggregate());
    const occupied = this.machine.multiScene ? new Set(this.sim.scenes.map(function (s) { return s.state; })) : null;
    this.diagram.show(state, result.ok ? [result.from].concat(result.states) : null, occupied);

    // The row's event and its summary (the name's tooltip), said under the buttons.
    const name = row.querySelector(".event-name");
    if (this.eventLine && name) {
      clear(this.eventLine);
      this.eventLine.appendChild(document.createTextNode(number + ". "));
      this.eventLine.appendChild(el("span", "event-name", name.textContent));
      if (name.title) this.eventLine.appendChild(document.createTextNode(": " + name.title));
      this.eventLine.hidden = false;
    }

    const callbacks = result.ok ? result.callbacks : [];
    if (this.log) {
      // One item per callback (or one "none" item), the first of each step marked
      // .step-start, this step's items .latest.
      const log = this.log;
      Array.prototype.forEach.call(log.querySelectorAll("li.latest"), function (li) { li.classList.remove("latest"); });
      const items = callbacks.length ? callbacks.map(function (c) {
        const li = el("li", c.optional ? "optional" : null);
        li.appendChild(el("code", null, c.name));
        return li;
      }) : [el("li", "silent", label(log, "none", "\u2014"))];
      items.forEach(function (li, i) {
        li.setAttribute("data-step", number);
        li.classList.add("latest");
        if (i === 0) li.classList.add("step-start");
        log.appendChild(li);
      });
      log.scrollTop = log.scrollHeight;
    }
    this.lights.light(callbacks.map(function (c) { return c.name; }));

    this.index += 1;
    this.updateButtons();
    if (this.index >= this.rows.length) this.pause();
    return true;
  };

  ExamplePlayer.prototype.play = function () {
    if (this.index >= this.rows.length) this.reset();
    const self = this;
    this.timer = window.setInterval(function () { if (!self.step()) self.pause(); }, PLAY_INTERVAL_MS);
    this.playButton.setAttribute("aria-pressed", "true");
    this.playButton.textContent = label(this.playButton, "pause", this.playLabel);
    this.figure.classList.add("playing");
    this.step();
  };

  ExamplePlayer.prototype.pause = function () {
    if (this.timer) window.clearInterval(this.timer);
    this.timer = null;
    this.figure.classList.remove("playing");
    if (this.playButton) {
      this.playButton.setAttribute("aria-pressed", "false");
      this.playButton.textContent = label(this.playButton, "play", this.playLabel);
    }
  };

  // ---------------------------------------------------------------------------
  // Playground: <section data-lifecycle-playground>

  function Playground(section, model) {
    this.section = section;
    this.model = model;
    const q = function (role) { return section.querySelector("[data-role='" + role + "']"); };
    this.select = q("machine");
    this.apiInput = q("api");
    this.apiError = q("api-error");
    this.configInput = q("configChanges");
    this.rootInput = q("root");
    this.sceneInput = q("scene");
    this.eventsBox = q("events");
    this.eventHint = q("event-hint");
    this.diagramBox = q("diagram");
    this.stateBox = q("state");
    this.log = q("log");
    this.resetButton = section.querySelector("[data-action='reset']");
    const diagrams = q("diagrams");
    // <template data-role="diagrams"> (inert) or an element holding the SVGs, shown to readers
    // without JavaScript and hidden here.
    this.diagramSource = diagrams ? (diagrams.content || diagrams) : null;
    if (diagrams && !diagrams.content) diagrams.hidden = true;
    this.lights = new CallbackLights(section, { callbacks: [] });
    if (!this.select || !this.eventsBox) {
      console.error("lifecycle playground: missing [data-role=machine] or [data-role=events]");
      return;
    }

    const self = this;
    this.select.addEventListener("change", function () { self.setMachine(self.select.value); });
    [this.apiInput, this.configInput, this.rootInput].forEach(function (input) {
      if (!input) return;
      input.addEventListener("change", function () { self.readOptions(); self.update(); });
      input.addEventListener("input", function () { self.readOptions(); self.update(); });
    });
    // Left empty, the field's placeholder says it: the scene is `main` (a prefilled `main` had
    // typing "B" make `mainB`).
    if (this.sceneInput) this.sceneInput.addEventListener("input", function () { self.update(); });
    this.eventsBox.addEventListener("click", function (e) {
      const button = e.target.closest("button[data-event]");
      if (button && !button.disabled && self.eventsBox.contains(button)) self.fire(button.getAttribute("data-event"));
    });
    if (this.resetButton) this.resetButton.addEventListener("click", function () { self.restart(); });
    // An event's summary is its button's tooltip, and the line under the buttons shows it while the
    // button is pointed at or focused: a keyboard or touch reader gets no tooltip.
    if (this.eventHint) {
      const hint = this.eventHint;
      const none = hint.getAttribute("data-label-none") || "";
      const show = function (e) {
        const button = e.target.closest ? e.target.closest("button[data-event]") : null;
        hint.textContent = button && button.title ? button.textContent + ": " + button.title : none;
      };
      this.eventsBox.addEventListener("mouseover", show);
      this.eventsBox.addEventListener("focusin", show);
      this.eventsBox.addEventListener("mouseleave", function () {
        const focused = self.eventsBox.contains(document.activeElement) ? document.activeElement : null;
        show({ target: focused || self.eventsBox });
      });
      this.eventsBox.addEventListener("focusout", function (e) {
        if (!self.eventsBox.contains(e.relatedTarget)) hint.textContent = none;
      });
    }
    this.setMachine(this.select.value);
    section.classList.add("ready");
  }

  Playground.prototype.scene = function () {
    const value = this.sceneInput && this.machine.multiScene ? this.sceneInput.value.trim() : "";
    return value || MAIN_SCENE;
  };

  Playground.prototype.setMachine = function (id) {
    const machine = findMachine(this.model, id);
    if (!machine) { console.error("lifecycle playground: unknown machine '" + id + "'"); return; }
    this.machine = prepare(machine);
    this.section.setAttribute("data-machine", machine.id);
    // The chosen machine's whole title, for a phone's select that cuts it (CSS shows it only there).
    const title = this.section.querySelector("[data-role='machine-title']");
    const chosen = this.select.options[this.select.selectedIndex];
    if (title) title.textContent = chosen ? chosen.text : "";
    const names = (machine.options || []).map(function (o) { return o.name; });
    Array.prototype.forEach.call(this.section.querySelectorAll("[data-when-option]"), function (node) {
      node.hidden = names.indexOf(node.getAttribute("data-when-option")) < 0;
    });
    Array.prototype.forEach.call(this.section.querySelectorAll("[data-when-multiscene]"), function (node) {
      node.hidden = !machine.multiScene;
    });
    // An empty API field shows the model's default, so the page says what is assumed.
    (machine.options || []).forEach(function (o) {
      if (o.name === "api" && this.apiInput && this.apiInput.value === "") this.apiInput.value = o.default;
    }, this);

    clear(this.eventsBox);
    machine.events.forEach(function (event) {
      const label = eventLabel(machine, event.id);
      const button = el("button", null, label.name);
      button.type = "button";
      button.setAttribute("data-event", event.id);
      if (label.summary) button.title = label.summary;
      this.eventsBox.appendChild(button);
    }, this);

    let svg = null;
    if (this.diagramBox) {
      const shown = this.diagramBox.querySelector("svg.state-diagram");
      // Hidden-element variant: the shown SVG was moved out of it; put it back (ids stay unique).
      if (shown && this.diagramSource && this.diagramSource.nodeType !== 11) this.diagramSource.appendChild(shown);
      clear(this.diagramBox);
      const source = this.findDiagram(machine.id);
      if (source) {
        svg = this.diagramSource && this.diagramSource.nodeType === 11 ? source.cloneNode(true) : source;
        this.diagramBox.appendChild(svg);
      }
    }
    this.diagram = new DiagramView(svg);
    this.lights = new CallbackLights(this.section.closest("main") || this.section, machine);
    this.readOptions();
    this.restart();
  };

  Playground.prototype.findDiagram = function (id) {
    if (!this.diagramSource) return null;
    const all = this.diagramSource.querySelectorAll("svg.state-diagram");
    for (let i = 0; i < all.length; i++) if (all[i].getAttribute("data-machine") === id) return all[i];
    return null;
  };

  Playground.prototype.readOptions = function () {
    const raw = {};
    if (this.apiInput) {
      const text = this.apiInput.value.trim();
      const api = /^\d+$/.test(text) ? parseInt(text, 10) : NaN;
      const valid = text === "" || (api >= 1 && api <= 99);
      this.apiInput.setAttribute("aria-invalid", valid ? "false" : "true");
      // Said in words too (the field's description): a red border alone tells nothing to many readers.
      if (this.apiError) this.apiError.hidden = valid || !(this.machine.options || []).some(function (o) { return o.name === "api"; });
      if (valid && text !== "") raw.api = api;
    }
    if (this.configInput) raw.configChanges = splitList(this.configInput.value);
    if (this.rootInput) raw.root = this.rootInput.checked;
    this.options = machineOptions(this.machine, raw);
    if (this.sim) this.sim.options = this.options; // like Simulation.options: applies to the next events
  };

  Playground.prototype.restart = function () {
    this.sim = new Simulation(this.machine, this.options, this.machine.initial);
    this.lastScene = MAIN_SCENE;
    this.lastWalk = null;
    if (this.log) clear(this.log);
    this.lights.clear();
    this.update();
  };

  Playground.prototype.fire = function (event) {
    const scene = this.scene();
    const result = this.sim.fire(event, scene);
    if (!result.ok) { this.update(); return; }
    this.lastScene = scene;
    this.lastWalk = [result.from].concat(result.states);
    if (this.log) this.log.appendChild(this.logEntry(result));
    if (this.log) this.log.scrollTop = this.log.scrollHeight;
    this.lights.light(result.callbacks.map(function (c) { return c.name; }));
    this.update();
  };

  Playground.prototype.logEntry = function (step) {
    const machine = this.machine;
    const li = el("li");
    li.setAttribute("data-event", step.event);
    li.setAttribute("data-from", step.from);
    li.setAttribute("data-to", step.to);
    li.setAttribute("data-row", step.transition.row);
    li.setAttribute("data-confidence", step.transition.confidence);

    const what = el("span", "log-event", eventLabel(machine, step.event).name);
    if (machine.multiScene) {
      what.appendChild(document.createTextNode(" @"));
      what.appendChild(el("code", null, step.scene));
    }
    li.appendChild(what);
    li.appendChild(document.createTextNode(" "));

    const walk = el("span", "log-states");
    [step.from].concat(step.states).forEach(function (s, i) {
      if (i) walk.appendChild(document.createTextNode(" \u2192 "));
      walk.appendChild(stateElement("span", null, machine, s));
    });
    li.appendChild(walk);
    li.appendChild(document.createTextNode(" "));

    const callbacks = el("span", "log-callbacks");
    if (!step.callbacks.length) callbacks.textContent = label(this.log, "none", "\u2014");
    step.callbacks.forEach(function (c, i) {
      if (i) callbacks.appendChild(document.createTextNode(", "));
      callbacks.appendChild(breakableCode(c.optional ? "optional" : null, c.name));
    });
    li.appendChild(callbacks);
    li.appendChild(document.createTextNode(" "));

    const row = el("span", "log-row");
    sourceLink(step.transition, this.model.sources).forEach(function (node) { row.appendChild(node); });
    if (step.alternatives.length) {
      const alternatives = el("span", "log-alternatives", "(+" + step.alternatives.length + ")");
      alternatives.title = step.alternatives.map(function (t) { return t.row + ": " + t.callbacks.map(function (c) { return c.name; }).join(", "); }).join("\n");
      row.appendChild(document.createTextNode(" "));
      row.appendChild(alternatives);
    }
    li.appendChild(row);
    return li;
  };

  Playground.prototype.update = function () {
    const machine = this.machine;
    const sim = this.sim;
    const scene = this.scene();
    const current = sim.stateOf(this.lastScene);
    this.section.setAttribute("data-state", current);
    this.section.setAttribute("data-scene", this.lastScene);
    const aggregate = sim.aggregate();
    if (aggregate) this.section.setAttribute("data-app", aggregate); else this.section.removeAttribute("data-app");
    const usesProcess = machine.transitions.some(function (t) {
      return (t.conditions || []).some(function (c) { return "process" in c; }) || (t.effects || []).some(function (e) { return "setProcess" in e; });
    });
    if (usesProcess) this.section.setAttribute("data-process", sim.process); else this.section.removeAttribute("data-process");

    if (this.stateBox) this.renderState(usesProcess, aggregate);
    const occupied = machine.multiScene ? new Set(sim.scenes.map(function (s) { return s.state; })) : null;
    this.diagram.show(current, this.lastWalk, occupied);

    const possible = new Set(sim.possibleEvents(scene));
    Array.prototype.forEach.call(this.eventsBox.querySelectorAll("button[data-event]"), function (button) {
      button.disabled = !possible.has(button.getAttribute("data-event"));
    });
  };

  Playground.prototype.renderState = function (usesProcess, aggregate) {
    const box = this.stateBox;
    const machine = this.machine;
    clear(box);
    box.setAttribute("data-state", this.sim.stateOf(this.lastScene));
    if (!machine.multiScene) {
      box.appendChild(stateElement("strong", "state-name", machine, this.sim.stateOf(MAIN_SCENE)));
      return;
    }
    this.sim.scenes.forEach(function (s) {
      const item = el("span", "scene-state");
      item.setAttribute("data-scene", s.name);
      item.appendChild(el("code", null, s.name));
      item.appendChild(document.createTextNode(" "));
      item.appendChild(stateElement("strong", "state-name", machine, s.state));
      box.appendChild(item);
      box.appendChild(document.createTextNode(" "));
    });
    if (aggregate) {
      const app = el("span", "app-state", label(box, "app", "app") + " ");
      app.appendChild(stateElement("strong", "state-name", machine, aggregate));
      box.appendChild(app);
      box.appendChild(document.createTextNode(" "));
    }
    if (usesProcess) {
      const process = el("span", "process-state", label(box, "process", "process") + " ");
      process.appendChild(el("strong", "process-name", processName(this.sim.process)));
      box.appendChild(process);
    }
  };

  // ---------------------------------------------------------------------------
  // Start

  function start() {
    // First, and whether or not the model loads: exercise.js picks states on these diagrams too.
    expandDiagrams(document);
    const model = getModel();
    // For tests and the curious: the interpreter on the page's model.
    // create() returns a Simulation (fire, candidates, possibleEvents, stateOf,
    // aggregate, scenes, process); simulate() runs "event" / "event@scene" specs
    // and returns each fire() result.
    const create = function (machineId, options, from) {
      const m = model && findMachine(model, machineId);
      if (!m) throw new Error("unknown machine " + machineId);
      return new Simulation(m, machineOptions(m, options), from);
    };
    window.LifecycleDocs = {
      create: create,
      sourceLink: sourceLink,
      breakableCode: breakableCode,
      givenScenes: givenScenesOf,
      simulate: function (machineId, events, options, from) {
        const sim = create(machineId, options, from);
        return (events || []).map(function (spec) {
          const at = String(spec).lastIndexOf("@");
          return at > 0 ? sim.fire(spec.slice(0, at), spec.slice(at + 1)) : sim.fire(String(spec), MAIN_SCENE);
        });
      }
    };
    const figures = document.querySelectorAll("[data-lifecycle-example]");
    const playgrounds = document.querySelectorAll("[data-lifecycle-playground]");
    if (!figures.length && !playgrounds.length) return;
    if (!model) {
      console.error("lifecycle player: window.LIFECYCLE_MODEL is missing; the examples stay static");
      return;
    }
    Array.prototype.forEach.call(figures, function (figure) { new ExamplePlayer(figure, model); });
    Array.prototype.forEach.call(playgrounds, function (section) { new Playground(section, model); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
