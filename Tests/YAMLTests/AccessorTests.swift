import Testing
import YAML

@Suite struct AccessorTests {
    private func scalar(_ yaml: String) throws -> YAMLNode {
        try #require(try document("v: \(yaml)")["v"])
    }

    @Test(arguments: ["true", "True", "TRUE"])
    func trueValues(_ text: String) throws {
        #expect(try scalar(text).bool == true)
    }

    @Test(arguments: ["false", "False", "FALSE"])
    func falseValues(_ text: String) throws {
        #expect(try scalar(text).bool == false)
    }

    @Test(arguments: ["yes", "no", "on", "tRUE", "1", "\"true\"", "'false'", "!!str true"])
    func notBooleans(_ text: String) throws {
        #expect(try scalar(text).bool == nil)
    }

    @Test func taggedBoolean() throws {
        #expect(try scalar("!!bool \"true\"").bool == true)
    }

    @Test func integers() throws {
        #expect(try scalar("42").int == 42)
        #expect(try scalar("-7").int == -7)
        #expect(try scalar("+3").int == 3)
        #expect(try scalar("0x1F").int == 31)
        #expect(try scalar("0o17").int == 15)
        #expect(try scalar("!!int \"12\"").int == 12)
    }

    @Test(arguments: ["\"42\"", "4.2", "1_000", "0x", "0x-1", "0o+7", "99999999999999999999", "12a", "", "~"])
    func notIntegers(_ text: String) throws {
        #expect(try scalar(text).int == nil)
    }

    @Test func nulls() throws {
        let root = try document("a: ~\nb: null\nc: NULL\nd:\ne: \"\"\nf: 'null'\ng: !!null ''\nh: nil\n")
        let nulls = root.entries?.map { $0.value.isNull }
        #expect(nulls == [true, true, true, true, false, false, true, false])
        #expect(root["d"]?.string == "")
    }

    @Test func stringReadsAnyScalarStyle() throws {
        let root = try document("a: plain\nb: 'single'\nc: [x]\n")
        #expect(root["a"]?.string == "plain")
        #expect(root["b"]?.string == "single")
        #expect(root["c"]?.string == nil)
        #expect(root["c"]?.isScalar == false)
        #expect(root["a"]?.isScalar == true)
    }

    @Test func wrongShapesGiveNil() throws {
        let root = try document("list: [1]\nmap: {k: v}\n")
        #expect(root["list"]?.entries == nil)
        #expect(root["list"]?["k"] == nil)
        #expect(root["map"]?.array == nil)
        #expect(root["map"]?.int == nil)
        #expect(root.array == nil)
    }

    @Test func quotedKeysMatchSubscript() throws {
        let root = try document("\"quoted key\": 1\n'single': 2\n")
        #expect(root["quoted key"]?.int == 1)
        #expect(root["single"]?.int == 2)
    }
}
