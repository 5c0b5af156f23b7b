import Diagrams
import Encoding
import LifecycleMachines
import LifecycleModel
import SiteContent

/// `assets/model-names-<lang>.<hash>.js`: the model's display names in one language for the
/// player and the playground, which build text in the browser from the exported model. A script
/// (not JSON) so it loads from file:// too; one per language, so a page loads only its own.
///
/// `window.LIFECYCLE_NAMES = {"lang", "machines": {id: {"title", "titleEn", "states": {id: {"name", "en"}},
/// "events": {id: {"name", "summary"}}, "diagram"}}, "process": {"label", "states": {id: name}}, "archived"}`;
/// `en` (and `titleEn`) say the name is the model's English one, to be marked `lang="en"`; `diagram` is
/// the machine's state diagram as markup (`PreparedDiagram.geometry`), which player.js copies into
/// an article's figures in place of the geometry file they draw.
package enum ModelNamesScript {
    package static func assetName(_ lang: String) -> String { "model-names-\(lang).js" }

    package static func script(strings: UIStrings, lang: String, machines: [Machine] = Machines.all) -> String {
        let names = ModelNames(strings: strings, lang: lang)
        var byMachine = JSON.Object()
        for machine in machines {
            let title = names.title(machine)
            var states = JSON.Object()
            for state in machine.states {
                let name = names.state(machine, state.id)
                var entry = JSON.Object()
                entry.add("name", name.text)
                entry.add("en", name.english)
                states.add(state.id, raw: entry.text)
            }
            var events = JSON.Object()
            for event in machine.events {
                var entry = JSON.Object()
                entry.add("name", names.event(event.id).text)
                entry.add("summary", names.summary(machine, event.id))
                events.add(event.id, raw: entry.text)
            }
            var object = JSON.Object()
            object.add("title", title.text)
            object.add("titleEn", title.english)
            object.add("states", raw: states.text)
            object.add("events", raw: events.text)
            object.add("diagram", names.diagram(machine).geometry)
            byMachine.add(machine.id, raw: object.text)
        }
        var process = JSON.Object()
        process.add("label", names.string("process"))
        var processStates = JSON.Object()
        for state in [ProcessState.notRunning, .running, .suspended] { processStates.add(state.rawValue, names.process(state)) }
        process.add("states", raw: processStates.text)
        var root = JSON.Object()
        root.add("lang", lang)
        root.add("machines", raw: byMachine.text)
        root.add("process", raw: process.text)
        root.add("archived", names.string("archived"))
        return "window.LIFECYCLE_NAMES = " + root.text + ";\n"
    }
}
