#!/usr/bin/env bash
# The newest release of every dependency, as a fresh `pip install .[test]` without the locks would
# take them: the quick tests run against them and what broke is printed, so an upstream release is
# seen here before a user meets it. Never fails CI: the locks are what users install.
set -uo pipefail
venv="$(mktemp -d)/venv"
python3 -m venv "$venv"
if ! "$venv/bin/pip" install -q --upgrade -e ".[test]" >"$venv.install.log" 2>&1; then
  echo "newest releases: the install failed:"; grep -v "Location" "$venv.install.log" | tail -n 20
  exit 0
fi
"$venv/bin/python" - requirements/test.txt <<'PYTHON'
import json, re, subprocess, sys
from packaging.markers import Marker
norm = lambda name: re.sub(r"[-_.]+", "-", name).lower()
locked = {norm(m[1]): m[2] for m in re.finditer(r"^([A-Za-z0-9][\w.-]*)==([^\s;\\]+)(?: ; ([^\\\n]+))?", open(sys.argv[1]).read(), re.M)
          if not m[3] or Marker(m[3].strip()).evaluate()}
listed = json.loads(subprocess.run([sys.executable, "-m", "pip", "list", "--format=json"], capture_output=True, text=True).stdout)
newer = [f"{p['name']} {locked[norm(p['name'])]} -> {p['version']}" for p in listed
         if norm(p["name"]) in locked and locked[norm(p["name"])] != p["version"] and p["name"] != "setuptools"]
print("newest releases beyond the lock:", ", ".join(newer) or "none")
PYTHON
# The quick tests' outcome is summed up in words of this script's own, so that the last test
# summary CI reads is the locked run's. Those that run the npm lock's JavaScript tools are left out:
# its releases are not this check's, and ./dev test installs node_modules only after it.
timeout 300 "$venv/bin/python" -m pytest -q -n 2 -p no:cacheprovider -m "not browser and not slow and not npm" \
  >"$venv.tests.log" 2>&1
status=$?
failed=$(grep -E "^(FAILED|ERROR) " "$venv.tests.log" | head -n 20)
if [ "$status" = 0 ]; then
  echo "newest releases: the quick tests pass"
else
  echo "newest releases: the quick tests broke (exit $status); the lock keeps users on tested versions:"
  echo "${failed:-$(tail -n 15 "$venv.tests.log")}" | sed 's/^/  /'
fi
