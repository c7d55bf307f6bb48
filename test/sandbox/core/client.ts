/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import type { TestSandbox } from '../../support/sandbox';

export interface ApiAnswer {
	status: number;
	headers: Headers;
	text: string;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	body: any;
}

/** Plain HTTP against a test sandbox, with its key unless `headers` overrides it. */
export async function call(sandbox: TestSandbox, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<ApiAnswer> {
	const response = await fetch(`${sandbox.url}${path}`, {
		method: init.method ?? 'GET',
		headers: { 'X-API-Key': sandbox.key, ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
		body: init.body,
	});
	const text = await response.text();
	let body: unknown;
	try {
		body = JSON.parse(text);
	} catch {
		body = undefined;
	}
	return { status: response.status, headers: response.headers, text, body };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the same URL, as a client would, until the job has produced data. */
export async function readWhenOk(sandbox: TestSandbox, path: string, headers?: Record<string, string>): Promise<ApiAnswer> {
	for (let attempt = 0; attempt < 100; attempt++) {
		const answer = await call(sandbox, path, { headers });
		if (answer.body?.meta?.status === 'ok') return answer;
		await pause(50);
	}
	throw new Error(`${path} never became ok`);
}
