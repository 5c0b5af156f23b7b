/// Lines of tab-separated fields read in place: each line's fields as ranges of the bytes, so
/// that a reader makes Strings only of the fields it keeps (the build cache, the search
/// index's state).
public struct TabSeparatedLines {
    private let bytes: ArraySlice<UInt8>
    /// Where the next line starts; a reader that finds a block of bytes after a line moves it on.
    public var position: Int

    public init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    /// Puts the next line's fields (cut at tabs; the line at "\n" or the end) in `fields`;
    /// false after the last line.
    public mutating func next(into fields: inout [Range<Int>]) -> Bool {
        guard position < bytes.endIndex else { return false }
        let lineEnd = bytes[position...].firstIndex(of: 10) ?? bytes.endIndex
        fields.removeAll(keepingCapacity: true)
        var fieldStart = position
        for index in position..<lineEnd where bytes[index] == 9 {
            fields.append(fieldStart..<index)
            fieldStart = index + 1
        }
        fields.append(fieldStart..<lineEnd)
        position = lineEnd + 1
        return true
    }
}
