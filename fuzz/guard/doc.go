// Package guardfuzz holds the native fuzz targets of targets/guard's decision
// on one client message: each a thin function over its target in the
// registry of fuzz/spec.
package guardfuzz
