import axios, { type AxiosResponse } from 'axios';

interface Page {
	data?: unknown[];
	links?: { next?: string | null };
}

export interface NaiveResult {
	items: number;
	pages: number;
	requests: number;
	rejected429: number;
}

/**
 * The baseline every integration starts as: follow links.next as fast as possible and, on 429,
 * ask again at once. No freshness handling: callers warm the cache first.
 */
export async function naiveReturnAll(baseUrl: string, apiKey: string, firstPath: string): Promise<NaiveResult> {
	const client = axios.create({ baseURL: baseUrl, headers: { 'X-API-Key': apiKey }, validateStatus: () => true });
	const result: NaiveResult = { items: 0, pages: 0, requests: 0, rejected429: 0 };
	let next: string | undefined = firstPath;
	while (next) {
		const response: AxiosResponse<Page> = await client.get<Page>(next);
		result.requests += 1;
		if (response.status === 429) {
			result.rejected429 += 1;
			continue;
		}
		if (response.status !== 200) throw new Error(`naive client: ${response.status} on ${next}`);
		result.pages += 1;
		result.items += response.data.data?.length ?? 0;
		next = response.data.links?.next ?? undefined;
	}
	return result;
}
