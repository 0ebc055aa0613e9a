/**
 * Requests let in per second, per profile: a token bucket holding one second's worth, refilled
 * continuously, so a burst up to the cap passes and a flood is refused at once, before its body
 * is read or anything is written.
 */
export interface RateLimiter {
  /** Null when let in; otherwise the whole seconds to wait (for `Retry-After`). */
  take(profileId: string, perSecond: number): number | null;
  forget(profileId: string): void;
}

/** Creates a {@link RateLimiter} on a monotonic clock (milliseconds). */
export function createRateLimiter(clock: () => number = () => performance.now()): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(profileId, perSecond) {
      const now = clock();
      const bucket = buckets.get(profileId) ?? { tokens: perSecond, at: now };
      bucket.tokens = Math.min(perSecond, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
      bucket.at = now;
      buckets.set(profileId, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return null;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
    },
    forget: (profileId) => void buckets.delete(profileId),
  };
}
