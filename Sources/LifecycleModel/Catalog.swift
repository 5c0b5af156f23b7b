/// The four machines, by id.
public enum LifecycleModel {
    public static let machines: [Machine] = [Machines.iosApp, Machines.iosScene, Machines.swiftUI, Machines.androidActivity]

    public static func machine(_ id: String) -> Machine? { machines.first { $0.id == id } }

    public static var machineIDs: [String] { machines.map(\.id) }
}

/// The machine definitions, one file each under Machines/.
public enum Machines {}
