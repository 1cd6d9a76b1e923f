package dev.vigil.server.outbound;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Addresses an outbound call must not reach unless the operator allowed the host: loopback, link-local,
 * private, carrier-grade NAT, unique-local, multicast, unspecified and reserved ranges, and the IPv4 ones
 * however an IPv6 address embeds them (IPv4-compatible, NAT64, 6to4; Java already turns IPv4-mapped
 * {@code ::ffff:a.b.c.d} into the IPv4 address).
 */
final class InternalAddresses {

    private record Block(byte[] prefix, int bits, String name) {

        boolean contains(byte[] address) {
            if (address.length != prefix.length) {
                return false;
            }
            for (int bit = 0; bit < bits; bit++) {
                int mask = 0x80 >>> (bit % 8);
                if ((address[bit / 8] & mask) != (prefix[bit / 8] & mask)) {
                    return false;
                }
            }
            return true;
        }
    }

    private static final List<Block> IPV4 = List.of(
            block("0.0.0.0", 8, "unspecified"),
            block("10.0.0.0", 8, "private"),
            block("100.64.0.0", 10, "carrier-grade NAT"),
            block("127.0.0.0", 8, "loopback"),
            block("169.254.0.0", 16, "link-local"),
            block("172.16.0.0", 12, "private"),
            block("192.0.0.0", 24, "reserved"),
            block("192.168.0.0", 16, "private"),
            block("198.18.0.0", 15, "reserved"),
            block("224.0.0.0", 4, "multicast"),
            block("240.0.0.0", 4, "reserved"));

    private static final List<Block> IPV6 = List.of(
            block("::", 128, "unspecified"),
            block("::1", 128, "loopback"),
            block("fc00::", 7, "unique-local"),
            block("fe80::", 10, "link-local"),
            block("fec0::", 10, "site-local"),
            block("ff00::", 8, "multicast"));

    private InternalAddresses() {
    }

    /** What kind of internal address this is; empty for an address on the public internet. */
    static Optional<String> kind(InetAddress address) {
        byte[] bytes = address.getAddress();
        if (address instanceof Inet4Address) {
            return IPV4.stream().filter(b -> b.contains(bytes)).map(Block::name).findFirst();
        }
        Optional<String> own = IPV6.stream().filter(b -> b.contains(bytes)).map(Block::name).findFirst();
        return own.isPresent() ? own : embeddedIpv4((Inet6Address) address).flatMap(InternalAddresses::kind);
    }

    /** The IPv4 address inside ::a.b.c.d, 64:ff9b::a.b.c.d (NAT64) or 2002:aabb:ccdd:: (6to4). */
    private static Optional<InetAddress> embeddedIpv4(Inet6Address address) {
        byte[] bytes = address.getAddress();
        byte[] v4;
        if (zeros(bytes, 0, 12) || startsWith(bytes, 0x00, 0x64, 0xff, 0x9b) && zeros(bytes, 4, 12)) {
            v4 = Arrays.copyOfRange(bytes, 12, 16);
        } else if (startsWith(bytes, 0x20, 0x02)) {
            v4 = Arrays.copyOfRange(bytes, 2, 6);
        } else {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByAddress(v4));
        } catch (UnknownHostException e) {
            throw new IllegalStateException("four bytes are an IPv4 address", e);
        }
    }

    private static boolean zeros(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWith(byte[] bytes, int... prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if ((bytes[i] & 0xff) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static Block block(String literal, int bits, String name) {
        try {
            return new Block(InetAddress.getByName(literal).getAddress(), bits, name);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }
}
