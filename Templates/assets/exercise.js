// Exercises in the browser, and a tutorial's progress.
//
// Enhances each `figure.exercise[data-exercise]` (partials/exercise, docs/player-dom.md) with
// controls for its kind: predict (pick a state), order (drag, or move with buttons), choose
// (checkboxes), reach (fire the events the model allows). The answer is judged by the model the
// player uses (`window.LifecycleDocs`, from player.js, on `window.LIFECYCLE_MODEL`), under the
// figure's `data-options`: nothing here knows an answer the model does not give. A wrong answer
// gets a hint and a button that shows the answer, not the answer itself: the reader can try again.
// Without this script the figure's `<details>` answer is all there is; with it, the button takes
// that disclosure's place (player.css hides it).
//
// On a tutorial (`article[data-tutorial]`) a step is done when every exercise in it was answered
// right, or, in a step without exercises, when the reader marks it done; progress is kept in
// localStorage per language and slug, with the count of steps done for the tutorials home.
(function () {
  "use strict";

  const MAIN_SCENE = "main";
  const STORAGE_PREFIX = "lifecycle-docs-progress:";
  const SUMMARY_PREFIX = "lifecycle-docs-progress-summary:";
  let strings = {};

  function t(key) { return Object.prototype.hasOwnProperty.call(strings, key) ? strings[key] : key; }

  function format(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, name) { return values[name] !== undefined ? String(values[name]) : all; });
  }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  /** The first of `nodes` whose attribute `name` is `value` (selectors stay literal: docs/player-dom.md). */
  function withAttribute(nodes, name, value) {
    for (let i = 0; i < nodes.length; i++) if (nodes[i].getAttribute(name) === value) return nodes[i];
    return null;
  }

  function button(text, className) {
    const b = el("button", className, text);
    b.type = "button";
    return b;
  }

  function findMachine(id) {
    const model = window.LIFECYCLE_MODEL;
    if (!model || !Array.isArray(model.machines)) return null;
    for (let i = 0; i < model.machines.length; i++) if (model.machines[i].id === id) return model.machines[i];
    return null;
  }

  function localNames(machineId) {
    const all = window.LIFECYCLE_NAMES;
    return all && all.machines && all.machines[machineId] ? all.machines[machineId] : null;
  }

  /** A state's name in the page's language: {text, en}. */
  function stateName(machine, id) {
    const names = localNames(machine.id);
    const entry = names && names.states && names.states[id];
    if (entry) return { text: entry.name, en: !!entry.en };
    for (let i = 0; i < machine.states.length; i++) if (machine.states[i].id === id) return { text: machine.states[i].name || id, en: true };
    return { text: id, en: true };
  }

  function stateElement(tag, machine, id) {
    const name = stateName(machine, id);
    const node = el(tag, "state-name", name.text);
    if (name.en) node.setAttribute("lang", "en");
    return node;
  }

  function eventName(machine, id) {
    const names = localNames(machine.id);
    const entry = names && names.events && names.events[id];
    return entry ? { text: entry.name, summary: entry.summary || "" } : { text: id, summary: "" };
  }

  // ---------------------------------------------------------------------------
  // The model's run, written as the build writes a trace

  /** A table of fire() results: event, states, callbacks, the row and its official sources. */
  // The model's run; `about` (nodes): the statement it shows, after the caption's words.
  function traceTable(machine, steps, about) {
    const table = el("table", "trace");
    table.classList.add("exercise-run");
    const caption = el("caption", null, t("exerciseRealTrace"));
    if (about) {
      caption.appendChild(document.createTextNode(": "));
      about.forEach(function (node) { caption.appendChild(node.cloneNode(true)); });
    }
    table.appendChild(caption);
    const head = el("thead");
    const headRow = el("tr");
    ["#", t("traceEvent"), t("traceStates"), t("traceCallbacks"), t("traceSource")].forEach(function (text) {
      const th = el("th", null, text);
      th.scope = "col";
      headRow.appendChild(th);
    });
    head.appendChild(headRow);
    table.appendChild(head);
    const body = el("tbody");
    steps.forEach(function (step, index) {
      const tr = el("tr");
      tr.setAttribute("data-step", String(index + 1));
      tr.appendChild(el("td", null, String(index + 1)));
      const event = eventName(machine, step.event);
      const eventCell = el("td");
      const eventSpan = el("span", "event-name", event.text);
      if (event.summary) eventSpan.title = event.summary;
      eventCell.appendChild(eventSpan);
      tr.appendChild(eventCell);
      const states = el("td");
      const walk = [step.from].concat(step.states || []);
      walk.forEach(function (id, i) {
        if (i) states.appendChild(document.createTextNode(" \u2192 "));
        states.appendChild(stateElement("span", machine, id));
      });
      tr.appendChild(states);
      const callbacks = el("td");
      if (!step.callbacks.length) callbacks.textContent = "\u2014";
      step.callbacks.forEach(function (c, i) {
        if (i) callbacks.appendChild(document.createTextNode(", "));
        // Breakable at its words, as the build writes a trace's names: whole, they widened the table.
        callbacks.appendChild(window.LifecycleDocs.breakableCode(c.optional ? "optional" : null, c.optional ? "(" + c.name + ")" : c.name));
      });
      tr.appendChild(callbacks);
      tr.appendChild(sourceCell(step.transition));
      body.appendChild(tr);
    });
    table.appendChild(body);
    return table;
  }

  // As the build's traces show it: the row linked to its first source (player.js's
  // `sourceLink`, as the playground's history), then the confidence.
  function sourceCell(transition) {
    const cell = el("td", "exercise-source");
    const sources = (window.LIFECYCLE_MODEL && window.LIFECYCLE_MODEL.sources) || {};
    window.LifecycleDocs.sourceLink(transition, sources).forEach(function (node) { cell.appendChild(node); });
    const confidence = t("confidence" + String(transition.confidence || "").replace(/(^|-)(\w)/g, function (all, dash, c) { return c.toUpperCase(); }));
    cell.appendChild(document.createTextNode(" "));
    cell.appendChild(el("span", "confidence", "(" + confidence + ")"));
    return cell;
  }

  // ---------------------------------------------------------------------------
  // One exercise

  function Exercise(figure, progress) {
    this.figure = figure;
    this.progress = progress;
    this.kind = figure.getAttribute("data-kind");
    this.machine = findMachine(figure.getAttribute("data-machine"));
    try {
      this.options = JSON.parse(figure.getAttribute("data-options") || "{}");
    } catch (e) {
      this.options = {};
    }
    this.given = figure.getAttribute("data-given") || null;
    this.event = figure.getAttribute("data-event") || null;
    this.asksApp = figure.getAttribute("data-asks") === "app";
    this.target = figure.getAttribute("data-target") || null;
    if (!this.machine || !window.LifecycleDocs) return;
    // The scene the event names runs as the main one, from data-given (as the build ran it);
    // data-given-scenes puts other scenes in their states first.
    this.givenScenes = window.LifecycleDocs.givenScenes(figure);
    this.box = el("div", "exercise-play");
    this.feedback = el("div", "exercise-feedback");
    this.feedback.setAttribute("role", "status");
    this.feedback.setAttribute("aria-live", "polite");
    const answer = figure.querySelector("details.exercise-answer");
    const build = { predict: this.buildPredict, order: this.buildOrder, choose: this.buildChoose, reach: this.buildReach }[this.kind];
    if (!build) return;
    build.call(this);
    figure.insertBefore(this.box, answer);
    figure.insertBefore(this.feedback, answer);
    figure.classList.add("interactive");
  }

  Exercise.prototype.sim = function () {
    const sim = window.LifecycleDocs.create(this.machine.id, this.options, this.given);
    this.givenScenes.forEach(function (given) { sim.place(given.scene, given.state); });
    return sim;
  };

  /** Every documented outcome of the exercise's event from its start (the model's candidates). */
  Exercise.prototype.outcomes = function () {
    const sim = this.sim();
    return sim.candidates(this.event, MAIN_SCENE);
  };

  Exercise.prototype.checkButton = function (judge) {
    const self = this;
    const check = button(t("exerciseCheck"), "exercise-check");
    check.addEventListener("click", function () { judge.call(self); });
    return check;
  };

  /** Empties the feedback: a new verdict, a question or a new start replaces what it showed. */
  Exercise.prototype.clearFeedback = function () {
    const f = this.feedback;
    while (f.firstChild) f.removeChild(f.firstChild);
    this.figure.removeAttribute("data-revealed");
    return f;
  };

  /**
   * The verdict. Right: the model's run (`steps` as one run, or `runs`, {about, steps}, one table
   * each) as the explanation, and the progress marked. Wrong: the kind's hint and a button that
   * shows the answer (`reveal`), so that a second try is still worth making; the controls stay usable.
   */
  Exercise.prototype.show = function (right, steps, runs) {
    const self = this;
    const f = this.clearFeedback();
    this.figure.setAttribute("data-result", right ? "right" : "wrong");
    const verdict = el("p", "exercise-verdict", right ? t("exerciseRight") : t("exerciseWrong"));
    verdict.classList.add(right ? "right" : "wrong");
    f.appendChild(verdict);
    if (right) {
      this.appendRun(f, steps, runs);
      if (this.progress) this.progress.mark(this.figure.id);
      return;
    }
    const hint = "exerciseHint" + this.kind.charAt(0).toUpperCase() + this.kind.slice(1);
    f.appendChild(el("p", "exercise-hint", t(hint)));
    const retry = el("p", "exercise-retry", t("exerciseTryAgain") + " ");
    const reveal = button(t("exerciseShowAnswer"), "exercise-reveal");
    // A copy of the run as judged: reach's steps go on growing while the reader fires events.
    const shown = { steps: steps ? steps.slice() : null, runs: runs };
    reveal.addEventListener("click", function () { self.reveal(shown.steps, shown.runs, reveal); });
    retry.appendChild(reveal);
    f.appendChild(retry);
  };

  /**
   * After a wrong answer, on request: the model's answer as the build wrote it (the `<details>`
   * this button stands in for) and the run a right answer shows, in a group that takes the focus
   * from the button, which goes away (docs/player-dom.md).
   */
  Exercise.prototype.reveal = function (steps, runs, pressed) {
    const group = el("div", "exercise-revealed");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", t("exerciseAnswer"));
    group.tabIndex = -1;
    const solution = this.figure.querySelector("details.exercise-answer .exercise-solution");
    if (solution) {
      // Its words only: the run follows as the script shows it (choose: one table per statement).
      const answer = solution.cloneNode(true);
      answer.className = "exercise-model-answer";
      answer.removeAttribute("data-answer");
      Array.prototype.forEach.call(answer.querySelectorAll("table"), function (table) { table.remove(); });
      group.appendChild(answer);
    }
    // reach: the run of the solution the answer names (the reader's own run was on screen as
    // they played), when the script can replay it.
    const sample = this.kind === "reach" ? this.sampleRun() : null;
    this.appendRun(group, sample || steps, runs);
    pressed.remove();
    this.feedback.appendChild(group);
    this.figure.setAttribute("data-revealed", "");
    group.focus();
  };

  /**
   * reach: the build's sample solution (its events, in the answer's disclosure) run from the
   * start; null with scenes, or when the page's model refuses a step.
   */
  Exercise.prototype.sampleRun = function () {
    // With scenes the sample may name another scene than the one the reader's events go to.
    if (this.givenScenes.length || this.figure.hasAttribute("data-scene")) return null;
    // The sample's line, not the build's table of its run (the script writes its own).
    const events = this.figure.querySelectorAll(".exercise-solution > p .event-name[data-event]");
    if (!events.length) return null;
    const sim = this.sim();
    const steps = [];
    for (let i = 0; i < events.length; i++) {
      const result = sim.fire(events[i].getAttribute("data-event"), MAIN_SCENE);
      if (!result.ok) return null;
      steps.push(result);
    }
    return steps;
  };

  /** The model's run in `box`: the app-level value when asked for, then its table(s). */
  Exercise.prototype.appendRun = function (box, steps, runs) {
    // Asked for the app-level value: the model's, after the run's last step.
    const last = steps && steps.length ? steps[steps.length - 1] : null;
    if (this.asksApp && last && last.aggregate) {
      const app = el("p", "exercise-app", t("traceApp") + ": ");
      const value = stateElement("strong", this.machine, last.aggregate);
      value.setAttribute("data-state", last.aggregate);
      app.appendChild(value);
      box.appendChild(app);
    }
    if (steps && steps.length) box.appendChild(traceTable(this.machine, steps));
    const machine = this.machine;
    (runs || []).forEach(function (run) { box.appendChild(traceTable(machine, run.steps, run.about)); });
  };

  /** Asks for an answer where none was given: no verdict, and nothing of the model's run shown. */
  Exercise.prototype.ask = function (key) {
    const f = this.clearFeedback();
    this.figure.removeAttribute("data-result");
    f.appendChild(el("p", "exercise-ask", t(key)));
  };

  /** The model's run of the exercise's event from its start. */
  Exercise.prototype.run = function () {
    const result = this.sim().fire(this.event, MAIN_SCENE);
    return result.ok ? [result] : [];
  };

  // predict: pick a state from the machine's states (or click it on a diagram, when there is one)

  Exercise.prototype.buildPredict = function () {
    const self = this;
    const fieldset = el("fieldset", "exercise-states");
    fieldset.appendChild(el("legend", null, t(this.asksApp ? "exercisePickApp" : "exercisePickState")));
    const name = this.figure.id + "-pick";
    this.machine.states.forEach(function (state) {
      const label = el("label", "exercise-choice");
      const input = document.createElement("input");
      input.type = "radio";
      input.name = name;
      input.setAttribute("value", state.id);
      label.appendChild(input);
      label.appendChild(document.createTextNode(" "));
      label.appendChild(stateElement("span", self.machine, state.id));
      fieldset.appendChild(label);
    });
    this.box.appendChild(fieldset);
    // A diagram of the machine in the figure, else beside it in the tutorial's step: a click on a
    // state picks it (the radio buttons stay the way to answer from the keyboard).
    const step = this.figure.closest("li.tutorial-step");
    const machineId = this.machine.id;
    const ofMachine = function (root) {
      return Array.prototype.filter.call(root.querySelectorAll("svg.state-diagram[data-machine]"), function (svg) {
        return svg.getAttribute("data-machine") === machineId;
      });
    };
    let diagrams = ofMachine(this.figure);
    if (!diagrams.length && step) diagrams = ofMachine(step);
    if (diagrams.length) this.box.insertBefore(el("p", "exercise-help", t("exercisePickOnDiagram")), fieldset.nextSibling);
    diagrams.forEach(function (svg) {
      svg.classList.add("pickable");
      Array.prototype.forEach.call(svg.querySelectorAll(".node[data-state]"), function (node) {
        node.addEventListener("click", function () {
          const input = withAttribute(fieldset.querySelectorAll("input[type='radio']"), "value", node.getAttribute("data-state"));
          if (input) { input.checked = true; input.focus(); }
        });
      });
    });
    this.box.appendChild(this.checkButton(function () {
      const picked = fieldset.querySelector("input[type='radio']:checked");
      if (!picked) return this.ask("exerciseAnswerFirst");
      const outcomes = this.outcomes();
      const chosen = picked ? picked.value : null;
      const run = this.run();
      // Right when every documented outcome ends in the state picked; asked for the app-level
      // value, when the run's is the one picked (the build refused outcomes that disagree).
      const right = !!chosen && outcomes.length > 0 && (this.asksApp
        ? run.length > 0 && run[0].aggregate === chosen
        : outcomes.every(function (tr) {
          const end = tr.states.length ? tr.states[tr.states.length - 1] : self.given;
          return end === chosen;
        }));
      this.show(right, run);
    }));
  };

  // order: the callbacks of the question, to put in order by drag or with up/down buttons

  Exercise.prototype.buildOrder = function () {
    const self = this;
    const names = Array.prototype.map.call(this.figure.querySelectorAll("details.exercise-answer .exercise-order li code"), function (c) { return c.textContent; });
    // A start that is not the answer: the list turned around (the model's order is checked, not this).
    let start = names.slice().reverse();
    if (start.join() === names.join() && start.length > 1) start = start.slice(1).concat(start[0]);
    this.box.appendChild(el("p", "exercise-help", t("exerciseOrderHelp")));
    const list = el("ol", "exercise-sortable");
    this.list = list;
    this.announce = el("p", "visually-hidden");
    this.announce.setAttribute("aria-live", "assertive");
    start.forEach(function (name) { list.appendChild(self.sortableItem(name)); });
    this.box.appendChild(list);
    this.box.appendChild(this.announce);
    this.updateMoveButtons();
    let dragged = null;
    list.addEventListener("dragstart", function (e) {
      dragged = e.target.closest ? e.target.closest("li[data-callback]") : null;
      if (dragged && e.dataTransfer) {
        e.dataTransfer.effectAllowed = "move";
        e.dataTransfer.setData("text/plain", dragged.getAttribute("data-callback"));
      }
    });
    list.addEventListener("dragover", function (e) { if (dragged) e.preventDefault(); });
    list.addEventListener("drop", function (e) {
      e.preventDefault();
      const over = e.target.closest ? e.target.closest("li[data-callback]") : null;
      if (!dragged || !over || over === dragged) return;
      const items = Array.prototype.slice.call(list.children);
      if (items.indexOf(over) > items.indexOf(dragged)) list.insertBefore(dragged, over.nextSibling);
      else list.insertBefore(dragged, over);
      self.moved(dragged);
      dragged = null;
    });
    list.addEventListener("dragend", function () { dragged = null; });
    this.box.appendChild(this.checkButton(function () {
      const order = this.currentOrder();
      const outcomes = this.outcomes();
      // Right when every documented outcome calls them in this order (each one present).
      const right = outcomes.length > 0 && outcomes.every(function (tr) {
        const called = tr.callbacks.map(function (c) { return c.name; });
        let last = -1;
        return order.every(function (name) {
          const at = called.indexOf(name);
          if (at <= last) return false;
          last = at;
          return true;
        });
      });
      this.show(right, this.run());
    }));
  };

  Exercise.prototype.sortableItem = function (name) {
    const self = this;
    const li = el("li", "exercise-item");
    li.draggable = true;
    li.setAttribute("data-callback", name);
    // Wrapping at its words on a phone (overflow-wrap alone broke it inside one).
    li.appendChild(window.LifecycleDocs.breakableCode(null, name));
    const up = button(t("exerciseMoveUp"), "exercise-move");
    up.setAttribute("data-move", "up");
    up.setAttribute("aria-label", t("exerciseMoveUp") + ": " + name);
    const down = button(t("exerciseMoveDown"), "exercise-move");
    down.setAttribute("data-move", "down");
    down.setAttribute("aria-label", t("exerciseMoveDown") + ": " + name);
    up.addEventListener("click", function () {
      if (li.previousElementSibling) { self.list.insertBefore(li, li.previousElementSibling); self.moved(li, up); }
    });
    down.addEventListener("click", function () {
      if (li.nextElementSibling) { self.list.insertBefore(li.nextElementSibling, li); self.moved(li, down); }
    });
    const controls = el("span", "exercise-move-buttons");
    controls.appendChild(up);
    controls.appendChild(down);
    li.appendChild(controls);
    return li;
  };

  Exercise.prototype.moved = function (li, pressed) {
    this.updateMoveButtons();
    const items = Array.prototype.slice.call(this.list.children);
    this.announce.textContent = format(t("exerciseMoved"), {
      item: li.getAttribute("data-callback"), position: items.indexOf(li) + 1, total: items.length
    });
    // Keep the focus on the item's buttons: the one pressed, or its other one at an end.
    if (pressed) {
      const target = pressed.disabled ? li.querySelector("button[data-move]:not(:disabled)") : pressed;
      if (target) target.focus();
    }
  };

  Exercise.prototype.updateMoveButtons = function () {
    const items = Array.prototype.slice.call(this.list.children);
    items.forEach(function (li, i) {
      li.querySelector("button[data-move='up']").disabled = i === 0;
      li.querySelector("button[data-move='down']").disabled = i === items.length - 1;
    });
  };

  Exercise.prototype.currentOrder = function () {
    return Array.prototype.map.call(this.list.children, function (li) { return li.getAttribute("data-callback"); });
  };

  // choose: a checkbox per statement

  Exercise.prototype.buildChoose = function () {
    const fieldset = el("fieldset", "exercise-statements");
    fieldset.appendChild(el("legend", null, t("exerciseOptions")));
    const self = this;
    const list = this.figure.querySelector("ol.exercise-options");
    Array.prototype.forEach.call(this.figure.querySelectorAll("ol.exercise-options > li[data-option]"), function (li) {
      const label = el("label", "exercise-choice");
      const input = document.createElement("input");
      input.type = "checkbox";
      input.setAttribute("value", li.getAttribute("data-option"));
      label.appendChild(input);
      label.appendChild(document.createTextNode(" "));
      // The statement as the page words it (event and state names, callbacks as code).
      Array.prototype.forEach.call(li.childNodes, function (node) { label.appendChild(node.cloneNode(true)); });
      fieldset.appendChild(label);
    });
    this.box.appendChild(fieldset);
    // The checkboxes say every statement: the list is not shown a second time.
    if (list) list.hidden = true;
    this.box.appendChild(this.checkButton(function () {
      let right = true;
      let ticked = false, someHold = false;
      // Each statement that holds is its own run: statements are independent, not one sequence.
      const runs = [];
      Array.prototype.forEach.call(fieldset.querySelectorAll("input[type='checkbox']"), function (input) {
        const number = input.value;
        const option = withAttribute(self.figure.querySelectorAll("ol.exercise-options > li[data-option]"), "data-option", number);
        // The build's, in the answer's disclosure (a revealed answer shows a copy of it).
        const verdict = withAttribute(self.figure.querySelectorAll("details.exercise-answer .exercise-verdicts > li[data-option][data-holds]"), "data-option", number);
        const built = verdict ? verdict.getAttribute("data-holds") === "true" : null;
        // The statement judged on the page's model, under the block's options (path, never, event
        // lines); a `callbacks` statement, or a name this script cannot read, takes the verdict the
        // build wrote with the same model (ol.exercise-verdicts). A disagreement is a bug: logged.
        const judged = option ? self.judgeStatement((option.getAttribute("data-statement") || "").trim()) : { holds: null, steps: [] };
        if (judged.holds !== null && built !== null && judged.holds !== built && window.console) {
          console.error("lifecycle exercise: " + self.figure.id + " option " + number + ": the page's model says "
            + judged.holds + ", the build said " + built);
        }
        const holds = judged.holds !== null ? judged.holds : built;
        if (input.checked !== holds) right = false;
        ticked = ticked || input.checked;
        someHold = someHold || !!holds;
        if (holds && judged.steps.length) runs.push({ about: option ? Array.prototype.slice.call(option.childNodes) : [], steps: judged.steps });
      });
      // Nothing ticked is an answer only where no statement holds.
      if (!ticked && someHold) return this.ask("exerciseAnswerFirst");
      this.show(right, null, runs);
    }));
  };

  /** A name as the model's ids and names are compared: case, spaces, `_` and `-` ignored. */
  function key(name) { return String(name).toLowerCase().replace(/[\s_\-]/g, ""); }

  /** id of a state written by id or by the model's (English) name; null when unknown. */
  Exercise.prototype.stateId = function (name) {
    const wanted = key(name);
    for (let i = 0; i < this.machine.states.length; i++) {
      const s = this.machine.states[i];
      if (key(s.id) === wanted || (s.name && key(s.name) === wanted)) return s.id;
      if ((s.aliases || []).some(function (a) { return key(a) === wanted; })) return s.id;
    }
    return null;
  };

  /** id of a callback written by id or alias; null when unknown. */
  Exercise.prototype.callbackId = function (name) {
    const callbacks = this.machine.callbacks || [];
    for (let i = 0; i < callbacks.length; i++) {
      const c = callbacks[i];
      if (c.id === name || (c.aliases || []).indexOf(name) >= 0) return c.id;
    }
    return null;
  };

  /** Whether a transition's option conditions hold (api, targetSdk, configChanges, root); the
   *  conditions on the process and on other scenes depend on the run and are not judged here. */
  function optionsHold(transition, options) {
    const target = options.targetSdk === null ? options.api : options.targetSdk;
    return (transition.conditions || []).every(function (condition) {
      return Object.keys(condition).every(function (name) {
        const value = condition[name];
        switch (name) {
          case "apiAtLeast": return options.api >= value;
          case "apiBelow": return options.api < value;
          case "targetSdkAtLeast": return target >= value;
          case "targetSdkBelow": return target < value;
          case "configHandled": return options.configChanges.indexOf(value) >= 0;
          case "configNotHandled": return options.configChanges.indexOf(value) < 0;
          case "root": return options.root === value;
          default: return true;
        }
      });
    });
  }

  /**
   * A path of state ids against the model (as `Machine.verdict(forPath:)` judges it): legal when
   * it appears contiguously in the states some run passes through. Returns the transitions that
   * show it, or null when it is not legal.
   */
  Exercise.prototype.pathWitness = function (path, options) {
    const transitions = this.machine.transitions.filter(function (tr) { return optionsHold(tr, options); });
    const to = function (tr) { return tr.states.length ? tr.states[tr.states.length - 1] : tr.from; };
    // A place: resting in a state ({rest}) or inside a transition after a position; with the way there.
    let places = [{ rest: path[0], way: [] }];
    transitions.forEach(function (tr) {
      tr.states.forEach(function (shown, position) { if (shown === path[0]) places.push({ tr: tr, position: position, way: [tr] }); });
    });
    for (let i = 1; i < path.length; i++) {
      const next = [];
      const seen = new Set();
      places.forEach(function (place) {
        const add = function (p, shown) {
          if (shown !== path[i]) return;
          const id = p.tr ? transitions.indexOf(p.tr) + ":" + p.position : "rest";
          if (seen.has(id)) return;
          seen.add(id);
          next.push(p);
        };
        if (place.tr && place.position + 1 < place.tr.states.length) {
          add({ tr: place.tr, position: place.position + 1, way: place.way }, place.tr.states[place.position + 1]);
          return;
        }
        const resting = place.tr ? to(place.tr) : place.rest;
        transitions.forEach(function (tr) {
          if (tr.from === resting && tr.states.length) add({ tr: tr, position: 0, way: place.way.concat([tr]) }, tr.states[0]);
        });
      });
      if (!next.length) return null;
      places = next;
    }
    return places[0].way;
  };

  /** A statement of a choose exercise judged on the page's model: {holds: true|false|null, steps}. */
  Exercise.prototype.judgeStatement = function (text) {
    const self = this;
    const unknown = { holds: null, steps: [] };
    const options = this.sim().options;
    if (!Number.isInteger(options.api) && (this.machine.options || []).length) return unknown;
    const chain = /^(path|never)\s+(.+)$/.exec(text);
    if (chain) {
      const path = chain[2].split("->").map(function (s) { return self.stateId(s.trim()); });
      if (path.some(function (id) { return id === null; })) return unknown;
      const way = this.pathWitness(path, options);
      if (chain[1] === "never") return { holds: way === null, steps: [] };
      if (way === null) return { holds: false, steps: [] };
      return {
        holds: true,
        steps: way.map(function (tr) {
          return { event: tr.event, from: tr.from, states: tr.states, callbacks: tr.callbacks, transition: tr };
        })
      };
    }
    if (/^callbacks\s/.test(text) || !this.given) return unknown;
    // <event>[@scene] [-> states] [: callbacks], from the start state.
    const line = /^([^\s:@>-]+)(?:@(\S+))?\s*(?:->\s*([^:]*?))?\s*(?::\s*(.*))?$/.exec(text);
    if (!line) return unknown;
    const event = this.machine.events.filter(function (e) { return e.id === line[1]; })[0];
    if (!event) return unknown;
    const states = line[3] ? line[3].split("->").map(function (s) { return self.stateId(s.trim()); }) : null;
    const callbacks = line[4] ? line[4].split(/\s*(?:,|->)\s*/).filter(Boolean).map(function (c) { return self.callbackId(c); }) : null;
    if ((states && states.indexOf(null) >= 0) || (callbacks && callbacks.indexOf(null) >= 0)) return unknown;
    const result = this.sim().fire(event.id, line[2] || MAIN_SCENE);
    if (!result.ok) return { holds: false, steps: [] };
    let holds = !states || states.join() === result.states.join();
    if (callbacks) {
      // In order; optional callbacks may be left out.
      let at = 0;
      result.callbacks.forEach(function (c) {
        if (at < callbacks.length && callbacks[at] === c.name) at++;
        else if (!c.optional) holds = false;
      });
      if (at < callbacks.length) holds = false;
    }
    return { holds: holds, steps: holds ? [result] : [] };
  };

  // reach: fire the events the model allows from the start, until the target

  Exercise.prototype.buildReach = function () {
    const self = this;
    this.box.appendChild(el("p", "exercise-help", t("exerciseFireEvents")));
    const state = el("p", "exercise-current");
    state.setAttribute("aria-live", "polite");
    this.stateLine = state;
    this.eventBox = el("div", "exercise-events");
    this.eventBox.setAttribute("role", "group");
    this.eventBox.setAttribute("aria-label", t("exerciseFireEvents"));
    this.box.appendChild(state);
    this.box.appendChild(this.eventBox);
    const controls = el("p", "exercise-controls");
    controls.appendChild(this.checkButton(function () {
      if (!this.steps.length) return this.ask("exerciseFireFirst");
      this.show(this.live.stateOf(MAIN_SCENE) === this.target, this.steps);
    }));
    const reset = button(t("exerciseReset"), "exercise-reset");
    reset.addEventListener("click", function () { self.resetReach(); const first = self.eventBox.querySelector("button[data-event]:not(:disabled)"); if (first) first.focus(); });
    controls.appendChild(document.createTextNode(" "));
    controls.appendChild(reset);
    this.box.appendChild(controls);
    this.machine.events.forEach(function (event) {
      const name = eventName(self.machine, event.id);
      const b = button(name.text, "exercise-event");
      b.setAttribute("data-event", event.id);
      if (name.summary) b.title = name.summary;
      b.addEventListener("click", function () { self.fire(event.id, b); });
      self.eventBox.appendChild(b);
    });
    this.resetReach();
  };

  Exercise.prototype.resetReach = function () {
    this.live = this.sim();
    this.steps = [];
    this.figure.removeAttribute("data-result");
    this.clearFeedback();
    this.updateReach();
  };

  Exercise.prototype.fire = function (event, pressed) {
    const result = this.live.fire(event, MAIN_SCENE);
    if (!result.ok) return;
    this.steps.push(result);
    this.updateReach();
    if (this.live.stateOf(MAIN_SCENE) === this.target) {
      this.show(true, this.steps);
      this.eventBox.querySelectorAll("button[data-event]").forEach(function (b) { b.disabled = true; });
      const reset = this.box.querySelector("button.exercise-reset");
      if (reset) reset.focus();
    } else if (pressed && pressed.disabled) {
      const next = this.eventBox.querySelector("button[data-event]:not(:disabled)");
      if (next) next.focus();
    }
  };

  Exercise.prototype.updateReach = function () {
    const current = this.live.stateOf(MAIN_SCENE);
    this.figure.setAttribute("data-current", current);
    while (this.stateLine.firstChild) this.stateLine.removeChild(this.stateLine.firstChild);
    this.stateLine.appendChild(document.createTextNode(t("exerciseCurrentState") + ": "));
    this.stateLine.appendChild(stateElement("strong", this.machine, current));
    const possible = this.live.possibleEvents(MAIN_SCENE);
    this.eventBox.querySelectorAll("button[data-event]").forEach(function (b) {
      b.disabled = possible.indexOf(b.getAttribute("data-event")) < 0;
    });
    if (!possible.length) this.stateLine.appendChild(document.createTextNode(" " + t("exerciseNoEvents")));
  };

  // ---------------------------------------------------------------------------
  // A tutorial's progress

  function Progress(article) {
    this.article = article;
    this.key = STORAGE_PREFIX + article.getAttribute("data-tutorial");
    this.done = new Set(this.load());
    this.steps = Array.prototype.slice.call(article.querySelectorAll("li.tutorial-step"));
    this.box = article.querySelector("[data-tutorial-progress]");
    const self = this;
    // The table of contents lists the steps: a done step is marked there too, so a reader coming
    // back sees at once which steps are left.
    this.tocLinks = {};
    const links = document.querySelectorAll(".toc a[href^='#']");
    this.steps.forEach(function (step) {
      const heading = step.querySelector("h2[id]");
      if (!heading) return;
      for (let i = 0; i < links.length; i++) {
        if (links[i].getAttribute("href").slice(1) === heading.id) { self.tocLinks[step.id] = links[i]; break; }
      }
    });
    this.steps.forEach(function (step) {
      const mark = step.querySelector("[data-step-done]");
      if (!mark) return;
      mark.parentNode.hidden = false;
      mark.addEventListener("click", function () {
        const id = step.id;
        if (self.done.has(id)) self.done.delete(id); else self.done.add(id);
        self.save();
        self.update();
      });
    });
    if (this.box) {
      this.box.hidden = false;
      const reset = this.box.querySelector("[data-progress-reset]");
      if (reset) reset.addEventListener("click", function () {
        self.done.clear();
        self.save();
        self.update();
      });
    }
    this.update();
  }

  Progress.prototype.load = function () {
    try {
      const value = JSON.parse(window.localStorage.getItem(this.key) || "[]");
      return Array.isArray(value) ? value.filter(function (v) { return typeof v === "string"; }) : [];
    } catch (e) {
      return [];
    }
  };

  Progress.prototype.save = function () {
    try {
      window.localStorage.setItem(this.key, JSON.stringify(Array.from(this.done)));
    } catch (e) {
      // Storage may be off (private mode, file:// in some browsers): progress lasts for the visit.
    }
  };

  Progress.prototype.mark = function (id) {
    if (this.done.has(id)) return;
    this.done.add(id);
    this.save();
    this.update();
  };

  Progress.prototype.stepDone = function (step) {
    const exercises = step.querySelectorAll("figure.exercise[data-exercise]");
    const self = this;
    if (!exercises.length) return this.done.has(step.id);
    return Array.prototype.every.call(exercises, function (f) { return self.done.has(f.id); });
  };

  Progress.prototype.update = function () {
    const self = this;
    let count = 0;
    this.steps.forEach(function (step) {
      const done = self.stepDone(step);
      if (done) count++;
      step.classList.toggle("done", done);
      const mark = step.querySelector("[data-step-done]");
      if (mark) mark.setAttribute("aria-pressed", done ? "true" : "false");
      const link = self.tocLinks[step.id];
      if (!link) return;
      link.classList.toggle("step-done", done);
      // The ✓ is CSS; its words are for screen readers.
      let note = link.querySelector(".step-done-note");
      if (done && !note) {
        note = el("span", "visually-hidden step-done-note", " (" + t("tutorialStepCompleted") + ")");
        link.appendChild(note);
      } else if (!done && note) {
        note.remove();
      }
    });
    this.article.querySelectorAll("figure.exercise[data-exercise]").forEach(function (f) {
      f.classList.toggle("solved", self.done.has(f.id));
    });
    this.saveSummary(count);
    if (!this.box) return;
    const bar = this.box.querySelector("[data-tutorial-progress] progress");
    if (bar) bar.value = count;
    const text = this.box.querySelector("[data-progress-count]");
    if (text) text.textContent = format(text.getAttribute("data-label-progress") || "{done}/{total}", { done: count, total: this.steps.length });
    this.box.setAttribute("data-done", String(count));
  };

  // How many steps are done, for the tutorials home (`site.js`), which does not know the steps' exercises.
  Progress.prototype.saveSummary = function (count) {
    try {
      window.localStorage.setItem(SUMMARY_PREFIX + this.article.getAttribute("data-tutorial"),
        JSON.stringify({ done: count, total: this.steps.length }));
    } catch (e) {
      // As in save: progress lasts for the visit.
    }
  };

  // ---------------------------------------------------------------------------
  // Start

  function start() {
    const source = document.querySelector("script#ld-exercise-strings");
    try {
      strings = source ? JSON.parse(source.textContent) : {};
    } catch (e) {
      strings = {};
    }
    const article = document.querySelector("article[data-tutorial]");
    const progress = article ? new Progress(article) : null;
    if (!window.LIFECYCLE_MODEL || !window.LifecycleDocs) return;
    document.querySelectorAll("figure.exercise[data-exercise]").forEach(function (figure) { new Exercise(figure, progress); });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
