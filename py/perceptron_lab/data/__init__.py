"""Data: the Dataset types and the train/test split (dataset.py), the presets (presets.py), the
seeded generators, labels, standardization (prep.py), the CSV reader (csv_*.py) and the real data
sets shipped with the package (real/).
"""

from .dataset import (  # noqa: F401
    MAX_ABS, MAX_POINTS, Dataset, MulticlassDataset, encode_classes, encode_labels, points_dataset, test_mask,
    too_large, train_test_split,
)
from .labels import label_str  # noqa: F401
from .presets import PRESET_INFO, PRESET_PARAMS, PRESETS, REAL_PRESETS, make_clouds, preset  # noqa: F401

__all__ = ["Dataset", "MulticlassDataset", "encode_labels", "encode_classes", "label_str", "preset", "make_clouds",
           "PRESETS", "REAL_PRESETS", "PRESET_INFO", "PRESET_PARAMS", "train_test_split", "test_mask",
           "points_dataset", "MAX_POINTS", "MAX_ABS", "too_large"]
