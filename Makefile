# Club scoring system. `make run` serves the demo, `make test` runs every test.
# Needs only python3 (3.11+) on a fresh machine; everything else goes into .venv.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
PORT   ?= 8000
# One catalogue for the whole site in locale/ (scoring has no Django, tests are not shown).
MESSAGES_IGNORE := --ignore=.venv --ignore=scoring --ignore=benchmarks --ignore=tests \
                   --ignore=staticfiles --ignore=build

.PHONY: run dev test lint bench load messages clean guide-pictures

# Create the virtualenv and install the pinned dependencies (again when pyproject.toml changes).
$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

# A secret key generated once for this checkout (git-ignored), used by `make run`.
.secret_key:
	umask 077 && $(PYTHON) -c "import secrets; print(secrets.token_urlsafe(50))" > $@

# Production-like: DEBUG off, gunicorn + whitenoise, on http://127.0.0.1:$(PORT)/.
# Plain http on the loopback, so no HTTPS redirect and no secure-only cookies (DJANGO_HTTPS
# stays off); a real deployment sets the HTTPS variables (docs/configuration.md,
# docs/deployment.md).
run: $(VENV)/.installed .secret_key
	@export DJANGO_DEBUG=0 \
	  DJANGO_SECRET_KEY="$${DJANGO_SECRET_KEY:-$$(cat .secret_key)}" \
	  DJANGO_ALLOWED_HOSTS="$${DJANGO_ALLOWED_HOSTS:-127.0.0.1,localhost}"; \
	set -e; \
	$(PY) manage.py migrate --noinput; \
	$(PY) manage.py collectstatic --noinput --verbosity 0; \
	$(PY) manage.py demo_data; \
	echo "Serving on http://127.0.0.1:$(PORT)/ (Ctrl-C stops)"; \
	exec $(BIN)/gunicorn clubmanager.project.wsgi --bind 127.0.0.1:$(PORT) --workers 2 \
	  --access-logfile - --logger-class clubmanager.project.gunicorn_logging.AccessLogger \
	  --graceful-timeout 5

# Auto-reloading development server with DEBUG on.
dev: $(VENV)/.installed
	@export DJANGO_DEBUG=1; set -e; \
	$(PY) manage.py migrate --noinput; \
	$(PY) manage.py demo_data; \
	exec $(PY) manage.py runserver 127.0.0.1:$(PORT)

# The system packages the tests need (Chromium, LibreOffice Calc, poppler, gettext) are
# installed first when missing (scripts/system-packages, shared with .ci/run). Node runs the
# score page client's unit tests (offline client and entry form) (tests/js/, Node's own runner) before pytest.
test: $(VENV)/.installed
	scripts/system-packages
	node --test tests/js/
	$(BIN)/pytest -n auto

# ruff, then mypy (strict, with django-stubs) over scoring/, clubmanager/ and tournaments/.
lint: $(VENV)/.installed
	$(BIN)/ruff check .
	$(BIN)/mypy

bench: $(VENV)/.installed
	@if [ -f benchmarks/run.py ]; then $(PY) -m benchmarks.run; \
	elif [ -f benchmarks/__main__.py ]; then $(PY) -m benchmarks; \
	else echo "no benchmarks yet"; fi

# `make load INSTANCES=2` starts two gunicorn instances against one database and splits the
# scorekeepers between them; LOAD_ARGS passes further options (e.g. "--db postgres --seconds 60").
# Then the live pages' load (benchmarks/load_live.py): 300 club evenings played while their TVs
# and 6,000 members poll; LIVE_ARGS passes its own options (e.g. "--seconds 60 --evenings 100");
# `make load LIVE=0` leaves it out, `make load LIVE=only` runs it alone.
INSTANCES ?= 1
LOAD_ARGS ?=
LIVE ?= 1
LIVE_ARGS ?=
load: $(VENV)/.installed
	@if [ ! -f benchmarks/load.py ]; then echo "no load test yet"; exit 0; fi; \
	if [ "$(LIVE)" != only ]; then $(PY) -m benchmarks.load --instances $(INSTANCES) $(LOAD_ARGS) || exit 1; fi; \
	if [ "$(LIVE)" != 0 ]; then $(PY) -m benchmarks.load --live --instances $(INSTANCES) $(LOAD_ARGS) $(LIVE_ARGS); fi

# Update the .po files (the site's and the offline client's djangojs) and compile them (needs gettext); the .mo files are committed.
messages: $(VENV)/.installed
	$(PY) manage.py makemessages -l nl -l en --no-wrap $(MESSAGES_IGNORE)
	$(PY) manage.py makemessages -d djangojs -l nl -l en --no-wrap $(MESSAGES_IGNORE)
	$(PY) manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache .mypy_cache .hypothesis test-artifacts
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

# The pictures of the secretary's guide ("Je club overzetten vanuit Excel"), made by the journey
# test itself (tests/browser/test_secretary_journey.py) into docs/images/.
guide-pictures: $(VENV)/.installed
	DOCS_SCREENSHOTS=docs/images $(BIN)/pytest -p no:xdist tests/browser/test_secretary_journey.py
