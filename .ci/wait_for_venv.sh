#!/usr/bin/env bash
# wait_for_venv.sh PYTHON SECONDS: until ./dev's install has made PYTHON and finished (its stamp).
python="$1"; deadline=$((SECONDS + $2))
until [ -f "$(dirname "$(dirname "$python")")/.installed" ]; do
  if [ "$SECONDS" -ge "$deadline" ]; then echo "no installed virtualenv after $2 s" >&2; exit 1; fi
  sleep 1
done
