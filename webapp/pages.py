"""What every tool's page template gets from the server: the URLs its script calls."""

from __future__ import annotations

from flask import current_app, request, url_for


def tool_urls() -> dict[str, str]:
    """Every route of the current blueprint that takes no URL argument, by endpoint name
    (``{"probe": "/api/tablebase", "page": "/kbn", ...}``): the page's script finds its server here."""
    prefix = f"{request.blueprint}."
    return {rule.endpoint[len(prefix):]: url_for(rule.endpoint)
            for rule in current_app.url_map.iter_rules()
            if rule.endpoint.startswith(prefix) and not rule.arguments}
