import Encoding
import FileIO
import Testing
import TestSupport

/// `UTF8Validation` against the standard library: a String made of bytes it passes is never
/// checked again, so it must refuse every ill-formed sequence the standard library refuses,
/// and place the error where the standard library's decoder does.
@Suite struct UTF8ValidationTests {
    /// The standard library's answer: where its decoder stops (the start of the scalar it cannot
    /// read), nil when it reads every scalar; `Files` reads it so for its errors.
    static func reference(_ bytes: [UInt8]) -> Int? { Files.firstInvalidUTF8Offset(bytes[...]) }

    static func check(_ bytes: [UInt8]) -> (firstInvalid: Int?, isASCII: Bool) {
        bytes.withUnsafeBufferPointer(UTF8Validation.check)
    }

    /// `bytes` checked alone and between ASCII runs whose lengths put them across the eight-byte steps.
    static func expectAgrees(_ bytes: [UInt8], pads: [Int] = [0, 3, 7, 8, 13]) {
        for before in pads {
            for after in [0, 1, 9] {
                let text = [UInt8](repeating: 0x61, count: before) + bytes + [UInt8](repeating: 0x7A, count: after)
                let expected = reference(text)
                let (found, isASCII) = check(text)
                #expect(found == expected, "\(text)")
                #expect(isASCII == text.allSatisfy { $0 < 0x80 } || found != nil, "\(text)")
                let made = try? UTF8Validation.decode(text[...])
                #expect(made == String(validating: text, as: UTF8.self), "\(text)")
            }
        }
    }

    @Test func everySequenceOfOneOrTwoBytes() {
        for first in 0...255 {
            for second in 0...255 {
                let bytes = [UInt8(first), UInt8(second)]
                #expect(Self.check(bytes).firstInvalid == Self.reference(bytes), "\(bytes)")
            }
            Self.expectAgrees([UInt8(first)], pads: [0, 8])
        }
    }

    @Test func everyLeadOfThreeAndFourBytesWithEverySecondByte() {
        // The second byte decides overlong forms, surrogates and the end of Unicode; later
        // bytes only need to be continuations, so a few values stand for all of them.
        let later: [UInt8] = [0x00, 0x7F, 0x80, 0xBF, 0xC0, 0xFF]
        for lead in UInt8(0xE0)...0xFF {
            for second in 0...255 {
                for third in later {
                    let three = [lead, UInt8(second), third]
                    #expect(Self.check(three).firstInvalid == Self.reference(three), "\(three)")
                    for fourth in later where lead >= 0xF0 {
                        let four = [lead, UInt8(second), third, fourth]
                        #expect(Self.check(four).firstInvalid == Self.reference(four), "\(four)")
                    }
                }
            }
        }
    }

    @Test func boundariesAndTruncationsAcrossTheEightByteSteps() {
        let samples: [[UInt8]] = [
            [0xC2, 0x80], [0xDF, 0xBF], [0xC1, 0xBF], [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x98],
            [0x80], [0xBF, 0x80], Array("ñandú жизнь →😀".utf8),
        ]
        for sample in samples {
            Self.expectAgrees(sample)
            for cut in 1..<sample.count { Self.expectAgrees(Array(sample.prefix(cut))) }
        }
    }

    @Test func randomTextOfValidScalarsAndStrayBytes() {
        var random = SeededRandom(seed: 0x7F8E_1D2C_3B4A_5968)
        let pieces = ["a", "text ", "\n", "é", "ñ", "ж", "Ё", "→", "—", "😀", "\u{10FFFF}", "\u{FFFD}"].map { Array($0.utf8) }
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<random.below(40) {
                if random.below(30) == 0 {
                    bytes.append(UInt8(random.below(256)))
                } else {
                    bytes += pieces[random.below(pieces.count)]
                }
            }
            #expect(Self.check(bytes).firstInvalid == Self.reference(bytes), "\(bytes)")
            #expect((try? UTF8Validation.decode(bytes[...])) == String(validating: bytes, as: UTF8.self), "\(bytes)")
        }
    }

    @Test func aSliceIsReadFromItsStart() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("héllo".utf8)
        #expect((try? UTF8Validation.decode(bytes.dropFirst(3))) == "héllo")
        #expect((try? UTF8Validation.decode(bytes.dropFirst(1))) == nil)
        #expect((try? UTF8Validation.decode([])) == "")
        #expect(Self.check([]) == (nil, true) && Self.check(Array("plain ascii text".utf8)) == (nil, true))
        #expect(Self.check(Array("más".utf8)) == (nil, false))
    }
}
