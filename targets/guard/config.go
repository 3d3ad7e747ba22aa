package guard

import (
	"errors"
	"fmt"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// Disposition is what the guard does with a tools/call that carries no
// provenance (SEP-3246 section 4.5.1). It has no default: the zero value is
// invalid, because the section says the disposition "MUST be explicit rather
// than defaulted silently".
type Disposition int

const (
	// Originate starts a new chain (v 1, empty) and appends this guard's hop,
	// so the call is checked against this guard's policy alone.
	Originate Disposition = iota + 1
	// Reject treats absent provenance as a violation.
	Reject
)

// String returns the command-line name.
func (d Disposition) String() string {
	switch d {
	case Originate:
		return "originate"
	case Reject:
		return "reject"
	}
	return fmt.Sprintf("Disposition(%d)", int(d))
}

// ParseDisposition reads a command-line disposition name. The empty string
// is an error: there is no default.
func ParseDisposition(name string) (Disposition, error) {
	switch name {
	case "originate":
		return Originate, nil
	case "reject":
		return Reject, nil
	case "":
		return 0, fmt.Errorf("%w: the absent-provenance disposition must be given (originate or reject)", ErrConfig)
	}
	return 0, fmt.Errorf("%w: unknown absent-provenance disposition %q (want originate or reject)", ErrConfig, name)
}

// Mode is enforce or audit (SEP-3246 section 4.4). The zero value is
// Enforce, as the section requires ("MUST default to enforce").
type Mode int

const (
	// Enforce refuses violations.
	Enforce Mode = iota
	// Audit forwards violations and records each one.
	Audit
)

// String names the mode.
func (m Mode) String() string {
	switch m {
	case Enforce:
		return "enforce"
	case Audit:
		return "audit"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// Config is one guard: its component identifier and the bound it confers
// (section 4.1 step 2), the absent-provenance disposition, the mode, and
// the canonicalization settings (schemas, case folding) of section 3.2.2.
type Config struct {
	Component string
	Policy    bound.Bound
	Absent    Disposition
	Mode      Mode
	Canon     bound.Canon
}

// ErrConfig is matched by every error of [Config.Validate].
var ErrConfig = errors.New("guard: invalid configuration")

// Validate reports a configuration that cannot be run. An empty policy is
// valid (it confers nothing, section 3.1); an empty component is not, since
// the hop it appends must name it (section 2.2).
func (c Config) Validate() error {
	if c.Component == "" {
		return fmt.Errorf("%w: the component identifier is empty", ErrConfig)
	}
	if c.Policy == nil {
		return fmt.Errorf("%w: no policy bound", ErrConfig)
	}
	if c.Absent != Originate && c.Absent != Reject {
		return fmt.Errorf("%w: the absent-provenance disposition must be originate or reject, not %v", ErrConfig, c.Absent)
	}
	if c.Mode != Enforce && c.Mode != Audit {
		return fmt.Errorf("%w: unknown mode %v", ErrConfig, c.Mode)
	}
	return nil
}
