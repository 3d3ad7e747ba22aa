// Command es6check runs the full ECMAScript number check of RFC 8785
// section 3.2.2.3 on targets/jcs.AppendNumber: it regenerates the RFC
// author's es6testfile100m.txt line by line (without writing it), checks
// the SHA-256 of the first 10^3 ... 10^8 lines against the published
// values, and with -node also compares every double with Node's String(x).
//
//	go run ./fuzz/oracle/es6numbers/es6check [-lines 100000000] [-node] [-token shortest|17|g]
//
// With -token, each double is not formatted by jcs.AppendNumber but
// written as a JSON number token (its shortest digits in exponent form,
// 17 digits in exponent form, or strconv's 'g' layout, which is plain
// from 1e-4 to 1e21) and canonicalized by jcs.AppendNumberToken: the
// token path of the writer, whose digits are decided without strconv's
// shortest formatting, held to the same published hashes.
//
// It exits 0 when every checkpoint (and every double, with -node) agrees,
// 1 on any disagreement, 2 when it cannot run.
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle/es6numbers"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/node"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

func main() {
	lines := flag.Int("lines", 100000000, "lines of the test file to check: a power of ten from 1000 to 100000000")
	withNode := flag.Bool("node", false, "also compare every double with Node's String(x)")
	batch := flag.Int("batch", 10000, "doubles per request to Node")
	token := flag.String("token", "", "format each double through a number token: shortest, 17 or g")
	flag.Parse()
	switch *token {
	case "":
	case "shortest":
		format = viaToken('e', -1)
	case "17":
		format = viaToken('e', 16)
	case "g":
		format = viaToken('g', -1)
	default:
		fmt.Fprintln(os.Stderr, "es6check: -token is shortest, 17 or g")
		os.Exit(2)
	}
	os.Exit(run(*lines, *withNode, *batch))
}

// format is the formatter checked: jcs.AppendNumber, or a token path.
var format es6numbers.Formatter = jcs.AppendNumber

// viaToken formats f as strconv writes it with fmt and prec, and then
// canonicalizes that token with jcs.AppendNumberToken.
func viaToken(fmtc byte, prec int) es6numbers.Formatter {
	var tok []byte
	return func(dst []byte, f float64) []byte {
		tok = strconv.AppendFloat(tok[:0], f, fmtc, prec, 64)
		out, err := jcs.AppendNumberToken(dst, tok)
		if err != nil {
			return append(dst, "ERROR"...) // fails the hash
		}
		return out
	}
}

// run is the check; it returns the exit status.
func run(lines int, withNode bool, batch int) int {
	began := time.Now()
	cmp := &nodeComparison{batch: batch}
	var visit func(float64)
	if withNode {
		ecma, err := node.New(node.ECMAScript)
		if err != nil {
			fmt.Fprintln(os.Stderr, "es6check:", err)
			return 2
		}
		defer ecma.Close()
		cmp.oracle = ecma
		visit = cmp.add
	}
	err := es6numbers.Hash(lines, format, visit, func(r es6numbers.HashResult) {
		verdict := "ok"
		if r.Mismatch {
			verdict = fmt.Sprintf("MISMATCH (published %s, %d bytes)", r.Want.SHA256, r.Want.Size)
		}
		fmt.Printf("%10d lines  %s  %11d bytes  %s  (%v)\n", r.Want.Lines, r.SHA256, r.Size, verdict, time.Since(began).Round(time.Millisecond))
	})
	cmp.flush()
	status := 0
	if err != nil {
		fmt.Println("es6check:", err)
		status = 1
	}
	if withNode {
		fmt.Printf("%s@%s: %d doubles compared, %d mismatches\n", cmp.oracle.Name(), cmp.oracle.Version(), cmp.compared, cmp.mismatches)
		if cmp.err != nil {
			fmt.Fprintln(os.Stderr, "es6check:", cmp.err)
			return 2
		}
		if cmp.mismatches > 0 {
			status = 1
		}
	}
	if status == 0 {
		fmt.Printf("es6check: the formatter reproduces all %d lines (%v)\n", lines, time.Since(began).Round(time.Millisecond))
	}
	return status
}

// nodeComparison sends the doubles to Node in batches as they are
// generated and prints the first mismatches.
type nodeComparison struct {
	oracle     *node.Oracle
	batch      int
	pending    []float64
	compared   int
	mismatches int
	err        error // the first failure of Node itself
}

func (c *nodeComparison) add(f float64) {
	c.pending = append(c.pending, f)
	if len(c.pending) >= c.batch {
		c.flush()
	}
}

func (c *nodeComparison) flush() {
	if c.oracle == nil || len(c.pending) == 0 || c.err != nil {
		return
	}
	ms, err := es6numbers.Compare(c.oracle, format, c.pending, c.batch)
	if err != nil {
		c.err = err
		return
	}
	for _, m := range ms {
		if c.mismatches < 20 {
			fmt.Println("mismatch:", m)
		}
		c.mismatches++
	}
	c.compared += len(c.pending)
	c.pending = c.pending[:0]
}
