/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * What the editor receives of each node and the credential is their description's JSON. A restructuring
 * of the code must leave it byte for byte as it was; a change meant for users changes it on purpose, and
 * the commit then carries the new digest (`UPDATE_DESCRIPTIONS=1 npx jest test/verification/descriptionJson.test.ts`
 * writes it). Every run writes the JSON to .tmp/descriptions.json: run it at two commits and diff the
 * two files to see what the editor shows differently.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PropertyManagement } from '../../nodes/PropertyManagement/PropertyManagement.node';
import { PropertyManagementTrigger } from '../../nodes/PropertyManagementTrigger/PropertyManagementTrigger.node';
import { PropertyManagementApi } from '../../credentials/PropertyManagementApi.credentials';

const SAVED = path.join(__dirname, 'descriptions.sha256');
const WRITTEN = path.join(__dirname, '..', '..', '.tmp', 'descriptions.json');

function currentJson(): string {
	const descriptions = {
		node: new PropertyManagement().description,
		trigger: new PropertyManagementTrigger().description,
		credential: new PropertyManagementApi(),
	};
	return `${JSON.stringify(descriptions, null, '\t')}\n`;
}

test('the JSON of both nodes and the credential is the one saved with the code', () => {
	const json = currentJson();
	fs.mkdirSync(path.dirname(WRITTEN), { recursive: true });
	fs.writeFileSync(WRITTEN, json);
	const digest = `${createHash('sha256').update(json).digest('hex')}\n`;
	if (process.env.UPDATE_DESCRIPTIONS === '1') fs.writeFileSync(SAVED, digest);
	expect(digest).toBe(fs.readFileSync(SAVED, 'utf8'));
});
