// Fuzz target `frontmatter`: an article file's bytes, decoded and split as the site
// reads them (`SourceText.decode`: BOM, invalid UTF-8, CRLF), then its front matter
// parsed (`FrontMatter.parse`, YAML through libyaml).
//
// Any trap or sanitizer report is a finding; so is a broken promise (see
// `FrontMatterFuzz.check`), which the entry point turns into an abort.
//
// This file is also compiled into SiteTests (a symlink there), where
// `FuzzRegressionTests` runs the seed corpus and every saved crash through `check`.

import Diagnostics

@testable import SiteContent

enum FrontMatterFuzz {
    static let file = "Content/xx/fuzz.md"

    /// What one input did: the diagnostics it got (errors when it was refused,
    /// else warnings), whether it was accepted, and every broken promise.
    struct Outcome {
        var diagnostics: [Diagnostic] = []
        var accepted = false
        var violations: [String] = []
    }

    static func check(_ bytes: [UInt8]) -> Outcome {
        var outcome = Outcome()
        let lines = FuzzFileLines(bytes, file: file)
        func checkPlace(_ diagnostic: Diagnostic, _ stage: String) {
            if let problem = lines.misplacement(diagnostic, stage) { outcome.violations.append(problem) }
        }
        func refused(_ error: DiagnosticError, _ stage: String) -> Outcome {
            outcome.diagnostics = error.diagnostics
            if !error.diagnostics.contains(where: { $0.severity == .error }) {
                outcome.violations.append("\(stage): refused without an error")
            }
            error.diagnostics.forEach { checkPlace($0, stage) }
            return outcome
        }

        // The decoder's own UTF-8 check (its String is not checked again) accepts exactly what
        // the standard library accepts.
        let withoutMark = bytes.dropFirst(SourceText.byteOrderMarkLength(bytes))
        let standard = String(validating: withoutMark, as: UTF8.self) != nil
        let source: SourceText
        do {
            source = try SourceText.decode(bytes, displayPath: file)
        } catch {
            if standard, error.diagnostics.contains(where: { $0.message.contains("UTF-8") }) {
                outcome.violations.append("decode: valid UTF-8 refused")
            }
            return refused(error, "decode")
        }
        if !standard { outcome.violations.append("decode: invalid UTF-8 accepted") }
        // Every line break is LF after decoding, so all parts of the site count the same lines.
        if source.text.utf8.contains(13) {
            outcome.violations.append("decode: a CR survived")
        }

        let frontMatter: FrontMatter
        do {
            frontMatter = try FrontMatter.parse(source)
        } catch {
            return refused(error, "parse")
        }
        outcome.accepted = true
        outcome.diagnostics = frontMatter.problems
        frontMatter.problems.forEach { checkPlace($0, "parse") }
        if frontMatter.problems.contains(where: { $0.severity == .error }) {
            outcome.violations.append("parse: accepted with an error")
        }
        // The body is the rest of the file, and body line N is file line N + offset
        // (an empty body has no lines: `---` may close the file without a line break).
        let text = source.text
        if frontMatter.body.endIndex != text.endIndex || !text.hasSuffix(frontMatter.body) {
            outcome.violations.append("parse: the body is not the end of the file")
        } else if !frontMatter.body.isEmpty {
            let before = text[..<frontMatter.body.startIndex].count { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            if before != frontMatter.bodyLineOffset {
                outcome.violations.append("parse: bodyLineOffset \(frontMatter.bodyLineOffset), but \(before) lines come before the body")
            }
        }
        if let title = frontMatter.title, title.allSatisfy(\.isWhitespace) {
            outcome.violations.append("parse: accepted a blank title")
        }
        if frontMatter.untranslated.contains(where: { $0 < 0 }) {
            outcome.violations.append("parse: accepted a negative section number")
        }
        if let translation = frontMatter.translation, !SiteConfig.isLanguageCode(translation.from) {
            outcome.violations.append("parse: accepted '\(translation.from)' as a language code")
        }
        return outcome
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
func frontMatterFuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    runFuzzInput(data, size) { FrontMatterFuzz.check($0).violations }
}
#endif
