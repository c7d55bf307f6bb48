// The part of @n8n/scan-community-package (plain .mjs, no types) that scripts/scan-package.mjs uses.
declare module '@n8n/scan-community-package/scanner/scanner.mjs' {
	import type { Linter } from 'eslint';

	export const SOURCE_FILE_PATTERNS: string[];
	export function buildScanConfig(): Promise<Linter.Config[]>;
	export function analyzePackage(
		packageDir: string,
		filePatterns?: string[],
	): Promise<{ passed: boolean; message?: string; details?: string; error?: unknown }>;
}
