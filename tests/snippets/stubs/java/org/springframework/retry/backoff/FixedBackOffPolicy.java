// spring-retry FixedBackOffPolicy.java at c8977dd: setBackOffPeriod(long).
package org.springframework.retry.backoff;

public class FixedBackOffPolicy implements BackOffPolicy {
    public void setBackOffPeriod(long backOffPeriod) {}
}
