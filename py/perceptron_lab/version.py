"""The package version (one place: the package, its exports and the bridge read it from here)."""

__version__ = "0.1.0"
