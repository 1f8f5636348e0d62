// spring-retry SimpleRetryPolicy.java at c8977dd: the constructor of maxAttempts.
package org.springframework.retry.policy;

import org.springframework.retry.RetryPolicy;

public class SimpleRetryPolicy implements RetryPolicy {
    public SimpleRetryPolicy(int maxAttempts) {}
}
