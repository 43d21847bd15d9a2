"""A build's cost in words: one table of units (tablebase/core/units.py) for the server's messages
and the endgames page's script, which gets it in its data instead of restating its thresholds."""

from __future__ import annotations

import json
import re

from tablebase.core.units import UNITS, in_units
from webapp.i18n_say import say


def test_the_page_gets_the_servers_table_of_units(client):
    html = client.get("/3d/endgames").get_data(as_text=True)
    assert json.loads(re.search(r"data-units='([^']*)'", html).group(1)) == json.loads(json.dumps(UNITS))


def test_each_unit_begins_where_the_larger_one_ends():
    assert [in_units(value, "bytes").text() for value in (999_400_000, 1_000_000_000, 5.44e9)] == \
        ["999 MB", "1.0 GB", "5.4 GB"]
    assert [in_units(value, "seconds").text() for value in (0.2, 89, 90, 5399, 5400)] == \
        ["1 s", "89 s", "2 min", "90 min", "1.5 h"]


def test_the_server_writes_a_size_as_the_readers_language_does(app):
    with app.test_request_context("/?lang=fr"):
        assert say(in_units(5.44e9, "bytes")) == "5,4 Go"
        assert say(in_units(9000, "seconds")) == "2,5 h"
    with app.test_request_context("/?lang=en"):
        assert say(in_units(5.44e9, "bytes")) == "5.4 GB"
