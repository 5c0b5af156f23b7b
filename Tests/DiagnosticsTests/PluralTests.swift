import Testing

import Diagnostics

@Suite struct PluralTests {
    @Test func oneTakesTheNounAsItIsEveryOtherCountItsPlural() {
        #expect(Plural.noun("section", 1) == "section")
        #expect(Plural.noun("section", 0) == "sections")
        #expect(Plural.noun("section", 2) == "sections")
        #expect(Plural.counted(1, "error") == "1 error")
        #expect(Plural.counted(0, "warning") == "0 warnings")
        #expect(Plural.counted(12, "article") == "12 articles")
    }
}
