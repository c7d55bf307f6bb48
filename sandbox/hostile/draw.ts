import { createHash } from 'node:crypto';

/**
 * The hostile profile's dice: a number in [0, 1) fixed by the seed and what is being decided, so
 * the same seed plays the same hostile choices on every run and every read of the same thing.
 */
export function draw(seed: number, ...parts: Array<string | number>): number {
	const digest = createHash('sha256').update(`${seed}|${parts.join('|')}`).digest();
	return digest.readUInt32BE(0) / 4294967296;
}
