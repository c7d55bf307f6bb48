import { draw } from './draw';

/**
 * 429s as the spec leaves them open ("rate-limit response headers and retry hints: not shown"):
 * every other 429 (seeded) comes without Retry-After, and a rejected request counts against the key
 * like an accepted one, so a client that retries early is rejected again.
 */
export class HostileRateLimit {
	private rejections = 0;

	constructor(private readonly seed: number) {}

	retryAfterHeader(seconds: number): Record<string, string> {
		this.rejections++;
		return draw(this.seed, 'retry-after', this.rejections) < 0.5 ? {} : { 'Retry-After': String(seconds) };
	}

	reset(): void {
		this.rejections = 0;
	}
}
