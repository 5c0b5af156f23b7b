import Encoding
import SiteContent
import Translations

/// Placeholders in rendered text, found by bytes: pages and figures are rendered once
/// with a slot where a per-page value goes, then the value is put in.
package enum Slots {
    /// The byte ranges of `bytes` before, between and after the occurrences of `slot`.
    static func pieces(of bytes: [UInt8], between slot: String) -> [Range<Int>] {
        bytes.withUnsafeBufferPointer { pieces(of: $0, between: slot) }
    }

    package static func pieces(of bytes: UnsafeBufferPointer<UInt8>, between slot: String) -> [Range<Int>] {
        let slot = Array(slot.utf8)
        guard !slot.isEmpty else { return [0..<bytes.count] }
        var pieces: [Range<Int>] = []
        var start = 0
        slot.withUnsafeBufferPointer { slot in
            while let at = ByteSearch.firstIndex(of: slot, in: bytes, range: start..<bytes.count) {
                pieces.append(start..<at)
                start = at + slot.count
            }
        }
        pieces.append(start..<bytes.count)
        return pieces
    }
}
