/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/** Peak heap and RSS above the level before the measured work, sampled while it runs. */
export async function measureMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakHeapDeltaMb: number; peakRssDeltaMb: number; wallMs: number }> {
	global.gc?.();
	const before = process.memoryUsage();
	let peakHeap = before.heapUsed;
	let peakRss = before.rss;
	const sample = () => {
		const now = process.memoryUsage();
		peakHeap = Math.max(peakHeap, now.heapUsed);
		peakRss = Math.max(peakRss, now.rss);
	};
	const timer = setInterval(sample, 10);
	const started = performance.now();
	try {
		const result = await work();
		const wallMs = performance.now() - started;
		sample();
		const mb = (bytes: number) => bytes / 1024 / 1024;
		return { result, wallMs, peakHeapDeltaMb: mb(peakHeap - before.heapUsed), peakRssDeltaMb: mb(peakRss - before.rss) };
	} finally {
		clearInterval(timer);
	}
}
