import Diagrams
import Encoding
import LifecycleMachines
import LifecycleModel
import Mustache
import SiteContent

/// The model reference: a page per language that lists the machines and says what each
/// confidence means, and a page per machine with its states, events and every transition, each
/// with its conditions, confidence and official sources. What the build verifies the pages
/// against is thus open to the reader, in the reader's language.
extension PageContexts {
    /// `<lang>/model/`: the machines, and the confidence levels.
    package func modelReference(_ lang: String) -> MustacheValue {
        let dir = SiteLinks.modelDir(lang)
        var context = common(
            lang: lang, dir: dir, title: strings.string("modelTitle", lang: lang), description: strings.string("modelIntro", lang: lang),
            alternates: modelAlternates(machine: nil).map(alternate),
            switcher: switcher(lang: lang, dir: dir) { SiteLinks.modelDir($0) })
        let names = ModelNames(strings: strings, lang: lang)
        context["machines"] = .array(Machines.all.map { machine in
            .object([
                "id": .string(machine.id),
                "title": names.value(names.title(machine)),
                "platforms": Self.platforms(machine),
                "href": .string(SiteLinks.link(from: dir, to: SiteLinks.machineDir(lang, machine.id))),
                "states": .string(LocalFormat.number(machine.states.count, lang: lang)),
                "events": .string(LocalFormat.number(machine.events.count, lang: lang)),
                "transitions": .string(LocalFormat.number(machine.transitions.count, lang: lang)),
            ])
        })
        context["confidences"] = .array(Confidence.allCases.map { confidence in
            .object([
                "confidence": .string(confidence.rawValue),
                "label": .string(strings.string(ExerciseFigure.confidenceKey(confidence), lang: lang)),
                "meaning": .string(strings.string(Self.meaningKey(confidence), lang: lang)),
            ])
        })
        return .object(context)
    }

    /// `<lang>/model/<machine>/`: one machine whole.
    package func machineReference(_ machine: Machine, lang: String) -> MustacheValue {
        let dir = SiteLinks.machineDir(lang, machine.id)
        let names = ModelNames(strings: strings, lang: lang)
        var context = common(
            lang: lang, dir: dir, title: names.title(machine).text, description: strings.string("modelMachineIntro", lang: lang),
            alternates: modelAlternates(machine: machine.id).map(alternate),
            switcher: switcher(lang: lang, dir: dir) { SiteLinks.machineDir($0, machine.id) })
        let text = { (key: String) in strings.string(key, lang: lang) }
        context["machine"] = .object([
            "id": .string(machine.id),
            "title": names.value(names.title(machine)),
            "platforms": Self.platforms(machine),
            "diagram": .string(StateDiagram.svg(for: machine, idPrefix: "ref-\(machine.id)", labels: names.diagramLabels(machine))),
        ])
        context["confidences"] = .array(Confidence.allCases.compactMap { confidence in
            let count = machine.transitions.count { $0.confidence == confidence }
            guard count > 0 else { return nil }
            return .object([
                "confidence": .string(confidence.rawValue),
                "label": .string(text(ExerciseFigure.confidenceKey(confidence))),
                "count": .string(LocalFormat.number(count, lang: lang)),
            ])
        })
        context["states"] = .array(machine.states.map { state in
            .object([
                "id": .string(state.id),
                "name": names.value(names.state(machine, state.id)),
                "initial": .bool(state.id == machine.initialState),
            ])
        })
        context["events"] = .array(machine.events.map { event in
            .object([
                "id": .string(event.id),
                "name": names.value(names.event(event.id)),
                "summary": .string(names.summary(machine, event.id)),
            ])
        })
        context["groups"] = .array(machine.states.compactMap { state in
            let transitions = machine.transitions.filter { $0.from == state.id }
            guard !transitions.isEmpty else { return nil }
            return .object([
                "id": .string("from-" + state.id),
                "name": names.value(names.state(machine, state.id)),
                "transitions": .array(transitions.map { transitionValue($0, machine: machine, names: names, text: text) }),
            ])
        })
        context["aggregate"] = machine.aggregateRule.map { Self.aggregate($0, machine: machine, names: names, text: text) } ?? .bool(false)
        context["hasOmitted"] = .bool(!machine.omitted.isEmpty)
        context["omitted"] = .array(names.omitted(machine).map { row, reason in
            .object(["row": .string(row), "reasonHTML": .string(Self.noteHTML(reason))])
        })
        context["sources"] = .array(Set(machine.transitions.flatMap(\.sources)).sorted().compactMap { tag in
            guard let source = SourceIndex.source(tag) else { return nil }
            return .object([
                "tag": .string(tag),
                "anchor": .string(Self.sourceAnchor(tag)),
                "url": .string(source.url),
                "title": .string(source.officialTitle),
                "archived": .bool(source.archived),
            ])
        })
        return .object(context)
    }

