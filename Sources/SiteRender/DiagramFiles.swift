import Diagrams
import LifecycleModel
import SiteContent

/// `assets/diagram-<machine>-<lang>.<hash>.svg`: a machine's state diagram without a path, in one
/// language's labels (`PreparedDiagram.document`). Every figure of the machine on every page of the
/// language draws it with `<image>`, so the geometry travels once per site instead of in every page.
package enum DiagramFiles {
    package static func assetName(machine: String, lang: String) -> String { "diagram-\(machine)-\(lang).svg" }

    package static func document(strings: UIStrings, lang: String, machine: Machine) -> String {
        ModelNames(strings: strings, lang: lang).diagram(machine).document
    }
}
