"""Question banks from the engine: items (items.py) written as QTI 3.0, QTI 1.2, Moodle XML and GIFT."""
