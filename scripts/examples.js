// @ts-check
'use strict';
/**
 * The example workflows (examples/*.json) and the credentials they reference, made ready to import
 * into a demo or test n8n. The files stay importable by hand: they point at the demo's default ports.
 * The end-to-end suite's own workflows (test/e2e/workflows/*.json: tests, not templates) are loaded
 * beside them only when asked (`includeTestWorkflows`); the demo imports the templates alone.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const EXAMPLES_DIR = path.resolve(__dirname, '..', 'examples');
const TEST_WORKFLOWS_DIR = path.resolve(__dirname, '..', 'test', 'e2e', 'workflows');
// The webhook sink's default address: Slack's place in the demo. The example files carry Slack's own
// placeholder (they are templates), which the demo and the tests point at the sink.
const DEMO_WEBHOOK_URL = 'http://127.0.0.1:8790';
const SLACK_PLACEHOLDER = 'https://hooks.slack.com/services/YOUR/WEBHOOK/URL';
/**
 * The other placeholders of the example files (a team channel in Slack, an SMS gateway, a CRM, a task
 * tracker) and the webhook sink's paths the demo and the tests point them at.
 */
const PLACEHOLDERS = {
	[SLACK_PLACEHOLDER]: '/slack/bill-approvals',
	'https://hooks.slack.com/services/YOUR/OPERATIONS/CHANNEL': '/slack/operations',
	'https://sms-gateway.example.com/v1/messages': '/sms/messages',
	'https://crm.example.com/api/rental-applications': '/crm/rental-applications',
	'https://crm.example.com/api/leads': '/crm/leads',
	'https://tasks.example.com/api/tasks': '/tasks/turnover',
};
const SANDBOX_KEY = 'sandbox-key';
// The bearer token MCP clients send to the example MCP server (examples/mcp-server.json).
const MCP_TOKEN = 'demo-mcp-token';

const CREDENTIALS = {
	propertyManagement: { id: 'pmApiCredential1', name: 'Property Management API', type: 'propertyManagementApi' },
	smtp: { id: 'pmSmtpCredential', name: 'SMTP account', type: 'smtp' },
	mcpBearer: { id: 'pmMcpBearerCred1', name: 'MCP clients (bearer token)', type: 'httpBearerAuth' },
};

// Workflow ids fixed in the example files (and the e2e suite's own workflows), so tests and the demo can address them.
const WORKFLOWS = {
	welcomeEmail: 'pmExWelcomeMail1',
	billApproval: 'pmExBillApproval',
	freshDataNotify: 'pmExFreshNotify1',
	monthlyOwnerReport: 'pmExOwnerReport1',
	// test/e2e/workflows/every-resource.json: a test, imported only with includeTestWorkflows
	everyResource: 'pmExEveryResourc',
	billFromPurchaseOrder: 'pmExBillFromPO01',
	mcpServer: 'pmExMcpServer001',
	// issue 48's recipes
	workOrderCompletedText: 'pmExWoCompleteTx',
	leaseRenewalEmail: 'pmExLeaseRenewal',
	rentPastDueNotice: 'pmExRentLateNtce',
	applicationDecidedCrm: 'pmExAppDecidedCR',
	vendorInsuranceExpiring: 'pmExVendorInsExp',
	newWorkOrderToSlack: 'pmExNewWorkOrdr1',
	newApplicationToSlack: 'pmExNewRentalApp',
	billApprovedOrPaidToSlack: 'pmExBillDecision',
	// the operations templates (examples/README.md 15-21): imported by the demo, not activated
	guestCardToCrm: 'pmExGuestCardCRM',
	turnoverTasks: 'pmExTurnoverTask',
	invoiceInboxToBill: 'pmExInvoiceInbox',
	rentPastDueLateFee: 'pmExLateFeeCharg',
	dailyDigest: 'pmExDailyDigest1',
	vendorFormToVendor: 'pmExVendorForm01',
	errorWorkflowAlert: 'pmExErrorAlert01',
};

