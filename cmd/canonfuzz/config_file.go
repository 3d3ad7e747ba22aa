package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
	"time"
)

// A file the guard reads before it starts the server (--policy, --tools)
// must never hang it nor be read without end (docs/GUARD.md, red-team pass
// 4): a FIFO with no writer blocked it in open(2), a FIFO whose writer
// never closes in read(2), and a device such as /dev/zero is endless. The
// errors below are what readConfigFile refuses such a file with; each is
// a *configFileError matched by errors.Is.
var (
	// errNotAFile: neither a regular file nor a pipe (a directory, a
	// device, a socket). Such a file is refused before it is opened:
	// opening some devices acts (a serial line, a tape).
	errNotAFile = errors.New("not a regular file or a pipe")
	// errNoWriter: a pipe no process writes to (a named FIFO nobody has
	// opened for writing, or one whose writer closed without writing).
	errNoWriter = errors.New("a pipe with no writer")
	// errConfigTimeout: a pipe whose writer did not close it within
	// configReadTimeout.
	errConfigTimeout = errors.New("no end of file in time")
)

// configReadTimeout bounds the reading of a pipe given as a configuration
// file (`--policy <(cmd)`): its writer must close it within this time.
// A variable for the tests.
var configReadTimeout = 10 * time.Second

// configFileError is a configuration file refused by readConfigFile.
type configFileError struct {
	Name   string
	Kind   error  // errNotAFile, errNoWriter or errConfigTimeout
	Detail string // what the file is, or the time allowed
}

func (e *configFileError) Error() string {
	return fmt.Sprintf("%s: %v (%s)", e.Name, e.Kind, e.Detail)
}

func (e *configFileError) Is(target error) bool { return target == e.Kind }

// readConfigFile reads the configuration file name (not "" nor "-": the
// caller has refused the transport, notTheTransport) as readInput does,
// at most limit bytes (more is an *inputTooLargeError), and never hangs:
//
//   - a regular file is read to its end (or past the cap);
//   - a pipe (a named FIFO, or /dev/fd/N of process substitution) is
//     opened without blocking (O_NONBLOCK: open(2) of a FIFO with no
//     writer would wait for one), refused when it has no writer (its first
//     read is at its end with nothing read), and read through the runtime's
//     poller under a deadline of configReadTimeout from the open;
//   - anything else (a directory, a device, a socket) is refused from its
//     stat, unopened.
func readConfigFile(name string, limit int64) ([]byte, error) {
	if limit < 1 || limit > maxInputLimit {
		return nil, fmt.Errorf("the size cap %d is outside 1..%d", limit, maxInputLimit)
	}
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if err := configFileKind(name, fi); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// fstat: the file opened, not the path stat named (it may have been
	// replaced in between)
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := configFileKind(name, fi); err != nil {
		return nil, err
	}
	r := io.Reader(f)
	hint := int64(-1)
	if fi.Mode().IsRegular() {
		hint = fi.Size()
	} else {
		if err := f.SetReadDeadline(time.Now().Add(configReadTimeout)); err != nil {
			return nil, fmt.Errorf("reading %s: %w", name, err)
		}
		r = &pipeReader{f: f}
	}
	b, err := readCapped(r, hint, limit)
	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		return nil, &configFileError{Name: name, Kind: errConfigTimeout, Detail: fmt.Sprintf("its writer did not close it within %v", configReadTimeout)}
	case errors.Is(err, errNoWriter):
		return nil, &configFileError{Name: name, Kind: errNoWriter, Detail: "nothing to read and no process writing; give a regular file, or a pipe with its writer, as --policy <(cmd) does"}
	case err != nil:
		return nil, fmt.Errorf("reading %s: %w", name, err)
	case int64(len(b)) > limit:
		return nil, &inputTooLargeError{Name: name, Limit: limit}
	}
	return b, nil
}

// configFileKind refuses a file that is neither regular nor a pipe.
func configFileKind(name string, fi os.FileInfo) error {
	m := fi.Mode()
	if m.IsRegular() || m&os.ModeNamedPipe != 0 {
		return nil
	}
	what := "a " + m.Type().String() + " file"
	switch {
	case m.IsDir():
		what = "a directory"
	case m&os.ModeCharDevice != 0:
		what = "a character device"
	case m&os.ModeDevice != 0:
		what = "a block device"
	case m&os.ModeSocket != 0:
		what = "a socket"
	}
	return &configFileError{Name: name, Kind: errNotAFile, Detail: what}
}

// pipeReader reads a pipe opened with O_NONBLOCK: its first read at the
// end of the pipe with nothing read is errNoWriter (no process had it open
// for writing), where a blocking open would have waited for a writer.
type pipeReader struct {
	f    *os.File
	read bool // some byte was read
}

func (p *pipeReader) Read(b []byte) (int, error) {
	n, err := p.f.Read(b)
	if n > 0 {
		p.read = true
	}
	if err == io.EOF && !p.read {
		return n, errNoWriter
	}
	return n, err
}

// errNoReader is the refusal of an --audit FIFO that no process reads.
var errNoReader = errors.New("a pipe with no reader")

// openAuditFile opens the --audit file for appending, creating it. A FIFO
// is opened without blocking: open(2) of a FIFO for writing waits for a
// reader, forever when none comes, and fails with ENXIO under O_NONBLOCK,
// refused here as errNoReader. A FIFO with a reader (--audit >(cmd)) is
// written through the runtime's poller, which waits as a blocking write
// would.
func openAuditFile(name string) (*os.File, error) {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NONBLOCK, 0o644)
	if errors.Is(err, syscall.ENXIO) {
		if fi, serr := os.Stat(name); serr == nil && fi.Mode()&os.ModeNamedPipe != 0 {
			return nil, &configFileError{Name: name, Kind: errNoReader, Detail: "no process reads it; give a regular file, or a pipe with its reader, as --audit >(cmd) does"}
		}
	}
	return f, err
}
