import Encoding
import Scenarios
import SiteContent
import Translations

/// The HTML of a run of prose that holds arrow chains the model judged: each chain marked
/// and, outside a link, linked to its entry in the page's list of verified chains.
enum ChainMarkup {
    /// `chains` are those of `text`, in order (`Verification.chains(in:)`).
    /// `machineTitle` names a machine (by id) in the page's language, for the tooltip.
    /// Written as bytes, which the page's render takes uncopied: built as a `String`, its
    /// appends and the text's walk by Characters cost about 10,000 instructions a chain.
    static func html(
        _ text: String, chains: ArraySlice<ProseChain>, insideLink: Bool, title: String, machineTitle: (String) -> String
    ) -> ByteOutput {
        var out = ByteOutput(capacity: text.utf8.count + 256 * chains.count)
        text.withUTF8Bytes { bytes in
            // Chains count Characters: the text is walked once, from one chain to the next, and the
            // prose between them copied as byte runs.
            var written = 0
            var position = 0
            for chain in chains {
                let start = utf8Offset(chain.start - written, charactersAfter: position, in: text, bytes: bytes)
                HTML.append(escaping: UnsafeBufferPointer(rebasing: bytes[position..<start]), to: &out)
                out.append(utf8: insideLink ? "<span class=\"" : "<a class=\"")
                out.append(utf8: chain.ok ? "chain\"" : "chain chain-invalid\"")
                if !insideLink {
                    out.append(utf8: " href=\"#chain-")
                    out.append(atMost: DecimalDigits.maxCount) { DecimalDigits.write(chain.number, into: $0) }
                    out.append(UInt8(ascii: "\""))
                }
                out.append(utf8: " data-machine=\"")
                out.append(utf8: chain.machine)
                out.append(utf8: "\" title=\"")
                HTML.append(escaping: title, to: &out)
                out.append(utf8: ": ")
                HTML.append(escaping: machineTitle(chain.machine), to: &out)
                out.append(utf8: "\">")
                HTML.append(escaping: chain.text, to: &out)
                out.append(utf8: insideLink ? "</span>" : "</a>")
                position = utf8Offset(chain.end - chain.start, charactersAfter: start, in: text, bytes: bytes)
                written = chain.end
            }
            HTML.append(escaping: UnsafeBufferPointer(rebasing: bytes[position...]), to: &out)
        }
        return out
    }

    /// The UTF-8 offset in `text` (whose bytes are `bytes`) `count` Characters after `offset`, where
    /// a Character starts; the end's if the text ends first. Two scalars that each `standAlone`
    /// have a Character boundary between them, so such a scalar followed by another (or by the
    /// end) is read without grapheme breaking; any other Character is found by `String`.
    static func utf8Offset(_ count: Int, charactersAfter offset: Int, in text: String, bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var offset = offset
        var left = count
        while left > 0 && offset < bytes.count {
            let next = offset + UTF8Scalar.length(lead: bytes[offset])
            if standsAlone(bytes, at: offset) && (next == bytes.count || standsAlone(bytes, at: next)) {
                offset = next
            } else {
                let utf8 = text.utf8
                let after = text.index(after: utf8.index(utf8.startIndex, offsetBy: offset))
                offset = utf8.distance(from: utf8.startIndex, to: after)
            }
            left -= 1
        }
        return min(offset, bytes.count)
    }

    /// Whether the scalar at `offset` is always a Character of its own (`UTF8Scalar.standsAlone`,
    /// the set the chain finder reads prose by).
    @inline(__always)
    private static func standsAlone(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let lead = bytes[offset]
        if lead < 0x80 { return lead != 0x0D }
        guard offset + UTF8Scalar.length(lead: lead) <= bytes.count else { return false }
        return UTF8Scalar.standsAlone(UTF8Scalar.decode(bytes, at: offset).value)
    }
}
