// spring-retry ExponentialBackOffPolicy.java at c8977dd: the setters the snippets call.
package org.springframework.retry.backoff;

public class ExponentialBackOffPolicy implements BackOffPolicy {
    public void setInitialInterval(long initialInterval) {}

    public void setMultiplier(double multiplier) {}

    public void setMaxInterval(long maxInterval) {}
}
