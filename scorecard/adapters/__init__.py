"""Adapters to the outside world: live page capture, the web archive and its capture-now API."""
