"""Hearing the lab through a real screen reader (GNOME's Orca on Chromium, headless): a tool a
maintainer runs by hand (docs/TESTING.md), not part of the suite."""
