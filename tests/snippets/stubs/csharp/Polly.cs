// Polly.Core at a824c6b: DelayBackoffType (src/Polly.Core/DelayBackoffType.cs)
// and the RetryStrategyOptions properties the snippets set
// (src/Polly.Core/Retry/RetryStrategyOptions.TResult.cs).
namespace Polly
{
    public enum DelayBackoffType { Constant, Linear, Exponential }
}

namespace Polly.Retry
{
    public class RetryStrategyOptions
    {
        public int MaxRetryAttempts { get; set; }
        public Polly.DelayBackoffType BackoffType { get; set; }
        public System.TimeSpan Delay { get; set; }
        public System.TimeSpan? MaxDelay { get; set; }
        public bool UseJitter { get; set; }
    }
}