/** The recipes on the trigger's operations events (issue 48; examples/README.md 7-14). */
const RECIPES = [
	WORKFLOWS.workOrderCompletedText,
	WORKFLOWS.leaseRenewalEmail,
	WORKFLOWS.rentPastDueNotice,
	WORKFLOWS.applicationDecidedCrm,
	WORKFLOWS.vendorInsuranceExpiring,
	WORKFLOWS.newWorkOrderToSlack,
	WORKFLOWS.newApplicationToSlack,
	WORKFLOWS.billApprovedOrPaidToSlack,
];

/** @param {string} dir */
function jsonFilesIn(dir) {
	return fs
		.readdirSync(dir)
		.filter((name) => name.endsWith('.json'))
		.sort()
		.map((name) => path.join(dir, name));
}

/** The templates an operator imports (examples/*.json). */
function exampleFiles() {
	return jsonFilesIn(EXAMPLES_DIR);
}

/** The end-to-end suite's own workflows (test/e2e/workflows/*.json), imported next to the templates in tests only. */
function testWorkflowFiles() {
	return jsonFilesIn(TEST_WORKFLOWS_DIR);
}

/**
 * A UUID-shaped id derived from the content: n8n 2.x's import:workflow requires a versionId.
 * @param {string} text
 */
function versionIdOf(text) {
	const hex = crypto.createHash('sha256').update(text).digest('hex');
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * An example workflow as n8n imports it: the file's JSON (`id`, `name`, `nodes`, `connections`, ...).
 * @typedef {Record<string, unknown>} WorkflowFile
 */

/**
 * All example workflows, their placeholders (Slack, SMS gateway, CRM, task tracker) pointed at the webhook sink.
 * `includeTestWorkflows` (the end-to-end stacks) adds the suite's own workflows, in one list ordered
 * by file name as when they lived in examples/.
 * @param {{ webhookUrl?: string, includeTestWorkflows?: boolean }} [options]
 * @returns {WorkflowFile[]}
 */
function loadWorkflows({ webhookUrl = DEMO_WEBHOOK_URL, includeTestWorkflows = false } = {}) {
	const files = includeTestWorkflows ? [...exampleFiles(), ...testWorkflowFiles()] : exampleFiles();
	files.sort((a, b) => (path.basename(a) < path.basename(b) ? -1 : path.basename(a) > path.basename(b) ? 1 : 0));
	return files.map((file) => {
		let text = fs.readFileSync(file, 'utf8');
		for (const [placeholder, sinkPath] of Object.entries(PLACEHOLDERS)) text = text.split(placeholder).join(`${webhookUrl}${sinkPath}`);
		const workflow = /** @type {WorkflowFile} */ (JSON.parse(text));
		return { ...workflow, versionId: workflow.versionId ?? versionIdOf(text) };
	});
}

/**
 * Plain credential data for `n8n import:credentials` (n8n encrypts it on import).
 * @param {{ sandboxUrl: string, smtpPort: number, apiKey?: string, sharedByProcesses?: boolean }} options
 */
function credentialsFor({ sandboxUrl, smtpPort, apiKey = SANDBOX_KEY, sharedByProcesses = false }) {
	return [
		{ ...CREDENTIALS.propertyManagement, data: { apiKey, baseUrl: sandboxUrl, ...(sharedByProcesses ? { sharedByProcesses } : {}) } },
		{
			...CREDENTIALS.smtp,
			data: { user: '', password: '', host: '127.0.0.1', port: smtpPort, secure: false, disableStartTls: true },
		},
		{ ...CREDENTIALS.mcpBearer, data: { token: MCP_TOKEN } },
	];
}

module.exports = { CREDENTIALS, DEMO_WEBHOOK_URL, SLACK_PLACEHOLDER, PLACEHOLDERS, EXAMPLES_DIR, MCP_TOKEN, RECIPES, SANDBOX_KEY, TEST_WORKFLOWS_DIR, WORKFLOWS, credentialsFor, exampleFiles, loadWorkflows, testWorkflowFiles };
