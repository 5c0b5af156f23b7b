/// A libyaml parse event, copied into Swift values.
enum Event {
    case streamStart
    case streamEnd
    case documentStart(YAMLMark)
    case documentEnd
    case alias(anchor: String, mark: YAMLMark)
    case scalar(String, NodeStart)
    case sequenceStart(NodeStart)
    case sequenceEnd
    case mappingStart(NodeStart)
    case mappingEnd
}

/// What an event tells about the node it starts.
struct NodeStart {
    var mark: YAMLMark
    var anchor: String?
    var tag: String?
    var style: YAMLStyle
}
