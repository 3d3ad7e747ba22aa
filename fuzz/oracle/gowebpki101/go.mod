module github.com/canonfuzz/canonfuzz/fuzz/oracle/gowebpki101

go 1.26.0

require github.com/gowebpki/jcs v1.0.1
