import LifecycleModel

/// The four machines, by id; their definitions are one file each in this module (the engine
/// that runs them is LifecycleModel). Not named after the module, so the name stays unambiguous.
public enum Machines {
    public static let all: [Machine] = [iosApp, iosScene, swiftUI, androidActivity]

    public static func machine(_ id: String) -> Machine? { all.first { $0.id == id } }

    public static var ids: [String] { all.map(\.id) }
}
