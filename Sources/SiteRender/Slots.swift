import Glibc
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
        guard let first = slot.first, let base = bytes.baseAddress else { return [0..<bytes.count] }
        var pieces: [Range<Int>] = []
        var start = 0
        var i = 0
        // memchr finds the slot's first byte (a page or figure has few): a byte loop cost more than the rendering.
        while i + slot.count <= bytes.count {
            guard let hit = memchr(base + i, Int32(first), bytes.count - slot.count + 1 - i) else { break }
            let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
            if memcmp(base + at, slot, slot.count) == 0 {
                pieces.append(start..<at)
                i = at + slot.count
                start = i
            } else {
                i = at + 1
            }
        }
        pieces.append(start..<bytes.count)
        return pieces
    }
}
