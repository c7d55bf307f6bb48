import type { Random } from './random';

export function uuidFrom(random: Random): string {
	const hex = () => random.int(0, 15).toString(16);
	const run = (n: number) => Array.from({ length: n }, hex).join('');
	return `${run(8)}-${run(4)}-4${run(3)}-a${run(3)}-${run(12)}`;
}
