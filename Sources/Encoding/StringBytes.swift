extension String {
    /// Calls `body` with the string's UTF-8 bytes, read where they are. `withUTF8` needs a
    /// `var`, and the copy made for it retained and released the string's storage: a pair of
    /// atomic operations per call, on paths that escape or hash thousands of values a page.
    /// A string without contiguous UTF-8 (bridged from elsewhere) is copied as before.
    @inlinable
    public func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
