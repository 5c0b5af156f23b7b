import SiteContent

/// Files at the root of every site besides its pages: `robots.txt` and the favicon.
package enum SiteFiles {
    /// Linked from every page; at the root, where browsers also look for one by themselves.
    package static let faviconPath = "favicon.svg"
    package static let robotsPath = "robots.txt"
    /// The 404 page's file: at the root, and in each language's folder.
    package static let notFoundName = "404.html"

    /// Whether an output path is a 404 page: served at any depth, its links start at the base path.
    package static func isNotFoundPage(_ path: String) -> Bool {
        guard path.hasSuffix(notFoundName) else { return false }
        let folder = path.dropLast(notFoundName.count)
        return folder.isEmpty || (folder.hasSuffix("/") && !folder.dropLast().contains("/"))
    }

    /// Lets every crawler in and names the sitemap. A `Sitemap:` line must hold an absolute
    /// URL, so a site whose base URL is only a path (`/` or `/docs/`) gets none, and a comment
    /// saying how to have one.
    package static func robots(_ config: SiteConfig) -> String {
        var text = "User-agent: *\nAllow: /\n\n"
        let base = config.baseURL.lowercased()
        if base.hasPrefix("https://") || base.hasPrefix("http://") {
            text += "Sitemap: \(config.baseURL)sitemap.xml\n"
        } else {
            text += "# No Sitemap line: baseURL in site.yml is a path (\(config.baseURL)); set it to an absolute URL to name \(config.baseURL)sitemap.xml here.\n"
        }
        return text
    }

    /// A state-machine glyph (two states and the transitions between them) on the accent
    /// colour; lighter in a dark browser theme.
    package static let favicon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
        <style>rect{fill:#0b5cad}@media (prefers-color-scheme:dark){rect{fill:#3d8ee0}}</style>
        <rect width="32" height="32" rx="7"/>
        <g fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round">
        <circle cx="9" cy="16" r="4.2"/><circle cx="23" cy="16" r="4.2"/>
        <path d="M11.5 11.5C14 8.5 18 8.5 20.5 11.5M20.5 11.5l-.4-3M20.5 11.5l-3 .2"/>
        <path d="M20.5 20.5C18 23.5 14 23.5 11.5 20.5M11.5 20.5l.4 3M11.5 20.5l3-.2"/>
        </g>
        </svg>

        """
}
