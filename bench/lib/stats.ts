/** Median of the values (mean of the two middle ones for an even count). */
export function median(values: number[]): number {
	if (values.length === 0) throw new Error('median of nothing');
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Mean of the values; NaN for none (a row reports it rather than failing). */
export const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : NaN);

/**
 * Runs `sample` `times` times, one after the other (never overlapping: the machine is shared and
 * overlapping samples would measure each other), and returns every sample plus the one whose
 * `key` is the median, so a row reports one coherent run rather than a mix of runs.
 */
export async function medianRun<T>(times: number, sample: (index: number) => Promise<T>, key: (result: T) => number) {
	const samples: T[] = [];
	for (let index = 0; index < times; index++) samples.push(await sample(index));
	const sorted = [...samples].sort((a, b) => key(a) - key(b));
	return { median: sorted[Math.floor((sorted.length - 1) / 2)], samples };
}

export const seconds = (ms: number) => ms / 1000;
export const fixed = (value: number, digits = 2) => value.toFixed(digits);
