import Glibc

/// A numeric IPv4 or IPv6 address and a port to listen on.
struct SocketAddress {
    private var storage = sockaddr_storage()
    let isIPv6: Bool
    let isLoopback: Bool
    /// `127.0.0.1:8080` or `[::1]:8080`, for messages.
    let display: String

    /// `localhost` means 127.0.0.1; IPv6 may be written in brackets. Names are not looked up.
    init?(host: String, port: UInt16) {
        var name = host == "localhost" ? "127.0.0.1" : host
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr = v4
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: sockaddr_in.self) }
            isIPv6 = false
            // The first byte in network order: 127.x.x.x.
            isLoopback = withUnsafeBytes(of: v4) { $0[0] } == 127
            display = "\(name):\(port)"
        } else if inet_pton(AF_INET6, name, &v6) == 1 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = v6
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: address, as: sockaddr_in6.self) }
            isIPv6 = true
            isLoopback = withUnsafeBytes(of: v6) { Array($0) } == Array(repeating: 0, count: 15) + [1]
            display = "[\(name)]:\(port)"
        } else {
            return nil
        }
    }

    func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
        withUnsafePointer(to: storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }
}
