// Reads gRPC service configs (the snippets the site writes) the way grpc-go
// does: each retry policy is unmarshalled with grpc-go's own Duration
// (serviceconfig/duration.go, copied unchanged from grpc-go at 4793ad0,
// internal/serviceconfig/duration.go) and validated by its rule
// (service_config.go at 4793ad0, lines 98–104 and 271–277, copied below with
// the status codes as strings, since only their count is read).
//
// Usage: go run . FILE... ; prints "valid N" or the first error and exits 1.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"grpccheck/serviceconfig"
)

type jsonRetryPolicy struct {
	MaxAttempts          int
	InitialBackoff       serviceconfig.Duration
	MaxBackoff           serviceconfig.Duration
	BackoffMultiplier    float64
	RetryableStatusCodes []string
}

func isValidRetryPolicy(jrp *jsonRetryPolicy) bool {
	return jrp.MaxAttempts > 1 &&
		jrp.InitialBackoff > 0 &&
		jrp.MaxBackoff > 0 &&
		jrp.BackoffMultiplier > 0 &&
		len(jrp.RetryableStatusCodes) > 0
}

type config struct {
	MethodConfig []struct {
		RetryPolicy *jsonRetryPolicy
	}
}

func main() {
	for _, path := range os.Args[1:] {
		text, err := os.ReadFile(path)
		if err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		var c config
		if err := json.Unmarshal(text, &c); err != nil {
			fmt.Printf("%s: %v\n", path, err)
			os.Exit(1)
		}
		if len(c.MethodConfig) != 1 || c.MethodConfig[0].RetryPolicy == nil ||
			!isValidRetryPolicy(c.MethodConfig[0].RetryPolicy) {
			fmt.Printf("%s: invalid retry policy %+v\n", path, c.MethodConfig)
			os.Exit(1)
		}
	}
	fmt.Printf("valid %d\n", len(os.Args)-1)
}
