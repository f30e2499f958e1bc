"""A legend above a phone's plot keeps two columns in a language with longer words (Spanish,
German) by setting its text a little smaller, rather than taking one row per entry: the iris
multiclass legend at 390 px took a third of the card in Spanish."""
from perceptron_lab.plots.figure import new_figure, legend_rows
from perceptron_lab.plots.layout import LEGEND_SHRINK_MIN

# The multiclass slice's legend (plots/multiclass.py) in English and as the Spanish and German catalogs say it.
LEGENDS = {
    "en": ["setosa", "versicolor", "virginica", "misclassified", "the update's example", "others at their means"],
    "es": ["setosa", "versicolor", "virginica", "mal clasificado", "el ejemplo de la actualización", "resto en su media"],
    "de": ["setosa", "versicolor", "virginica", "falsch klassifiziert", "das Beispiel der Aktualisierung", "übrige auf ihrem Mittelwert"],
}


def fit(labels, width_px=358):
    fig = new_figure(width_px, 300)
    rows, ncol = legend_rows(fig, labels, [None] * len(labels), fig.bbox.width - 16)
    return rows, ncol, fig.pl_legend_shrink


def test_a_phones_legend_keeps_two_columns_in_every_language():
    assert fit(LEGENDS["en"]) == (3, 2, 1.0)  # English fits two columns at full size, as before
    for lang in ("es", "de"):
        rows, ncol, shrink = fit(LEGENDS[lang])
        assert (rows, ncol) == (3, 2), lang
        assert LEGEND_SHRINK_MIN <= shrink < 1.0, (lang, shrink)


def test_one_column_stays_where_two_would_need_smaller_text():
    # A card too narrow for two columns even at the smallest size: one column.
    assert fit(LEGENDS["es"], width_px=240)[1] == 1
    # Few entries keep their own fit (three rows are no third of the card).
    assert fit(["setosa", "el ejemplo de la actualización", "resto en su media"], 240)[1] == 1
