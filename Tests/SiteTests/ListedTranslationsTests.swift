import Diagnostics
import Foundation
import Testing

@testable import SiteBuild
@testable import SiteContent
@testable import SiteRender

/// A build hands an article's page its group's listings (made once per group) where the page
/// once copied the group's articles whole: over the repository's groups, every page is the same.
@Suite struct ListedTranslationsTests {
    @Test func pagesAreTheSameWithTheGroupsListings() throws {
        let options = BuildOptions(
            contentDir: repositoryRoot.appending(path: "Content").path, templatesDir: repositoryRoot.appending(path: "Templates").path)
        var diagnostics = DiagnosticCollector()
        let site = try SiteInputs.load(options, diagnostics: &diagnostics)
        let pages = try #require(site.pages)
        let reader = site.articleReader()
        let renderer = ArticleRenderer(strings: pages.strings)
        let languages = site.config.languages.map(\.code)
        var compared = 0
        var translated = 0
        for (slug, indexes) in Dictionary(grouping: site.sources.indices, by: { site.sources[$0].slug }) {
            let group = SiteBuilder.readGroup(
                slug, indexes, site: site, reader: reader, languages: languages, stamps: Array(repeating: nil, count: site.sources.count))
            let listings = group.listed.mapValues(\.listing)
            for article in group.articles.values {
                let whole = try SiteBuilder.renderedArticlePage(
                    article, of: group, listed: group.listed, slug: slug, config: site.config, pages: pages, renderer: renderer).page
                let listed = try SiteBuilder.renderedArticlePage(
                    article, of: group, listed: listings, slug: slug, config: site.config, pages: pages, renderer: renderer).page
                #expect(whole == listed, "\(article.article.lang)/\(slug)")
                compared += 1
            }
            if group.articles.count > 1 { translated += 1 }
        }
        // The repository's content has translated groups, so the pages' switchers and alternates differ from group to group.
        #expect(compared > 10)
        #expect(translated > 1)
    }
}
