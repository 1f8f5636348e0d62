// spring-retry RetryTemplate.java at c8977dd: the two setters the snippets call.
package org.springframework.retry.support;

import org.springframework.retry.RetryPolicy;
import org.springframework.retry.backoff.BackOffPolicy;

public class RetryTemplate {
    public void setBackOffPolicy(BackOffPolicy backOffPolicy) {}

    public void setRetryPolicy(RetryPolicy retryPolicy) {}
}
