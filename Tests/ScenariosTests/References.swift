import LifecycleModel
import Encoding
@testable import Scenarios

// The first, slow ways of what production now does faster: kept here as the tests' references
// (production keeps no function only tests call).

extension ExampleRunner {
    /// `statesMatch` with arrays, as first written.
    static func statesMatchByArrays(_ written: [WrittenName], _ model: [String], from: String) -> Bool {
        written.resolvedIDs == (model.isEmpty ? [from] : model)
    }
}

extension Array where Element == WrittenName {
    /// `resolvedIDs` by `compactMap`, as first written.
    var resolvedIDsByCompactMap: [String]? {
        let ids = compactMap(\.id)
        return ids.count == count ? ids : nil
    }
}

extension SourceLine {
    /// `scalarsStandAlone` scalar by scalar, as `wholeLineComment` first read it.
    static func scalarsStandAloneByScalars(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var index = start
        while index < bytes.count {
            guard let (value, length) = scalar(in: bytes, at: index), UTF8Scalar.standsAlone(value) else { return false }
            index += length
        }
        return true
    }
}

extension ModelSpellings {
    /// The list of one kind of name.
    func list(_ kind: Kind) -> List {
        switch kind {
        case .state: states
        case .event: events
        case .callback: callbacks
        }
    }
}
