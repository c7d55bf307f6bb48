const MIN_SPACING_MS = 1000;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** 1 request/second per key, measured from the previous *accepted* request (rejections do not count). */
export class RateLimiter {
	private readonly lastAccepted = new Map<string, number>();

	check(keyLabel: string, nowMs = Date.now()): RateDecision {
		const last = this.lastAccepted.get(keyLabel);
		if (last === undefined || nowMs - last >= MIN_SPACING_MS) return { allowed: true };
		const waitMs = MIN_SPACING_MS - (nowMs - last);
		return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
	}

	accept(keyLabel: string, nowMs = Date.now()): void {
		this.lastAccepted.set(keyLabel, nowMs);
	}

	clear(): void {
		this.lastAccepted.clear();
	}
}
