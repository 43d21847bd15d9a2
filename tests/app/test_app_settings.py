"""Issue 37: the app's settings come from ``app.config.from_prefixed_env`` (``KBN_<KEY>``) over its
defaults, with the documented variables as they were: whole numbers read as such (an empty one is
the default, a bad one refused naming its variable), paths kept as text, ``KBN_ALLOWED_HOSTS`` split
at commas, ``KBNK_TABLE`` under its old name; the ``config`` a caller passes wins over both."""

from __future__ import annotations

import doctest

import pytest

import webapp.settings
from webapp import create_app

PREFIXED = ("KBN_CUBE_MAX_N_CUSTOM", "KBN_BUILD_QUEUE", "KBN_TABLE_CACHE_MB", "KBN_CUBE_RESULTS",
            "KBN_ALLOWED_HOSTS", "KBN_TABLES", "KBNK_TABLE")


@pytest.fixture
def environ(monkeypatch):
    for name in PREFIXED:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_the_environment_sets_what_it_names(environ, app_config, tmp_path):
    environ.setenv("KBN_CUBE_MAX_N_CUSTOM", "3")
    environ.setenv("KBN_BUILD_QUEUE", "")  # empty: the default
    environ.setenv("KBN_TABLE_CACHE_MB", "2")
    environ.setenv("KBN_CUBE_RESULTS", "2024")  # JSON would make a number of it: a path stays text
    environ.setenv("KBN_ALLOWED_HOSTS", "lab.example.org, .chess.example")
    environ.setenv("KBNK_TABLE", str(tmp_path / "kbnk.bin"))
    config = {key: value for key, value in app_config.items() if key != "CUBE_RESULTS"}
    app = create_app(config)
    assert app.config["CUBE_MAX_N_CUSTOM"] == 3 and app.config["BUILD_QUEUE"] == 16
    assert app.config["TABLE_CACHE_BYTES"] == 2 << 20
    assert app.config["CUBE_RESULTS"] == "2024"
    assert app.config["ALLOWED_HOSTS"] == ["localhost", "lab.example.org", ".chess.example"]
    assert app.config["KBNK_TABLE"] == str(tmp_path / "kbnk.bin")
    assert app.config["CUBE_MAX_N_ONE_MAN"] == app_config["CUBE_MAX_N_ONE_MAN"]  # the caller's config wins


def test_a_setting_that_is_not_a_number_is_refused_naming_its_variable(environ, app_config):
    environ.setenv("KBN_CUBE_MAX_N_CUSTOM", "four")
    with pytest.raises(ValueError, match="KBN_CUBE_MAX_N_CUSTOM must be a whole number, not 'four'"):
        create_app(app_config)


def test_the_hosts_may_be_a_json_list_and_default_to_localhost(environ, app_config):
    assert create_app(app_config).config["ALLOWED_HOSTS"] == ["localhost"]
    environ.setenv("KBN_ALLOWED_HOSTS", '["lab.example.org"]')
    assert create_app(app_config).config["ALLOWED_HOSTS"] == ["localhost", "lab.example.org"]


def test_no_setting_flask_no_longer_reads_and_answers_keep_their_order(app_config):
    app = create_app(app_config)
    assert "JSON_SORT_KEYS" not in app.config
    answer = app.test_client().post("/api/3d/position", json={"board": "[##,#K],[k#,##]"})
    keys = list(answer.get_json())
    assert keys != sorted(keys)


def test_the_settings_doctests():
    assert doctest.testmod(webapp.settings).failed == 0
