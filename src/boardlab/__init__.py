"""boardlab: play, simulate and check modern board games exactly by their rulebooks."""

__version__ = "0.1.0"
