import Testing
import YAML

/// Parses text that must hold a document.
func document(_ text: String) throws -> YAMLNode {
    try #require(try YAMLParser.parse(text))
}

/// The error parsing `text` raises, or nil if it parses.
func parseError(_ text: String) -> YAMLError? {
    do {
        _ = try YAMLParser.parse(text)
        return nil
    } catch {
        return error
    }
}

func parseError(bytes: [UInt8]) -> YAMLError? {
    do {
        _ = try YAMLParser.parse(bytes: bytes)
        return nil
    } catch {
        return error
    }
}

func mark(_ line: Int, _ column: Int) -> YAMLMark {
    YAMLMark(line: line, column: column)
}
