/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { presentInjected } from '../shared/documentedFormat';
import { DOCUMENTED_MAX_AGE_VARIANCE_SECONDS } from './freshnessRules';
import { readBody, sendError, sendHttpError, sendJson } from './http';
import type { RuntimeConfig, SandboxProfile } from './options';
import type { SandboxState } from './state';
import { HttpError, type InjectKind, type UpdateKind } from '../types';

export const CONTROL_PREFIX = '/__sandbox';
const INJECT_KINDS: InjectKind[] = ['tenantEvent', 'bill', 'guestCard', 'workOrder', 'rentalApplication'];
const UPDATE_KINDS: UpdateKind[] = ['workOrder', 'bill', 'rentalApplication', 'occupancy', 'vendor'];

/**
 * Test hooks (README "Control API"); no key, never rate-limited, never logged.
 * Bodies:
 * - POST config   {clock?: ISO string, jobSeconds?: number, pageSize?: number, rateLimit?: boolean, maxAgeVarianceSeconds?: -300..300, failRefreshes?: boolean,
 *                  writeAcceptedStatus?: 'ok'|'updating', jobPollIgnoresJobId?: boolean, failWriteJobs?: boolean,
 *                  datesNeedRange?: boolean, notifyBeforeAnswer?: boolean}
 * - POST inject   {kind: 'tenantEvent'|'bill'|'guestCard'|'workOrder'|'rentalApplication', record: {...}}
 * - POST edit     {kind: 'tenantEvent', where: {occupancy, tenant?, event?, occurredDate?}, set: {...}}
 * - POST update   {kind: 'workOrder'|'bill'|'rentalApplication'|'occupancy'|'vendor', id, set: {status?, approvalStatus?, leaseTo?, charge?, payment?, ...}}
 * - POST faults   {type: '500'|'429'|'slow'|'malformed'|'drop', count?: 1, path?: '/v1', delayMs?, retryAfter?}
 * - POST expire   {path?}
 * Every answer is `{data: ...}`.
 */
export async function handleControl(state: SandboxState, req: IncomingMessage, res: ServerResponse, path: string, search: URLSearchParams): Promise<void> {
	const action = `${req.method} ${path.slice(CONTROL_PREFIX.length)}`;
	try {
		const result = await perform(state, action, req, search);
		if (result === undefined) sendError(res, 404, `Unknown control call ${action}`, 'not_found');
		else sendJson(res, 200, { data: result });
	} catch (error) {
		if (error instanceof HttpError) sendHttpError(res, error);
		else sendError(res, 500, String(error), 'internal_error');
	}
}

async function perform(state: SandboxState, action: string, req: IncomingMessage, search: URLSearchParams): Promise<unknown> {
	const records = /^GET \/records\/([^/]+)$/.exec(action);
	if (records) return state.dataModule.readRecords(state.db, decodeURIComponent(records[1]), search.get('id') ?? undefined);
	switch (action) {
		case 'POST /reset':
			state.reset();
			return currentConfig(state);
		case 'GET /config':
			return currentConfig(state);
		case 'POST /config':
			applyConfig(state, await readControlBody(req));
			return currentConfig(state);
		case 'POST /inject':
			return inject(state, await readControlBody(req));
		case 'POST /edit':
			return edit(state, await readControlBody(req));
		case 'POST /update':
			return update(state, await readControlBody(req));
		case 'GET /faults':
			return state.faults.list();
		case 'POST /faults':
			return state.faults.add(await readControlBody(req));
		case 'DELETE /faults':
			state.faults.clear();
			return [];
		case 'POST /expire': {
			const { path } = await readControlBody(req);
			return { expired: state.cache.expire(path === undefined ? undefined : [String(path)]) };
		}
		case 'POST /restart':
			state.restart();
			return { restarted: true };
		case 'GET /log':
			return state.log.since(Number(search.get('since') ?? 0) || 0);
		case 'DELETE /log':
			state.log.clear();
			return [];
		case 'GET /notifications':
			return state.notifications;
		default:
			return undefined;
	}
}

function currentConfig(state: SandboxState): RuntimeConfig & { clock: string; profile: SandboxProfile } {
	return { clock: state.clock.now().toISOString(), profile: state.profile, ...state.config };
}

