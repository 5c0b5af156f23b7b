import Foundation
import Testing

import CMimalloc

@testable import LifecycleDocsCLI

/// mimalloc replaces malloc for the whole process only if the link put it ahead of the C
/// library: these tests run in a process linked like the tool (the tool's own binary is checked
/// by Tests/browser/test_allocator.py).
@Suite struct AllocatorTests {
    @Test func mallocIsMimallocs() {
        #expect(Allocator.isInEffect)
        #expect(Allocator.description.hasPrefix("mimalloc 2."))
    }

    /// The tool shortens the decommit delay, to none for `serve`, unless the environment set
    /// one (mimalloc reads it).
    @Test func theDecommitDelayIsTheToolsUnlessTheEnvironmentSetsIt() {
        #expect(Allocator.decommitDelay(command: "build", environment: ["MIMALLOC_DECOMMIT_DELAY": "25"]) == nil)
        #expect(Allocator.decommitDelay(command: "serve", environment: ["MIMALLOC_DECOMMIT_DELAY": "25"]) == nil)
        #expect(Allocator.decommitDelay(command: "build", environment: ["HOME": "/root"]) == Allocator.decommitDelay)
        #expect(Allocator.decommitDelay(command: nil, environment: [:]) == Allocator.decommitDelay)
        #expect(Allocator.decommitDelay(command: "serve", environment: [:]) == Allocator.serverDecommitDelay)
        // Every command but `serve` (and every test that runs one) sets the same value.
        Allocator.configure(command: "build", environment: [:])
        #expect(mi_option_get(mi_option_decommit_delay) == Allocator.decommitDelay)
        #expect(Allocator.description.hasSuffix(", decommit delay \(Allocator.decommitDelay) ms"))
    }

    /// Blocks from Swift's own allocations (an array's storage) and from Foundation come from
    /// the same heap as malloc's.
    @Test func swiftAndFoundationAllocateFromIt() {
        let bytes = [UInt8](repeating: 7, count: 1000)
        bytes.withUnsafeBufferPointer { #expect(mi_is_in_heap_region($0.baseAddress)) }
        let data = NSMutableData(length: 100_000)
        #expect(mi_is_in_heap_region(data?.mutableBytes))
    }
}
