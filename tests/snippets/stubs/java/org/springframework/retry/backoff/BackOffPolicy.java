package org.springframework.retry.backoff;

public interface BackOffPolicy {}
