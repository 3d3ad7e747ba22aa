"""A stand-in for PyPI jcs in the adapter's test: sorted compact JSON, and
ValueError on the string "raise"."""
import json

__version__ = "0.2.1"


def canonicalize(obj):
    if obj == "raise":
        raise ValueError("raised on purpose")
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
