"""The laptop's addresses on the local network: where the phones at the table reach the page.

The address chosen first is the one the laptop's traffic leaves by (its default route), when that
is a local-network address; else its first local-network address; else 127.0.0.1, which no phone
can reach (the laptop is on no network). The default route's address is asked of the system by
"connecting" a UDP socket to a documentation-only address: nothing is sent, the system only says
which of its addresses it would send from. The others are listed by ``ip -j addr`` (Linux), else
by the addresses the laptop's own name resolves to.

No dependency is needed for this (ifaddr or psutil would list the interfaces too, at the cost of
one more package on every install for what the standard library and ``ip`` already tell).

``COMPANION_SERVE_ADDRESS`` names the address to serve on instead (the tests, a laptop whose
network the choice above gets wrong).
"""

from __future__ import annotations

import ipaddress
import json
import os
import shutil
import socket
import subprocess
from collections.abc import Iterable, Mapping

LOOPBACK = "127.0.0.1"
ADDRESS_ENV = "COMPANION_SERVE_ADDRESS"  #: the address to serve on, when set
# TEST-NET-2 (RFC 5737): never assigned to any network, so the system reaches it, if at all, by its
# default route, and says that route's address
PROBE = "198.51.100.1"
LOCAL_NETWORKS = tuple(ipaddress.ip_network(n) for n in ("192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12"))


def is_local(address: str) -> bool:
    """Whether ``address`` is in a local network's range (RFC 1918), where a home or café router
    puts the laptop and the phones.

    >>> [is_local(a) for a in ("192.168.1.23", "10.0.0.5", "172.20.1.1", "172.32.0.1", "8.8.8.8", "127.0.0.1")]
    [True, True, True, False, False, False]
    >>> is_local("laptop.local")
    False
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in LOCAL_NETWORKS)


def reachable(address: str) -> bool:
    """Whether another machine could reach ``address`` at all (not this machine's loopback, not a
    link-local address the system made up for want of a network).

    >>> [reachable(a) for a in ("192.168.1.23", "203.0.113.9", "127.0.0.1", "169.254.3.4", "0.0.0.0")]
    [True, True, False, False, False]
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return True  # a name: the system resolves it when the server binds to it
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified)


def routed_address(probe: str = PROBE) -> str | None:
    """The address the laptop sends from by its default route, or None without one (no network)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect((probe, 9))  # UDP: nothing is sent
            return sock.getsockname()[0]
        except OSError:
            return None


def listed_addresses() -> list[str]:
    """The laptop's IPv4 addresses as its system lists them: ``ip -j addr`` where there is one
    (Linux), else what its own name resolves to."""
    ip = shutil.which("ip")
    if ip is not None:
        try:
            done = subprocess.run([ip, "-j", "-4", "addr"], capture_output=True, text=True, timeout=2, check=True)
            return [a["local"] for i in json.loads(done.stdout) for a in i.get("addr_info", []) if "local" in a]
        except (OSError, subprocess.SubprocessError, ValueError, TypeError, KeyError):
            pass  # an older ip without JSON, or none that answers: the laptop's name below
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        return []
    return [str(address[0]) for *_, address in found]


def machine_addresses(routed: str | None, listed: Iterable[str]) -> list[str]:
    """The addresses another machine could reach, the default route's first, each once.

    >>> machine_addresses("192.168.1.23", ["127.0.0.1", "10.8.0.2", "192.168.1.23", "169.254.1.1"])
    ['192.168.1.23', '10.8.0.2']
    >>> machine_addresses(None, ["127.0.0.1"])
    []
    """
    found = [routed] if routed is not None else []
    return list(dict.fromkeys(a for a in [*found, *listed] if reachable(a)))


def default_address(addresses: list[str], routed: str | None) -> str:
    """The address to serve on: the default route's when it is a local network's, else the first
    local-network address, else 127.0.0.1 (phones cannot reach it).

    >>> default_address(["192.168.1.23", "10.8.0.2"], "192.168.1.23")
    '192.168.1.23'
    >>> default_address(["203.0.113.9", "172.17.0.1"], "203.0.113.9")
    '172.17.0.1'
    >>> default_address(["203.0.113.9"], "203.0.113.9")
    '127.0.0.1'
    """
    if routed is not None and is_local(routed):
        return routed
    return next((a for a in addresses if is_local(a)), LOOPBACK)


def addresses_to_offer(env: Mapping[str, str] = os.environ) -> list[str]:
    """The addresses the table may serve on, the one to serve on first (``COMPANION_SERVE_ADDRESS``
    when set, else ``default_address``), then the laptop's others (127.0.0.1 only as the first, when
    no local network was found)."""
    routed = routed_address()
    found = machine_addresses(routed, listed_addresses())
    first = env.get(ADDRESS_ENV, "").strip() or default_address(found, routed)
    return list(dict.fromkeys([first, *found]))


def next_address(offered: list[str], current: str) -> str:
    """The address after ``current`` among ``offered``, round again after the last (the first when
    ``current`` is no longer offered).

    >>> two = ["192.168.1.23", "10.8.0.2"]
    >>> next_address(two, "192.168.1.23"), next_address(two, "10.8.0.2")
    ('10.8.0.2', '192.168.1.23')
    >>> next_address(["192.168.1.23"], "10.8.0.2")
    '192.168.1.23'
    """
    if current not in offered:
        return offered[0]
    return offered[(offered.index(current) + 1) % len(offered)]
