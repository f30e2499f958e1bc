"""Perceptron Lab: the perceptron of the lecture notes, every variant, with its theory computed."""

__version__ = "0.1.0"

from .errors import DataError, SettingsError  # noqa: F401
