/// Parses YAML config files and front matter: the plain subset they are written in by
/// `BlockSubsetParser`, anything else with libyaml. (Not named after the module, so
/// that `YAML.YAMLNode` and the module's other types can always be named through it.)
public enum YAMLParser {
    /// Parses one YAML document. Returns nil when the text holds no document
    /// (empty, or only comments); an explicit `---` with nothing after it
    /// gives an empty plain scalar (`isNull`).
    public static func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
        var text = text
        return try text.withUTF8 { parse(utf8: $0) }.get()
    }

    /// Parses UTF-8 bytes; invalid UTF-8 is reported as a `YAMLError` with the
    /// position of the first bad byte.
    public static func parse(bytes: [UInt8]) throws(YAMLError) -> YAMLNode? {
        try bytes.withUnsafeBufferPointer { parse(utf8: $0) }.get()
    }

    private static func parse(utf8 input: UnsafeBufferPointer<UInt8>) -> Result<YAMLNode?, YAMLError> {
        // Strip a UTF-8 byte order mark ourselves so libyaml's marks and ours
        // count from the same place.
        let hasBOM = input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF
        let bytes = hasBOM ? UnsafeBufferPointer(rebasing: input[3...]) : input
        // libyaml asserts on a null buffer, which an empty input may have.
        guard !bytes.isEmpty else { return .success(nil) }
        if let root = BlockSubsetParser.parse(bytes) { return .success(root) }
        return parseWithLibYAML(bytes)
    }

    /// libyaml's parse of `bytes` (no byte-order mark, not empty): every text outside
    /// `BlockSubsetParser`'s subset, and its reference in tests.
    static func parseWithLibYAML(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<YAMLNode?, YAMLError> {
        do throws(YAMLError) {
            var reader = try EventReader(bytes: bytes)
            var builder = TreeBuilder()
            while try !builder.consume(reader.next()) {}
            return .success(builder.root)
        } catch {
            return .failure(error)
        }
    }
}
