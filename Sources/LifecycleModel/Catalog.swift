/// The four machines, by id; their definitions are one file each under Machines/.
/// (Not named after the module, so that `LifecycleModel.Machine` still names the module's type.)
public enum Machines {
    public static let all: [Machine] = [iosApp, iosScene, swiftUI, androidActivity]

    public static func machine(_ id: String) -> Machine? { all.first { $0.id == id } }

    public static var ids: [String] { all.map(\.id) }
}
