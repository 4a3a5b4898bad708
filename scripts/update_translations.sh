#!/usr/bin/env bash
# Update the web table's translations after its interface text changed (see docs/web.md, "Languages"):
# extract every marked text of the pages (src/planechase/server/static) and the server's sentences (its errors'
# templates in src/planechase, by babel.cfg) into locales/web.pot, then merge the
# template into each language's locales/{lang}/LC_MESSAGES/web.po. New texts come in untranslated and changed
# ones are marked fuzzy: translate them, then run `.venv/bin/pytest tests/server/test_i18n.py`.
set -euo pipefail
cd "$(dirname "$0")/.."
LOCALES=src/planechase/server/locales
.venv/bin/pybabel extract \
    --mapping-file=babel.cfg \
    --no-default-keywords --keyword=t --keyword=tx --keyword=N_ \
    --project=planechase --copyright-holder="planechase contributors" \
    --no-wrap --strip-comment-tags --add-comments=NOTE: \
    --output-file="$LOCALES/web.pot" \
    src/planechase
.venv/bin/pybabel update \
    --input-file="$LOCALES/web.pot" \
    --output-dir="$LOCALES" \
    --domain=web \
    --no-wrap \
    --ignore-obsolete
