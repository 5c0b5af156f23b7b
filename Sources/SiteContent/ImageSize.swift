import FileIO
import Foundation

/// The intrinsic size of a PNG, JPEG or SVG image, read from its first bytes, so an
/// `<img>` can carry `width` and `height` and the page does not move when it loads.
enum ImageSize {
    typealias Size = (width: Int, height: Int)

    /// How much of a file is read first: PNG needs 24 bytes, an SVG's root tag is near the top.
    static let headLength = 1 << 16

    /// The size of the image file at `path`, from its first bytes; nil if it cannot be read or
    /// is no image of these kinds. Only a JPEG whose frame header lies further (large EXIF or
    /// ICC metadata come first) is read whole.
    static func of(file path: String) -> Size? {
        guard let head = try? Files.readPrefix(path, count: headLength) else { return nil }
        if let size = of(head) { return size }
        guard head.count == headLength, head.starts(with: [0xFF, 0xD8]), let whole = try? Files.read(path) else { return nil }
        return jpeg(whole)
    }

    static func of(_ data: some Collection<UInt8>) -> Size? {
        let bytes = Array(data)
        let head = Array(bytes.prefix(headLength))
        return png(head) ?? jpeg(bytes) ?? svg(head)
    }

    /// PNG: the IHDR chunk comes first, width and height as big-endian 32-bit numbers.
    private static func png(_ b: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard b.count >= 24, Array(b[0..<8]) == signature, Array(b[12..<16]) == Array("IHDR".utf8) else { return nil }
        let width = big(b, 16, 4), height = big(b, 20, 4)
        return width > 0 && height > 0 ? (width, height) : nil
    }

    /// JPEG: walks the markers to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC),
    /// whose header holds height then width.
    private static func jpeg(_ b: [UInt8]) -> (width: Int, height: Int)? {
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }  // fill byte
            // Markers without a length: TEM, RST0–7.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            let length = big(b, i + 2, 2)
            guard length >= 2 else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let height = big(b, i + 5, 2), width = big(b, i + 7, 2)
                return width > 0 && height > 0 ? (width, height) : nil
            }
            i += 2 + length
        }
        return nil
    }

    /// SVG: `width` and `height` on the root element when both are plain numbers or pixels,
    /// else the `viewBox`'s width and height.
    private static func svg(_ b: [UInt8]) -> (width: Int, height: Int)? {
        let text = String(decoding: b, as: UTF8.self)
        guard let open = text.range(of: "<svg"), let close = text[open.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = text[open.upperBound..<close]
        func attribute(_ name: String) -> String? {
            for quote in ["\"", "'"] {
                var searchFrom = tag.startIndex
                while let found = tag[searchFrom...].range(of: name + "=" + quote) {
                    searchFrom = found.upperBound
                    // A whole attribute name: `width` but not `stroke-width`.
                    if found.lowerBound > tag.startIndex, !tag[tag.index(before: found.lowerBound)].isWhitespace { continue }
                    guard let end = tag[found.upperBound...].firstIndex(of: Character(quote)) else { return nil }
                    return String(tag[found.upperBound..<end])
                }
            }
            return nil
        }
        func pixels(_ value: String?) -> Int? {
            guard var value = value?.trimmingCharacters(in: .whitespaces) else { return nil }
            if value.hasSuffix("px") { value.removeLast(2) }
            guard let number = Double(value), number > 0, number < 100_000 else { return nil }
            return Int(number.rounded())
        }
        if let width = pixels(attribute("width")), let height = pixels(attribute("height")) { return (width, height) }
        let box = attribute("viewBox")?.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) } ?? []
        guard box.count == 4, box[2] > 0, box[3] > 0, box[2] < 100_000, box[3] < 100_000 else { return nil }
        return (Int(box[2].rounded()), Int(box[3].rounded()))
    }

    private static func big(_ b: [UInt8], _ at: Int, _ count: Int) -> Int {
        guard at + count <= b.count else { return 0 }
        return b[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
    }
}
