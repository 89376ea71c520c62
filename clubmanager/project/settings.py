"""Settings for the club scoring system, read from the environment.

One settings module serves a laptop, CI and production: what differs between them comes from
environment variables. The defaults are for development (``DJANGO_DEBUG`` on, so ``runserver``
and the tests need no set-up); with debug off a secret key and the allowed hosts are required.
Every variable: docs/configuration.md.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name} must be one of 1/0, true/false, yes/no, on/off; got {raw!r}"
    )


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number; got {raw!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


DEBUG = env_bool("DJANGO_DEBUG", True)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off "
            "(make run generates one in .secret_key)."
        )
    SECRET_KEY = "django-insecure-development-only-key-never-use-in-production"  # noqa: S105

ALLOWED_HOSTS = env_list(
    "DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else []
)
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "simple_history",
    "axes",
    "clubmanager",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "clubmanager.core.middleware.ClubLocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Who a page kept on the phone for a reload without Wi-Fi belongs to (clubmanager/core/pwa.py).
    "clubmanager.core.pwa.WhoMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    # django-axes must be last.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "clubmanager.project.urls"
WSGI_APPLICATION = "clubmanager.project.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        # template_partials wraps the loaders (partials loader around the cached loader).
        "APP_DIRS": True,
        "OPTIONS": {
            # Template tags of the feature packages (not apps), under the names templates load.
            "libraries": {
                "competitions": "tournaments.competitions.templatetags.competitions",
                "money": "tournaments.evenings.templatetags.money",
                "standings": "tournaments.standings.templatetags.standings",
                "table_codes": "tournaments.entry.templatetags.table_codes",
            },
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "clubmanager.core.context_processors.club_context",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        env="DATABASE_URL",
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        # Production keeps a connection per worker for a minute (a PostgreSQL connect costs
        # more than a whole save); the development server starts a thread per request, where
        # a kept connection would only pile up (Django's advice), so there it is 0.
        conn_max_age=env_int("DJANGO_DB_CONN_MAX_AGE", 0 if DEBUG else 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A club evening on one laptop: the TV screen, the standings and the phones read while
    # scorekeepers save. WAL lets readers and the one writer pass each other; IMMEDIATE takes
    # the write lock at BEGIN, so a transaction that reads first waits its turn (up to
    # ``timeout`` seconds) instead of failing with "database is locked" when it comes to
    # write. synchronous stays FULL (SQLite's default): a hand the scorekeeper saw saved
    # survives a power cut.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        **DATABASES["default"].get("OPTIONS", {}),
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    # ModelBackend, its user read through the live cache (a member's poll: no query)
    "clubmanager.core.auth_backend.LiveModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Mail (the "forgot password" link). Development prints mails on the console; a deployment
# sets DJANGO_EMAIL_HOST (and the other variables below) to send them over SMTP.
if os.environ.get("DJANGO_EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["DJANGO_EMAIL_HOST"]
    EMAIL_PORT = env_int("DJANGO_EMAIL_PORT", 587)
    EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("DJANGO_EMAIL_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "webmaster@localhost")
# Seconds any step with the mail server may take (connect, send): the mail is sent after the
# answer (clubmanager/core/mail.py), and a hanging server must not keep that thread for ever.
EMAIL_TIMEOUT = env_int("DJANGO_EMAIL_TIMEOUT", 10)
PASSWORD_RESET_TIMEOUT = 60 * 60 * 24  # a reset link works for one day

# Failed logins are throttled: 5 failures for one username from one address lock that
# combination for 15 minutes.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False

# Wrong codes (table codes, door codes, share links; tournaments/codes/throttle.py): an unknown
# or renewed code tried 20 times within 15 minutes answers 429 until fewer of its tries are that
# young.
# Counted per code tried, never per address; a right code is never limited.
TABLE_CODE_FAILURE_LIMIT = env_int("DJANGO_TABLE_CODE_FAILURE_LIMIT", 20)
TABLE_CODE_COOLOFF = timedelta(minutes=15)

# The season workbook download is built once per change and kept here (tournaments/
# workbook/cache.py): a folder only the site's user may use (created 700; a symlink, a folder of
# another user or one open to others is refused). Relative paths are inside the project.
WORKBOOK_CACHE_DIR = Path(os.environ.get("DJANGO_WORKBOOK_CACHE_DIR", "") or BASE_DIR / "var"
                          / "workbook-cache")

# Django's cache. "live" keeps what an unchanged poll reads (the club, the role, the user, the
# stamp: clubmanager/core/live_cache.py) until a write moves it, the sessions (below), and each
# poll's answer rendered for its ETag (tournaments/standings/views/polling.py). It must be ONE
# cache for every process: a folder on this machine (gunicorn's workers, `make load`'s
# instances; clubmanager/core/folder_cache.py), or Redis for several app servers
# (DJANGO_CACHE_REDIS_URL; docs/deployment.md). In front of it each process keeps in its own
# memory what never changes once kept: "live-local" (a value under its generations) and
# "default" (a page under its ETag).
LIVE_CACHE_DIR = Path(os.environ.get("DJANGO_LIVE_CACHE_DIR", "") or BASE_DIR / "var"
                      / "live-cache")
CACHE_REDIS_URL = os.environ.get("DJANGO_CACHE_REDIS_URL", "")
CACHES: dict[str, dict[str, object]] = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                "OPTIONS": {"MAX_ENTRIES": 2_000}},
    "live-local": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                   "LOCATION": "live-local", "OPTIONS": {"MAX_ENTRIES": 20_000}},
    "live": {"BACKEND": "django.core.cache.backends.redis.RedisCache",
             "LOCATION": CACHE_REDIS_URL, "KEY_PREFIX": "live"} if CACHE_REDIS_URL else {
        "BACKEND": "clubmanager.core.folder_cache.FolderCache",
        "LOCATION": str(LIVE_CACHE_DIR), "OPTIONS": {"MAX_ENTRIES": 50_000}},
}

# Sessions in the database, read through the "live" cache (Django's cached_db): a member's
# poll then reads the session without a query. Written to both; a logout or a new password
# removes it from both, for every process (the cache is shared).
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
SESSION_CACHE_ALIAS = "live"

# Internationalisation: Dutch first, English complete as well.
LANGUAGE_CODE = "nl"
LANGUAGES = [("nl", _("Dutch")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Europe/Amsterdam"
USE_TZ = True

# Static files, served by whitenoise (also under gunicorn).
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Uploads (the member import) are parsed in memory and never stored.
FILE_UPLOAD_MAX_MEMORY_SIZE = 3 * 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 3 * 1024 * 1024
MEMBER_IMPORT_MAX_BYTES = 2 * 1024 * 1024
MEMBER_IMPORT_MAX_ROWS = 5000

# HTTPS. DJANGO_HTTPS=1 switches on everything a site behind HTTPS wants; each part can be
# overridden on its own. Off by default so that `make run` works on http://127.0.0.1:8000/.
HTTPS = env_bool("DJANGO_HTTPS", False)
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", HTTPS)
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", HTTPS)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 31_536_000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_SECURE_HSTS_PRELOAD", HTTPS)
if env_bool("DJANGO_SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True


def _site_url() -> str:
    """The site's own address for links in mails (the password reset): DJANGO_SITE_URL
    (``https://club.example.nl`` or ``https://club.example.nl:8443``), else the first of
    DJANGO_CSRF_TRUSTED_ORIGINS, else the first named host of ALLOWED_HOSTS (https when
    DJANGO_HTTPS is on). Never the Host header of a request: a link's host and port are ours."""
    from urllib.parse import urlsplit

    raw = os.environ.get("DJANGO_SITE_URL", "").strip()
    if not raw:
        named = [h for h in ALLOWED_HOSTS if h not in ("*",) and not h.startswith(".")]
        raw = (CSRF_TRUSTED_ORIGINS[0] if CSRF_TRUSTED_ORIGINS and "*" not in
               CSRF_TRUSTED_ORIGINS[0] else f"{'https' if HTTPS else 'http'}://{named[0]}"
               if named else "http://localhost")
    parts = urlsplit(raw)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path not in ("", "/"):
        raise ImproperlyConfigured(
            f"DJANGO_SITE_URL must be the site's origin, like https://club.example.nl; got {raw!r}")
    return f"{parts.scheme}://{parts.netloc}"


SITE_URL = _site_url()
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True

# -- Content-Security-Policy (clubmanager/core/csp.py) ----------------------------------------
# Every HTML page: scripts and styles only from our own static files (no inline script, style
# or event handler anywhere; htmx's indicator <style> is switched off in base.html's
# htmx-config meta tag), no plugins, no framing, forms post only to this site. The shape is
# Django 6's SECURE_CSP. Directive values are lists of sources.
SECURE_CSP = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1,
    "clubmanager.core.csp.ContentSecurityPolicyMiddleware",
)
# -- end of Content-Security-Policy ------------------------------------------------------------

# `python manage.py demo_data` calls these in order, each with the command's stdout
# (all demo data lives in tournaments/demo/).
DEMO_DATA_LOADERS = [
    "tournaments.demo.clubs.load",
    "tournaments.demo.competitions.load",
    "tournaments.demo.scores.load",
]

# Table codes in URLs are cut to their first 4 characters in every log line
# (clubmanager/core/log_redaction.py; gunicorn's access log:
# clubmanager/project/gunicorn_logging.py).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"table_codes": {"()": "clubmanager.core.log_redaction.RedactTableCodes"}},
    "formatters": {
        "django.server": {"()": "django.utils.log.ServerFormatter",
                          "format": "[{server_time}] {message}", "style": "{"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["table_codes"]},
        # Django's own for the development server's request lines, with the filter.
        "django.server": {"class": "logging.StreamHandler", "formatter": "django.server",
                          "filters": ["table_codes"]},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {
        "axes": {"level": "WARNING"},
        # Not Django's default console handler (DEBUG) nor its mail to ADMINS: the root's, with
        # the filter.
        "django": {"handlers": [], "level": "INFO", "propagate": True},
        "django.server": {"handlers": ["django.server"], "level": "INFO", "propagate": False},
    },
}
