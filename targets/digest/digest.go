package digest

import (
	"crypto/sha256"
	"encoding/base64"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// A Digest is the SHA-256 of an invocation's canonical form.
type Digest [sha256.Size]byte

// String returns the digest in base64url without padding (RFC 4648
// section 5), the draft's BASE64URL.
func (d Digest) String() string { return base64.RawURLEncoding.EncodeToString(d[:]) }

// Sum parses request (see [Parse]) and returns its action digest:
// SHA-256 over the RFC 8785 canonical form of
// {"method": ..., "name": ..., "arguments": ...}, with each value the one
// transmitted (draft-lee-wimse-local-tool-call-proof-00, section 5).
func Sum(request []byte, opts admit.Options) (Digest, error) {
	inv, err := Parse(request, opts)
	if err != nil {
		return Digest{}, err
	}
	canon, err := inv.AppendCanonical(nil, opts)
	if err != nil {
		return Digest{}, err
	}
	return sha256.Sum256(canon), nil
}

// AppendCanonical appends the RFC 8785 canonical form of the invocation
// object to dst: its three members in UTF-16 order (section 3.2.3), which
// for these names is arguments, method, name, and each value canonicalized
// from its own bytes by jcs.Append, which admits it again under opts.
func (inv Invocation) AppendCanonical(dst []byte, opts admit.Options) ([]byte, error) {
	out := append(dst, `{"arguments":`...)
	var err error
	for _, part := range []struct {
		value []byte
		next  string
	}{{inv.Arguments, `,"method":`}, {inv.Method, `,"name":`}, {inv.Name, `}`}} {
		if out, err = jcs.Append(out, part.value, opts); err != nil {
			return dst, err
		}
		out = append(out, part.next...)
	}
	return out, nil
}
