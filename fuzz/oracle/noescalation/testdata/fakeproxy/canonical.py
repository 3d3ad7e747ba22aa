"""The adapter hashes this file with provenance.py to name the version."""
