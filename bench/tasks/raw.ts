import { measureMemory } from '../lib/memory';

export interface RawArgs {
	baseUrl: string;
	apiKey: string;
	path: string;
}

/** The sandbox answering alone: plain fetch + JSON.parse over every page, no engine, no n8n. */
export async function rawPages(args: RawArgs) {
	const measured = await measureMemory(async () => {
		const items: unknown[] = [];
		let next: string | undefined = args.path;
		while (next) {
			const response = await fetch(new URL(next, args.baseUrl), { headers: { 'X-API-Key': args.apiKey } });
			if (response.status !== 200) throw new Error(`raw: ${response.status} on ${next}`);
			const body = (await response.json()) as { data?: unknown[]; links?: { next?: string | null } };
			items.push(...(body.data ?? []));
			next = body.links?.next ?? undefined;
		}
		return items.length;
	});
	return { items: measured.result, wallMs: measured.wallMs, peakHeapDeltaMb: measured.peakHeapDeltaMb, peakRssDeltaMb: measured.peakRssDeltaMb };
}
