import CYAML

/// The only code that touches libyaml. It owns a parser over a UTF-8 buffer
/// that must outlive it, copies every event into Swift values right away and
/// frees each event and, in `deinit`, the parser, on every path.
struct EventReader: ~Copyable {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private var marks: MarkConverter

    /// `bytes` must not start with a byte order mark: libyaml would skip it
    /// without counting it in its marks.
    init(bytes: UnsafeBufferPointer<UInt8>) throws(YAMLError) {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        guard yaml_parser_initialize(parser) != 0 else {
            parser.deallocate()
            throw YAMLError(mark: YAMLMark(line: 1, column: 1), message: "out of memory")
        }
        // A fixed encoding stops libyaml from reading a UTF-16 byte order mark in `parse(bytes:)`.
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, bytes.baseAddress, bytes.count)
        self.parser = parser
        self.marks = MarkConverter(bytes: bytes)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    mutating func next() throws(YAMLError) -> Event {
        var event = yaml_event_t()
        defer { yaml_event_delete(&event) }
        guard yaml_parser_parse(parser, &event) != 0 else { throw currentError() }
        switch event.type {
        case YAML_STREAM_START_EVENT:
            return .streamStart
        case YAML_STREAM_END_EVENT:
            return .streamEnd
        case YAML_DOCUMENT_START_EVENT:
            return .documentStart(mark(event.start_mark))
        case YAML_DOCUMENT_END_EVENT:
            return .documentEnd
        case YAML_ALIAS_EVENT:
            return .alias(anchor: Self.string(event.data.alias.anchor) ?? "", mark: mark(event.start_mark))
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let start = NodeStart(
                mark: mark(event.start_mark), anchor: Self.string(scalar.anchor), tag: Self.string(scalar.tag),
                style: Self.style(scalar.style))
            return .scalar(text, start)
        case YAML_SEQUENCE_START_EVENT:
            let sequence = event.data.sequence_start
            return .sequenceStart(NodeStart(
                mark: mark(event.start_mark), anchor: Self.string(sequence.anchor), tag: Self.string(sequence.tag),
                style: sequence.style == YAML_FLOW_SEQUENCE_STYLE ? .flow : .block))
        case YAML_SEQUENCE_END_EVENT:
            return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let mapping = event.data.mapping_start
            return .mappingStart(NodeStart(
                mark: mark(event.start_mark), anchor: Self.string(mapping.anchor), tag: Self.string(mapping.tag),
                style: mapping.style == YAML_FLOW_MAPPING_STYLE ? .flow : .block))
        case YAML_MAPPING_END_EVENT:
            return .mappingEnd
        default:
            // libyaml emits YAML_NO_EVENT only after the stream end, which we never read past.
            throw YAMLError(mark: mark(event.start_mark), message: "unexpected parser event")
        }
    }

    private mutating func mark(_ mark: yaml_mark_t) -> YAMLMark {
        marks.mark(index: Int(mark.index), line: Int(mark.line), column: Int(mark.column))
    }

    /// The parser's error in the format documented on `YAMLError`.
    private mutating func currentError() -> YAMLError {
        let state = parser.pointee
        let problem = Self.string(state.problem) ?? "unknown error"
        switch state.error {
        case YAML_MEMORY_ERROR:
            return YAMLError(mark: YAMLMark(line: 1, column: 1), message: "out of memory")
        case YAML_READER_ERROR:
            // Reader errors carry a byte offset and the bad value, not a mark.
            var message = problem
            if state.problem_value >= 0 {
                message += " (#x" + Self.hex(state.problem_value) + ")"
            }
            return YAMLError(mark: marks.mark(byteOffset: Int(state.problem_offset)), message: message)
        default:
            let problemMark = mark(state.problem_mark)
            guard let context = Self.string(state.context) else {
                return YAMLError(mark: problemMark, message: problem)
            }
            let contextMark = mark(state.context_mark)
            let prefix = contextMark == problemMark ? context : "\(context) at \(contextMark)"
            return YAMLError(mark: problemMark, message: "\(prefix): \(problem)")
        }
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafePointer($0)) }
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    /// Upper-case hex with at least two digits, as in `#xFF`.
    private static func hex(_ value: Int32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }
}
