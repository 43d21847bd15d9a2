"""The production server's per-request savings keep what it sends and logs: a response leaves in one
send, in order, whatever its shape; the access log's line is gunicorn's own."""

from __future__ import annotations

import datetime

import pytest
from gunicorn import glogging
from gunicorn.config import Config

from webapp.edge.access_log import Logger, named
from webapp.edge.worker import _HeadWithBody

pytestmark = pytest.mark.slow  # each test starts the production server


class _Socket:
    def __init__(self):
        self.sent, self.calls = [], []

    def sendall(self, data):
        self.sent.append(bytes(data))

    def sendfile(self, *args, **kwargs):
        self.calls.append("sendfile")

    def close(self):
        self.calls.append("close")


def test_a_head_and_its_body_leave_in_one_send():
    sock = _Socket()
    wrapped = _HeadWithBody(sock)
    wrapped.sendall(b"HTTP/1.1 200 OK\r\n\r\n")
    assert sock.sent == []
    wrapped.sendall(b"{}")
    wrapped.sendall(b"more")
    wrapped.flush()
    assert sock.sent == [b"HTTP/1.1 200 OK\r\n\r\n{}", b"more"]


def test_a_head_without_a_body_leaves_at_the_end_of_the_request():
    sock = _Socket()
    wrapped = _HeadWithBody(sock)
    wrapped.sendall(b"HTTP/1.1 304 Not Modified\r\n\r\n")
    wrapped.flush()
    wrapped.flush()
    assert sock.sent == [b"HTTP/1.1 304 Not Modified\r\n\r\n"]


@pytest.mark.parametrize("use", ["sendfile", "close"])
def test_anything_else_asked_of_the_socket_sends_the_head_first(use):
    sock = _Socket()
    wrapped = _HeadWithBody(sock)
    wrapped.sendall(b"head")
    getattr(wrapped, use)()
    assert sock.sent == [b"head"] and sock.calls == [use]


class _Response:
    status, sent = "200 OK", 4424
    headers = [("Content-Type", "application/json"), ("ETag", '"abc"'), ("X-Frame-Options", "DENY")]


class _Request:
    headers = [("HOST", "example.org"), ("USER-AGENT", 'bot "quoted"'), ("X-TRACE", "t-1")]


ENVIRON = {"REMOTE_ADDR": "10.0.0.1", "REQUEST_METHOD": "GET", "RAW_URI": "/api/tablebase?fen=x",
           "SERVER_PROTOCOL": "HTTP/1.1", "PATH_INFO": "/api/tablebase", "QUERY_STRING": "fen=x",
           "HTTP_USER_AGENT": 'bot "quoted"', "HTTP_REFERER": "https://example.org/", "HTTP_X_TRACE": "t-1",
           "wsgi.url_scheme": "http", "SERVER_NAME": "kbn", "HTTP_AUTHORIZATION": "Basic dXNlcjpwdw=="}


@pytest.mark.parametrize("log_format", [
    Config().access_log_format,
    '%(h)s %(u)s "%(r)s" %(s)s %(b)s %(m)s %(U)s %(q)s %(H)s %(D)s "%(a)s" "%(f)s" %(nope)s',
    "%({x-trace}i)s %({user-agent}i)s %({etag}o)s %({Content-Type}o)s %({missing}i)s %({server_name}e)s "
    "%({wsgi.url_scheme}e)s %({remote_addr}e)s %({absent}e)s",
])
def test_the_access_line_is_gunicorns(log_format):
    config = Config()
    config.set("access_log_format", log_format)
    took = datetime.timedelta(microseconds=1234)
    lines = []
    for logger_class in (glogging.Logger, Logger):
        logger = logger_class(config)
        logger.now = lambda: "[24/Nov/2026:23:00:00 +0000]"
        atoms = logger.atoms(_Response(), _Request(), ENVIRON, took)
        lines.append(log_format % logger.atoms_wrapper_class(atoms))
    assert lines[0] == lines[1]


def test_the_fields_a_format_names():
    found = named('%(h)s %({X-Trace}i)s %({etag}o)s %({REMOTE_ADDR}e)s %(a)s')
    assert found == {"i": {"x-trace"}, "o": {"etag"}, "e": {"remote_addr"}}
