/// Plane geometry for the layout, without Foundation. Every number written to
/// the SVG goes through `Num.format`, so the output is the same bytes everywhere.
struct Point: Hashable {
    var x: Double
    var y: Double

    static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }

    var length: Double { (x * x + y * y).squareRoot() }
    func midpoint(_ other: Point) -> Point { Point(x: (x + other.x) / 2, y: (y + other.y) / 2) }
}

enum Num {
    /// A coordinate rounded to one decimal, without a trailing ".0": "12", "12.5", "-3.2".
    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        let whole = magnitude / 10, fraction = magnitude % 10
        return sign + String(whole) + (fraction == 0 ? "" : "." + String(fraction))
    }

    static func format(_ p: Point) -> String { format(p.x) + " " + format(p.y) }

    /// Sine and cosine by Taylor series after range reduction: deterministic, no libm.
    static func sinCos(_ angle: Double) -> (sin: Double, cos: Double) {
        let twoPi = 2 * Double.pi
        var a = angle - twoPi * (angle / twoPi).rounded(.down)
        if a > Double.pi { a -= twoPi }
        var sin = 0.0, cos = 0.0
        var term = a
        for n in 0..<16 {
            sin += term
            term *= -a * a / Double((2 * n + 2) * (2 * n + 3))
        }
        term = 1
        for n in 0..<16 {
            cos += term
            term *= -a * a / Double((2 * n + 1) * (2 * n + 2))
        }
        return (sin, cos)
    }
}

/// A state's box: a rounded rectangle around one or two lines of text.
struct NodeBox {
    static let fontSize = 14.0
    static let lineHeight = 17.0
    static let paddingX = 14.0
    static let paddingY = 9.0
    static let minWidth = 84.0
    /// Labels wider than this are wrapped at the space nearest their middle.
    static let wrapWidth = 118.0

    let id: String
    let lines: [String]
    let center: Point
    let halfWidth: Double
    let halfHeight: Double

    init(id: String, label: String, center: Point) {
        self.id = id
        self.center = center
        let lines = NodeBox.wrap(label)
        self.lines = lines
        let textWidth = lines.map(NodeBox.estimatedWidth).max() ?? 0
        halfWidth = max(NodeBox.minWidth, textWidth + 2 * NodeBox.paddingX) / 2
        halfHeight = (Double(lines.count) * NodeBox.lineHeight + 2 * NodeBox.paddingY) / 2
    }

    var minX: Double { center.x - halfWidth }
    var maxX: Double { center.x + halfWidth }
    var minY: Double { center.y - halfHeight }
    var maxY: Double { center.y + halfHeight }

    /// Where the ray from the centre towards `target` leaves the box, moved `gap` further out.
    func boundary(toward target: Point, gap: Double = 0) -> Point {
        let d = target - center
        let length = d.length
        guard length > 0 else { return center }
        let tx = d.x == 0 ? Double.infinity : halfWidth / abs(d.x)
        let ty = d.y == 0 ? Double.infinity : halfHeight / abs(d.y)
        let t = min(tx, ty) + gap / length
        return center + d * t
    }

    /// Text width in user units at 14px, from rough per-character advances of a sans-serif face.
    static func estimatedWidth(_ text: String) -> Double {
        var width = 0.0
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ": width += 4.0
            case "i", "l", "j", "I", "!", "|", ".", ",", ":", ";", "'": width += 4.0
            case "(", ")", "[", "]", "f", "t", "r": width += 5.0
            case "m", "w": width += 11.5
            case "M", "W": width += 13.0
            case "A"..."Z": width += 9.8
            case "0"..."9": width += 8.0
            case "a"..."z": width += 7.9
            default: width += scalar.value > 0x2E80 ? 14.0 : 8.4 // wide scripts, then others
            }
        }
        return width
    }

    static func wrap(_ label: String) -> [String] {
        guard estimatedWidth(label) > wrapWidth else { return [label] }
        let scalars = Array(label.unicodeScalars)
        let spaces = scalars.indices.filter { scalars[$0] == " " }
        guard !spaces.isEmpty else { return [label] }
        let middle = Double(scalars.count) / 2
        let cut = spaces.min { abs(Double($0) - middle) < abs(Double($1) - middle) }!
        var first = String.UnicodeScalarView(), second = String.UnicodeScalarView()
        first.append(contentsOf: scalars[..<cut])
        second.append(contentsOf: scalars[(cut + 1)...])
        return [String(first), String(second)]
    }
}

/// A growing rectangle that every drawn thing is added to; it becomes the viewBox.
struct Bounds {
    var minX = Double.infinity, minY = Double.infinity
    var maxX = -Double.infinity, maxY = -Double.infinity

    mutating func add(_ p: Point) {
        minX = min(minX, p.x); minY = min(minY, p.y)
        maxX = max(maxX, p.x); maxY = max(maxY, p.y)
    }

    mutating func add(_ box: NodeBox) {
        add(Point(x: box.minX, y: box.minY))
        add(Point(x: box.maxX, y: box.maxY))
    }

    /// Samples a quadratic (3 points) or cubic (4 points) Bézier curve.
    mutating func addCurve(_ points: [Point]) {
        for i in 0...20 {
            let t = Double(i) / 20, u = 1 - t
            let p: Point
            if points.count == 3 {
                p = points[0] * (u * u) + points[1] * (2 * u * t) + points[2] * (t * t)
            } else {
                p = points[0] * (u * u * u) + points[1] * (3 * u * u * t) + points[2] * (3 * u * t * t) + points[3] * (t * t * t)
            }
            add(p)
        }
    }
}
