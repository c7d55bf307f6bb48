/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import { parseArgs } from 'node:util';
import { DEFAULTS, PROFILES, type SandboxProfile } from './server/options';
import type { RequestLogEntry } from './server/requestLog';
import { startSandbox } from './server/server';

const USAGE = `usage: npm run sandbox -- [--port 8787] [--key KEY]... [--read-only-key KEY]... [--limited-key KEY=/v1/a,/v1/b]... [--page-size 50] [--job-seconds 3] [--seed 20261121] [--units 10000] [--rate-limit on|off] [--profile spec|documented|hostile] [--quiet]`;

function number(name: string, raw: string | undefined, fallback: number): number {
	if (raw === undefined) return fallback;
	const value = Number(raw);
	if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a non-negative number, got "${raw}"`);
	return value;
}

function onOff(raw: string | undefined): boolean {
	if (raw === undefined || raw === 'on') return true;
	if (raw === 'off') return false;
	throw new Error(`--rate-limit must be on or off, got "${raw}"`);
}

function profile(raw: string | undefined): SandboxProfile {
	if (raw === undefined) return DEFAULTS.profile;
	if ((PROFILES as readonly string[]).includes(raw)) return raw as SandboxProfile;
	throw new Error(`--profile must be one of ${PROFILES.join(', ')}, got "${raw}"`);
}

/** `KEY=/v1/properties,/v1/units` → { KEY: ['/v1/properties', '/v1/units'] } */
function limitedKeys(raw: string[] | undefined): Record<string, string[]> {
	const keys: Record<string, string[]> = {};
	for (const entry of raw ?? []) {
		const at = entry.indexOf('=');
		const paths = at > 0 ? entry.slice(at + 1).split(',').map((path) => path.trim()).filter(Boolean) : [];
		if (at <= 0 || !paths.every((path) => path.startsWith('/'))) throw new Error(`--limited-key must look like KEY=/v1/a,/v1/b, got "${entry}"`);
		keys[entry.slice(0, at)] = paths;
	}
	return keys;
}

function printRequest(entry: RequestLogEntry): void {
	const fault = entry.fault ? ` [fault ${entry.fault}]` : '';
	console.log(`${entry.method} ${entry.path} ${entry.status} ${entry.durationMs}ms${fault}`);
}

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: {
			port: { type: 'string' },
			key: { type: 'string', multiple: true },
			'read-only-key': { type: 'string', multiple: true },
			'limited-key': { type: 'string', multiple: true },
			'page-size': { type: 'string' },
			'job-seconds': { type: 'string' },
			seed: { type: 'string' },
			units: { type: 'string' },
			'rate-limit': { type: 'string' },
			profile: { type: 'string' },
			quiet: { type: 'boolean' },
			help: { type: 'boolean' },
		},
	});
	if (values.help) {
		console.log(USAGE);
		return;
	}
	const keys = values.key?.length ? values.key : DEFAULTS.keys;
	const handle = await startSandbox({
		port: number('port', values.port, DEFAULTS.port),
		keys,
		readOnlyKeys: values['read-only-key'],
		limitedKeys: limitedKeys(values['limited-key']),
		pageSize: number('page-size', values['page-size'], DEFAULTS.pageSize) || DEFAULTS.pageSize,
		jobSeconds: number('job-seconds', values['job-seconds'], DEFAULTS.jobSeconds),
		seed: number('seed', values.seed, DEFAULTS.seed),
		units: values.units === undefined ? undefined : number('units', values.units, 0),
		rateLimit: onOff(values['rate-limit']),
		profile: profile(values.profile),
		onRequestLogged: values.quiet ? undefined : printRequest,
	});
	console.log(`Property Management sandbox listening on ${handle.url}`);
	console.log(`API keys: ${keys.join(', ')}`);
	if (values['read-only-key']?.length) console.log(`Read-only API keys (POST answers 403): ${values['read-only-key'].join(', ')}`);
	for (const [key, paths] of Object.entries(limitedKeys(values['limited-key']))) console.log(`API key ${key} is limited to ${paths.join(', ')}`);
	console.log(`Profile: ${profile(values.profile)} (sandbox/README.md lists what it changes)`);
	console.log(`Try: curl -H 'X-API-Key: ${keys[0]}' ${handle.url}/v1/me`);
	console.log(`Control API: ${handle.url}/__sandbox (see sandbox/README.md)`);

	const shutdown = (signal: string) => {
		console.log(`\n${signal}: shutting down`);
		handle.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.once('SIGINT', () => shutdown('SIGINT'));
	process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: Error) => {
	console.error(error.message);
	console.error(USAGE);
	process.exit(1);
});
