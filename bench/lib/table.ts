export interface Row {
	measured: string;
	baseline: string;
	figure: string;
	/** the n8n-workflow the package's code ran on; the dev dependency when not said */
	n8nWorkflow?: string;
}

const HEADER = { n8nWorkflow: 'n8n-workflow', measured: 'measured', baseline: 'baseline in the same run', figure: 'figure' };

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownTable(rows: Row[], devWorkflow: string): string {
	const line = (row: Required<Row>) =>
		`| ${escapeCell(row.n8nWorkflow)} | ${escapeCell(row.measured)} | ${escapeCell(row.baseline)} | ${escapeCell(row.figure)} |`;
	return [line(HEADER), '|---|---|---|---|', ...rows.map((row) => line({ ...row, n8nWorkflow: row.n8nWorkflow ?? devWorkflow }))].join('\n');
}
