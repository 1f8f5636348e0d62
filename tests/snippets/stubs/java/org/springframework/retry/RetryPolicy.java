package org.springframework.retry;

public interface RetryPolicy {}
