// Package gen turns fuzz bytes into JSON values, and JSON values into
// texts, for the structure-aware fuzz targets of package fuzz.
//
// [Generate] reads the bytes with go-fuzz-headers' ConsumeFuzzer as a
// stream of small choices (one byte each, read modulo the number of
// alternatives). When the bytes run out every further choice is the first
// alternative, and the first alternative always ends the structure being
// built (length zero, a null, the number 0), so every input, the empty one
// included, yields a value. That is the difference from
// ConsumeFuzzer.GenerateStruct, whose strings take a four-byte length
// first and fail on most random inputs: see TestYield.
//
// The alternatives are weighted towards what breaks canonicalizers: names
// above U+FFFF beside names in U+E000..U+FFFF (UTF-16 order differs from
// code-point order there), surrogate pairs, noncharacters, control
// characters and the characters JSON escapes, doubles at every formatting
// boundary of ECMAScript's Number::toString, integers around 2^53, nesting
// up to [MaxDepth] and long strings.
//
// [Write] writes a value as JSON text in one of many representations of
// the same value (member order, whitespace, escapes, number spellings),
// chosen by a seed; [Canonical] writes its RFC 8785 canonical form, an
// independent model of what a canonicalizer must output; [Hostile] writes
// it with one planted flaw (a duplicate name, a lone surrogate, invalid
// UTF-8, a trailing comma) that admission must refuse; [PlantNumber]
// writes it with a number token Write never makes (past the largest
// double, below half the smallest subnormal, or just outside RFC 8259
// section 6's grammar) in place of one of its values.
package gen
