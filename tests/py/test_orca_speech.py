"""Reading what Orca spoke (tools/screen_reader/orca_speech.py) from its log lines, as Orca 43.1
wrote them while reading the lab in Chromium (tools/screen_reader/orca_listen.py): the
utterances in order, the key echoes told apart, an utterance over two lines kept whole, the
braille line separate, and the page's sentence found in what was said."""
from tools.screen_reader.orca_report import live_changes
from tools.screen_reader.orca_speech import braille, heard_in, parse, spoken

LOG = """\
1795945333.352 speech SPEECH OUTPUT: 'left control ' {'established': False}
1795945333.616 speech SPEECH OUTPUT: 'Skip to results.'
1795945333.644 braille BRAILLE LINE:  'Skip to results'
1795945333.644 braille      VISIBLE:  'Skip to results', cursor=1
1795945333.731 speech SPEECH OUTPUT: 'tab ' {'established': False}
1795945338.627 speech SPEECH OUTPUT: 'Status: Converged after 9 epochs: the last epoch made no mistake. Status: '
1795945338.700 speech SPEECH OUTPUT: 'Show as a table: the decision-boundary plot's points collapsed push button.'
1795945339.100 speech SPEECH OUTPUT: 'Finished loading Perceptron Lab.'{'established': False}
1795945339.200 speech SPEECH OUTPUT: 'H' voice=uppercase
1795945340.000 speech SPEECH OUTPUT: 'Update 3 of 18: example (0, 0) was misclassified,
w is now (1, 1, −1); 2 points wrong.'
"""


def test_utterances_in_order_without_the_key_echoes():
    said = parse(LOG)
    assert [s.text for s in said if s.echo] == ["left control ", "tab "]
    assert spoken(said) == [
        "Skip to results.",
        # A trailing space that is the page's (not an echo: no voice settings follow it).
        "Status: Converged after 9 epochs: the last epoch made no mistake. Status: ",
        # A quote inside the words does not end them.
        "Show as a table: the decision-boundary plot's points collapsed push button.",
        "Finished loading Perceptron Lab.",
        "H",
        "Update 3 of 18: example (0, 0) was misclassified,\nw is now (1, 1, −1); 2 points wrong.",
    ]
    assert [s.time for s in said][:2] == [1795945333.352, 1795945333.616]


def test_the_braille_line_is_kept_apart_and_its_visible_part_left_out():
    assert braille(parse(LOG)) == ["Skip to results"]


def test_a_sentence_counts_as_heard_only_whole():
    said = spoken(parse(LOG))
    assert heard_in("Update 3 of 18: example (0, 0) was misclassified, w is now (1, 1, −1); 2 points wrong.", said)
    assert not heard_in("Update 4 of 18: example (0, 1) was misclassified, w is now (1, 0, −2); 1 point wrong.", said)
    assert not heard_in("", said)


def test_the_report_lists_each_new_live_sentence_once():
    steps = [{"live": ""}, {"live": "Step 0 of 4."}, {"live": "Step 0 of 4."}, {"live": "Update 1 of 4."}, {"live": ""}]
    assert live_changes(steps) == [(1, "Step 0 of 4."), (3, "Update 1 of 4.")]
