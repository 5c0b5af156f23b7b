// The part of every fuzzer's entry point that is the same: libFuzzer's bytes in, the
// harness's verdict out, and a violation turned into a crash libFuzzer keeps as an input.
// Compiled into each fuzzer binary by build.sh (not into the tests).

#if FUZZING
import Glibc

func runFuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int, _ violations: ([UInt8]) -> [String]) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let found = violations(bytes)
    if !found.isEmpty {
        let report = found.map { "violation: \($0)\n" }.joined()
        _ = report.withCString { write(2, $0, strlen($0)) }
        abort()  // libFuzzer saves the input as a crash
    }
    return 0
}
#endif
