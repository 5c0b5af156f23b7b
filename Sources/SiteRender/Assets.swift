import Diagnostics
import FileIO
import Foundation
import SiteContent
import Translations

/// Stylesheets, scripts and images from `Templates/assets/`, published under
/// `assets/` with a content hash in their names so browsers may cache them forever.
package struct Assets: Sendable {
    package struct File: Sendable {
        var sourceName: String
        package var publishedPath: String
        package var data: Data
    }

    package let files: [File]
    /// Template keys: `style.css` becomes `style_css`. Made once: every page asks for them, and
    /// each key was a walk over the name's Characters.
    package let templateKeys: [String: String]

    init(files: [File]) {
        self.files = files
        templateKeys = Self.templateKeys(of: files)
    }

    static func templateKeys(of files: [File]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: files.map { (key(for: $0.sourceName), $0.publishedPath) })
    }

    static func key(for name: String) -> String {
        // A name of printable ASCII by its bytes (every page asks for one): each byte is a
        // Character, a letter or a number exactly when the byte is ("\r\n" would be one Character).
        if name.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return String(decoding: name.utf8.map { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): byte
                default: UInt8(ascii: "_")
                }
            }, as: UTF8.self)
        }
        return String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The same assets plus a file the build generates (the model for the browser).
    package func adding(_ name: String, _ data: Data) -> Assets {
        Assets(files: files + [File(sourceName: name, publishedPath: "assets/" + Self.hashedName(name, data), data: data)])
    }

    package static func load(assetsDir: URL, displayPrefix: String) throws(DiagnosticError) -> Assets {
        guard FileManager.default.fileExists(atPath: assetsDir.path) else { return Assets(files: []) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: assetsDir.path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw DiagnosticError([
                .error(at: .whole(displayPrefix), "cannot read assets: \(error.localizedDescription)")
            ])
        }
        let files = try names.map { name throws(DiagnosticError) in
            let data: Data
            do throws(FileError) {
                data = Data(try Files.read(assetsDir.appending(path: name).path))
            } catch {
                throw DiagnosticError([.error(at: .whole(displayPrefix + name), "cannot read asset: \(error.reason)")])
            }
            return File(sourceName: name, publishedPath: "assets/" + hashedName(name, data), data: data)
        }
        return Assets(files: files)
    }

    /// `style.css` → `style.0123456789.css`, from a 64-bit FNV-1a hash of the bytes.
    package static func hashedName(_ name: String, _ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        // Over the raw bytes: Data's iterator cost more than the hash (the model's script is ~200 KB).
        data.withUnsafeBytes { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        let digest = String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(10))
        guard let dot = name.lastIndex(of: ".") else { return name + "." + digest }
        return name[..<dot] + "." + digest + name[dot...]
    }
}
