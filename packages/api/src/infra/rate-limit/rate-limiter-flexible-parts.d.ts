// Types for the one file of rate-limiter-flexible imported by path (memory-limiter.ts): the package's index loads all
// of its ~25 back ends (a tenth of a second's worth of start-up share), the memory one alone is a few milliseconds.
declare module 'rate-limiter-flexible/lib/RateLimiterMemory.js' {
  import { RateLimiterMemory } from 'rate-limiter-flexible';
  export default RateLimiterMemory;
}
