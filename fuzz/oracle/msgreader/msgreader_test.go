package msgreader

import (
	"errors"
	"testing"
)

// The three readers part on a duplicate member as their names say, and One
// reports the parting; a message they agree on reads as its call.
func TestReadersPartOnDuplicates(t *testing.T) {
	dup := []byte(`{"a":1,"a":2}`)
	want := []string{`{"a":2}`, `{"a":1}`, "refused", `{"a":2}`, `{"a":2}`}
	for i, rd := range Readers {
		got := "refused"
		if v, err := rd.Read(dup); err == nil {
			b, _ := v.MarshalJSON()
			got = string(b)
		}
		if got != want[i] {
			t.Errorf("%s reads %s as %s, want %s", rd.Name, dup, got, want[i])
		}
	}
	if _, err := One([]byte(`{"a":1,"b":{"c":2,"c":3}}`)); err == nil {
		t.Error("One agreed on a message with a duplicate member")
	}
	if _, err := One([]byte(`{"a":1,"a":1}`)); err == nil {
		t.Error("One agreed on a duplicate the strict reader refuses")
	}
	r, err := One([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/a"}}}`))
	if err != nil || !r.IsCall() || r.Call == nil || r.Call.Name != "read_file" {
		t.Errorf("One on a plain call: %+v, %v", r, err)
	}
	// the caseless reader reads "Method" as the method, the others do not
	if v, err := readCaseless([]byte(`{"id":1,"Method":"tools/call","method":"ping","params":{"name":"a","N\u0041ME":"b"}}`)); err != nil {
		t.Error(err)
	} else if b, _ := v.MarshalJSON(); string(b) != `{"id":1,"method":"ping","params":{"NAME":"b","name":"a"}}` {
		t.Errorf("caseless: %s", b)
	}
	if v, err := readCaseless([]byte(`{"id":1,"method":"ping","METHOD":"tools/call","params":{"name":"a","N\u0041ME":"b","argument\u017f":{}}}`)); err != nil {
		t.Error(err)
	} else if b, _ := v.MarshalJSON(); string(b) != `{"id":1,"method":"tools/call","params":{"arguments":{},"name":"b"}}` {
		t.Errorf("caseless: %s", b)
	}
	if _, err := One([]byte(`{"jsonrpc":"2.0","id":1,"Method":"tools/call"}`)); !errors.Is(err, ErrReadersDiffer) {
		t.Errorf("One on a Method: %v, want ErrReadersDiffer", err)
	}
	// the C-string reader reads "method\u0000" as the method, and a
	// method up to its NUL (red-team pass 2, docs/GUARD.md)
	if v, err := readCStrings([]byte(`{"id":1,"method":"ping","method\u0000":"tools/call\u0000x","params":{"name":"a","n\u0041me\u0000":"b","x\u0000":1}}`)); err != nil {
		t.Error(err)
	} else if b, _ := v.MarshalJSON(); string(b) != `{"id":1,"method":"tools/call","params":{"name":"b","x\u0000":1}}` {
		t.Errorf("C strings: %s", b)
	}
	for _, m := range []string{`{"jsonrpc":"2.0","id":1,"method":"tools/call\u0000"}`, `{"jsonrpc":"2.0","id":1,"method":"ping","id\u0000":2}`} {
		if _, err := One([]byte(m)); !errors.Is(err, ErrReadersDiffer) {
			t.Errorf("One on %s: %v, want ErrReadersDiffer", m, err)
		}
	}
	// and a request's string id up to its NUL, the id its answer carries
	// (red-team pass 3, docs/GUARD.md); a response's id whole
	if v, err := readCStrings([]byte(`{"jsonrpc":"2.0","id":"a\u0000b","method":"ping"}`)); err != nil {
		t.Error(err)
	} else if b, _ := v.MarshalJSON(); string(b) != `{"id":"a","jsonrpc":"2.0","method":"ping"}` {
		t.Errorf("C strings, a request's id: %s", b)
	}
	if _, err := One([]byte(`{"jsonrpc":"2.0","id":"a\u0000b","method":"ping"}`)); !errors.Is(err, ErrReadersDiffer) {
		t.Errorf("One on a request of id \"a\\u0000b\": %v, want ErrReadersDiffer", err)
	}
	if _, err := One([]byte(`{"jsonrpc":"2.0","id":"a\u0000b","result":{}}`)); err != nil {
		t.Errorf("One on a response of id \"a\\u0000b\": %v", err)
	}
	if _, err := One([]byte(`{"a":[1,2],"a":[1]}`)); !errors.Is(err, ErrReadersDiffer) {
		t.Errorf("One on a duplicate read two ways: %v, want ErrReadersDiffer", err)
	}
}
