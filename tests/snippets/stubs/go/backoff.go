// cenkalti/backoff v4 at 720b789 (exponential.go, retry.go, tries.go): the
// functional options and WithMaxRetries the snippets call.
package backoff

import "time"

type BackOff interface{ NextBackOff() time.Duration }

type ExponentialBackOff struct{}

func (b *ExponentialBackOff) NextBackOff() time.Duration { return 0 }

type ExponentialBackOffOpts func(*ExponentialBackOff)

func NewExponentialBackOff(opts ...ExponentialBackOffOpts) *ExponentialBackOff {
	return &ExponentialBackOff{}
}

func WithInitialInterval(duration time.Duration) ExponentialBackOffOpts          { return nil }
func WithRandomizationFactor(randomizationFactor float64) ExponentialBackOffOpts { return nil }
func WithMultiplier(multiplier float64) ExponentialBackOffOpts                   { return nil }
func WithMaxInterval(duration time.Duration) ExponentialBackOffOpts              { return nil }
func WithMaxElapsedTime(duration time.Duration) ExponentialBackOffOpts           { return nil }

func WithMaxRetries(b BackOff, max uint64) BackOff { return b }
