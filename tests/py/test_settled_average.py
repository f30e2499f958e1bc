"""An early-stopped averaged run at a cycle: the average moves toward the lap's mean only when it
is not that mean already. The sweep (bench/sentence_sweep.py, seed 2026) found a multiclass run
whose average already was the lap's mean: "the averaged answer would keep moving" was false."""

from perceptron_lab.bridge import handle

# (1, -2) is class 0; (1, 2) is listed as class 2, 0 and 1: no W is right on all three.
CSV = "x1,x2,y\n1,-2,0\n1,2,2\n1,2,0\n1,2,1\n"
RUN = {"algorithm": "multiclass", "average": True, "eta": 0.7, "order": "fixed", "epochs": 100, "plots": False}


def test_a_settled_average_is_not_said_to_keep_moving():
    data = {"kind": "csv", "text": CSV, "label": "y"}
    stopped = handle({"cmd": "train", "data": data, "settings": {**RUN, "early_stop": True}})
    assert stopped["status"] == "cycled" and stopped["epochs"] == stopped["cycle"]["epoch"]
    # The truth, by running on: every later epoch's averaged answer is the one at the stop.
    for more in range(1, 5):
        on = handle({"cmd": "train", "data": data,
                     "settings": {**RUN, "early_stop": False, "epochs": stopped["epochs"] + more}})
        assert on["weights"] == stopped["weights"]
    text = stopped["status_text"]
    assert "would keep moving" not in text
    assert "toward the mean W of that lap, unless it already is that mean" in text
