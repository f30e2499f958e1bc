"""The variants' names as the plots' titles write them ("online perceptron"), in the reader's language."""

from ..i18n import N_, _

PERCEPTRONS = {
    "online": N_("online perceptron"),
    "batch": N_("batch perceptron"),
    "averaged": N_("averaged perceptron"),
    "voted": N_("voted perceptron"),
    "pocket": N_("pocket perceptron"),
    "margin": N_("margin perceptron"),
    "kernel": N_("kernel perceptron"),
    "multiclass": N_("multiclass perceptron"),
}


def perceptron(algorithm):
    """"online" -> "online perceptron" (German "Online-Perzeptron"); an unknown name as "<name> perceptron"."""
    if algorithm in PERCEPTRONS:
        return _(PERCEPTRONS[algorithm])
    return _("{algorithm} perceptron").format(algorithm=algorithm)
