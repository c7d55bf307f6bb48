/** A declarative node wired the way the real node is: routing builds the request, the engine sends it. */
import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeType } from 'n8n-workflow';

import { enginePagination, validatingPreSend } from '../../nodes/shared/transport';

const requireNameInBody = validatingPreSend(async function (
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const body = this.getNodeParameter('body', {}) as Record<string, unknown>;
	if (!body.name) throw new Error('Field "name" is required');
	requestOptions.body = body;
	return requestOptions;
});

export const engineTestNode: INodeType = {
	description: {
		displayName: 'Engine Test',
		name: 'engineTest',
		group: ['transform'],
		version: 1,
		description: 'Sends one request per item through the engine',
		defaults: { name: 'Engine Test' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'propertyManagementApi', required: true }],
		requestDefaults: { baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}' },
		requestOperations: { pagination: enginePagination },
		properties: [
			{
				displayName: 'Method',
				name: 'method',
				type: 'options',
				options: [
					{ name: 'GET', value: 'GET' },
					{ name: 'POST', value: 'POST' },
				],
				default: 'GET',
				routing: { request: { method: '={{$value}}' as never }, send: { paginate: true } },
			},
			{
				displayName: 'Path',
				name: 'path',
				type: 'string',
				default: '/v1/tenants',
				routing: { request: { url: '={{$value}}' } },
			},
			{
				displayName: 'Body',
				name: 'body',
				type: 'json',
				default: {},
				displayOptions: { show: { method: ['POST'] } },
				routing: { send: { preSend: [requireNameInBody] } },
			},
			{ displayName: 'Return All', name: 'returnAll', type: 'boolean', default: false },
			{ displayName: 'Limit', name: 'limit', type: 'number', default: 50 },
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				default: {},
				placeholder: 'Add option',
				options: [
					{ displayName: 'Freshness', name: 'freshness', type: 'string', default: 'wait' },
					{ displayName: 'Max Age', name: 'maxAge', type: 'number', default: 86400 },
					{ displayName: 'Max Wait', name: 'maxWait', type: 'number', default: 300 },
					{ displayName: 'On Wait Timeout', name: 'onWaitTimeout', type: 'string', default: 'error' },
					{ displayName: 'Processing Mode', name: 'processingMode', type: 'string', default: 'default' },
					{ displayName: 'Notify URL', name: 'notifyUrl', type: 'string', default: '' },
					{ displayName: 'Include Meta', name: 'includeMeta', type: 'boolean', default: false },
					{ displayName: 'Download', name: 'download', type: 'boolean', default: false },
					{
						displayName: 'Additional Query Parameters',
						name: 'additionalQueryParameters',
						type: 'fixedCollection',
						typeOptions: { multipleValues: true },
						default: {},
						options: [
							{
								displayName: 'Parameter',
								name: 'parameter',
								values: [
									{ displayName: 'Name', name: 'name', type: 'string', default: '' },
									{ displayName: 'Value', name: 'value', type: 'string', default: '' },
								],
							},
						],
					},
				],
			},
		],
	},
};
