"""The mistakes plot keeps its axis label inside the figure at the page's smallest size even
when tens of thousands of mistakes are counted (the left margin is fixed: tick labels are kept
to four characters)."""
from matplotlib.backends.backend_agg import FigureCanvasAgg

from perceptron_lab.plots.curves import compact_count, mistakes_figure


def test_compact_count_by_hand():
    assert [compact_count(v) for v in (0, 8, 1500, 8000, 9999, 10_000, 16_000, 250_000, 2_500_000)] == \
        ["0", "8", "1500", "8000", "9999", "10k", "16k", "250k", "2.5M"]


def test_the_axis_label_stays_inside_a_366_px_plot_with_40000_mistakes():
    fig = mistakes_figure([1500] * 30, width_px=366, height_px=366, dpr=1.0, scale=1.09)
    FigureCanvasAgg(fig)
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    ax = fig.axes[0]
    label = ax.yaxis.label.get_window_extent(r)
    assert label.x0 >= 0, label
    ticks = [t.get_text() for t in ax.get_yticklabels() if t.get_text()]
    assert ticks and max(map(len, ticks)) <= 4, ticks
    assert any(t.endswith("k") for t in ticks), ticks
