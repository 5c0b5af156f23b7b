// Fuzz target `requestpath`: the preview server's request-path decoder
// (`RequestPath.decode`), given the bytes of a request's path as a client sends them
// (libmicrohttpd hands them over undecoded).
//
// Any trap is a finding; so is a broken promise (see `RequestPathFuzz.check`), which
// the entry point turns into an abort so libFuzzer saves the input.
//
// This file is also compiled into PreviewServerTests (a symlink there), where
// `RequestPathFuzzRegressionTests` runs the seed corpus and every saved crash through `check`.

import Foundation

@testable import PreviewServer

enum RequestPathFuzz {
    struct Outcome {
        var result: Result<RequestPath, RequestPath.Rejection>
        var violations: [String] = []
    }

    static func check(_ bytes: [UInt8]) -> Outcome {
        let result = RequestPath.decode(bytes)
        var outcome = Outcome(result: result)
        // The decoder takes any collection of bytes: a slice must get the same answer.
        if RequestPath.decode(bytes.dropFirst(0)) != result {
            outcome.violations.append("a slice of the same bytes decodes differently")
        }
        if case .success(let path) = result {
            outcome.violations += segmentViolations(path)
            _ = path.isPage
            // Escaping every byte of every segment and decoding again gives the same path.
            let again = RequestPath.decode(Array(encode(path).utf8))
            if again != result {
                outcome.violations.append("\(encode(path)) (the path escaped again) decodes to \(again), not \(result)")
            }
        }
        if let expected = reference(bytes), expected != result {
            outcome.violations.append("decoded to \(result); Foundation's percent-decoding says \(expected)")
        }
        return outcome
    }

    /// No segment may name the folder itself or its parent, be empty, or hold a byte that
    /// ends or splits a path (`/`, NUL, `\`) or any other control byte.
    static func segmentViolations(_ path: RequestPath) -> [String] {
        path.segments.compactMap { segment in
            if segment.isEmpty || segment == "." || segment == ".." { return "a segment '\(segment)'" }
            if segment.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) {
                return "a segment with a separator or a control byte: \(Array(segment.utf8))"
            }
            return nil
        }
    }

    static func encode(_ path: RequestPath) -> String {
        let escaped = path.segments.map { $0.utf8.map { "%" + String($0, radix: 16, uppercase: true).leftPadded }.joined() }
        return "/" + escaped.joined(separator: "/") + (path.trailingSlash && !path.segments.isEmpty ? "/" : "")
    }

    /// The answer worked out another way, for ASCII input (Foundation decodes `%HH` and
    /// refuses a bad escape or bytes that are not UTF-8); nil for other input.
    static func reference(_ bytes: [UInt8]) -> Result<RequestPath, RequestPath.Rejection>? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let raw = String(decoding: bytes, as: UTF8.self)
        // Every `%` of a valid path starts an escape: `%2F` anywhere is an encoded slash, refused.
        guard raw.hasPrefix("/"), !raw.lowercased().contains("%2f"), let decoded = raw.removingPercentEncoding,
            !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0 == "\\" })
        else { return .failure(.malformed) }
        let segments = decoded.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        if segments.contains(where: { $0 == "." || $0 == ".." }) { return .failure(.outsideRoot) }
        return .success(RequestPath(segments: segments, trailingSlash: decoded.hasSuffix("/")))
    }
}

extension String {
    /// Two hex digits.
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
func requestPathFuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    runFuzzInput(data, size) { RequestPathFuzz.check($0).violations }
}
#endif
