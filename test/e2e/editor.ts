/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- development code, never shipped: n8n's rules for node code do not apply (eslint.dev.config.js) */
/**
 * The n8n editor in Debian's Chromium, driven with playwright-core (which never downloads a
 * browser): log in, open a node's panel by URL and capture it.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const IMAGES_DIR = path.resolve(__dirname, '..', '..', 'docs', 'images');

export interface Editor {
	page: Page;
	/** uncaught exceptions of the page, and console errors the editor logged */
	pageErrors: string[];
	consoleErrors: string[];
	close(): Promise<void>;
}

export async function openEditor(baseUrl: string): Promise<Editor> {
	const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-chromium-'));
	const context: BrowserContext = await chromium.launchPersistentContext(userDataDir, {
		executablePath: CHROMIUM,
		headless: true,
		viewport: { width: 1440, height: 900 },
		args: [
			'--headless',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
	const page = context.pages()[0] ?? (await context.newPage());
	const pageErrors: string[] = [];
	const consoleErrors: string[] = [];
	page.on('pageerror', (error) => pageErrors.push(error.message));
	page.on('console', (message) => {
		if (message.type() === 'error') consoleErrors.push(message.text());
	});
	await page.goto(`${baseUrl}/signin`);
	return {
		page,
		pageErrors,
		consoleErrors,
		close: async () => {
			await context.close();
			fs.rmSync(userDataDir, { recursive: true, force: true });
		},
	};
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
	await page.locator('input[type="email"], input[name="emailOrLdapLoginId"], input[name="email"]').first().fill(email);
	await page.locator('input[type="password"]').first().fill(password);
	await page.locator('[data-test-id="form-submit-button"], button[type="submit"]').first().click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'), { timeout: 60_000 });
}

/** Opens a workflow with one node's panel (NDV) open: the editor's own /workflow/:id/:nodeId route. */
export async function openNodePanel(page: Page, baseUrl: string, workflowId: string, nodeId: string) {
	await page.goto(`${baseUrl}/workflow/${workflowId}/${nodeId}`);
	const panel = page.locator('[data-test-id="ndv"]').first();
	await panel.waitFor({ state: 'visible', timeout: 60_000 });
	await page.waitForLoadState('networkidle').catch(() => undefined);
	return panel;
}

/**
 * Waits until each label shows in the panel. A panel renders its parameters after it opens and
 * after the node's description loads, so a one-shot look can come too early on a loaded machine.
 * When one never shows, the error says which and what the panel showed instead.
 */
export async function expectLabelsVisible(panel: Locator, labels: string[], timeout = 30_000): Promise<void> {
	for (const label of labels) {
		const visible = panel.getByText(label, { exact: true }).filter({ visible: true }).first();
		try {
			await visible.waitFor({ state: 'visible', timeout });
		} catch (error) {
			const shown = (await panel.innerText().catch(() => '(the panel is gone)')).replace(/\s+/g, ' ').slice(0, 1500);
			throw new Error(`"${label}" did not show in the node panel within ${timeout} ms (${(error as Error).message.split('\n')[0]}); the panel showed: ${shown}`);
		}
	}
}

export async function screenshot(page: Page, name: string): Promise<string> {
	fs.mkdirSync(IMAGES_DIR, { recursive: true });
	const file = path.join(IMAGES_DIR, name);
	await page.screenshot({ path: file });
	return file;
}
