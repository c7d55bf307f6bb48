import os from 'node:os';

/** Date and machine line for RESULTS.md: ratios only mean something next to the hardware they came from. */
export function machineLine(now = new Date()): string {
	const cpus = os.cpus();
	return `${now.toISOString()} · ${cpus.length} cores · ${cpus[0]?.model ?? 'unknown CPU'} · Node ${process.version} · ${os.platform()} ${os.release()}`;
}
