// Package digestfuzz holds the native fuzz targets of targets/digest, the
// action digest of a tools/call: each a thin function over its target in
// the registry of fuzz/spec.
package digestfuzz
