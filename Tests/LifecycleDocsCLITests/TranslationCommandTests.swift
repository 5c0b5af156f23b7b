import Foundation
import Testing
import TestSupport

@testable import LifecycleDocsCLI

/// `new-translation` and `sync-translation` on real folders: the files written,
/// the messages, the exit codes, and a build of the result.
@Suite struct TranslationCommandTests {
    static let siteYML = """
        baseURL: "/"
        defaultLanguage: es
        languages:
          - code: es
            name: Español
            title: "Sitio"
          - code: pt
            name: Português
            title: "Site"
          - code: it
            name: Italiano
            title: "Sito"
        """

    static let source = """
        ---
        title: "Hola"
        description: "Una página de prueba."
        ---

        Introducción.

        ## Primera sección

        Texto uno: la app pasa de Active a Inactive.

        ```lifecycle ios-app
        # Una llamada entrante
        given active
        interruption -> inactive : applicationWillResignActive
        ```

        ## Segunda sección

        Texto dos.

        """

    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        var console = Console(environment: [:], capture: true)
        let code = CLI.run(arguments, console: &console)
        return (code, console.stdout, console.stderr)
    }

    /// A temporary content folder with `site.yml` and `files` (path under it → text).
    func contentFolder(_ files: [String: String] = ["es/hola.md": source]) throws -> URL {
        let dir = try makeTemporaryDirectory("translation-cli").appending(path: "Content")
        try write(files.merging(["site.yml": Self.siteYML]) { a, _ in a }, under: dir)
        return dir
    }

    @Test func newTranslationWritesTheFileAndSaysWhatToDoNext() throws {
        let content = try contentFolder()
        let (code, out, err) = run(["new-translation", "hola", "it", "--content", content.path])
        #expect(code == 0)
        #expect(err.isEmpty)
        let file = content.appending(path: "it/hola.md")
        let text = try read(file)
        #expect(text.hasPrefix("---\ntitle: \"Hola\"\ndescription: \"Una página de prueba.\"\ntranslation:\n  from: es\n  meta: \""))
        #expect(text.contains("\"]\nuntranslated: [0, 1, 2]\n---\n\nIntroducción.\n"))
        #expect(text.hasSuffix(Self.source.split(separator: "---\n", maxSplits: 2)[1]))
        let path = content.path + "/it/hola.md"
        #expect(out == """
            Created \(path), a translation of \(content.path)/es/hola.md (es → it).

            Its 3 sections are still in 'es' and listed in 'untranslated: [0, 1, 2]':
              0  line 10: (introduction)
              1  line 13: Primera sección
              2  line 23: Segunda sección

            Next steps:
              1. Translate 'title', 'description' and the prose of \(path). Keep code blocks and
                 'lifecycle' examples as they are: only their comments are translated.
              2. Each time you have translated a section, mark it with
                 'lifecycle-docs sync-translation hola it --section N' (N as listed above): it leaves
                 'untranslated'. Until then the build warns about it, and the page shows it in 'es'.
              3. Run 'lifecycle-docs status' to see what is left, and 'lifecycle-docs build' to check the page.
                 When \(content.path)/es/hola.md changes later, translate what changed and mark those sections the same way.

            """)

        // The page builds at once (warnings for the untranslated sections are fine).
        let output = content.deletingLastPathComponent().appending(path: "public")
        let build = run([
            "build", "--content", content.path, "--templates", repositoryRoot.appending(path: "Templates").path, "--output", output.path,
        ])
        #expect(build.code == 0, "\(build.err)")
        #expect(FileManager.default.fileExists(atPath: output.appending(path: "it/hola/index.html").path))

        // Running it again refuses to overwrite.
        let again = run(["new-translation", "hola", "it", "--content", content.path])
        #expect(again.code == 1)
        #expect(again.out.isEmpty)
        #expect(again.err == """
            \(path): error: the 'it' translation of 'hola' already exists
                note: new-translation never overwrites a file
                suggestion: after updating it, mark it current with 'lifecycle-docs sync-translation hola it'

            """)
        #expect(try read(file) == text)
    }

    @Test(arguments: [
        (["new-translation", "hola", "fr"], "error: unknown language 'fr'; the site's languages are: es, pt, it; a new language needs an entry in CONTENT/site.yml"),
        (["new-translation", "hla", "it"], "error: no article 'hla' in CONTENT/; did you mean 'hola'?"),
        (["new-translation", "hola", "es"], "error: 'es' is the source language of 'hola' (CONTENT/es/hola.md); name the language to translate it into, or choose another source with --from LANG"),
        (["new-translation", "hola"], "error: new-translation needs an article and a language: new-translation <slug> <lang>, for example 'new-translation inactive it'"),
        (["new-translation", "hola", "it", "pt"], "error: unexpected argument 'pt' for 'new-translation'"),
        (["new-translation", "hola", "it", "--section", "1"], "error: unknown option '--section' for 'new-translation'"),
        (["sync-translation", "hola", "pt", "--section", "uno"], "error: '--section' needs a section number (0 is the first section), not 'uno'"),
        (["sync-translation", "hola", "pt", "--from", "es", "--section", "3"], "error: section 3 is out of range: CONTENT/es/hola.md has 3 sections (0 to 2)"),
        (["sync-translation", "../es/hola", "pt"], "error: no article '../es/hola' in CONTENT/"),
    ])
    func wrongArgumentsAreUsageErrors(arguments: [String], message: String) throws {
        let content = try contentFolder(["es/hola.md": Self.source, "pt/hola.md": "---\ntitle: Olá\n---\n"])
        let (code, out, err) = run(arguments + ["--content", content.path])
        #expect(code == 2)
        #expect(out.isEmpty)
        #expect(err == message.replacing("CONTENT", with: content.path) + "\nsee 'lifecycle-docs \(arguments[0]) --help'\n", "\(err)")
    }

    @Test func aMissingContentFolderIsAContentError() {
        let (code, _, err) = run(["new-translation", "hola", "it", "--content", "/nonexistent-content"])
        #expect(code == 1)
        #expect(err == "/nonexistent-content: error: content folder not found\n")
    }

    @Test func syncTranslationAfterASourceEdit() throws {
        let content = try contentFolder()
        #expect(run(["new-translation", "hola", "pt", "--content", content.path]).code == 0)
        let file = content.appending(path: "pt/hola.md")
        // The translator translates section 1; meanwhile section 2 of the source changes.
        let started = try read(file).replacing("Texto uno:", with: "Texto um:").replacing("## Primera sección", with: "## Primeira seção")
        try write(Data(started.utf8), to: file)
        let sourceFile = content.appending(path: "es/hola.md")
        try write(Data(Self.source.replacing("Texto dos.", with: "Texto dos, revisado.").utf8), to: sourceFile)

        var result = run(["sync-translation", "hola", "pt", "--section", "1", "--content", content.path])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out == """
            Updated the front matter of \(content.path)/pt/hola.md:
              translation: from es, 3 section fingerprints, none changed
              untranslated: removed 1; [0, 2] left
            It is now in progress: 1 of 3 sections translated, up to date with \(content.path)/es/hola.md for section 1. Run 'lifecycle-docs status' to see every translation.

            """)
        let afterOne = try read(file)
        #expect(afterOne == started.replacing("untranslated: [0, 1, 2]", with: "untranslated: [0, 2]"))

        result = run(["sync-translation", "hola", "pt", "--section", "2", "--section", "0", "--content", content.path])
        #expect(result.code == 0)
        #expect(result.out.contains("  translation: from es, 3 section fingerprints, updated for section 2\n  untranslated: removed 0, 2; none left\n"))
        let afterTwo = try read(file)
        #expect(!afterTwo.contains("untranslated:"))

        result = run(["sync-translation", "hola", "pt", "--content", content.path])
        #expect(result.code == 0)
        #expect(result.out == "\(content.path)/pt/hola.md already records the current sections of \(content.path)/es/hola.md: nothing to change.\n")
        #expect(try read(file) == afterTwo)
    }

    @Test func syncTranslationStartsTrackingWithFrom() throws {
        let translation = "---\ntitle: \"Olá\"\ndescription: \"Uma página de teste.\"\n---\n\nIntrodução.\n\n## Primeira seção\n\n## Segunda seção\n"
        let content = try contentFolder(["es/hola.md": Self.source, "pt/hola.md": translation])
        var result = run(["sync-translation", "hola", "pt", "--content", content.path])
        #expect(result.code == 1)
        #expect(result.err == """
            \(content.path)/pt/hola.md:1:1: error: not a translation: the front matter has no 'translation:' block naming the language it was translated from
                suggestion: to start tracking it, name its source: 'lifecycle-docs sync-translation hola pt --from es'

            """)
        result = run(["sync-translation", "hola", "pt", "--from", "es", "--content", content.path])
        #expect(result.code == 0)
        #expect(result.out.hasPrefix("Updated the front matter of \(content.path)/pt/hola.md:\n  translation: from es (tracking starts now), 3 section fingerprints recorded\n"))
        let text = try read(content.appending(path: "pt/hola.md"))
        #expect(text.hasPrefix("---\ntitle: \"Olá\"\ndescription: \"Uma página de teste.\"\ntranslation:\n  from: es\n  meta: \""))
        #expect(text.hasSuffix("\"]\n---\n\nIntrodução.\n\n## Primeira seção\n\n## Segunda seção\n"))
    }

    /// The source of a translation has nothing to sync, and naming its own translation as its
    /// source (a cycle that would leave the article without one) is refused; nothing is written.
    @Test func theSourceOfATranslationIsNeverSyncedFromIt() throws {
        let content = try contentFolder(["es/hola.md": Self.source])
        #expect(run(["new-translation", "hola", "pt", "--content", content.path]).code == 0)
        let before = try read(content.appending(path: "es/hola.md"))
        var result = run(["sync-translation", "hola", "es", "--content", content.path])
        #expect(result.code == 1)
        #expect(result.err == """
            \(content.path)/es/hola.md: error: this is the source of 'hola' (pt is translated from it): there is nothing to sync
                suggestion: mark a translation current with it: 'lifecycle-docs sync-translation hola pt'

            """)
        result = run(["sync-translation", "hola", "es", "--from", "pt", "--content", content.path])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("error: \(content.path)/pt/hola.md is itself translated from 'es': an article cannot be translated from its own translation\n"), "\(result.err)")
        #expect(try read(content.appending(path: "es/hola.md")) == before)
    }

    @Test func syncTranslationOfAMissingFile() throws {
        let content = try contentFolder()
        let (code, _, err) = run(["sync-translation", "hola", "it", "--content", content.path])
        #expect(code == 1)
        #expect(err == """
            \(content.path)/it/hola.md: error: file not found
                note: 'hola' exists in: es
                suggestion: start the translation with 'lifecycle-docs new-translation hola it'

            """)
    }

    @Test func helpListsBothCommands() {
        let out = run(["help"]).out
        #expect(out.contains("  new-translation <slug> <lang> [--content DIR] [--from LANG]\n"))
        #expect(out.contains("  sync-translation <slug> <lang> [--content DIR] [--from LANG] [--section N]... [--meta] [--force]\n"))
    }

    @Test func syncWithoutSectionKeepsSectionsStillInTheSourceLanguage() throws {
        let content = try contentFolder()
        #expect(run(["new-translation", "hola", "pt", "--content", content.path]).code == 0)
        let file = content.appending(path: "pt/hola.md")
        // Only section 1 is translated; sections 0 and 2 are still the Spanish text.
        let started = try read(file).replacing("Texto uno:", with: "Texto um:").replacing("## Primera sección", with: "## Primeira seção")
        try write(Data(started.utf8), to: file)

        var result = run(["sync-translation", "hola", "pt", "--content", content.path])
        #expect(result.code == 0)
        #expect(result.err == """
            \(content.path)/pt/hola.md:10:1: warning: sections 0 (the introduction), 2 ('Segunda sección') still read exactly as in \(content.path)/es/hola.md: left in 'untranslated'
                note: translate them and run sync-translation again, or mark only the sections you translated with --section N
                suggestion: if they need no translation, run 'lifecycle-docs sync-translation hola pt --force'

            """)
        #expect(result.out.hasSuffix("""
              untranslated: removed 1; [0, 2] left
            It is now in progress: 1 of 3 sections translated, up to date with \(content.path)/es/hola.md. Run 'lifecycle-docs status' to see every translation.

            """))
        #expect(try read(file).contains("\nuntranslated: [0, 2]\n"))

        result = run(["sync-translation", "hola", "pt", "--force", "--content", content.path])
        #expect(result.code == 0)
        #expect(result.err.isEmpty)
        #expect(result.out.contains("  untranslated: removed 0, 2; none left\n  verbatim: added 0, 2 (the source's text, kept on purpose)\nIt now counts as current with"))
        #expect(!(try read(file)).contains("untranslated:"))
        // Recorded as the same words on purpose: the build does not call them forgotten copies.
        #expect(try read(file).contains("\nverbatim: [0, 2]\n---\n"))
    }

    @Test func syncAfterASectionIsInsertedInTheSourceNeedsOnlyThatSection() throws {
        let content = try contentFolder()
        #expect(run(["new-translation", "hola", "pt", "--content", content.path]).code == 0)
        #expect(run(["sync-translation", "hola", "pt", "--force", "--content", content.path]).code == 0)
        let sourceFile = content.appending(path: "es/hola.md")
        try write(Data(Self.source.replacing("## Segunda sección", with: "## Nueva sección\n\nTexto nuevo.\n\n## Segunda sección").utf8), to: sourceFile)
        let file = content.appending(path: "pt/hola.md")
        let translated = try read(file).replacing("## Segunda sección", with: "## Nova seção\n\nTexto novo.\n\n## Segunda sección")
        try write(Data(translated.utf8), to: file)

        let result = run(["sync-translation", "hola", "pt", "--section", "2", "--content", content.path])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.err.isEmpty)
        #expect(result.out.contains("  translation: from es, 4 section fingerprints (the source had 3 when last synced), updated for section 2\n"))
    }

    /// A new title in the source makes the translation stale; `--meta` marks it translated again.
    @Test func aRetitledSourceIsStaleUntilSyncedWithMeta() throws {
        let content = try contentFolder()
        #expect(run(["new-translation", "hola", "pt", "--content", content.path]).code == 0)
        #expect(run(["sync-translation", "hola", "pt", "--force", "--content", content.path]).code == 0)
        let sourceFile = content.appending(path: "es/hola.md")
        try write(Data(Self.source.replacing("title: \"Hola\"", with: "title: \"Hola, otra vez\"").utf8), to: sourceFile)
        let templates = repositoryRoot.appending(path: "Templates").path

        let text = run(["status", "--content", content.path, "--templates", templates])
        #expect(text.out == """
            article  es      pt            it
            ───────  ──────  ────────────  ───────
            hola     source  stale: title  missing

            hola (pt): the source changed in its title and description

            """)
        let json = run(["status", "--format", "json", "--content", content.path, "--templates", templates])
        #expect(json.out.contains(#""pt":{"status":"stale","from":"es","sections":[],"meta":true}"#))

        let synced = run(["sync-translation", "hola", "pt", "--meta", "--content", content.path])
        #expect(synced.code == 0, "\(synced.err)")
        #expect(synced.out == """
            Updated the front matter of \(content.path)/pt/hola.md:
              translation: from es, 3 section fingerprints, none changed
              translation.meta: the fingerprint of the source's title and description recorded
            It now counts as current with \(content.path)/es/hola.md for its title and description. Run 'lifecycle-docs status' to see every translation.

            """)
        #expect(run(["status", "--content", content.path, "--templates", templates]).out.contains("hola     source  current  missing"))
    }

    @Test func statusTextAndJSONSayHowFarATranslationIs() throws {
        let content = try contentFolder()
        #expect(run(["new-translation", "hola", "pt", "--content", content.path]).code == 0)
        let file = content.appending(path: "pt/hola.md")
        try write(Data(try read(file).replacing("## Primera sección", with: "## Primeira seção").utf8), to: file)
        #expect(run(["sync-translation", "hola", "pt", "--section", "1", "--content", content.path]).code == 0)
        let templates = repositoryRoot.appending(path: "Templates").path

        let text = run(["status", "--content", content.path, "--templates", templates])
        #expect(text.code == 0)
        #expect(text.out == """
            article  es      pt                                       it
            ───────  ──────  ───────────────────────────────────────  ───────
            hola     source  in progress: 1 of 3 sections translated  missing

            hola (pt): not translated yet: §0 (introduction), §2 'Segunda sección'

            """)

        let json = run(["status", "--format", "json", "--content", content.path, "--templates", templates])
        #expect(json.out.contains(#""pt":{"status":"in-progress","from":"es","untranslated":[{"index":0,"title":""},{"index":2,"title":"Segunda sección"}],"translatedSections":1,"totalSections":3}"#))

        // Broken: the status says why.
        try write(Data(try read(file).replacing("interruption -> inactive", with: "interruption -> inactive -> active").utf8), to: file)
        let broken = run(["status", "--content", content.path, "--templates", templates])
        #expect(broken.out == """
            article  es      pt               it
            ───────  ──────  ───────────────  ───────
            hola     source  broken: 1 error  missing

            hola (pt): not translated yet: §0 (introduction), §2 'Segunda sección'
            hola (pt): broken: \(content.path)/pt/hola.md:20:29: after 'interruption' the app is inactive, not inactive, then active

            """)
        let brokenJSON = run(["status", "--format", "json", "--content", content.path, "--templates", templates])
        #expect(brokenJSON.out.contains(#""status":"broken","from":"es","untranslated":"#))
        #expect(brokenJSON.out.contains(#""problems":[""# + content.path + "/pt/hola.md:"))
    }
}
