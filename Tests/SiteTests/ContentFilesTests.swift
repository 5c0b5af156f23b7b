import Diagnostics
import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender
@testable import Translations

/// Files beside the articles, links written to sources (`other.md`, `img/x.png`) and drafts.
@Suite struct ContentFilesTests {
    static let siteYML = """
        baseURL: "https://docs.example.org/"
        defaultLanguage: es
        languages:
          - {code: es, name: Español, title: Sitio}
          - {code: it, name: Italiano, title: Sito}

        """

    /// A PNG of `width` × `height` (only the signature and header matter here).
    static func png(_ width: UInt32, _ height: UInt32) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data += Data("IHDR".utf8)
        for value in [width, height] { data += withUnsafeBytes(of: value.bigEndian) { Data($0) } }
        return data + Data([8, 2, 0, 0, 0, 0, 0, 0, 0])
    }

    /// A JPEG whose frame header (after an APP0 segment) says `width` × `height`.
    static func jpeg(_ width: UInt16, _ height: UInt16) -> Data {
        var data = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data("JFIF".utf8) + Data(repeating: 0, count: 10)
        data += Data([0xFF, 0xC0, 0x00, 0x11, 0x08])
        for value in [height, width] { data += withUnsafeBytes(of: value.bigEndian) { Data($0) } }
        return data + Data([0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xFF, 0xD9])
    }

    @Test func imageSizesAreReadFromTheirHeaders() {
        #expect(ImageSize.of(Self.png(640, 480))! == (640, 480))
        #expect(ImageSize.of(Self.jpeg(1024, 768))! == (1024, 768))
        #expect(ImageSize.of(Data("<svg xmlns='http://www.w3.org/2000/svg' width='32px' height=\"16\"/>".utf8))! == (32, 16))
        #expect(ImageSize.of(Data("<?xml version=\"1.0\"?>\n<svg stroke-width=\"2\" viewBox=\"0 0 120.4 60\"></svg>".utf8))! == (120, 60))
        #expect(ImageSize.of(Data("<svg width=\"100%\" height=\"50%\"></svg>".utf8)) == nil, "relative sizes say nothing")
        #expect(ImageSize.of(Data("%PDF-1.4".utf8)) == nil)
        #expect(ImageSize.of(Data([0xFF, 0xD8, 0xFF])) == nil, "a truncated JPEG")
    }

    /// From a file only the first bytes are read, and the whole of a JPEG whose frame header
    /// lies past them, behind large metadata (here two full-size APP2 segments, as ICC profiles are).
    @Test func imageSizesOfFiles() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let metadata = Data([0xFF, 0xE2, 0xFF, 0xFF]) + Data(repeating: 0x41, count: 0xFFFD)
        let jpeg = Self.jpeg(1024, 768)
        try write(jpeg.prefix(2) + metadata + metadata + jpeg.dropFirst(2), to: folder.appending(path: "big.jpg"))
        try write(Self.png(640, 480) + Data(repeating: 0, count: 200_000), to: folder.appending(path: "big.png"))
        #expect(ImageSize.of(file: folder.appending(path: "big.jpg").path)! == (1024, 768))
        #expect(ImageSize.of(file: folder.appending(path: "big.png").path)! == (640, 480))
        #expect(ImageSize.of(file: folder.appending(path: "missing.png").path) == nil)
        #expect(ImageSize.of(file: folder.path) == nil, "a folder")
    }

    func project() throws -> URL {
        let root = try makeProject(content: [
            "site.yml": Self.siteYML,
            "es/uno.md": """
                ---
                title: Uno
                ---
                ## Primera

                ![Diagrama](img/diagrama.png) ![Foto](foto.jpg "Una foto") ![Logo](../static/logo.svg)

                [Dos](dos.md#segunda), [la guía](guia.pdf), [Attivo](../it/attivo.md), [tres](tres.md), [dos otra vez](../dos.md)

                """,
            "es/dos.md": "---\ntitle: Dos\n---\n## Segunda\n\nTexto.\n",
            "it/attivo.md": "---\ntitle: Attivo\n---\n## Sezione\n\nTesto.\n",
            "it/tres.md": "---\ntitle: Tre\n---\nTesto.\n",
            "es/borrador.md": "---\ntitle: Borrador\ndraft: true\n---\n## Algo\n\nTexto.\n",
            "static/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 120 60\"></svg>",
            "es/guia.pdf": "%PDF-1.4\n",
        ])
        try FileManager.default.createDirectory(at: root.appending(path: "Content/es/img"), withIntermediateDirectories: true)
        try write(Self.png(40, 30), to: root.appending(path: "Content/es/img/diagrama.png"))
        try write(Self.jpeg(300, 200), to: root.appending(path: "Content/es/foto.jpg"))
        return root
    }

    @Test func filesArePublishedAndLinksToSourcesLeadToPages() throws {
        let root = try project()
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.succeeded, "\(result.diagnostics.map(DiagnosticFormatter.text))")
        let output = root.appending(path: "public")
        for file in ["es/img/diagrama.png", "es/foto.jpg", "es/guia.pdf", "static/logo.svg"] {
            #expect(try Data(contentsOf: output.appending(path: file)) == Data(contentsOf: root.appending(path: "Content/" + file)))
        }
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "es/static").path), "a shared file is written once")
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "it/static").path))

        let html = try read(output.appending(path: "es/uno/index.html"))
        #expect(html.contains("<img src=\"../img/diagrama.png\" alt=\"Diagrama\" width=\"40\" height=\"30\" loading=\"lazy\">"))
        #expect(html.contains("<img src=\"../foto.jpg\" alt=\"Foto\" title=\"Una foto\" width=\"300\" height=\"200\" loading=\"lazy\">"))
        #expect(html.contains("<img src=\"../../static/logo.svg\" alt=\"Logo\" width=\"120\" height=\"60\" loading=\"lazy\">"))
        #expect(html.contains("<a href=\"../dos/index.html#segunda\">Dos</a>"))
        #expect(html.contains("<a href=\"../guia.pdf\">la guía</a>"))
        #expect(html.contains("<a href=\"../../it/attivo/index.html\">Attivo</a>"), "a link to another language's source")
        #expect(html.contains("<a href=\"../../it/tres/index.html\">tres</a>"), "no es version: the fallback")
        #expect(html.contains("<a href=\"../dos/index.html\">dos otra vez</a>"), "read from the page's folder")
    }

    /// Editors' backups (`x~`) and autosaves (`#x#`) are never published, in a language folder or
    /// below it, nor do they make a build: the output is a clean build's.
    @Test func editorsCopiesAreNeverPublished() throws {
        let root = try makeProject(content: [
            "es/a.md": "---\ntitle: A\n---\nTexto.\n", "es/a.md~": "old", "es/#a.md#": "autosave", "es/notas.txt~": "v1",
            "es/img/foto.png~": "old", "static/#x.css#": "autosave", "es/img/# ok.txt": "kept",
        ])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.succeeded, "\(result.diagnostics.map(DiagnosticFormatter.text))")
        let output = root.appending(path: "public")
        for file in ["es/a.md~", "es/#a.md#", "es/notas.txt~", "es/img/foto.png~", "static/#x.css#"] {
            #expect(!FileManager.default.fileExists(atPath: output.appending(path: file).path), "\(file)")
        }
        #expect(FileManager.default.fileExists(atPath: output.appending(path: "es/img/# ok.txt").path), "a name with a # is published")
        #expect(ContentLoader.isPublishedFile("es/img/# ok.txt") && !ContentLoader.isPublishedFile("es/#a.md#"))
        #expect(!ContentLoader.isPublishedFile("es/notas.txt~"))
    }

    /// An article written beside the language folders is not published, and the writer is told
    /// where it belongs.
    @Test func anArticleOutsideALanguageFolderIsAWarning() throws {
        let root = try makeProject(content: ["es/a.md": "---\ntitle: A\n---\nTexto.\n", "raiz.md": "---\ntitle: R\n---\nTexto.\n"])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.succeeded)
        #expect(result.diagnostics.map { DiagnosticFormatter.text($0).replacing(root.path + "/", with: "") } == [
            "Content/raiz.md: warning: an article must be in a language folder: this one is not published\n    suggestion: move it to Content/es/raiz.md"
        ])
    }

    /// An invalid article name gets a valid one near it to rename the file to.
    @Test func anInvalidNameGetsAValidOneNearIt() {
        for (name, suggested) in [("canción", "cancion"), ("ciao_mondo", "ciao-mondo"), ("живот", "zhivot"), ("Mayús Ñandú", "mayus-nandu"),
                                  ("щастие", "shtastie"), ("con espacio", "con-espacio"), ("¿?", "article")] {
            #expect(ContentLoader.suggestedSlug(name) == suggested, "\(name)")
            #expect(ContentLoader.isValidSlug(ContentLoader.suggestedSlug(name)), "\(name)")
        }
    }

    @Test func aLinkToAMissingArticleFailsWhereItIsWritten() throws {
        let root = try makeProject(content: [
            "site.yml": Self.siteYML,
            "es/uno.md": "---\ntitle: Uno\n---\nVer [dos](dso.md).\n",
            "es/dos.md": "---\ntitle: Dos\n---\nTexto.\n",
        ])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(!result.succeeded)
        let prefix = root.appending(path: "Content").path + "/"
        #expect(result.diagnostics.map { DiagnosticFormatter.text($0).replacing(prefix, with: "") } == [
            "es/uno.md:4:5: error: broken link 'dso.md': no article 'dso' in any language\n    suggestion: dos.md"
        ])
        #expect(!FileManager.default.fileExists(atPath: root.appending(path: "public").path))
    }

    /// A link into a folder that is no language of the site says so (the article may exist); a
    /// misspelt slug in another language's folder is suggested in that folder.
    @Test func aLinkIntoAnUnknownLanguageOrMisspeltInAnotherSaysWhich() throws {
        let root = try makeProject(content: [
            "site.yml": Self.siteYML,
            "es/uno.md": "---\ntitle: Uno\n---\nVer [fr](../fr/dos.md#x) y [Dos](../es/Dos.md).\n",
            "es/dos.md": "---\ntitle: Dos\n---\nTexto.\n",
        ])
        let result = SiteBuilder.check(buildOptions(root))
        let prefix = root.appending(path: "Content").path + "/"
        #expect(result.diagnostics.map { DiagnosticFormatter.text($0).replacing(prefix, with: "") } == [
            "es/uno.md:4:5: error: broken link '../fr/dos.md#x': 'fr' is not a language of this site (es, it)\n    suggestion: ../es/dos.md#x",
            "es/uno.md:4:28: error: broken link '../es/Dos.md': no article 'Dos' in any language\n    suggestion: ../es/dos.md",
        ])
    }

    @Test func draftsAreLeftOutUnlessAsked() throws {
        let root = try project()
        var options = buildOptions(root)
        #expect(SiteBuilder.build(options).succeeded)
        let output = root.appending(path: "public")
        #expect(!FileManager.default.fileExists(atPath: output.appending(path: "es/borrador").path))
        for page in ["es/index.html", "sitemap.xml", "es/status/index.html"] {
            #expect(try !read(output.appending(path: page)).contains("borrador"), "\(page) names the draft")
        }

        options.drafts = true
        let withDrafts = SiteBuilder.build(options)
        #expect(withDrafts.succeeded && withDrafts.changedFiles == nil, "another set of pages: a full build")
        let draft = try read(output.appending(path: "es/borrador/index.html"))
        #expect(draft.contains("<p class=\"draft-badge\">Borrador: esta página no se publica</p>"))
        #expect(draft.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(try read(output.appending(path: "es/index.html")).contains("borrador"))
        #expect(try !read(output.appending(path: "es/uno/index.html")).contains("draft-badge"))
    }

    @Test func aLinkToADraftSaysSo() throws {
        let root = try makeProject(content: [
            "site.yml": Self.siteYML,
            "es/uno.md": "---\ntitle: Uno\n---\nVer [el borrador](borrador.md).\n",
            "es/borrador.md": "---\ntitle: Borrador\ndraft: true\n---\nTexto.\n",
        ])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.diagnostics.map(\.message) == [
            "broken link 'borrador.md': es/borrador/index.html is a draft, published only by serve and build --drafts"
        ])
        var options = buildOptions(root)
        options.drafts = true
        #expect(SiteBuilder.build(options).succeeded)
    }

    @Test func draftMustBeABoolean() throws {
        let root = try makeProject(content: ["site.yml": Self.siteYML, "es/uno.md": "---\ntitle: Uno\ndraft: quizás\n---\nTexto.\n"])
        let result = SiteBuilder.build(buildOptions(root))
        #expect(result.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" } == ["3:8 'draft' must be true or false"])
    }

    /// The scan takes a file's and a folder's type from the folder's listing; a link is still
    /// followed: to an article, to a folder of files (published under the link's name), or to
    /// nothing (neither an article nor a file: an error for the link outside, none for a dead one inside).
    @Test func linksInsideTheContentFolderAreFollowed() throws {
        let root = try makeProject(content: [
            "site.yml": Self.siteYML,
            "es/uno.md": "---\ntitle: Uno\n---\nTexto.\n",
            "es/fotos/a.png": "png",
            "es/notas.txt": "n",
        ])
        let content = root.appending(path: "Content")
        let site = try Self.inputs(root, links: ["es/dos.md": "uno.md", "es/imagenes": "fotos"])
        #expect(site.sources.map { "\($0.lang)/\($0.slug)" } == ["es/dos", "es/uno"])
        #expect(site.sources.map(\.path) == ["dos.md", "uno.md"].map { content.path + "/es/" + $0 })
        #expect(site.files.map(\.path).sorted() == ["es/fotos/a.png", "es/imagenes/a.png", "es/notas.txt"])
    }

    /// A folder's entries come in the order of their names as Strings: ASCII names by their
    /// bytes ('-' before '.' before digits before letters), and in a folder with other names
    /// by String's comparison, where "é" in either normal form sorts after "f" (by bytes,
    /// "e" + U+0301 would come before "f", and before "é" + "a").
    @Test func entriesAreInTheOrderOfTheirNames() throws {
        let article = "---\ntitle: T\n---\nTexto.\n"
        let root = try makeProject(content: [
            "site.yml": Self.siteYML,
            "es/b.md": article, "es/a-b.md": article, "es/a.md": article, "es/ab.md": article, "es/a10.md": article, "es/a9.md": article,
            "es/fotos/e\u{301}x.png": "1", "es/fotos/\u{E9}a.png": "2", "es/fotos/f.png": "3", "es/fotos/e.png": "4",
        ])
        let site = try Self.inputs(root, links: [:])
        #expect(site.sources.map(\.slug) == ["a-b", "a", "a10", "a9", "ab", "b"])
        #expect(site.files.map(\.path) == ["es/fotos/e.png", "es/fotos/f.png", "es/fotos/\u{E9}a.png", "es/fotos/e\u{301}x.png"])
    }

    /// The site's inputs after making `links` (path under the content folder → target), expecting no diagnostic.
    static func inputs(_ root: URL, links: [String: String]) throws -> SiteInputs {
        let content = root.appending(path: "Content")
        for (path, target) in links {
            try FileManager.default.createSymbolicLink(atPath: content.appending(path: path).path, withDestinationPath: target)
        }
        var diagnostics = DiagnosticCollector()
        let site = try SiteInputs.load(buildOptions(root), diagnostics: &diagnostics)
        #expect(diagnostics.diagnostics.isEmpty, "\(diagnostics.diagnostics)")
        return site
    }

    /// A name that starts with a combining mark joins the "/" before it into one character:
    /// the check that a link stays inside the content folder compares bytes, so a link to a
    /// file right under the content folder whose name starts with one is followed like any
    /// other, not reported as outside (and names like it inside a language folder are files).
    @Test func aNameStartingWithACombiningMarkIsInsideTheContentFolder() throws {
        let root = try makeProject(content: [
            "site.yml": Self.siteYML,
            "es/uno.md": "---\ntitle: Uno\n---\nTexto.\n",
            "\u{301}raiz.txt": "r",
            "es/\u{301}acento.txt": "a",
            "es/fotos/\u{308}b.png": "png",
        ])
        let site = try Self.inputs(root, links: ["es/enlace.txt": "../\u{301}raiz.txt"])
        #expect(Set(site.files.map(\.path)) == ["es/\u{301}acento.txt", "es/enlace.txt", "es/fotos/\u{308}b.png"])
    }

    @Test func aPathIsUnderTheRootByItsBytes() {
        #expect(ContentLoader.isUnder("/a/b", root: "/a"))
        #expect(ContentLoader.isUnder("/a/\u{301}b", root: "/a"))
        #expect(!ContentLoader.isUnder("/a", root: "/a") && ContentLoader.isUnder("/a", root: "/a", orIs: true))
        #expect(!ContentLoader.isUnder("/ab", root: "/a") && !ContentLoader.isUnder("/a/", root: "/a") && !ContentLoader.isUnder("/", root: "/a"))
        // The same folder name in another normal form is another folder.
        #expect(!ContentLoader.isUnder("/caf\u{E9}/x", root: "/cafe\u{301}") && !ContentLoader.isUnder("/caf\u{E9}", root: "/cafe\u{301}", orIs: true))
    }

    @Test func aFileMayNotReplaceAGeneratedPageAndMarkdownInSubFoldersIsNoArticle() throws {
        let root = try makeProject(content: [
            "site.yml": Self.siteYML,
            "es/uno.md": "---\ntitle: Uno\n---\nTexto.\n",
            "es/uno/index.html": "<p>mine</p>",
            "es/model/ios-app/index.html": "<p>mine</p>",
            "es/notas/idea.md": "# Idea\n",
            "it/404.html": "<p>mio</p>",
        ])
        let result = SiteBuilder.build(buildOptions(root))
        let prefix = root.appending(path: "Content").path + "/"
        #expect(result.diagnostics.map { DiagnosticFormatter.text($0).replacing(prefix, with: "") } == [
            "es/model/ios-app/index.html: error: 'es/model/ios-app/index.html' would replace a page the site generates; rename the file",
            "es/notas/idea.md: warning: Markdown in a sub-folder is not an article and is not published\n    note: articles live directly in a language folder: <lang>/<slug>.md",
            "es/uno/index.html: error: 'es/uno/index.html' would replace a page the site generates; rename the file",
            "it/404.html: error: 'it/404.html' would replace a page the site generates; rename the file",
        ])
    }
}
