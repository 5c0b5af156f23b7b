import LifecycleModel

/// Where a self-loop sits on its node.
enum LoopSide: Sendable {
    case top, bottom, left, right
}

/// Hand-tuned positions (node centres, in SVG user units) for one machine.
struct Layout {
    var positions: [String: Point]
    /// Curvature of particular edges: the offset of the curve's middle from the
    /// straight line, positive to the right of the direction of travel (y down).
    /// Edges not listed are straight, or bent by `pairBend` when the opposite edge exists.
    var bends: [Edge: Double] = [:]
    var loops: [String: LoopSide] = [:]

    static let pairBend = 12.0
}

enum Layouts {
    /// The hand-tuned layout of a known machine, or its states on a circle.
    static func layout(for machine: Machine) -> Layout {
        if let layout = tuned[machine.id], machine.states.allSatisfy({ layout.positions[$0.id] != nil }) {
            return layout
        }
        return circle(machine.states.map(\.id))
    }

    /// States evenly on a circle, the first at the top, clockwise.
    static func circle(_ ids: [String]) -> Layout {
        let radius = max(110.0, Double(ids.count) * 30)
        var positions: [String: Point] = [:]
        for (i, id) in ids.enumerated() {
            let angle = -Double.pi / 2 + 2 * Double.pi * Double(i) / Double(max(ids.count, 1))
            let (sin, cos) = Num.sinCos(angle)
            positions[id] = Point(x: radius * cos, y: radius * sin)
        }
        return Layout(positions: positions)
    }

    private static func e(_ from: String, _ to: String) -> Edge { Edge(from: from, to: to) }
    private static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    static let tuned: [String: Layout] = [
        // Not Running on top; the foreground pair; the background pair below.
        // Launches into and deaths from the background go round the outside.
        "ios-app": Layout(
            positions: [
                "notRunning": p(200, 40),
                "inactive": p(110, 150), "active": p(300, 150),
                "background": p(110, 270), "suspended": p(300, 270),
            ],
            bends: [
                e("notRunning", "background"): 150, e("background", "notRunning"): -100,
                e("suspended", "notRunning"): 90,
                e("active", "notRunning"): 10,
            ]),
        // Unattached on top (the start, and where a dead process leaves every scene).
        "ios-scene": Layout(
            positions: [
                "unattached": p(200, 40),
                "foregroundInactive": p(110, 160), "foregroundActive": p(300, 160),
                "background": p(110, 290),
            ],
            bends: [
                e("unattached", "background"): 150, e("background", "unattached"): -100,
            ],
            loops: ["unattached": .right, "background": .bottom]),
        "swiftui": Layout(
            positions: [
                "noScene": p(200, 40),
                "inactive": p(110, 150), "active": p(300, 150),
                "background": p(110, 270),
            ],
            bends: [
                e("background", "noScene"): -140,
            ]),
        // androidx's ladder, top to bottom; the two ends of an instance on either side.
        "android-activity": Layout(
            positions: [
                "initialized": p(200, 40),
                "created": p(200, 180),
                "started": p(200, 285),
                "resumed": p(200, 390),
                "processDead": p(82, 110),
                "destroyed": p(330, 110),
            ],
            loops: ["resumed": .right]),
    ]
}
