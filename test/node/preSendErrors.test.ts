/**
 * Pins what transport/hook/preSendErrors.ts rests on, through n8n-core's real RoutingNode: the routing hook
 * (requestOperations.pagination) runs with a context whose prototype is the context the item's
 * preSend ran with, so a refusal parked by the preSend is found by the hook of the same item.
 */
import type { IDataObject, IExecutePaginationFunctions, IExecuteSingleFunctions, IHttpRequestOptions, INodeType } from 'n8n-workflow';

import { parkedError, validatingPreSend } from '../../nodes/shared/transport/hook/preSendErrors';
import { runNode } from '../support/n8n';

interface Seen {
	preSendContexts: object[];
	hookPrototypes: object[];
	hookItems: number[];
}

function probeNode(seen: Seen): INodeType {
	const requireName = validatingPreSend(async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		seen.preSendContexts.push(this);
		const name = this.getNodeParameter('name', '') as string;
		if (!name) throw new Error(`Name is required [item ${this.getItemIndex()}]`);
		return requestOptions;
	});
	return {
		description: {
			displayName: 'Pre-send Probe',
			name: 'preSendProbe',
			group: ['transform'],
			version: 1,
			description: 'Records the contexts RoutingNode gives a preSend and the routing hook',
			defaults: { name: 'Pre-send Probe' },
			inputs: ['main'],
			outputs: ['main'],
			requestDefaults: { baseURL: 'http://127.0.0.1:9' },
			requestOperations: {
				async pagination(this: IExecutePaginationFunctions, requestData) {
					seen.hookPrototypes.push(Object.getPrototypeOf(this) as object);
					seen.hookItems.push(this.getItemIndex());
					const parked = parkedError(this, requestData.options);
					if (parked) throw parked;
					return [{ json: { sent: false, name: this.getNodeParameter('name', '') as IDataObject[string] } }];
				},
			},
			properties: [
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					default: '',
					routing: { request: { method: 'GET', url: '/probe' }, send: { preSend: [requireName], paginate: true } },
				},
			],
		},
	};
}

describe('the preSend error channel (transport/hook/preSendErrors.ts)', () => {
	it("runs the routing hook with the preSend's context as its prototype, item by item", async () => {
		const seen: Seen = { preSendContexts: [], hookPrototypes: [], hookItems: [] };
		const run = await runNode({
			nodeType: probeNode(seen),
			parameters: { name: '={{ $json.name }}' },
			credentials: { apiKey: 'probe-key-0001', baseUrl: 'http://127.0.0.1:9' },
			items: [{ json: { name: 'Ada' } }, { json: { name: 'Grace' } }],
		});
		expect(run.error).toBeUndefined();
		expect(seen.hookItems).toEqual([0, 1]);
		expect(seen.preSendContexts).toHaveLength(2);
		seen.hookPrototypes.forEach((prototype, index) => expect(prototype).toBe(seen.preSendContexts[index]));
	});

	it("raises an item's refusal from its own routing hook, with the item and continue-on-fail", async () => {
		const seen: Seen = { preSendContexts: [], hookPrototypes: [], hookItems: [] };
		const run = await runNode({
			nodeType: probeNode(seen),
			parameters: { name: '={{ $json.name }}' },
			credentials: { apiKey: 'probe-key-0001', baseUrl: 'http://127.0.0.1:9' },
			items: [{ json: { name: 'Ada' } }, { json: { name: '' } }],
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json)).toEqual([
			{ sent: false, name: 'Ada' },
			{ error: 'Name is required [item 1]' },
		]);
		expect(run.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});
