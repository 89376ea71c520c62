"""The site-wide pages: the service worker, the web app manifest, logging in and out.

Included at the root by the project's URLs (``clubmanager/project/urls.py``).
"""

from django.urls import path

from . import login_views, pwa

urlpatterns = [
    # The table page on the home screen and without Wi-Fi (clubmanager/core/pwa.py).
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("accounts/login/", login_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", login_views.LogoutView.as_view(), name="logout"),
]
