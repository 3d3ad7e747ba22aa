package admit

import (
	"errors"
	"fmt"
)

// Profile selects the rule set.
type Profile int

const (
	// RFC8785 admits what RFC 8785 can canonicalize: every finite number,
	// noncharacters included. The default.
	RFC8785 Profile = iota
	// IJSON adds the RFC 7493 (I-JSON) rules: no integer of magnitude 2^53
	// or more, no noncharacter.
	IJSON
)

// String returns the profile's command-line name.
func (p Profile) String() string {
	switch p {
	case RFC8785:
		return "rfc8785"
	case IJSON:
		return "ijson"
	}
	return fmt.Sprintf("Profile(%d)", int(p))
}

// ParseProfile reads a command-line profile name.
func ParseProfile(name string) (Profile, error) {
	switch name {
	case "rfc8785", "":
		return RFC8785, nil
	case "ijson":
		return IJSON, nil
	}
	return 0, fmt.Errorf("admit: unknown profile %q (want rfc8785 or ijson)", name)
}

const (
	// DefaultMaxDepth is the nesting cap when Options.MaxDepth is zero: the
	// value the in-toto attestation specification makes normative.
	DefaultMaxDepth = 128
	// MaxDepthLimit is the highest cap that may be asked for. The scanner
	// holds its stack in a fixed array of this size; a cap above it would not
	// be a cap.
	MaxDepthLimit = 512
	// DefaultMaxSize is the size cap when Options.MaxSize is zero: 20 MiB.
	DefaultMaxSize = 20 << 20
	// MaxSizeLimit is the highest size cap that may be asked for: 16 GiB.
	// It keeps every count the scanner holds (member names in particular)
	// within 32 bits, and no one document of that size is read into memory
	// to be signed.
	MaxSizeLimit = 16 << 30
)

// Options configures a scan. The zero value is the RFC 8785 profile with the
// default caps.
type Options struct {
	Profile  Profile
	MaxDepth int   // open containers admitted; 0 means DefaultMaxDepth; at most MaxDepthLimit
	MaxSize  int64 // bytes admitted; 0 means DefaultMaxSize; at most MaxSizeLimit
}

// ErrOptions is matched by every error of [Options.Validate]: a usage error,
// never a refusal of the input.
var ErrOptions = errors.New("admit: invalid options")

// Validate reports options that cannot be honoured. A cap out of range is an
// error, not something silently clamped.
func (o Options) Validate() error {
	if o.Profile != RFC8785 && o.Profile != IJSON {
		return fmt.Errorf("%w: unknown profile %d", ErrOptions, int(o.Profile))
	}
	if o.MaxDepth < 0 || o.MaxDepth > MaxDepthLimit {
		return fmt.Errorf("%w: max depth %d is outside 0..%d (0 means %d)", ErrOptions, o.MaxDepth, MaxDepthLimit, DefaultMaxDepth)
	}
	if o.MaxSize < 0 || o.MaxSize > MaxSizeLimit {
		return fmt.Errorf("%w: max size %d is outside 0..%d (0 means %d)", ErrOptions, o.MaxSize, int64(MaxSizeLimit), DefaultMaxSize)
	}
	return nil
}

func (o Options) depth() int {
	if o.MaxDepth == 0 {
		return DefaultMaxDepth
	}
	return o.MaxDepth
}

func (o Options) size() int64 {
	if o.MaxSize == 0 {
		return DefaultMaxSize
	}
	return o.MaxSize
}
