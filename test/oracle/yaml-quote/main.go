// Command yaml-quote prints go-yaml v3's marshalling of each string it is given.
//
// Input: a JSON array of strings on stdin. Output: a JSON array of
// {"input": s, "output": yaml.Marshal(s) without its trailing newlines} on stdout.
// It is the oracle for src/core/yaml-scalar.ts; see README.md for how to run it.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"gopkg.in/yaml.v3"
)

type entry struct {
	Input  string `json:"input"`
	Output string `json:"output"`
}

func main() {
	var inputs []string
	if err := json.NewDecoder(os.Stdin).Decode(&inputs); err != nil {
		fmt.Fprintln(os.Stderr, "yaml-quote: stdin must be a JSON array of strings:", err)
		os.Exit(2)
	}
	out := make([]entry, 0, len(inputs))
	for _, s := range inputs {
		b, err := yaml.Marshal(s)
		if err != nil {
			fmt.Fprintf(os.Stderr, "yaml-quote: cannot marshal %q: %v\n", s, err)
			os.Exit(1)
		}
		// logos trims the trailing newlines before writing the value after its key.
		out = append(out, entry{Input: s, Output: strings.TrimRight(string(b), "\n")})
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "\t")
	if err := enc.Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, "yaml-quote:", err)
		os.Exit(1)
	}
}
