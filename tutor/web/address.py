"""The address ``tutor serve`` prints (and puts in the QR code): one a phone can open.

Listening on every address (``0.0.0.0``, ``::``), the server is reached through the
machine's network addresses, read from its interfaces (the host name is no help: on many
machines it resolves to 127.0.1.1 or 127.0.0.1, which a phone cannot reach). Listening on
one address, that address; an IPv6 one in brackets (``http://[::1]:8000/``).

Interfaces are read without sending anything: on Linux by ``ioctl`` (IPv4) and
``/proc/net/if_inet6`` (IPv6); elsewhere from the host name's addresses, without the
loopback ones.
"""
from __future__ import annotations

import ipaddress
import socket
import struct
import sys
from typing import Iterable

ANY = ("0.0.0.0", "::", "")
#: interfaces of containers and virtual machines on this machine, not of the network
VIRTUAL = ("docker", "veth", "br-", "virbr", "vmnet", "lxc", "lxd", "cni", "flannel", "tun", "wg", "zt")


def in_url(address: str) -> str:
    """An address as a URL writes it: IPv6 in brackets."""
    return f"[{address}]" if ":" in address and not address.startswith("[") else address


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def _rank(item: tuple[str, str]) -> tuple:
    """Real interfaces before virtual ones, private (home, club) networks first."""
    name, address = item
    ip = ipaddress.ip_address(address)
    return (name.startswith(VIRTUAL), not ip.is_private, ip.version)


def linux_interfaces() -> list[tuple[str, str]]:
    """(interface, address) of this machine's IPv4 and IPv6 interfaces that are up."""
    import fcntl

    SIOCGIFFLAGS, SIOCGIFADDR, IFF_UP = 0x8913, 0x8915, 0x1
    found: list[tuple[str, str]] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            packed = struct.pack("256s", name.encode()[:15])
            try:
                flags = struct.unpack("H", fcntl.ioctl(s.fileno(), SIOCGIFFLAGS, packed)[16:18])[0]
                if not flags & IFF_UP:
                    continue
                found.append((name, socket.inet_ntoa(fcntl.ioctl(s.fileno(), SIOCGIFADDR, packed)[20:24])))
            except OSError:
                continue        # no IPv4 address on this interface
    try:
        with open("/proc/net/if_inet6", encoding="ascii") as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 6 and parts[3] == "00":     # global scope
                    found.append((parts[5], str(ipaddress.IPv6Address(bytes.fromhex(parts[0])))))
    except OSError:
        pass
    return found


def hostname_interfaces() -> list[tuple[str, str]]:
    """(``host``, address) for the host name's addresses (where interfaces cannot be read)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, proto=socket.IPPROTO_TCP)
    except OSError:
        return []
    return [("host", info[4][0]) for info in infos]


def interfaces() -> list[tuple[str, str]]:
    if sys.platform.startswith("linux"):
        try:
            return linux_interfaces()
        except (OSError, ImportError):
            pass
    return hostname_interfaces()


def hosts(host: str, found: Iterable[tuple[str, str]] | None = None) -> list[str]:
    """What to print for a server listening on ``host``, best first, as URLs write it;
    empty when it listens everywhere but the machine has no network address."""
    if host not in ANY:
        return [in_url(host)]
    found = list(interfaces() if found is None else found)
    usable = [(n, a) for n, a in found if _usable(a)]
    if host in ("0.0.0.0", ""):
        usable = [(n, a) for n, a in usable if ":" not in a]
    ordered = sorted(dict.fromkeys(usable), key=_rank)
    return list(dict.fromkeys(in_url(a) for _, a in ordered))
