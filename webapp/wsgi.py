"""The production entry point, ``gunicorn -c gunicorn.conf.py webapp.wsgi:app``. Importing it
builds or checks the KBNK table once; with gunicorn's ``preload_app`` that happens in the master,
before the workers fork, and they share the loaded table."""

from . import create_app
from .tables import prepare_or_exit

app = create_app()
prepare_or_exit(app)
