//go:build goexperiment.jsonv2

package main

import "encoding/json/jsontext"

// canonicalize is jsontext.Value.Canonicalize on a copy of input.
var canonicalize = func(input []byte) ([]byte, error) {
	v := jsontext.Value(append([]byte{}, input...))
	if err := v.Canonicalize(); err != nil {
		return nil, err
	}
	return v, nil
}
