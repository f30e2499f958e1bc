"""The build's parts (standard library only); build.py runs them in order."""
