"""How ``tutor serve`` runs the application: uvicorn with the tutor's own HTTP protocol,
which times out idle and slow connections so that they never starve real requests.

uvicorn alone counts every open connection against its limit and times out only a
connection that has already had an answer: 70 connections that never send a request
made every other request get 503 (issue 23). Here:

- a request's head (its first line and headers) must arrive within ``head_seconds`` of the
  connection's opening or of its last answer, however slowly it trickles in; else the
  connection is closed (an idle keep-alive connection the same);
- the body, within ``body_seconds`` (:class:`tutor.web.app.Guard`, 408);
- there is no limit on concurrent requests: they queue for the worker threads (only the
  requests that compute the judgement are bounded: :class:`tutor.web.app.Gate`, 503);
- past ``MAX_CONNECTIONS`` open connections, a new one closes the oldest idle one (no
  request under way); only when none is idle is the new one closed.
"""
from __future__ import annotations

import asyncio
import time
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

HEAD_SECONDS = 10.0
KEEP_ALIVE_SECONDS = 5
MAX_CONNECTIONS = 400


class Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's head (see the module)."""

    head_seconds = HEAD_SECONDS
    max_connections = MAX_CONNECTIONS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self.head_timer: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        self._wait_for_head()
        if len(self.connections) > self.max_connections:
            self._make_room()

    def connection_lost(self, exc: Exception | None) -> None:
        self._head_arrived()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self._busy():
            self._head_arrived()

    def on_response_complete(self) -> None:
        self._wait_for_head()
        super().on_response_complete()
        if self._busy():          # a pipelined request was waiting
            self._head_arrived()

    # --
    def _busy(self) -> bool:
        cycle = getattr(self, "cycle", None)
        return cycle is not None and not cycle.response_complete

    def _wait_for_head(self) -> None:
        self._head_arrived()
        self.idle_since = time.monotonic()
        self.head_timer = self.loop.call_later(self.head_seconds, self._too_slow)

    def _head_arrived(self) -> None:
        if getattr(self, "head_timer", None) is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def _too_slow(self) -> None:
        self.head_timer = None
        if not self._busy() and not self.transport.is_closing():
            self.transport.close()

    def _make_room(self) -> None:
        idle = [c for c in self.connections
                if c is not self and isinstance(c, Protocol) and not c._busy() and not c.transport.is_closing()]
        if idle:
            oldest = min(idle, key=lambda c: c.idle_since)
            oldest._head_arrived()
            oldest.transport.close()
        else:
            self._head_arrived()
            self.transport.close()


def protocol(head_seconds: float = HEAD_SECONDS, max_connections: int = MAX_CONNECTIONS) -> type[Protocol]:
    """The protocol class with other limits (the tests' short ones)."""
    if head_seconds == HEAD_SECONDS and max_connections == MAX_CONNECTIONS:
        return Protocol
    return type("Protocol", (Protocol,), {"head_seconds": head_seconds, "max_connections": max_connections})


def config(app: Any, host: str, port: int, **limits: Any):
    """The uvicorn configuration of ``tutor serve`` (``limits``: head_seconds,
    max_connections)."""
    import uvicorn

    return uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="off",
                          server_header=False, http=protocol(**limits), limit_concurrency=None,
                          timeout_keep_alive=KEEP_ALIVE_SECONDS, backlog=1024)
