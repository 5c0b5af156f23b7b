import Encoding
import Foundation
import Testing

@testable import SiteContent
@testable import SiteRender

/// The exercise script's words as JSON: a `<` is escaped as Foundation's replacement does it
/// (whole Characters: a `<` joined by a mark stays), and a table without one is left as it is.
@Suite struct ExerciseStringsTests {
    @Test func lessThanIsEscapedAsBefore() {
        for value in ["Correcto", "a < b", "</script>", "Вярно <\u{301}", "", "<<"] {
            let values = LanguageValues(strings: UIStrings(tables: ["es": ["exerciseTrue": value, "traceEvent": "Evento", "other": "<x>"]]))
            let body = [("exerciseTrue", value), ("traceEvent", "Evento")].map { JSON.quote($0) + ":" + JSON.quote($1) }.joined(separator: ",")
            let expected = ("{" + body + "}").replacingOccurrences(of: "<", with: "\\u003c")
            #expect(values.exerciseStrings("es") == expected, "\(value.debugDescription)")
        }
    }
}
