"""A stand-in for the reference guard's provenance.py, with the names the
adapter uses: it admits a call whose arguments are {"ok": true} under a
chain of at least one hop, and raises on the tool name "raise"."""

META_KEY = "io.noescalation/provenance"


class Chain:
    def __init__(self, hops=None):
        self.hops = hops or []

    def admits(self, name, arguments):
        if name == "raise":
            raise ValueError("raised on purpose")
        return bool(self.hops) and arguments == {"ok": True}


def read_from_meta(message):
    raw = message.get("params", {}).get("_meta", {}).get(META_KEY)
    return Chain(raw.get("chain", [])) if raw else None
