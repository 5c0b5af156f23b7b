import Diagnostics
import LifecycleModel
import Testing
@testable import LifecycleMachines

@testable import Scenarios

/// A suggestion is a fix: it never repeats the line it rejects. Checked on every short line of
/// every machine: each `path` and `never` of two or three states, each `callbacks` pair, and
/// each event written as if it kept the state.
@Suite struct SuggestionTests {
    static func lines(of machine: Machine) -> [String] {
        let states = machine.states.map(\.id)
        var lines: [String] = []
        for a in states {
            for b in states where a != b {
                lines += ["path \(a) -> \(b)\n", "never \(a) -> \(b)\n"]
                for c in states where c != b { lines.append("path \(a) -> \(b) -> \(c)\n") }
            }
        }
        for a in machine.callbacks.map(\.id) {
            for b in machine.callbacks.map(\.id) where a != b { lines.append("callbacks \(a) -> \(b)\n") }
        }
        for event in machine.events.map(\.id) {
            for state in states { lines.append("given \(state)\n\(event) -> \(state)\n") }
        }
        return lines
    }

    @Test(arguments: Machines.all.map(\.id))
    func noSuggestionRepeatsTheRejectedLine(_ id: String) throws {
        let machine = try #require(Machines.machine(id))
        var suggestions = 0
        for code in Self.lines(of: machine) {
            let result = try #require(Example("lifecycle \(id)", code).run())
            let written = code.split(separator: "\n").map(String.init)
            for suggestion in result.diagnostics.compactMap(\.suggestion) {
                suggestions += 1
                #expect(!written.contains(suggestion), "\(id): \(written.joined(separator: " / ")) suggests itself")
            }
        }
        #expect(suggestions > 20, "the lines must be wrong often enough to be offered fixes")
    }

    /// A Cyrillic `е` typed for the Latin `e` (a Bulgarian keyboard): the error and its suggestion
    /// would read alike, so a note names the character, its place and its code point.
    @Test func aLookalikeLetterIsNamed() throws {
        let result = try #require(Example("lifecycle ios-app", "callbacks applicationWillResignActive -> applicationDidBecomeActiv\u{435}\n").run())
        let error = try #require(result.diagnostics.first)
        #expect(error.message == "unknown callback 'applicationDidBecomeActiv\u{435}' for ios-app")
        #expect(error.suggestion == "applicationDidBecomeActive")
        let place = try #require(error.location)
        #expect(error.notes == [
            "the model's names are ASCII; '\u{435}' at \(place.line):\(place.column + 25) is U+0435 CYRILLIC SMALL LETTER IE"
        ])
    }
}
