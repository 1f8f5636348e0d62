// resilience4j-core IntervalFunction.java at af9e7c9: the four factories the snippets call.
package io.github.resilience4j.core;

import java.time.Duration;

public interface IntervalFunction {
    Long apply(Integer attempt);

    static IntervalFunction ofExponentialBackoff(Duration initialInterval, double multiplier) { return a -> 0L; }

    static IntervalFunction ofExponentialBackoff(Duration initialInterval, double multiplier, Duration maxInterval) { return a -> 0L; }

    static IntervalFunction ofExponentialRandomBackoff(Duration initialInterval, double multiplier, double randomizationFactor) { return a -> 0L; }

    static IntervalFunction ofExponentialRandomBackoff(Duration initialInterval, double multiplier, double randomizationFactor, Duration maxInterval) { return a -> 0L; }
}
