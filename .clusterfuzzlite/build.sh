#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build of canonfuzz, run in the image of the
# Dockerfile beside this file with the working directory at the checkout.
# The builder sets OUT, CXX, CXXFLAGS, LIB_FUZZING_ENGINE and SANITIZER.
#
# One libFuzzer binary per go-fuzz entry point of fuzz/gofuzz, each with its
# FUZZER_seed_corpus.zip, made by scripts/libfuzzer-build.sh with
# go-fuzz-build from the tools module that pins it: not compile_go_fuzzer,
# which runs go mod tidy on the checkout and builds with the image's own,
# unpinned go-fuzz.
#
# scripts/libfuzzer-check.sh runs this script outside Docker, with clang for
# CXX and a temporary OUT, and runs every binary it makes.

[[ -f go.mod && -d fuzz/gofuzz ]] || { echo "build.sh: run from the canonfuzz checkout" >&2; exit 1; }
case "${SANITIZER:-address}" in
coverage)
	# A Go coverage build is a go test -coverpkg build, which
	# go-fuzz-build -libfuzzer does not make.
	echo "build.sh: SANITIZER=coverage is not supported; build with address" >&2
	exit 1
	;;
esac

(cd fuzz/gofuzz/tools && go install tool)
GO_FUZZ_BUILD="$(go env GOPATH | cut -d: -f1)/bin/go-fuzz-build" scripts/libfuzzer-build.sh "$OUT"
