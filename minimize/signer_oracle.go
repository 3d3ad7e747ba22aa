package minimize

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/cyberphone"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/gowebpki"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/jsontext"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// The outside RFC 8785 implementations that run in process (fuzz/oracle),
// so that findings/ can pin what they do as incumbent vectors. Each oracle
// is stateless and never panics (a panic is its ErrPanic breakdown).

// oracleOutcome is what the oracle makes of the input: "NAME:output:HASH"
// with the first 16 hex digits of the SHA-256 of its output, "NAME:refused",
// or "NAME:breakdown(CLASS)".
func oracleOutcome(name string, c oracle.Canonicalizer) func([]byte) Signature {
	return func(input []byte) Signature {
		out, err := c.Canonicalize(input)
		switch {
		case err == nil:
			sum := sha256.Sum256(out)
			return Signature(name + ":output:" + hex.EncodeToString(sum[:8]))
		case errors.Is(err, oracle.ErrRefused):
			return Signature(name + ":refused")
		}
		return Signature(name + ":breakdown(" + messageClass(err.Error()) + ")")
	}
}

// oracleFailure names how the oracle departs from jcs.Canonicalize under
// the default options:
//
//	NAME:admits:KIND     it writes output for what jcs refuses as KIND
//	NAME:refuses         it refuses what jcs admits
//	NAME:output-differs  both write, different bytes
//	NAME:breakdown(CLASS)
func oracleFailure(name string, c oracle.Canonicalizer) func([]byte) Signature {
	return func(input []byte) Signature {
		got, err := c.Canonicalize(input)
		want, jerr := jcs.Canonicalize(input, admit.Options{})
		switch {
		case err != nil && !errors.Is(err, oracle.ErrRefused):
			return Signature(name + ":breakdown(" + messageClass(err.Error()) + ")")
		case err == nil && jerr != nil:
			return Signature(name + ":admits:" + admitVerdict(jerr))
		case err != nil && jerr == nil:
			return Signature(name + ":refuses")
		case err == nil && string(got) != string(want):
			return Signature(name + ":output-differs")
		}
		return Pass
	}
}

// The three in-process oracles, by the short name findings/ uses.
var (
	cyberphoneOracle = cyberphone.New()
	gowebpkiOracle   = gowebpki.New()
	jsontextOracle   = jsontext.New()
)
