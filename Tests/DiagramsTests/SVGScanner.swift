/// A small scanner for the generated SVG (tests only): tags with their
/// attributes, and the text between them. It also checks well-formedness:
/// quoted attributes, balanced tags, no stray `<`, `>` or `&` in text.
struct ScannedElement {
    let name: String
    let attributes: [(name: String, value: String)]
    /// Raw text directly inside the element (children's text excluded).
    var text: String = ""
    var children: [Int] = []
    let parent: Int?

    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
    var classes: [String] { (attribute("class") ?? "").split(separator: " ").map(String.init) }
}

struct ScanError: Error, CustomStringConvertible {
    let description: String
}

struct ScannedDocument {
    var elements: [ScannedElement] = []

    init(_ markup: String) throws {
        let chars = Array(markup)
        var i = 0
        var stack: [Int] = []
        while i < chars.count {
            if chars[i] == "<" {
                guard let close = chars[i...].firstIndex(of: ">") else { throw ScanError(description: "unclosed tag at \(i)") }
                let inner = String(chars[(i + 1)..<close])
                i = close + 1
                if inner.hasPrefix("/") {
                    let name = String(inner.dropFirst())
                    guard let top = stack.popLast(), elements[top].name == name else {
                        throw ScanError(description: "unbalanced </\(name)>")
                    }
                    continue
                }
                let selfClosing = inner.hasSuffix("/")
                let body = selfClosing ? String(inner.dropLast()) : inner
                let (name, attributes) = try Self.parseTag(body)
                let element = ScannedElement(name: name, attributes: attributes, parent: stack.last)
                elements.append(element)
                let index = elements.count - 1
                if let parent = stack.last { elements[parent].children.append(index) }
                if !selfClosing { stack.append(index) }
            } else {
                let end = chars[i...].firstIndex(of: "<") ?? chars.count
                let text = String(chars[i..<end])
                if text.contains(">") { throw ScanError(description: "raw > in text: \(text)") }
                try Self.checkEntities(text)
                if let top = stack.last { elements[top].text += text } else if !text.allSatisfy(\.isWhitespace) {
                    throw ScanError(description: "text outside the root: \(text)")
                }
                i = end
            }
        }
        if !stack.isEmpty { throw ScanError(description: "unclosed <\(elements[stack.last!].name)>") }
    }

    static func parseTag(_ body: String) throws -> (String, [(name: String, value: String)]) {
        let chars = Array(body)
        var i = 0
        while i < chars.count, !chars[i].isWhitespace { i += 1 }
        let name = String(chars[0..<i])
        var attributes: [(name: String, value: String)] = []
        while i < chars.count {
            while i < chars.count, chars[i].isWhitespace { i += 1 }
            if i >= chars.count { break }
            let start = i
            while i < chars.count, chars[i] != "=", !chars[i].isWhitespace { i += 1 }
            let attrName = String(chars[start..<i])
            if i >= chars.count || chars[i] != "=" {
                attributes.append((attrName, "")) // boolean attribute
                continue
            }
            i += 1
            guard i < chars.count, chars[i] == "\"" else { throw ScanError(description: "unquoted attribute \(attrName) in <\(name)>") }
            i += 1
            let valueStart = i
            while i < chars.count, chars[i] != "\"" { i += 1 }
            guard i < chars.count else { throw ScanError(description: "unterminated attribute \(attrName)") }
            let raw = String(chars[valueStart..<i])
            if raw.contains("<") { throw ScanError(description: "raw < in attribute \(attrName)") }
            try checkEntities(raw)
            attributes.append((attrName, unescape(raw)))
            i += 1
        }
        return (name, attributes)
    }

    static let entities = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'"]

    static func checkEntities(_ text: String) throws {
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            let tail = rest[amp...]
            guard entities.keys.contains(where: { tail.hasPrefix($0) }) else {
                throw ScanError(description: "bare & in \(text)")
            }
            rest = rest[rest.index(after: amp)...]
        }
    }

    static func unescape(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let tail = rest[amp...]
            let (entity, value) = entities.first { tail.hasPrefix($0.key) }!
            out += value
            rest = tail.dropFirst(entity.count)
        }
        return out + rest
    }

    /// The text of an element and all its descendants.
    func fullText(_ index: Int) -> String {
        Self.unescape(elements[index].text) + elements[index].children.map { fullText($0) }.joined()
    }

    func all(_ name: String, withClass cls: String? = nil) -> [Int] {
        elements.indices.filter { elements[$0].name == name && (cls == nil || elements[$0].classes.contains(cls!)) }
    }

    func child(_ index: Int, named name: String) -> Int? {
        elements[index].children.first { elements[$0].name == name }
    }
}
