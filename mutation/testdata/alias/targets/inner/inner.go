// Package inner declares a kind type another target re-exports under an
// alias, as targets/internal/jsonwire does for admit.
package inner

import "fmt"

type Kind string

func (k Kind) Error() string { return fmt.Sprint(string(k)) }

const (
	Short Kind = "Short"
	Long  Kind = "Long"
)
