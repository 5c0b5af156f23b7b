import Testing

@testable import SiteContent
@testable import SiteRender

/// The build's memos are bounded: on a site of unique pages they would otherwise keep
/// every figure, highlighted block and trace until the end (issue 18).
@Suite struct MemoTests {
    @Test func holdsAtMostTwoGenerations() {
        let memo = Memo<Int, String>(limit: 10)
        for key in 0..<1_000 { memo.store("value \(key)", for: key) }
        #expect(memo.count <= 20)
        // The latest values are still there; the first ones were dropped.
        #expect(memo.cached(999) == "value 999")
        #expect(memo.cached(0) == nil)
    }

    @Test func limitIsACostNotACount() {
        let memo = Memo<Int, String>(limit: 100) { $0.utf8.count }
        for key in 0..<50 { memo.store(String(repeating: "x", count: 40), for: key) }
        // 40 bytes each: a generation turns over every 3 values, so at most 6 stay.
        #expect(memo.count <= 6)
        #expect(memo.cached(49) != nil)
    }

    @Test func aRecurringValueStays() {
        let memo = Memo<Int, Int>(limit: 4)
        var computed = 0
        for key in 0..<200 {
            // Key -1 recurs between unique keys: a hit in the previous generation moves it forward.
            _ = memo.value(for: -1) {
                computed += 1
                return -1
            }
            memo.store(key, for: key)
        }
        #expect(computed == 1)
        #expect(memo.cached(-1) == -1)
    }

    @Test func unboundedByDefault() {
        let memo = Memo<Int, Int>()
        for key in 0..<5_000 { memo.store(key, for: key) }
        #expect(memo.count == 5_000)
        #expect(memo.cached(0) == 0)
    }

    @Test func valueComputesOnlyOnAMiss() {
        let memo = Memo<String, Int>(limit: 8)
        var calls = 0
        let first = memo.value(for: "a") { calls += 1; return 1 }
        let second = memo.value(for: "a") { calls += 1; return 2 }
        #expect(first == 1)
        #expect(second == 1)
        #expect(calls == 1)
    }
}
