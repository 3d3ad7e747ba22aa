// Command corpus writes the seed corpus of a go-fuzz entry point of package
// gofuzz into a directory, or lists the entry points:
//
//	go run ./fuzz/gofuzz/corpus -list
//	go run ./fuzz/gofuzz/corpus FuzzScanMatchesReference work/gofuzz/FuzzScanMatchesReference/corpus
//	go run ./fuzz/gofuzz/corpus -zip FuzzScanMatchesReference out/FuzzScanMatchesReference_seed_corpus.zip
//
// The zip form is the seed corpus libFuzzer builds ship beside the binary
// (ClusterFuzzLite and OSS-Fuzz unpack FUZZER_seed_corpus.zip).
//
// The seeds are those the spec file (fuzz/spec) lists of the registry
// target the entry point is, in the bytes property.FromBytes reads.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/gofuzz"
)

func main() {
	list := flag.Bool("list", false, "print the entry points, one a line, and exit")
	asZip := flag.Bool("zip", false, "write a zip archive at the second argument instead of a directory")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: corpus -list | corpus ENTRY DIR | corpus -zip ENTRY FILE.zip\nentry points: %s\n", strings.Join(gofuzz.EntryPoints(), " "))
	}
	flag.Parse()
	if *list {
		for _, name := range gofuzz.EntryPoints() {
			fmt.Println(name)
		}
		return
	}
	if flag.NArg() != 2 {
		flag.Usage()
		os.Exit(2)
	}
	write := gofuzz.WriteCorpus
	if *asZip {
		write = gofuzz.WriteCorpusZip
	}
	n, err := write(flag.Arg(0), flag.Arg(1))
	if err != nil {
		fmt.Fprintln(os.Stderr, "corpus:", err)
		os.Exit(1)
	}
	fmt.Printf("corpus: %d seeds of %s in %s\n", n, flag.Arg(0), flag.Arg(1))
}
