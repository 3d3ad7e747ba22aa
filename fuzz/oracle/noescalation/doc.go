// Package noescalation holds the adapter that serves the SEP-3246
// reference guard (github.com/alinamiretai/no-escalation, proxy/provenance.py)
// as a canonfuzz guard over the subprocess protocol, version 2:
// adapter.py, a Python program of ours that imports the reference module
// from a folder given on its command line (--proxy-dir) or in
// $NOESCALATION_PROXY, and answers check with the reference guard's
// Chain.admits. The reference code has no licence and is never part of this
// repository; bring it onto the machine and run the guard study with
//
//	make matrix-guards NOESCALATION=/path/to/no-escalation/proxy
//
// which is canonfuzz matrix --guards with
// --impl no-escalation="python3 fuzz/oracle/noescalation/adapter.py" and the
// folder in $NOESCALATION_PROXY, so that the command the report and the
// findings record is the same on every machine (--proxy-dir DIR works too).
//
// The Go side of this package is its test, which runs the adapter against
// a stand-in module (testdata/fakeproxy) through the protocol client.
package noescalation

// Adapter is the adapter's path from the repository root.
const Adapter = "fuzz/oracle/noescalation/adapter.py"
