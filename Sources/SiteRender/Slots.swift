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
        guard let first = slot.first else { return [0..<bytes.count] }
        var pieces: [Range<Int>] = []
        var start = 0
        var i = 0
        while i + slot.count <= bytes.count {
            if bytes[i] == first, bytes[i..<(i + slot.count)].elementsEqual(slot) {
                pieces.append(start..<i)
                i += slot.count
                start = i
            } else {
                i += 1
            }
        }
        pieces.append(start..<bytes.count)
        return pieces
    }
}
