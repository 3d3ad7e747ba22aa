package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// maxInputLimit is the highest size cap a command accepts (--max-size):
// 1 GiB. A command holds its whole input in memory (and canon its output
// beside it), so a cap up to admit.MaxSizeLimit (16 GiB) would let one
// input exhaust the machine before it is refused.
const maxInputLimit = 1 << 30

// errInputTooLarge is matched by the error of readInput for an input
// longer than its cap.
var errInputTooLarge = errors.New("the input is longer than the size cap")

// inputTooLargeError is an input longer than Limit bytes: readInput stopped
// after Limit+1 of them.
type inputTooLargeError struct {
	Name  string
	Limit int64
}

func (e *inputTooLargeError) Error() string {
	return fmt.Sprintf("%s: more than %d bytes, the size cap", displayName(e.Name), e.Limit)
}

func (e *inputTooLargeError) Is(target error) bool { return target == errInputTooLarge }

// admitError is the refusal admit.Scan gives an input over the cap, for the
// commands that answer an admission refusal (admit, canon, digest): the
// same kind and offset whether the input stopped being read at the cap or
// was scanned.
func (e *inputTooLargeError) admitError() *admit.Error {
	return &admit.Error{Kind: admit.TooLarge, Offset: e.Limit,
		Detail: fmt.Sprintf("the input is longer than the size cap of %d bytes (reading stopped there)", e.Limit)}
}

// readInput reads the named file, or stdin for "" and "-", and stops at the
// cap: at most limit+1 bytes are read, whatever the input (/dev/zero, a
// pipe that never ends), and an input longer than limit is an
// *inputTooLargeError. limit must be in 1..maxInputLimit. It holds about
// limit bytes at most (readCapped), never the double a growing buffer
// would.
func readInput(name string, stdin io.Reader, limit int64) ([]byte, error) {
	if limit < 1 || limit > maxInputLimit {
		return nil, fmt.Errorf("the size cap %d is outside 1..%d", limit, maxInputLimit)
	}
	r := stdin
	if name != "" && name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	b, err := readCapped(r, sizeHint(r), limit)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", displayName(name), err)
	}
	if int64(len(b)) > limit {
		return nil, &inputTooLargeError{Name: name, Limit: limit}
	}
	return b, nil
}

// firstRead is what readCapped allocates for an input of unknown length
// before it knows the input is longer.
const firstRead = 64 << 10

// sizeHint is the size of a regular file (which it may outgrow while it is
// read), or -1 for a stream of unknown length: a pipe, a terminal, a
// device such as /dev/zero.
func sizeHint(r io.Reader) int64 {
	f, ok := r.(*os.File)
	if !ok {
		return -1
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return -1
	}
	return fi.Size()
}

// readCapped reads r to its end or to limit+1 bytes, whichever is first,
// into one buffer. It never grows a buffer by doubling (io.ReadAll would
// hold twice the cap as it copies): it allocates the hinted size (a
// regular file's), or firstRead for a stream, and when the input is
// longer, once more the whole cap. So it allocates at most the cap plus
// its first buffer (firstRead, or a file's size when the file grew while
// it was read): about the cap.
func readCapped(r io.Reader, hint, limit int64) ([]byte, error) {
	size := int64(firstRead)
	if hint >= 0 {
		size = hint + 1 // one more byte to see the end (or that it grew)
	}
	buf := make([]byte, 0, min(size, limit+1))
	for {
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		switch {
		case err == io.EOF:
			return buf, nil
		case err != nil:
			return nil, err
		case int64(len(buf)) > limit:
			return buf, nil // over the cap: the caller refuses it
		case len(buf) == cap(buf):
			grown := make([]byte, len(buf), limit+1)
			copy(grown, buf)
			buf = grown
		}
	}
}

// readAdmitInput is readInput for the commands that print an admission
// refusal: an input over the cap is refused as admit.Scan refuses it
// (kind too-large at offset limit), as an *admit.Error.
func readAdmitInput(name string, stdin io.Reader, limit int64) ([]byte, error) {
	b, err := readInput(name, stdin, limit)
	var tooLarge *inputTooLargeError
	if errors.As(err, &tooLarge) {
		return nil, tooLarge.admitError()
	}
	return b, err
}

func displayName(name string) string {
	if name == "" || name == "-" {
		return "standard input"
	}
	return name
}