    /// hreflang links of the model reference (`machine` nil) or of a machine's page.
    package func modelAlternates(machine: String?) -> [Alternate] {
        let dir = { (lang: String) in machine.map { SiteLinks.machineDir(lang, $0) } ?? SiteLinks.modelDir(lang) }
        return config.languages.map { Alternate(hreflang: $0.code, url: links.absolute(dir($0.code))) }
            + [Alternate(hreflang: "x-default", url: links.absolute(dir(config.defaultLanguage)))]
    }

    /// The machine's platform as the homes' badges list it: none for a machine of no platform.
    static func platforms(_ machine: Machine) -> MustacheValue {
        .array(machine.platform.isEmpty ? [] : [.string(machine.platform)])
    }

    /// A model sentence as HTML: escaped, the official English it quotes (`[words]{lang=en}`)
    /// in a `<span lang="en">` for screen readers; escaped whole when its marks cannot be read
    /// (the loader has reported them).
    static func noteHTML(_ note: String) -> String {
        guard let parts = ModelNames.quotedEnglish(in: note) else { return HTML.escape(note) }
        return parts.map { part in
            part.english ? "<span lang=\"en\">" + HTML.escape(String(part.text)) + "</span>" : HTML.escape(String(part.text))
        }.joined()
    }

    /// How a multi-scene machine's app-level state follows from its scenes', as the rule is
    /// applied: `ignored` (the states whose scenes do not count, as names) and `rows`, each a
    /// condition (`text`, `names` as in `conditions`) and the state it gives (`value`, a name).
    static func aggregate(_ rule: AggregateRule, machine: Machine, names: ModelNames, text: (String) -> String) -> MustacheValue {
        let or = " " + text("conditionOr") + " "
        func states(_ ids: [String]) -> MustacheValue { listed(ids.map { names.state(machine, $0) }, first: " ", or: or) }
        func processes(_ states: [ProcessState]) -> MustacheValue {
            listed(states.map { DisplayName(names.process($0), english: false) }, first: " ", or: or)
        }
        func row(_ key: String, _ listed: MustacheValue, _ value: String) -> MustacheValue {
            .object(["text": .string(text(key)), "names": listed, "value": names.value(names.state(machine, value))])
        }
        var rows: [MustacheValue] = []
        // No scene counts: the value by the process's state where the rule names one, else `none`.
        let byProcess = ModelNames.processStates.compactMap { state in rule.noneByProcess[state].map { (state, $0) } }
        var values: [String] = []
        for (_, value) in byProcess where !values.contains(value) { values.append(value) }
        for value in values {
            rows.append(row("modelAggregateNoneProcess", processes(byProcess.filter { $0.1 == value }.map(\.0)), value))
        }
        let others = ModelNames.processStates.filter { rule.noneByProcess[$0] == nil }
        if byProcess.isEmpty {
            rows.append(row("modelAggregateNone", .array([]), rule.none))
        } else if !others.isEmpty {
            rows.append(row("modelAggregateNoneProcess", processes(others), rule.none))
        }
        for test in rule.cases {
            rows.append(row(test.quantifier == .any ? "modelAggregateAny" : "modelAggregateAll", states(test.states), test.value))
        }
        rows.append(row("modelAggregateOtherwise", .array([]), rule.otherwise))
        return .object(["ignored": states(rule.ignored), "rows": .array(rows)])
    }

