"""The two exceptions a user can cause; everything else is a bug."""


class DataError(ValueError):
    """Bad input data. `row` and `column` (1-based row of the file, column name) say where."""

    def __init__(self, message, *, row=None, column=None):
        super().__init__(message)
        self.message = message
        self.row = row
        self.column = column

    def to_dict(self):
        return {"kind": "data", "message": self.message, "row": self.row, "column": self.column}


class SettingsError(ValueError):
    """A setting out of its allowed range. `field` names the setting (as in the web form)."""

    def __init__(self, message, *, field=None):
        super().__init__(message)
        self.message = message
        self.field = field

    def to_dict(self):
        return {"kind": "settings", "message": self.message, "field": self.field}
