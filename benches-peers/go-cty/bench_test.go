// Benchmarks of go-cty (github.com/zclconf/go-cty, the value codec Terraform itself uses),
// run on the same machine as tfvalue's Rust benchmarks so that ratios come from one run.
//
// For N = 1, 100, 10000 it measures, on tests/data/bench/payload-N.{msgpack,json} with the
// type constraint tests/data/bench/type.json:
//
//	UnmarshalMsgpack/N  ctymsgpack.Unmarshal(bytes, ty)
//	MarshalMsgpack/N    ctymsgpack.Marshal(val, ty)
//	UnmarshalJSON/N     ctyjson.Unmarshal(bytes, ty)
//	MarshalJSON/N       ctyjson.Marshal(val, ty)
//
// Before timing, each payload is checked once: msgpack Marshal(Unmarshal(b)) must equal b
// byte for byte, the JSON payload must decode to the same value, and JSON-marshalling that
// value must give the JSON payload byte for byte.
// Both Marshal benchmarks encode the value decoded from msgpack, whose numbers are big.Floats
// of float64 precision as when the payloads were made; ctyjson.Unmarshal's numbers have
// 512-bit precision, which makes ctyjson.Marshal about 4x slower on them (shortest formatting).
//
// Run: ./run (from this folder; it installs Go and go-cty from Debian if missing), or by hand
//
//	GO111MODULE=off GOPATH=/usr/share/gocode GOMAXPROCS=2 \
//	  go test -run '^$' -bench . -benchtime 2s -count 3 -benchmem
//
// The payload folder defaults to ../../tests/data/bench; TFVALUE_BENCH_DATA overrides it.
package gocty

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

var sizes = []int{1, 100, 10000}

func dataDir() string {
	if d := os.Getenv("TFVALUE_BENCH_DATA"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "tests", "data", "bench")
}

type payload struct {
	ty           cty.Type
	mp, js       []byte
	mpVal, jsVal cty.Value
}

var loaded = map[int]payload{} // checked once per process, not once per -count

// load reads payload N and its type, and checks the round trips (fails the benchmark if not).
func load(b *testing.B, n int) payload {
	if p, ok := loaded[n]; ok {
		return p
	}
	read := func(name string) []byte {
		buf, err := os.ReadFile(filepath.Join(dataDir(), name))
		if err != nil {
			b.Fatal(err)
		}
		return buf
	}
	var p payload
	var err error
	if p.ty, err = ctyjson.UnmarshalType(read("type.json")); err != nil {
		b.Fatal(err)
	}
	p.mp, p.js = read(fmt.Sprintf("payload-%d.msgpack", n)), read(fmt.Sprintf("payload-%d.json", n))
	if p.mpVal, err = ctymsgpack.Unmarshal(p.mp, p.ty); err != nil {
		b.Fatal(err)
	}
	if again, err := ctymsgpack.Marshal(p.mpVal, p.ty); err != nil || !bytes.Equal(again, p.mp) {
		b.Fatalf("msgpack round trip of payload-%d differs (err %v)", n, err)
	}
	if p.jsVal, err = ctyjson.Unmarshal(p.js, p.ty); err != nil {
		b.Fatal(err)
	}
	if !p.jsVal.RawEquals(p.mpVal) {
		b.Fatalf("payload-%d.json and payload-%d.msgpack decode to different values", n, n)
	}
	if again, err := ctyjson.Marshal(p.mpVal, p.ty); err != nil || !bytes.Equal(again, p.js) {
		b.Fatalf("JSON marshal of payload-%d differs from payload-%d.json (err %v)", n, n, err)
	}
	loaded[n] = p
	return p
}

// run times f(p) for each N as sub-benchmark "N", reporting bytes/op of the encoded input as MB/s.
func run(b *testing.B, size func(payload) int, f func(payload) error) {
	for _, n := range sizes {
		p := load(b, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(size(p)))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := f(p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func mpLen(p payload) int { return len(p.mp) }
func jsLen(p payload) int { return len(p.js) }

func BenchmarkUnmarshalMsgpack(b *testing.B) {
	run(b, mpLen, func(p payload) error { _, err := ctymsgpack.Unmarshal(p.mp, p.ty); return err })
}

func BenchmarkMarshalMsgpack(b *testing.B) {
	run(b, mpLen, func(p payload) error { _, err := ctymsgpack.Marshal(p.mpVal, p.ty); return err })
}

func BenchmarkUnmarshalJSON(b *testing.B) {
	run(b, jsLen, func(p payload) error { _, err := ctyjson.Unmarshal(p.js, p.ty); return err })
}

func BenchmarkMarshalJSON(b *testing.B) {
	run(b, jsLen, func(p payload) error { _, err := ctyjson.Marshal(p.mpVal, p.ty); return err })
}
