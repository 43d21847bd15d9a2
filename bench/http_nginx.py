"""The other layout measured by ``bench_http.py --nginx``: Debian's nginx in front, buffering each
request and answer, with gunicorn's sync workers behind it on a unix socket. Everything lives in a
temporary folder and listens on 127.0.0.1 only; both processes are stopped by the caller."""

from __future__ import annotations

import subprocess
from pathlib import Path

import debian_tools

ROOT = Path(__file__).resolve().parents[1]

CONFIG = """worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log warn;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  client_body_temp_path {folder}/body;
  proxy_temp_path {folder}/proxy;
  fastcgi_temp_path {folder}/fastcgi;
  uwsgi_temp_path {folder}/uwsgi;
  scgi_temp_path {folder}/scgi;
  client_max_body_size 256k;
  upstream app {{ server unix:{folder}/gunicorn.sock; keepalive 16; }}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
    }}
  }}
}}
"""


def start(port: int, folder: Path, env: dict, log, python: Path) -> tuple[subprocess.Popen, subprocess.Popen]:
    """(gunicorn, nginx): sync workers on a unix socket, nginx on 127.0.0.1:port."""
    folder.mkdir(parents=True, exist_ok=True)
    for path in (folder.parent, folder):  # nginx's workers run as another user (www-data) when started as root
        path.chmod(0o755)
    gunicorn = subprocess.Popen([str(python.with_name("gunicorn")), "-c", "gunicorn.conf.py", "-k", "sync",
                                 "--bind", f"unix:{folder}/gunicorn.sock", "webapp.wsgi:app"],
                                cwd=ROOT, env=env, stdout=log, stderr=log)
    (folder / "nginx.conf").write_text(CONFIG.format(folder=folder, port=port))
    nginx = subprocess.Popen([debian_tools.ensure("nginx", "nginx-light"), "-p", str(folder), "-c", str(folder / "nginx.conf"),
                              "-e", str(folder / "nginx-error.log"), "-g", "daemon off;"], stdout=log, stderr=log)
    return gunicorn, nginx
