import Diagnostics
import Foundation
import SiteContent
import SiteRender
import Translations

/// Where to read and write, as the user named the folders (names appear in diagnostics).
public struct BuildOptions: Sendable {
    public var contentDir: String
    public var templatesDir: String
    public var outputDir: String

    /// Build even when no input changed since the last successful build.
    public var force: Bool
    /// Publish articles marked `draft: true` (with a badge), as `serve` and `build --drafts` do.
    public var drafts: Bool

    /// Replaces `site.yml`'s `baseURL` (a deploy knows its address): already checked
    /// and normalised by `SiteConfig.normalizedBaseURL`.
    public var baseURL: String?

    /// The big values of a build or a check (the decoded cache, every article's metadata, the
    /// pages `check` holds) are left to the process's exit instead of being freed one object at
    /// a time (`ExitKeeper`): for a command that exits right after. Not for `serve`, which
    /// builds again and again.
    public var leavesMemoryToExit = false

    public init(
        contentDir: String = "Content", templatesDir: String = "Templates", outputDir: String = "public", force: Bool = false,
        drafts: Bool = false, baseURL: String? = nil
    ) {
        self.contentDir = contentDir
        self.templatesDir = templatesDir
        self.outputDir = outputDir
        self.force = force
        self.drafts = drafts
        self.baseURL = baseURL
    }
}
