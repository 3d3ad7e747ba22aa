//go:build !goexperiment.jsonv2

package main

// canonicalize is nil without the experiment: main refuses to start.
var canonicalize func([]byte) ([]byte, error)