    /// Names a condition lists, each `{text, en, separator}`: `first` before the first, `or`
    /// between the others.
    static func listed(_ shown: [DisplayName], first: String, or: String) -> MustacheValue {
        .array(shown.enumerated().map { index, name in
            .object(["text": .string(name.text), "en": .bool(name.english), "separator": .string(index == 0 ? first : or)])
        })
    }

    /// The id of a source's entry in a machine's list of sources: `source-AD-LC`.
    static func sourceAnchor(_ tag: String) -> String { "source-" + tag }

    /// The UI string that says what a confidence means (`modelConfidenceInferred`).
    static func meaningKey(_ confidence: Confidence) -> String {
        switch confidence {
        case .doc: "modelConfidenceDoc"
        case .docArchived: "modelConfidenceDocArchived"
        case .inferred: "modelConfidenceInferred"
        case .unconfirmed: "modelConfidenceUnconfirmed"
        }
    }

    /// A row of a machine's transitions: its event, the states it passes through, its
    /// callbacks, when it applies, how sure the documentation makes it, its sources and its note.
    private func transitionValue(_ transition: Transition, machine: Machine, names: ModelNames, text: (String) -> String) -> MustacheValue {
        .object([
            "eventID": .string(transition.event),
            "event": names.value(names.event(transition.event)),
            "unchanged": .bool(transition.states.isEmpty),
            "walk": names.walk(machine, transition.states),
            "calls": FigureShape.calls(transition.callbacks),
            "conditions": .array(Self.conditions(transition, machine: machine, names: names, text: text)),
            "confidence": .string(transition.confidence.rawValue),
            "confidenceLabel": .string(text(ExerciseFigure.confidenceKey(transition.confidence))),
            "row": .string(transition.row),
            "sources": .array(transition.sources.map { tag in
                .object(["tag": .string(tag), "href": .string("#" + Self.sourceAnchor(tag))])
            }),
            "noteHTML": names.note(transition).map { .string(Self.noteHTML($0)) } ?? .bool(false),
        ])
    }

    /// When a transition applies, one record a condition: `{text, code, names}`: words, an
    /// attribute value written as code (`orientation`), and names joined by "or" (process
    /// states, the other scenes' states, what covers the activity), each `{text, en, separator}`.
    static func conditions(_ transition: Transition, machine: Machine, names: ModelNames, text: (String) -> String) -> [MustacheValue] {
        let or = " " + text("conditionOr") + " "
        func condition(_ words: String, code: String? = nil, names shown: [DisplayName] = []) -> MustacheValue {
            .object([
                "text": .string(words),
                "code": code.map { .string($0) } ?? .bool(false),
                "names": listed(shown, first: words.isEmpty ? "" : " ", or: or),
            ])
        }
        var made: [MustacheValue] = transition.conditions.map { rule in
            switch rule {
            case .apiAtLeast(let level): condition("API ≥ \(level)")
            case .apiBelow(let level): condition("API < \(level)")
            case .targetSDKAtLeast(let level): condition("targetSdk ≥ \(level)")
            case .targetSDKBelow(let level): condition("targetSdk < \(level)")
            case .configHandled(let change): condition(text("conditionConfigHandled"), code: change)
            case .configNotHandled(let change): condition(text("conditionConfigNotHandled"), code: change)
            case .root(let root): condition(text(root ? "conditionRoot" : "conditionNotRoot"))
            case .process(let states):
                condition(
                    names.string("process") + ":",
                    names: ModelNames.processStates.filter(states.contains).map { DisplayName(names.process($0), english: false) })
            case .otherScenesIn(let states):
                condition(
                    text("conditionOtherScenes") + ":",
                    names: machine.states.filter { states.contains($0.id) }.map { names.state(machine, $0.id) })
            }
        }
        if let covered = transition.covered {
            made.append(condition("", names: Cover.allCases.filter(covered.contains).map { DisplayName(names.cover($0), english: false) }))
        }
        return made
    }
}