function applyConfig(state: SandboxState, body: Record<string, unknown>): void {
	const next = { ...state.config };
	if (body.jobSeconds !== undefined) {
		next.jobSeconds = Number(body.jobSeconds);
		if (!Number.isFinite(next.jobSeconds) || next.jobSeconds < 0) throw new HttpError(400, 'jobSeconds must be a non-negative number', 'jobSeconds');
	}
	if (body.pageSize !== undefined) {
		next.pageSize = Number(body.pageSize);
		if (!Number.isInteger(next.pageSize) || next.pageSize < 1) throw new HttpError(400, 'pageSize must be a positive integer', 'pageSize');
	}
	if (body.rateLimit !== undefined) {
		if (typeof body.rateLimit !== 'boolean') throw new HttpError(400, 'rateLimit must be a boolean', 'rateLimit');
		next.rateLimit = body.rateLimit;
	}
	if (body.maxAgeVarianceSeconds !== undefined) {
		next.maxAgeVarianceSeconds = Number(body.maxAgeVarianceSeconds);
		if (!Number.isFinite(next.maxAgeVarianceSeconds) || Math.abs(next.maxAgeVarianceSeconds) > DOCUMENTED_MAX_AGE_VARIANCE_SECONDS) {
			throw new HttpError(400, `maxAgeVarianceSeconds must be a number within ±${DOCUMENTED_MAX_AGE_VARIANCE_SECONDS}`, 'maxAgeVarianceSeconds');
		}
	}
	if (body.failRefreshes !== undefined) {
		if (typeof body.failRefreshes !== 'boolean') throw new HttpError(400, 'failRefreshes must be a boolean', 'failRefreshes');
		next.failRefreshes = body.failRefreshes;
	}
	if (body.writeAcceptedStatus !== undefined) {
		if (body.writeAcceptedStatus !== 'ok' && body.writeAcceptedStatus !== 'updating') throw new HttpError(400, 'writeAcceptedStatus must be "ok" or "updating"', 'writeAcceptedStatus');
		next.writeAcceptedStatus = body.writeAcceptedStatus;
	}
	for (const flag of ['jobPollIgnoresJobId', 'failWriteJobs', 'datesNeedRange', 'notifyBeforeAnswer'] as const) {
		if (body[flag] === undefined) continue;
		if (typeof body[flag] !== 'boolean') throw new HttpError(400, `${flag} must be a boolean`, flag);
		next[flag] = body[flag];
	}
	let clock: Date | undefined;
	if (body.clock !== undefined) {
		clock = new Date(String(body.clock));
		if (Number.isNaN(clock.getTime())) throw new HttpError(400, 'clock must be an ISO date-time', 'clock');
	}
	state.config = next;
	if (clock) state.clock.set(clock);
}

function inject(state: SandboxState, body: Record<string, unknown>): object {
	const kind = body.kind as InjectKind;
	if (!INJECT_KINDS.includes(kind)) throw new HttpError(400, `kind must be one of ${INJECT_KINDS.join(', ')}`, 'kind');
	const record = body.record ?? {};
	if (typeof record !== 'object' || Array.isArray(record)) throw new HttpError(400, 'record must be an object', 'record');
	const stored = state.dataModule.injectRecord(state.db, kind, record as Record<string, unknown>, state.clock.now());
	return presentInjected(state.context(''), kind, stored);
}

function edit(state: SandboxState, body: Record<string, unknown>): object {
	if (body.kind !== 'tenantEvent') throw new HttpError(400, 'kind must be tenantEvent (the only kind that can be edited)', 'kind');
	const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
	if (!isObject(body.where)) throw new HttpError(400, 'where must be an object', 'where');
	if (!isObject(body.set)) throw new HttpError(400, 'set must be an object', 'set');
	if (!state.dataModule.editTenantEvent) throw new HttpError(400, 'this data module cannot edit records', 'kind');
	return presentInjected(state.context(''), 'tenantEvent', state.dataModule.editTenantEvent(state.db, body.where as Record<string, unknown>, body.set as Record<string, unknown>));
}

function update(state: SandboxState, body: Record<string, unknown>): object {
	const kind = body.kind as UpdateKind;
	if (!UPDATE_KINDS.includes(kind)) throw new HttpError(400, `kind must be one of ${UPDATE_KINDS.join(', ')}`, 'kind');
	if (typeof body.id !== 'string' && typeof body.id !== 'number') throw new HttpError(400, 'id must be the record id', 'id');
	if (typeof body.set !== 'object' || body.set === null || Array.isArray(body.set)) throw new HttpError(400, 'set must be an object', 'set');
	if (!state.dataModule.updateRecord) throw new HttpError(400, 'this data module cannot update records', 'kind');
	const stored = state.dataModule.updateRecord(state.db, kind, String(body.id), body.set as Record<string, unknown>, state.clock.now());
	return presentInjected(state.context(''), kind, stored);
}

async function readControlBody(req: IncomingMessage): Promise<Record<string, unknown>> {
	const text = (await readBody(req)).toString('utf8').trim();
	if (!text) return {};
	try {
		const parsed = JSON.parse(text) as unknown;
		if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
	} catch {
		// falls through to the 400 below
	}
	throw new HttpError(400, 'Control body must be a JSON object');
}
