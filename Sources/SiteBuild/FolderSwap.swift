import Glibc
import SiteContent
import SiteRender
import Translations

/// Swaps two paths in one atomic step with Linux's renameat2(RENAME_EXCHANGE). Glibc has
/// the function but Swift's Glibc module leaves it out (it is declared only under
/// _GNU_SOURCE), so it is looked up by name once.
enum FolderSwap {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    private static let renameExchange: UInt32 = 1 << 1

    private static let renameat2: RenameAt2? = {
        // RTLD_DEFAULT is the null handle: search every loaded library.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()

    /// Whether `a` and `b` (both existing) now have each other's place. False when the
    /// system or the file system cannot swap (errno tells why); then nothing moved.
    static func exchange(_ a: String, _ b: String) -> Bool {
        guard let renameat2 else { return false }
        return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
    }
}
