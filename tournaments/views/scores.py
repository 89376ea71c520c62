"""Views: scores."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
