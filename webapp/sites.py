"""Which site a request comes from, and which host names this server answers for (issue 36).

Another site's page must not make the server work: a browser sends a GET wherever a page points it
(a link, an image, a frame) and a form's POST without asking anyone. ``other_site`` is the one
decision, from what the browser says of the request:

- ``Sec-Fetch-Site`` (every current browser): ``cross-site``, or ``same-site`` (another host of the
  same site), is another site; ``same-origin`` and ``none`` (typed, a bookmark) are not;
- ``Origin`` (a browser's POST and any cross-origin fetch): another host than the request's, or
  ``null`` (a sandboxed frame, a redirect from elsewhere);
- ``Referer`` (also sent by browsers too old for Sec-Fetch-Site): another host than the request's.

A request that names no other site (from this site's pages, typed into the address bar, or from a
client that is no browser on someone's page: curl, another server) may make the server work.
Schemes are not compared: behind a TLS proxy the app sees http.

What it decides: a table's build is queued only for such a request (``webapp.tables.may_build``:
the tablebase routes, open to every origin, answer another site from the built tables only); a
POST to any other route is refused with 403 ``cross_site`` before its work (a browser sends a JSON
POST to another site only after a preflight that those routes never grant, so this is the second
lock, not the first).

DNS rebinding: a page of evil.example whose name its owner makes resolve to this server is, to the
browser, same-origin with it, its Origin and Host both evil.example, so none of the headers above
tells. The Host does: the server answers only for its own names (``ALLOWED_HOSTS``, from
``KBN_ALLOWED_HOSTS``, besides localhost and the names gunicorn binds) and for IP addresses,
which no rebinding can use (the attack needs a name its author controls); any other Host is a 400
naming it.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from flask import Flask, request

from tablebase.core.message import N_, msg
from tablebase.errors import ChessInputError, quoted

from .cors import open_to_every_origin

OTHER_SITES = ("cross-site", "same-site")  # Sec-Fetch-Site; same-site: another host of the site
DEFAULT_PORTS = (":80", ":443")
DEFAULT_HOSTS = ("localhost",)
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class HostNotAllowed(ChessInputError):
    code = "host_not_allowed"


class CrossSiteRequest(ValueError):
    """A request from another site to a route that works only for this site's pages (403)."""

    code = "cross_site"


def other_site() -> str | None:
    """The other site this request comes from, as its headers name it (for a message); None: it
    names no other site (see the module's doc)."""
    fetched_from = request.headers.get("Sec-Fetch-Site", "").lower()
    if fetched_from in OTHER_SITES:
        return f"another site (Sec-Fetch-Site: {quoted(fetched_from)})"
    here = host_and_port(f"//{request.host}")
    for header in ("Origin", "Referer"):
        sent = request.headers.get(header)
        if sent is None or (header == "Referer" and not sent):
            continue
        if not host_and_port(sent) or host_and_port(sent) != here:
            return f"another site ({header}: {quoted(sent)})"
    return None


def host_and_port(url: str) -> str | None:
    """Host and port of a URL, lowercased, without a default port; None when unreadable."""
    try:
        netloc = urlsplit(url).netloc.lower()
    except ValueError:  # a bracket left open
        return None
    for port in DEFAULT_PORTS:
        netloc = netloc.removesuffix(port)
    return netloc


def host_name(host: str) -> str | None:
    """The name in a Host header (``Example.org.:5000`` -> ``example.org``; ``[::1]:5000`` -> ``::1``)."""
    try:
        name = urlsplit(f"//{host}").hostname
    except ValueError:
        return None
    return name.rstrip(".") if name else None


def host_allowed(host: str, allowed) -> bool:
    """Whether this server answers for ``host`` (a Host header): an IP address, or a name of
    ``allowed`` (``.example.org`` also takes its subdomains; ``*`` takes every name)."""
    name = host_name(host)
    if not name:
        return False
    if _is_address(name):
        return True
    for entry in allowed:
        entry = entry.strip().lower().rstrip(".")
        if entry == "*" or name == entry or (entry.startswith(".") and (name.endswith(entry) or name == entry[1:])):
            return True
    return False


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def allow_bound_names(app: Flask, addresses) -> None:
    """Add the names of the addresses the server is bound to (gunicorn's ``bind``: ``host:port``,
    ``[v6]:port``, ``unix:path``) to the app's allowed hosts; IP addresses need no entry."""
    for address in addresses:
        if address.startswith(("unix:", "fd://")):
            continue
        name = host_name(address)
        if name and not _is_address(name) and name not in app.config["ALLOWED_HOSTS"]:
            app.config["ALLOWED_HOSTS"] = [*app.config["ALLOWED_HOSTS"], name]


def register(app: Flask) -> None:
    @app.before_request
    def refuse_other_hosts():
        """Before anything else: a Host this server does not answer for (a DNS rebinding)."""
        host = request.headers.get("Host")
        if host is not None and not host_allowed(host, app.config["ALLOWED_HOSTS"]):
            raise HostNotAllowed(msg(N_("this server does not answer for the host %(host)s: it is not one of its "
                                        "names (its operator lists them in KBN_ALLOWED_HOSTS)"), host=quoted(host)))

    @app.before_request
    def refuse_work_for_other_sites():
        if request.method in SAFE_METHODS or open_to_every_origin(request.path):
            return
        sender = other_site()
        if sender is not None:
            raise CrossSiteRequest(f"{request.method} {request.path} works only for this site's own pages, "
                                   f"not for a request from {sender}")
