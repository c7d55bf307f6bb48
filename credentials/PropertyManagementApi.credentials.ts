import type {
	IAuthenticateGeneric,
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

/** http:// to this machine or a private network (a local stand-in, a dev server) carries no key over the internet. */
const LOCAL_HTTP_BASE_URL =
	'^http://(localhost|127\\.|10\\.|192\\.168\\.|172\\.(1[6-9]|2[0-9]|3[01])\\.|169\\.254\\.|\\[::1\\]|\\[f[cd]|host\\.docker\\.internal)';

export class PropertyManagementApi implements ICredentialType {
	name = 'propertyManagementApi';

	displayName = 'Property Management API';

	icon: Icon = {
		light: 'file:../nodes/icons/propertyManagement.svg',
		dark: 'file:../nodes/icons/propertyManagement.dark.svg',
	};

	documentationUrl = 'https://skywalkapi.com/docs/api/guides/get-an-api-key';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description:
				'Your key of the Property Management Data Interface Service (Skywalk API, in front of AppFolio). Create one in the API dashboard: your project → Settings → API Keys.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: 'https://api.skywalkapi.com',
			placeholder: 'e.g. https://api.skywalkapi.com',
			description: "The service's address, without /v1 at the end. Keep the default unless your provider gave you another.",
		},
		{
			displayName: 'Shared by Several n8n Processes',
			name: 'sharedByProcesses',
			type: 'boolean',
			default: false,
			description:
				"Whether more than one n8n process sends requests with this key at the same time, such as queue mode's main and workers. Requests then keep to one-second slots of the clock that the processes share out, so few of them meet the service's rate limit (429) and each busy process gets a fair share. Leave off for a single n8n process: it sends as soon as the limit allows.",
		},
		{
			displayName:
				'This Base URL is http:// on a host that is not local: the API key would travel in clear text. Use https://.',
			name: 'plainHttpNotice',
			type: 'notice',
			default: '',
			displayOptions: {
				show: { baseUrl: [{ _cnd: { startsWith: 'http://' } }] },
				hide: { baseUrl: [{ _cnd: { regex: LOCAL_HTTP_BASE_URL } }] },
			},
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				'X-API-Key': '={{$credentials.apiKey}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/v1/me',
			method: 'GET',
			// n8n strips Authorization on a redirect but not X-API-Key: a redirect must not carry the key away
			disableFollowRedirect: true,
		},
		// n8n's credential tester checks each rule by its type; the declared type just does not list mixed arrays
		rules: [
			{
				// any 2xx passes n8n's test; a server that is not the service answers without the envelope
				type: 'responseSuccessBody',
				properties: {
					key: 'meta.status',
					value: undefined,
					message:
						'The Base URL answered, but not like the Property Management API (no meta.status in the answer to /v1/me). Check the Base URL: the address of the service, without /v1.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The API key was rejected (401). Check the API Key of this credential.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The API key is valid but not allowed to read /v1/me (403).',
				},
			},
		] as Array<IAuthenticateRuleResponseCode | IAuthenticateRuleResponseSuccessBody> as IAuthenticateRuleResponseCode[],
	};
}
