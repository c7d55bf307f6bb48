/** The sandbox's notion of "now": real time, or a chosen instant that then runs on in real time. */
export class SandboxClock {
	private offsetMs = 0;

	now(): Date {
		return new Date(Date.now() + this.offsetMs);
	}

	set(instant: Date): void {
		this.offsetMs = instant.getTime() - Date.now();
	}

	reset(): void {
		this.offsetMs = 0;
	}
}
