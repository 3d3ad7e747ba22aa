// Package outer names inner's kinds through an alias, and refuses in a
// file (check.go) that does not import inner: a schema that spells the
// kind's type inner.Kind there does not type-check.
package outer

import "alias/targets/inner"

type Kind = inner.Kind

const (
	Short = inner.Short
	Long  = inner.Long
)

type Error struct {
	Kind   Kind
	Offset int
}

func (e *Error) Error() string { return string(e.Kind) }

func (e *Error) Unwrap() error { return e.Kind }

func fail(k Kind, off int) error { return &Error{Kind: k, Offset: off} }
