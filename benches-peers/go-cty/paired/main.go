// A go-cty benchmark server for paired ratios: tfvalue's paired benchmark
// (benches/paired.rs, PAIRED_GO_CTY) starts it and alternates batches of go-cty with
// batches of its own, so that each ratio compares two runs milliseconds apart (this
// machine's speed drifts by 25 % and more between windows of seconds).
//
// Protocol, one line each way: the request "<op> <n> <iters>" runs <op> <iters> times on
// payload-<n> (op: UnmarshalMsgpack, MarshalMsgpack, UnmarshalJSON, MarshalJSON, as in
// ../bench_test.go) and answers the elapsed nanoseconds, timed here; anything wrong is
// answered "error <text>". Payloads are read from the folder given as the only argument
// and checked once before first use: msgpack and JSON must round-trip byte for byte.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
	ctymsgpack "github.com/zclconf/go-cty/cty/msgpack"
)

type payload struct {
	ty     cty.Type
	mp, js []byte
	val    cty.Value
}

var loaded = map[int]*payload{}

func load(dir string, n int) (*payload, error) {
	if p, ok := loaded[n]; ok {
		return p, nil
	}
	read := func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, name)) }
	tyText, err := read("type.json")
	if err != nil {
		return nil, err
	}
	p := &payload{}
	if p.ty, err = ctyjson.UnmarshalType(tyText); err != nil {
		return nil, err
	}
	if p.mp, err = read(fmt.Sprintf("payload-%d.msgpack", n)); err != nil {
		return nil, err
	}
	if p.js, err = read(fmt.Sprintf("payload-%d.json", n)); err != nil {
		return nil, err
	}
	if p.val, err = ctymsgpack.Unmarshal(p.mp, p.ty); err != nil {
		return nil, err
	}
	if again, err := ctymsgpack.Marshal(p.val, p.ty); err != nil || !bytes.Equal(again, p.mp) {
		return nil, fmt.Errorf("msgpack round trip of payload-%d differs (err %v)", n, err)
	}
	jsVal, err := ctyjson.Unmarshal(p.js, p.ty)
	if err != nil {
		return nil, err
	}
	if !jsVal.RawEquals(p.val) {
		return nil, fmt.Errorf("payload-%d: JSON and msgpack values differ", n)
	}
	if again, err := ctyjson.Marshal(p.val, p.ty); err != nil || !bytes.Equal(again, p.js) {
		return nil, fmt.Errorf("JSON round trip of payload-%d differs (err %v)", n, err)
	}
	loaded[n] = p
	return p, nil
}

// run times iters calls of op on p.
func run(op string, p *payload, iters int) (time.Duration, error) {
	var f func() error
	switch op {
	case "UnmarshalMsgpack":
		f = func() error { _, err := ctymsgpack.Unmarshal(p.mp, p.ty); return err }
	case "MarshalMsgpack":
		f = func() error { _, err := ctymsgpack.Marshal(p.val, p.ty); return err }
	case "UnmarshalJSON":
		f = func() error { _, err := ctyjson.Unmarshal(p.js, p.ty); return err }
	case "MarshalJSON":
		f = func() error { _, err := ctyjson.Marshal(p.val, p.ty); return err }
	default:
		return 0, fmt.Errorf("unknown operation %q", op)
	}
	start := time.Now()
	for i := 0; i < iters; i++ {
		if err := f(); err != nil {
			return 0, err
		}
	}
	return time.Since(start), nil
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: paired <payload folder>")
		os.Exit(2)
	}
	dir := os.Args[1]
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	for in.Scan() {
		var op string
		var n, iters int
		reply := func() string {
			if _, err := fmt.Sscanf(in.Text(), "%s %d %d", &op, &n, &iters); err != nil {
				return "error bad request: " + err.Error()
			}
			p, err := load(dir, n)
			if err != nil {
				return "error " + err.Error()
			}
			d, err := run(op, p, iters)
			if err != nil {
				return "error " + err.Error()
			}
			return fmt.Sprint(d.Nanoseconds())
		}()
		fmt.Fprintln(out, reply)
		out.Flush()
	}
}
