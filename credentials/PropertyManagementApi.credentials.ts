import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

export class PropertyManagementApi implements ICredentialType {
	name = 'propertyManagementApi';

	displayName = 'Property Management API';

	icon: Icon = {
		light: 'file:../nodes/PropertyManagement/propertyManagement.svg',
		dark: 'file:../nodes/PropertyManagement/propertyManagement.dark.svg',
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
				'Sent in the X-API-Key header. Create one in the API dashboard: your project → Settings → API Keys.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. https://api.example.com',
			description:
				'Address of the Property Management API without the /v1 prefix, as given by your provider',
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
		rules: [
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
		],
	};
}
