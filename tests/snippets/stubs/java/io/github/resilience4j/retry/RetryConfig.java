// resilience4j-retry RetryConfig.java at af9e7c9: custom() and the builder methods the snippets call.
package io.github.resilience4j.retry;

import io.github.resilience4j.core.IntervalFunction;

public class RetryConfig {
    public static <T> Builder<T> custom() { return new Builder<>(); }

    public static class Builder<T> {
        public Builder<T> maxAttempts(int maxAttempts) { return this; }

        public Builder<T> intervalFunction(IntervalFunction f) { return this; }

        public RetryConfig build() { return new RetryConfig(); }
    }
}
