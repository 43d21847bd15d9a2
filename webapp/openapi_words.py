"""The conventions every route shares: the OpenAPI document's description (webapp/openapi.py), checked
against the code they describe. What each route does beyond its schemas is said at the route, in its
declaration (webapp/api_routes.py)."""

from __future__ import annotations

from tablebase.core.numbers import MAX_REAL_CHARS

from .jsonio import MAX_DEPTH, MAX_NUMBER_DIGITS

INTRO = "\n\n".join((
    "The tablebases of every basic mate on the 8×8 board (a king and up to two of Q R B N against a lone "
    "king, either colour holding the men: KBNK, KQK ... KNNK) in lichess's conventions, also under "
    "lichess's own paths /standard and /standard/mainline; the coaches and lessons of the KBN method and "
    "of every basic mate; the 3D piece lab and the 3D endgame tables; the 2D move checker; solitaire chess.",

    "Requests. POSTs take a JSON object, sent as Content-Type: application/json only (415 otherwise, so no "
    f"cross-site form can send one), of at most 256 KiB (413), nested at most {MAX_DEPTH} levels, its whole "
    f"numbers at most {MAX_NUMBER_DIGITS} digits (a decimal {MAX_REAL_CHARS} characters); a URL is at most "
    "8000 bytes (414); a query parameter given twice is "
    "a 400. A FEN may write its spaces as '_', as lichess URLs do. Every error of the API is "
    '{"error": code, "message": text} (the Error schema), an input error\'s also "says": its message as words '
    "a page translates; the pages answer theirs as HTML pages.",

    "Tables built on demand. A request that needs a table not built yet is answered at once with 202, the "
    "table's state and Retry-After: 1; builds run in the server's builder process, never in a request. The "
    "builder (one per table folder) builds the queue within this server's limits, one table at a time, "
    "smallest first (smaller boards, then fewer men, then by name), each after the tables its captures lead "
    "to. A request queues at most one build. The queue is shared: it holds a bounded number of builds, and "
    "one client address at most its share of them; a request that would queue one more is answered 429 "
    "build_queue_full with Retry-After, naming the limit. "
    "to. A build is queued by a request from this site's pages or by a client on no one's page (curl, "
    "another server); a request from another site (Sec-Fetch-Site, Origin or Referer naming it), GET or "
    "POST, reads the tables already built, and where a table is not built (or is being built) it is answered "
    "403 cross_site_build; its POST to any other route is answered 403 cross_site before any work. A Host "
    "that is not one of the server's names is a 400 host_not_allowed (DNS rebinding). The server's own faults are 503s naming the problem, never blaming the request: "
    "server_data_damaged (a damaged table file, being rebuilt), table_storage (the table folder missing, "
    "read-only or full), table_build_failed (a build failed, with its reason).",

    "Headers. Every answer carries security headers: Content-Security-Policy (default-src 'self', no "
    "inline script or style, no plugins, frame-ancestors 'none'), X-Content-Type-Options: nosniff, "
    "Referrer-Policy: strict-origin-when-cross-origin, X-Frame-Options: DENY, Cross-Origin-Opener-Policy: "
    "same-origin. The answers that depend on the URL alone (the 2D probe and main line, the heat map, the "
    "coaches, /api/mates/board) are cached for a year (Cache-Control: public, max-age=31536000, immutable) "
    "with an ETag: a request whose If-None-Match names it is answered 304 without a body. Text answers of "
    "500 bytes or more are compressed, br or gzip as Accept-Encoding prefers (Vary: Accept-Encoding); a "
    "compressed answer's ETag names its coding (\"<sha1>:br\").",

    "Other origins. Every answer of /api/tablebase*, /standard* and /api/3d/tablebase, errors included, "
    "carries Access-Control-Allow-Origin: *, so a lichess client on another origin can read the tables "
    "already built, and "
    "/api/3d/tablebase answers a browser's preflight (OPTIONS) for its JSON POST. No other route is open to "
    "other origins: a page elsewhere can read none of their answers, and cannot send their POSTs (a JSON "
    "POST needs a preflight, which grants it nothing).",

    "Requests that cannot be parsed as HTTP (a lowercase method, Content-Length: abc, both Content-Length "
    "and chunked, a request line or headers over the limits, a bad chunk size) never reach the app: the "
    "production server's workers answer them in the same JSON error shape with the same security headers "
    "(400 bad_request, 414 uri_too_long, 431 headers_too_large, 417, 501), Access-Control-Allow-Origin: * "
    "on the tablebase routes. Static files under /static/ (cached a year), and the HEAD and OPTIONS answers "
    "the framework gives the other routes, are not listed.",
))
