/// Messages and summaries are English and count things: "1 error", "2 errors". The one rule they
/// need (every noun they count takes -s) in one place instead of `== 1 ? "" : "s"` in each.
public enum Plural {
    /// `noun` as it reads after `count`: "section" for 1, "sections" for any other count.
    public static func noun(_ noun: String, _ count: Int) -> String { count == 1 ? noun : noun + "s" }

    /// `count` and its noun: "1 error", "0 errors", "3 chains".
    public static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(self.noun(noun, count))" }
}
